// A GitHub call that GitHub failed for a moment is sent again, within its budget:
// after a 5xx (plugin-retry: twice at most, a second then four seconds later, as many
// as fit the budget), after a rate limit (plugin-throttling: the wait GitHub asks for,
// or a minute for a secondary limit that names none). A wait that does not fit what is
// left of the budget is not taken, and the call fails with GitHub's own answer, for
// gitHubFailure() to classify; a refusal is asked once. Writes are not spaced apart.
// In process, against the GitHub stand-in; each test uses an issue of its own, so the
// requests it counts are its own.

import {
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
  openGitHub,
  permissionHint
} from '../../src/github/client.js'
import { refusalMessage } from '../support/github-stand-in.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const inProcess = useInProcessGitHub({ realRetryWaits: true })
const TOKEN = 'ghs_test_token'
let lastIssue = 100

interface Call {
  /** What the call threw, or undefined when it succeeded. */
  error: unknown
  /** How long it took. */
  ms: number
  /** How many requests it sent. */
  requests: number
}

interface CallOptions {
  budgetMs?: number
  signal?: AbortSignal
  /** How long the plugins wait for a second (real seconds unless told). */
  secondMs?: number
  deny?: (path: RegExp) => void
}

/** Runs `call` on a client with `budgetMs` (and `signal`), on a fresh issue's comments. */
async function timed(call: 'list' | 'create', options: CallOptions = {}): Promise<Call> {
  const issue = ++lastIssue
  const path = `/repos/acme/app/issues/${issue}/comments`
  options.deny?.(new RegExp(`^${path}$`))
  const { budgetMs = 10_000, signal, secondMs } = options
  const octokit = await openGitHub(TOKEN, { ...inProcess.reach, budgetMs, signal, secondMs })
  const where = { owner: 'acme', repo: 'app', issue_number: issue }
  const started = performance.now()
  const error = await (
    call === 'list'
      ? octokit.rest.issues.listComments(where)
      : octokit.rest.issues.createComment({ ...where, body: 'Hello' })
  ).then(
    () => undefined,
    (failure: unknown) => failure
  )
  const ms = performance.now() - started
  return { error, ms, requests: inProcess.github.requests.filter((r) => r.path === path).length }
}

/** The Unix time in seconds, `fromNow` seconds from now (what `x-ratelimit-reset` holds). */
const unixSeconds = (fromNow: number): string => String(Math.floor(Date.now() / 1000) + fromNow)

/**
 * A call that mostly waits (a retry, a rate limit), started with the others as soon as
 * the stand-in is up, so that their waits overlap instead of adding up; its test reads it.
 */
function startedTogether(start: () => Promise<Call>): () => Promise<Call> {
  let call: Promise<Call> | undefined
  beforeAll(() => {
    call = start()
  })
  return () => (call ??= start())
}

const oneBadGateway = startedTogether(() =>
  timed('list', {
    deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 502, times: 1 })
  })
)
const lastingOutage = startedTogether(() =>
  timed('list', { deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 503 }) })
)
const outageInFiveSeconds = startedTogether(() =>
  timed('list', {
    budgetMs: 5000,
    deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 503 })
  })
)
const secondaryLimit = (status: 403 | 429): (() => Promise<Call>) =>
  startedTogether(() =>
    timed('list', {
      deny: (path) =>
        inProcess.github.deny({
          method: 'GET',
          path,
          status,
          headers: { 'retry-after': '1' },
          times: 1
        })
    })
  )
const secondaryLimits = { 403: secondaryLimit(403), 429: secondaryLimit(429) }
const primaryLimit = startedTogether(() =>
  timed('list', {
    deny: (path) =>
      inProcess.github.deny({
        method: 'GET',
        path,
        status: 403,
        // Reset within the next second, and one more after it as GitHub asks: a second
        // or two (one when the clock turns a second between here and the plugin).
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': unixSeconds(1) },
        times: 1
      })
  })
)
const limitThenBadGateway = startedTogether(() =>
  timed('list', {
    deny: (path) => {
      // Reset ten seconds ago (a clock a little off): no wait, straight to the 502.
      const limit = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': unixSeconds(-10) }
      inProcess.github.deny({ method: 'GET', path, status: 403, headers: limit, times: 1 })
      inProcess.github.deny({ method: 'GET', path, status: 502, times: 1 })
    }
  })
)

