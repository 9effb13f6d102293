// The contract checker finds what it is there to find: each case feeds it a request,
// an answer or an event payload that breaks the published contract in one way (a
// renamed field, an undocumented path or status, a body the schema refuses) and
// expects that named; the conforming twin of each shows it is that one change.

import {
  agentJobsContract,
  checkEventPayload,
  completeEventPayload,
  ContractBreach,
  contractRecord,
  gitHubContract,
  gitHubContractFor,
  gitHubGraphqlContract,
  judged,
  takeViolations,
  type Exchange
} from '../support/contracts.ts'
import { breachOfUnreadWork, type SharedWork } from '../support/fixtures.ts'
import { startGitHubStandIn } from '../support/github-stand-in.ts'
import { startStandIn } from '../support/stand-in.ts'

const JOB = {
  id: 'job_1',
  status: 'completed',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  model: 'claude-sonnet-4-5',
  prLink: 'https://github.com/acme/docs/pull/42',
  createdAt: '2026-11-01T10:00:00.000Z',
  archivedAt: null
}

const exchange = (fields: Partial<Exchange>): Exchange => ({
  method: 'GET',
  path: '/v2/agent/proj/job/job_1',
  query: {},
  headers: { authorization: 'Bearer mint_key' },
  body: '',
  status: 200,
  answer: JOB,
  ...fields
})

