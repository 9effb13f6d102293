// A rate limit is not a refusal: GitHub's 403 that says "secondary rate limit" (with or
// without `retry-after`) or has `x-ratelimit-remaining: 0` says nothing about permissions. Real
// Octokit against a local server answering the comments of acme/app#7 that way.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jest } from '@jest/globals'
import { StateUnknownError } from '../../src/common/run-errors.js'
import { gitHubFailure, openGitHub, permissionHint } from '../../src/github/client.js'
import { GitHubSession } from '../../src/github/session.js'
import { PullRequestThread } from '../../src/github/pr-thread.js'
import { pullRequestRun } from '../support/fixtures.js'

let server: Server
let limit: Record<string, string> = {}
let said = 'You have exceeded a secondary rate limit.'
const printed: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/graphql') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ data: { viewer: { login: 'github-actions[bot]' } } }))
      return
    }
    res.writeHead(403, { 'content-type': 'application/json', ...limit })
    res.end(JSON.stringify({ message: said }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Read by @actions/github when it is first loaded (openGitHub loads it).
  process.env.GITHUB_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  printed.length = 0
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
})

const LIMITS: { limit: string; headers: Record<string, string> }[] = [
  { limit: 'a secondary limit', headers: { 'retry-after': '60' } },
  { limit: 'a secondary limit without retry-after', headers: {} },
  {
    limit: 'the primary limit',
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1900000000' }
  }
]

describe.each(LIMITS)('a 403 for $limit', ({ headers }) => {
  beforeEach(() => {
    limit = headers
  })

  it('is unknown, not denied, and earns no permission hint', async () => {
    const octokit = await openGitHub('ghs_token', { budgetMs: 5000 })
    const error = await octokit.rest.issues
      .listComments({ owner: 'acme', repo: 'app', issue_number: 7 })
      .catch((e: unknown) => e)

    expect(gitHubFailure(error)).toBe('unknown')
    expect(permissionHint(error, 'Needs pull-requests: read.', 'github-token')).toBe('')
  })

  it("on the pull request's comments fails with StateUnknownError, not a warning blaming pull-requests: read", async () => {
    const run = pullRequestRun()
    const session = new GitHubSession('ghs_token', run.repository)
    const failure = await PullRequestThread.open(session, run, 'proj-test', 5000).catch(
      (error: unknown) => error
    )

    expect(failure).toBeInstanceOf(StateUnknownError)
    expect((failure as Error).message).toMatch(
      /^Could not read the comments of pull request #7 \(the GitHub API answered 403: a rate limit that does not end within the time allowed\), so nothing was sent to the agent: /
    )
    expect(printed.join('')).not.toMatch(/::warning::|pull-requests: read/)
  })
})

it('a best-effort call warns of a rate limit without asking for a permission', async () => {
  limit = {}
  const session = new GitHubSession('ghs_token', 'acme/app')
  const listed = await session.bestEffort(
    5000,
    (octokit) => octokit.rest.issues.listForRepo({ owner: 'acme', repo: 'app' }),
    'Could not read the dashboards (%s).',
    'The token needs issues: write.'
  )

  expect(listed).toBeUndefined()
  expect(printed.join('')).toContain(
    '::warning::Could not read the dashboards (the GitHub API answered 403: a rate limit that does not end within the time allowed).'
  )
  expect(printed.join('')).not.toContain('issues: write')
})

it('a 403 without a sign of a limit is a refusal', async () => {
  limit = {}
  said = 'Resource not accessible by integration'
  const octokit = await openGitHub('ghs_token', { budgetMs: 5000 })
  const error = await octokit.rest.issues
    .listComments({ owner: 'acme', repo: 'app', issue_number: 7 })
    .catch((e: unknown) => e)

  expect(gitHubFailure(error)).toBe('denied')
})