describe('after a 5xx', () => {
  it('sends the call again after one 502, a second later, and it succeeds', async () => {
    const call = await oneBadGateway()

    expect(call.error).toBeUndefined()
    expect(call.requests).toBe(2)
    expect(call.ms).toBeGreaterThanOrEqual(950)
  })

  it('gives up after two retries of a 5xx that persists, failing with the last answer', async () => {
    const call = await lastingOutage()

    expect(call.requests).toBe(3)
    expect(gitHubAnswerStatus(call.error)).toBe(503)
    expect(gitHubFailure(call.error)).toBe('unknown')
    // A second, then four, within the budget (10 s).
    expect(call.ms).toBeGreaterThanOrEqual(4900)
    expect(call.ms).toBeLessThan(10_000)
  })

  it('takes only the waits that fit the budget: in 5 s, the first (1 s) but not the second (4 s)', async () => {
    const call = await outageInFiveSeconds()

    expect(call.requests).toBe(2)
    expect(gitHubAnswerStatus(call.error)).toBe(503)
    expect(call.ms).toBeGreaterThanOrEqual(950)
    expect(call.ms).toBeLessThan(4000)
  })

  it('does not wait for a retry that would not leave the attempt a second of the budget', async () => {
    const call = await timed('list', {
      budgetMs: 1200,
      deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 502 })
    })

    expect(call.requests).toBe(1)
    expect(describeGitHubError(call.error)).toBe('the GitHub API answered 502')
  })
})

describe('after a rate limit', () => {
  it.each([403, 429] as const)(
    'waits out a secondary rate limit (%i, retry-after: 1) that fits the budget, and succeeds',
    async (status) => {
      const call = await secondaryLimits[status]()

      expect(call.error).toBeUndefined()
      expect(call.requests).toBe(2)
      expect(call.ms).toBeGreaterThanOrEqual(950)
    }
  )

  it('waits for a primary rate limit until a second after x-ratelimit-reset, and succeeds', async () => {
    const call = await primaryLimit()

    expect(call.error).toBeUndefined()
    expect(call.requests).toBe(2)
    expect(call.ms).toBeGreaterThanOrEqual(950)
  })

  it('sends again after a 502 that follows a rate limit', async () => {
    const call = await limitThenBadGateway()

    expect(call.error).toBeUndefined()
    expect(call.requests).toBe(3)
  })

  it.each([
    ['a secondary limit whose retry-after is past the budget', { 'retry-after': '30' }],
    [
      'a primary limit that resets in an hour',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': unixSeconds(3600) }
    ]
  ])('fails at once on %s, with the 403, classified unknown', async (_, headers) => {
    const call = await timed('list', {
      budgetMs: 5000,
      deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 403, headers })
    })

    expect(call.requests).toBe(1)
    expect(gitHubAnswerStatus(call.error)).toBe(403)
    expect(gitHubFailure(call.error)).toBe('unknown')
    // Not sitting out the budget (5 s) in a wait that could not end in time.
    expect(call.ms).toBeLessThan(1000)
  })

  it('sends nothing more once the run is cancelled during a wait, ending when the wait does', async () => {
    const cancel = new AbortController()
    const call = await timed('list', {
      signal: cancel.signal,
      deny: (path) => {
        inProcess.github.deny({
          method: 'GET',
          path,
          status: 403,
          headers: { 'retry-after': '2' },
          times: 1
        })
        // Cancelled while it waits: a moment after GitHub gave the 403.
        const watch = setInterval(() => {
          if (!inProcess.github.requests.some((request) => path.test(request.path))) return
          clearInterval(watch)
          setTimeout(() => cancel.abort(), 300)
        }, 10)
      }
    })

    expect(call.requests).toBe(1)
    expect(gitHubFailure(call.error)).toBe('unknown')
    expect(describeGitHubError(call.error)).toBe('the GitHub API did not answer in time')
    // The plugin's wait (2 s) is not cut short; nothing is sent or waited for after it.
    expect(call.ms).toBeGreaterThanOrEqual(1900)
    expect(call.ms).toBeLessThan(2900)
  })
})

