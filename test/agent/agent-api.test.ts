// The three endpoints against the local stand-in of the service, and the exact request
// targets a plain server receives for ids that could otherwise change the path.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { ApiError, BadResponseError } from '../../src/agent/http-errors.js'
import { systemClock } from '../../src/common/clock.js'
import { AgentApi } from '../../src/agent/http.js'
import { startStandIn, type StandIn } from '../support/stand-in.js'

const USER_AGENT = 'mintlify-agent-job-action/test'
const agent = new Agent()

function api(baseUrl: string, projectId: string, apiKey = 'mint_test_key'): AgentApi {
  const userAgent = USER_AGENT
  return new AgentApi({
    baseUrl: new URL(baseUrl),
    apiKey,
    userAgent,
    clock: systemClock,
    projectId,
    dispatcher: agent,
    deadline: Date.now() + 10_000
  })
}

afterAll(async () => {
  await agent.close()
})

describe('AgentApi against the stand-in', () => {
  let standIn: StandIn

  beforeAll(async () => {
    standIn = await startStandIn({ jobDurationMs: 60_000 })
  })

  afterAll(async () => {
    await standIn.close()
  })

  beforeEach(() => {
    standIn.requests.length = 0
  })

  it('creates a job and returns it parsed', async () => {
    const prompt = 'Document the new endpoint.\n\n- with examples'
    const job = await api(standIn.url, 'proj-test').createJob(prompt)
    expect(job).toMatchObject({
      status: 'active',
      prLink: null,
      source: { repository: 'https://github.com/acme/docs' }
    })
    expect(job.id).toMatch(/^job_/)
    expect(standIn.requests).toHaveLength(1)
    expect(standIn.requests[0]).toMatchObject({ method: 'POST', path: '/v2/agent/proj-test/job' })
    expect(JSON.parse(standIn.requests[0]?.body ?? '')).toEqual({ prompt })
  })

  it('gets a job by id', async () => {
    const client = api(standIn.url, 'proj-test')
    const created = await client.createJob('fast: quick one')
    const job = await client.getJob(created.id)
    expect(job).toMatchObject({ id: created.id, status: 'completed' })
    expect(job.prLink).toMatch(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/)
    expect(standIn.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v2/agent/proj-test/job',
      `GET /v2/agent/proj-test/job/${created.id}`
    ])
  })

  it('sends a follow-up message and returns the job', async () => {
    const client = api(standIn.url, 'proj-test')
    const created = await client.createJob('fast: first')
    const job = await client.sendMessage(created.id, 'And fix the typo.')
    expect(job).toMatchObject({ id: created.id, status: 'active' })
    const last = standIn.requests.at(-1)
    expect(last).toMatchObject({
      method: 'POST',
      path: `/v2/agent/proj-test/job/${created.id}/message`
    })
    expect(JSON.parse(last?.body ?? '')).toEqual({ prompt: 'And fix the typo.' })
  })

  it.each([
    ['an unknown job', 'proj-test', 'get', 404, 'Agent job not found'],
    ['an unknown project', 'proj-other', 'create', 404, 'Project not found'],
    ['a wrong key', 'proj-test', 'create', 401, 'Invalid or missing API key']
  ])('rejects %s with an ApiError', async (name, projectId, call, status, message) => {
    const client = api(
      standIn.url,
      projectId,
      name === 'a wrong key' ? 'mint_wrong' : 'mint_test_key'
    )
    const result = call === 'get' ? client.getJob('job_missing') : client.createJob('x')
    const error: unknown = await result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, serverMessage: message })
  })

  it.each([
    ['an object that is not a job', '{"ok":true}', 'no "id"'],
    ['an array', '[{"id":"job_1","status":"active"}]', 'not a JSON object'],
    [
      'a job with a numeric prLink',
      '{"id":"job_1","status":"completed","prLink":7}',
      '"prLink" is not a string'
    ]
  ])('turns a 2xx answer with %s into a BadResponseError', async (_, text, reason) => {
    standIn.inject({ fault: { kind: 'raw', status: 201, text, contentType: 'application/json' } })
    const error: unknown = await api(standIn.url, 'proj-test')
      .createJob('x')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ method: 'POST', path: '/v2/agent/proj-test/job', status: 201 })
    expect((error as BadResponseError).reason).toContain(reason)
    expect((error as BadResponseError).excerpt).toContain(text.slice(0, 10))
  })

  it('turns a job patched into a bad shape on a poll into a BadResponseError', async () => {
    const client = api(standIn.url, 'proj-test')
    const created = await client.createJob('x')
    standIn.inject({ method: 'GET', fault: { kind: 'patch', fields: { status: null } } })
    await expect(client.getJob(created.id)).rejects.toBeInstanceOf(BadResponseError)
  })
})

describe('AgentApi encodes ids into the path', () => {
  let server: Server
  let base: string
  const targets: string[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      targets.push(`${req.method ?? ''} ${req.url ?? ''}`)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 'job_1', status: 'active', prLink: null }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  beforeEach(() => {
    targets.length = 0
  })

  it.each([
    ['a slash', 'a/b', 'a%2Fb'],
    ['a parent path', '../../admin', '..%2F..%2Fadmin'],
    ['a query', 'job?x=1', 'job%3Fx%3D1'],
    ['a fragment', 'job#top', 'job%23top'],
    ['a space', 'job 1', 'job%201'],
    ['a percent sign', 'job%2F', 'job%252F'],
    ['non-ASCII letters', 'jöb', 'j%C3%B6b']
  ])('sends a job id with %s as one encoded segment', async (_, id, encoded) => {
    const client = api(base, 'proj')
    // The answer (job_1) is not about this id, so it is refused; what was sent is the point here.
    await client.getJob(id).catch(() => undefined)
    await client.sendMessage(id, 'more').catch(() => undefined)
    expect(targets).toEqual([
      `GET /v2/agent/proj/job/${encoded}`,
      `POST /v2/agent/proj/job/${encoded}/message`
    ])
  })

  it('sends a project id with a slash or query as one encoded segment', async () => {
    await api(base, 'team/proj?x').createJob('x')
    expect(targets).toEqual(['POST /v2/agent/team%2Fproj%3Fx/job'])
  })

  it.each(['.', '..'])('never lets the job id %j leave the job path', async (id) => {
    const client = api(base, 'proj')
    // Refusing the id is as good as encoding it; sending it elsewhere is not.
    await client.getJob(id).catch(() => undefined)
    await client.sendMessage(id, 'more').catch(() => undefined)
    for (const target of targets)
      expect(target).toMatch(/^(GET|POST) \/v2\/agent\/proj\/job\/[^/]+(\/message)?$/)
  })

  it.each(['.', '..'])('never lets the project id %j leave the project path', async (id) => {
    await api(base, id)
      .createJob('x')
      .catch(() => undefined)
    for (const target of targets) expect(target).toMatch(/^POST \/v2\/agent\/[^/]+\/job$/)
  })
})
