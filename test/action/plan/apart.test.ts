// Whose pull request it is: the one judgement a run's own pull request and a docs pull request
// at its code pull request's end share. A back-link is a claim; the job, as the service reads
// it, is the proof, even for the workflow's shared account when the service can say.

import { agentOpened, openedByJob } from '../../../src/action/plan/apart.js'
import type { JobReader } from '../../../src/action/plan/reads.js'
import { ApiError } from '../../../src/agent/http-errors.js'
import type { AgentJob } from '../../../src/agent/job.js'
import type { BackLink } from '../../../src/github/back-links.js'
import { job } from '../../support/fixtures.js'

const DOCS = 'https://github.com/acme/docs/pull/100'
const PERSON = { login: 'writer', type: 'User' }
const AGENT = { login: 'mintlify[bot]', type: 'Bot' }

/** The service's jobs by id; any other is a 404. `asked`: the ids read. */
function service(jobs: Record<string, AgentJob | Error>) {
  const asked: string[] = []
  const calls: JobReader = {
    read: (id) => {
      asked.push(id)
      const found = jobs[id] ?? new ApiError('GET', `/job/${id}`, 404, 'Not found', undefined)
      return found instanceof Error ? Promise.reject(found) : Promise.resolve(found)
    }
  }
  return { calls, asked }
}

const ours: BackLink = { job: 'job_1', trusted: true }
const pasted: BackLink = { job: 'job_1', trusted: false }

describe('openedByJob', () => {
  it("does not believe the shared account's back-link when its job names another pull request", async () => {
    const { calls, asked } = service({
      job_1: job('completed', 'https://github.com/acme/docs/pull/7')
    })
    expect(await openedByJob(calls, [ours], DOCS)).toBe(false)
    expect(asked).toEqual(['job_1'])
  })

  it("believes the shared account's back-link whose job names this pull request", async () => {
    const { calls } = service({ job_1: job('completed', DOCS) })
    expect(await openedByJob(calls, [ours], DOCS)).toBe(true)
  })

  it("believes the action's own back-link only when the service cannot say", async () => {
    const down = service({
      job_1: new ApiError('GET', '/job/job_1', 503, 'Service unavailable', undefined)
    })
    expect(await openedByJob(down.calls, [ours], DOCS)).toBe(true)
    expect(await openedByJob(undefined, [ours], DOCS)).toBe(true)
    // A pasted claim is never believed unproven: its read failing fails the run's facts.
    await expect(openedByJob(down.calls, [pasted], DOCS)).rejects.toBeInstanceOf(ApiError)
    expect(await openedByJob(undefined, [pasted], DOCS)).toBe(false)
  })

  it('does not believe a job that names a pull request opened before it was created', async () => {
    const older = { ...job('completed', DOCS), createdAt: '2026-05-02T00:00:00Z' }
    const { calls } = service({ job_1: older })
    expect(await openedByJob(calls, [pasted], DOCS, '2026-05-01T00:00:00Z')).toBe(false)
    expect(await openedByJob(calls, [pasted], DOCS, '2026-05-03T00:00:00Z')).toBe(true)
  })
})

describe('agentOpened', () => {
  const none = () => Promise.resolve([])

  it("is the agent's account, without reading any back-link", async () => {
    let read = false
    const links = () => {
      read = true
      return Promise.resolve([])
    }
    expect(await agentOpened(undefined, AGENT, links, DOCS)).toBe(true)
    expect(read).toBe(false)
  })

  it("is a person's account only with a back-link its job proves", async () => {
    const { calls } = service({ job_1: job('completed', DOCS) })
    expect(await agentOpened(calls, PERSON, () => Promise.resolve([pasted]), DOCS)).toBe(true)
    expect(await agentOpened(calls, PERSON, none, DOCS)).toBe(false)
  })
})