const create = (fields: Partial<Exchange> = {}): Exchange =>
  exchange({
    method: 'POST',
    path: '/v2/agent/proj/job',
    headers: { authorization: 'Bearer mint_key', 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Document it' }),
    status: 201,
    ...fields
  })

describe('the Agent Jobs contract', () => {
  it('accepts the documented create, read and message exchanges', () => {
    expect(agentJobsContract.check(create())).toEqual([])
    expect(agentJobsContract.check(exchange({}))).toEqual([])
    expect(
      agentJobsContract.check(
        create({ path: '/v2/agent/proj/job/job_1/message', status: 200, answer: JOB })
      )
    ).toEqual([])
    expect(
      agentJobsContract.check(exchange({ status: 404, answer: { error: 'Job not found' } }))
    ).toEqual([])
  })

  it('names a renamed response field', () => {
    const { prLink, ...rest } = JOB
    expect(prLink).toBeDefined()
    expect(agentJobsContract.check(exchange({ answer: { ...rest, prUrl: prLink } }))).toEqual([
      "GET /v2/agent/proj/job/job_1: the 200 answer breaks GET /v2/agent/{projectId}/job/{id}: (root) must have required property 'prLink' (missingProperty: prLink)"
    ])
  })

  it('names a repository given as owner/name instead of its URL, and a status it does not list', () => {
    const [problem] = agentJobsContract.check(
      exchange({ answer: { ...JOB, source: { repository: 'acme/docs', ref: 'main' } } })
    )
    expect(problem).toContain('/source/repository must match pattern')
    expect(agentJobsContract.check(exchange({ answer: { ...JOB, status: 'running' } }))).toEqual([
      'GET /v2/agent/proj/job/job_1: the 200 answer breaks GET /v2/agent/{projectId}/job/{id}: /status must be equal to one of the allowed values'
    ])
  })

  it('names an undocumented path and an undocumented method', () => {
    expect(agentJobsContract.check(exchange({ path: '/v2/agent/proj/jobs' }))).toEqual([
      'GET /v2/agent/proj/jobs: not an operation of agent-jobs-openapi.json (the nearest it documents: GET /v2/agent/{projectId}/job/{id})'
    ])
    expect(agentJobsContract.check(exchange({ method: 'DELETE' }))).toEqual([
      'DELETE /v2/agent/proj/job/job_1: agent-jobs-openapi.json documents only GET on this path'
    ])
  })

  it('names a body the schema refuses, a missing key and a missing content type', () => {
    expect(agentJobsContract.check(create({ body: JSON.stringify({ prompt: '' }) }))).toEqual([
      'POST /v2/agent/proj/job: the request body breaks POST /v2/agent/{projectId}/job: /prompt must NOT have fewer than 1 characters (limit: 1)'
    ])
    expect(
      agentJobsContract.check(create({ headers: { 'content-type': 'application/json' } }))
    ).toEqual([
      'POST /v2/agent/proj/job: POST /v2/agent/{projectId}/job needs an Authorization: Bearer header'
    ])
    expect(agentJobsContract.check(create({ headers: { authorization: 'Bearer k' } }))).toEqual([
      'POST /v2/agent/proj/job: POST /v2/agent/{projectId}/job takes Content-Type: application/json'
    ])
  })

  it('names a status the operation does not list, unless the answer is a marked fault', () => {
    expect(agentJobsContract.check(create({ status: 200 }))).toEqual([
      'POST /v2/agent/proj/job: answered 200, which POST /v2/agent/{projectId}/job does not document (it lists 201, 400, 429); mark a deliberate fault with faultInjection()'
    ])
    expect(
      agentJobsContract.check(create({ status: 502, answer: '<html>', faultInjection: 'a proxy' }))
    ).toEqual([])
    // A marked fault is exempt from the answer's schema, never from the request's.
    expect(
      agentJobsContract.check(
        create({ status: 502, body: '{}', answer: '<html>', faultInjection: 'a proxy' })
      )
    ).toHaveLength(1)
  })

  it('is enforced by the stand-in: an undocumented request is recorded as a violation', async () => {
    const standIn = await startStandIn()
    try {
      await fetch(`${standIn.url}/v2/agent/proj-test/jobs`, {
        headers: { authorization: 'Bearer mint_test_key' }
      })
      expect(standIn.violations).toEqual([
        'GET /v2/agent/proj-test/jobs: not an operation of agent-jobs-openapi.json (the nearest it documents: GET /v2/agent/{projectId}/job/{id})'
      ])
      // What contract-setup.ts would otherwise fail this test with.
      expect(takeViolations()).toEqual(standIn.violations)
    } finally {
      await standIn.close()
    }
  })
})

describe("GitHub's REST description", () => {
  const pull = (answer: unknown): Exchange =>
    exchange({ path: '/repos/acme/app/pulls/7', headers: {}, answer })

  it('accepts a pull request once the fields the stand-in does not model are filled', () => {
    const done = gitHubContract.complete('GET', '/repos/acme/app/pulls/7', 200, {
      number: 7,
      html_url: 'https://github.com/acme/app/pull/7'
    })
    expect(done.unknown).toEqual([])
    expect(gitHubContract.check(pull(done.body))).toEqual([])
  })

  it('names a renamed field and a field of the wrong type', () => {
    expect(
      gitHubContract.complete('GET', '/repos/acme/app/pulls/7', 200, {
        number: 7,
        htmlUrl: 'https://github.com/acme/app/pull/7'
      }).unknown
    ).toEqual(['/htmlUrl'])
    const done = gitHubContract.complete('GET', '/repos/acme/app/pulls/7', 200, { number: '7' })
    expect(gitHubContract.check(pull(done.body))).toEqual([
      'GET /repos/acme/app/pulls/7: the 200 answer breaks GET /repos/{owner}/{repo}/pulls/{pull_number}: /number must be integer'
    ])
  })

  it('names an undocumented path and a body the schema refuses', () => {
    expect(gitHubContract.check(exchange({ path: '/repos/acme/app/pulls/7/widgets' }))).toEqual([
      'GET /repos/acme/app/pulls/7/widgets: not an operation of api.github.com.json (the nearest it documents: GET /repos/{owner}/{repo}/pulls/{pull_number}/comments, GET /repos/{owner}/{repo}/pulls/{pull_number}/commits, GET /repos/{owner}/{repo}/pulls/{pull_number}/files and 3 more as near)'
    ])
    // A misread path is named with the documented one it was likely meant to be.
    const misread = exchange({ method: 'PATCH', path: '/repos/acme/app/check-run/1001' })
    expect(gitHubContract.check(misread)).toEqual([
      'PATCH /repos/acme/app/check-run/1001: not an operation of api.github.com.json (the nearest it documents: PATCH /repos/{owner}/{repo}/check-runs/{check_run_id})'
    ])
    const comment = exchange({
      method: 'POST',
      path: '/repos/acme/app/issues/7/comments',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ text: 'hello' }),
      status: 201,
      answer: {}
    })
    expect(gitHubContract.check(comment)[0]).toBe(
      "POST /repos/acme/app/issues/7/comments: the request body breaks POST /repos/{owner}/{repo}/issues/{issue_number}/comments: (root) must have required property 'body' (missingProperty: body)"
    )
  })

  it('is enforced by the stand-in: an undocumented request is recorded as a violation', async () => {
    const github = await startGitHubStandIn()
    try {
      await fetch(`${github.apiUrl}/repos/acme/app/pulls/7/widgets`, {
        headers: { authorization: 'token ghs_test_token' }
      })
      expect(github.violations).toEqual([
        'GET /repos/acme/app/pulls/7/widgets: not an operation of api.github.com.json (the nearest it documents: GET /repos/{owner}/{repo}/pulls/{pull_number}/comments, GET /repos/{owner}/{repo}/pulls/{pull_number}/commits, GET /repos/{owner}/{repo}/pulls/{pull_number}/files and 3 more as near)'
      ])
      expect(takeViolations()).toEqual(github.violations)
    } finally {
      await github.close()
    }
  })
})