describe('a secondary rate limit without retry-after (GitHub asks for a minute)', () => {
  const limited = (status: 403 | 429, times?: number) => (path: RegExp) =>
    inProcess.github.deny({
      method: 'GET',
      path,
      status,
      message: refusalMessage(status, { 'retry-after': '' }),
      times
    })

  it.each([403, 429] as const)(
    'is waited out when the minute fits the budget (%i; the plugin waits 20 ms a second here)',
    async (status) => {
      const call = await timed('list', { budgetMs: 65_000, secondMs: 20, deny: limited(status, 1) })

      expect(call.error).toBeUndefined()
      expect(call.requests).toBe(2)
      expect(call.ms).toBeGreaterThanOrEqual(1150)
    }
  )

  it.each([403, 429] as const)(
    'fails closed at once when it does not fit (%i): unknown, no permission hint',
    async (status) => {
      // The plugin's wait would be 60 ms here, but the budget counts the minute GitHub asks.
      const call = await timed('list', { budgetMs: 60_000, secondMs: 1, deny: limited(status) })

      expect(call.requests).toBe(1)
      expect(call.ms).toBeLessThan(1000)
      expect(gitHubFailure(call.error)).toBe('unknown')
      expect(permissionHint(call.error, 'Needs issues: write.', 'github-token')).toBe('')
      expect(describeGitHubError(call.error)).toBe(
        `the GitHub API answered ${status}: a rate limit that does not end within the time allowed`
      )
    }
  )
})

describe('writes', () => {
  it("are not spaced apart as GitHub's advice for bulk writes would (3 s between comments)", async () => {
    const issue = ++lastIssue
    const octokit = await openGitHub(TOKEN, { ...inProcess.reach, budgetMs: 10_000 })
    const started = performance.now()
    for (const body of ['One', 'Two', 'Three'])
      await octokit.rest.issues.createComment({
        owner: 'acme',
        repo: 'app',
        issue_number: issue,
        body
      })

    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('after a refusal', () => {
  it('asks once on a plain 403, classified denied', async () => {
    const call = await timed('create', {
      deny: (path) => inProcess.github.deny({ method: 'POST', path, status: 403 })
    })

    expect(call.requests).toBe(1)
    expect(gitHubAnswerStatus(call.error)).toBe(403)
    expect(gitHubFailure(call.error)).toBe('denied')
  })

  it.each([
    ['list' as const, 404, 'denied'],
    ['create' as const, 422, 'unknown'],
    ['create' as const, 400, 'unknown'],
    ['list' as const, 410, 'denied'],
    ['list' as const, 401, 'denied']
  ])('asks once on a %s answered %i, classified %s', async (call, status, failure) => {
    const method = call === 'list' ? 'GET' : 'POST'
    const result = await timed(call, {
      deny: (path) => inProcess.github.deny({ method, path, status })
    })

    expect(result.requests).toBe(1)
    expect(gitHubAnswerStatus(result.error)).toBe(status)
    expect(gitHubFailure(result.error)).toBe(failure)
  })

  it('asks once on a 429 that says nothing of a limit, classified unknown', async () => {
    const call = await timed('list', {
      deny: (path) => inProcess.github.deny({ method: 'GET', path, status: 429 })
    })

    expect(call.requests).toBe(1)
    expect(gitHubFailure(call.error)).toBe('unknown')
  })
})