describe("our description of GitHub's GraphQL viewer query", () => {
  const VIEWER = 'query { viewer { login } }'
  const graphql = (query: string, answer: unknown): Exchange =>
    exchange({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ query }),
      answer
    })

  it("judges POST /graphql, which GitHub's REST description does not have", () => {
    expect(gitHubContractFor('/graphql')).toBe(gitHubGraphqlContract)
    expect(gitHubContractFor('/repos/acme/app/pulls/7')).toBe(gitHubContract)
    expect(gitHubContract.check(graphql(VIEWER, {}))[0]).toMatch(
      /^POST \/graphql: not an operation of api\.github\.com\.json/
    )
  })

  it('accepts the viewer query and its login, or its errors', () => {
    expect(
      gitHubGraphqlContract.check(graphql(VIEWER, { data: { viewer: { login: 'docs-app[bot]' } } }))
    ).toEqual([])
    expect(
      gitHubGraphqlContract.check(
        graphql('query {\n  viewer {\n    login\n  }\n}', {
          data: null,
          errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible by integration' }]
        })
      )
    ).toEqual([])
  })

  it('names another query, and an answer without the login or with more than it', () => {
    expect(gitHubGraphqlContract.check(graphql('query { viewer { login email } }', {}))[0]).toBe(
      'POST /graphql: the request body breaks POST /graphql: /query must match pattern "^\\s*query\\s*\\{\\s*viewer\\s*\\{\\s*login\\s*\\}\\s*\\}\\s*$" (pattern: ^\\s*query\\s*\\{\\s*viewer\\s*\\{\\s*login\\s*\\}\\s*\\}\\s*$)'
    )
    expect(gitHubGraphqlContract.check(graphql(VIEWER, { data: { viewer: {} } }))).toHaveLength(1)
    expect(
      gitHubGraphqlContract.check(
        graphql(VIEWER, { data: { viewer: { login: 'octocat', email: 'o@example.com' } } })
      )
    ).toHaveLength(1)
  })

  it('is enforced by the stand-in, which answers the viewer query with the account of the token', async () => {
    const github = await startGitHubStandIn({
      prefix: '/api/v3',
      tokens: { ghs_app: { login: 'docs-app[bot]', type: 'Bot' } }
    })
    try {
      // GitHub Enterprise Server answers GraphQL at /api/graphql, beside /api/v3.
      const ask = (token: string, query: string): Promise<unknown> =>
        fetch(github.apiUrl.replace(/\/v3$/, '/graphql'), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query })
        }).then((answer) => answer.json())
      expect(await ask('ghs_app', VIEWER)).toEqual({ data: { viewer: { login: 'docs-app[bot]' } } })
      expect(await ask('ghs_test_token', VIEWER)).toEqual({
        data: { viewer: { login: 'github-actions[bot]' } }
      })
      expect(github.violations).toEqual([])
      await ask('ghs_app', 'query { viewer { email } }')
      expect(github.violations).toHaveLength(1)
      expect(takeViolations()).toEqual(github.violations)
    } finally {
      await github.close()
    }
  })
})

describe("GitHub's webhook schemas", () => {
  const comment = {
    action: 'created',
    issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/acme/app/pulls/7' } },
    comment: { id: 1, body: '/docs update', user: { login: 'octocat', type: 'User' } }
  }

  it('accept a comment payload once completed, and refuse a login of the wrong type', () => {
    const done = completeEventPayload('issue_comment', comment)
    expect(done.unknown).toEqual([])
    expect(checkEventPayload('issue_comment', done.payload)).toEqual([])
    const wrong = completeEventPayload('issue_comment', {
      ...comment,
      comment: { ...comment.comment, user: { login: 42, type: 'User' } }
    })
    expect(checkEventPayload('issue_comment', wrong.payload)).toEqual([
      'the issue-comment-created payload breaks its schema: /comment/user/login must be string'
    ])
  })

  it('refuse an action the event does not have, and name a field GitHub does not send', () => {
    expect(checkEventPayload('issue_comment', { ...comment, action: 'written' })).toEqual([
      'issue-comment-written: no such webhook event and action in @octokit/openapi-webhooks'
    ])
    expect(
      completeEventPayload('issue_comment', {
        ...comment,
        comment: { ...comment.comment, bodyText: 'x' }
      }).unknown
    ).toEqual(['/comment/bodyText'])
  })

  it('take a schedule payload, which is no webhook, when it carries its cron text', () => {
    expect(checkEventPayload('schedule', { schedule: '0 6 * * 1' })).toEqual([])
    expect(checkEventPayload('schedule', {})).toHaveLength(1)
  })
})

// jest runs no afterEach for a concurrent test, so contract-setup.ts runs each one (and
// work several tests await, startedWithFile) through `judged`: what a stand-in started
// inside saw is that test's failure; a stand-in started elsewhere files with the file.
describe('where a breach is filed', () => {
  const undocumented = async (url: string): Promise<void> => {
    await fetch(`${url}/v2/agent/proj-test/jobs`, {
      headers: { authorization: 'Bearer mint_test_key' }
    })
  }
  const BREACH =
    'GET /v2/agent/proj-test/jobs: not an operation of agent-jobs-openapi.json (the nearest it documents: GET /v2/agent/{projectId}/job/{id})'

  it('with the work that started the stand-in, which fails naming it and its own failure', async () => {
    const quiet = judged(async () => {
      const standIn = await startStandIn()
      await undocumented(standIn.url)
      await standIn.close()
      return 'done'
    }, 'during this test')
    await expect(quiet).rejects.toThrow(`The contract was broken during this test:\n${BREACH}`)

    const failure = new Error('expected 1, got 2')
    const failing = judged(async () => {
      const standIn = await startStandIn()
      await undocumented(standIn.url)
      await standIn.close()
      throw failure
    }, 'in work these tests share')
    const breach = await failing.then(
      () => undefined,
      (error: unknown) => error
    )
    expect(breach).toBeInstanceOf(ContractBreach)
    expect((breach as Error).message).toBe(
      `The contract was broken in work these tests share:\n${BREACH}\n\nIt failed as well: expected 1, got 2`
    )
    // It points where the work failed, as jest shows it: the failure's own frames.
    const frames = (stack: string | undefined): string[] =>
      (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
    expect(frames((breach as Error).stack)).toEqual(frames(failure.stack))
    // Neither is left for the file.
    expect(takeViolations()).toEqual([])
  })

  it('with the file when work several tests share broke it and none read it', async () => {
    const breaking = (): SharedWork => {
      let started: Promise<unknown> | undefined
      const start = (): Promise<unknown> =>
        (started ??= judged(async () => {
          const standIn = await startStandIn()
          await undocumented(standIn.url)
          await standIn.close()
        }, 'in work these tests share'))
      return { start, read: false }
    }
    const unread = breaking()
    await expect(breachOfUnreadWork([unread])).resolves.toBeInstanceOf(ContractBreach)
    // Read, its readers saw it; failing for another reason, they do too.
    const read = { ...breaking(), read: true }
    const failed = { start: () => Promise.reject(new Error('not a breach')), read: false }
    await expect(breachOfUnreadWork([read, failed])).resolves.toBeUndefined()
  })

  it('returns what the work returns, or its own failure, when nothing was broken', async () => {
    await expect(judged(() => 42, 'during this test')).resolves.toBe(42)
    await expect(
      judged(() => Promise.reject(new Error('plain failure')), 'during this test')
    ).rejects.toThrow(/^plain failure$/)
  })

  it('with the file when the stand-in was started outside the work', async () => {
    const standIn = await startStandIn()
    try {
      await expect(judged(() => undocumented(standIn.url), 'during this test')).resolves.toBe(
        undefined
      )
      expect(takeViolations()).toEqual([BREACH])
    } finally {
      await standIn.close()
    }
  })

  it.concurrent('in a scope of its own for each concurrent test', async () => {
    await Promise.resolve()
    expect(contractRecord().scopes.getStore()).toEqual({ violations: [], open: true })
  })
})
