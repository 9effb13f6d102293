// Which failed GitHub calls are worth another try, after how long, and whether a wait
// fits what is left of a call's budget: the decisions alone, on errors shaped as
// octokit gives them, with the clock injected. The plugins acting on them against the
// GitHub stand-in: client.test.ts.

import {
  ATTEMPT_ROOM_MS,
  RETRY_DELAYS_MS,
  retryDelay,
  retryTime,
  waitWithin
} from '../../src/github/client.js'

const request = { method: 'GET', url: 'https://api.github.com/repos/acme/app', headers: {} }

/** An octokit RequestError with GitHub's answer. */
const answered = (status: number, headers: Record<string, string> = {}): unknown =>
  Object.assign(new Error('GitHub said so'), {
    name: 'HttpError',
    status,
    request,
    response: { status, headers, data: {} }
  })

/** An octokit RequestError for a request that got no answer (octokit says 500). */
const unanswered = (cause: unknown): unknown =>
  Object.assign(new Error('fetch failed'), { name: 'HttpError', status: 500, request, cause })

describe('retryDelay', () => {
  it('waits half a second, then a second and a half, after a 5xx, and then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([500, 1500])
    expect([0, 1, 2].map((retried) => retryDelay(answered(502), retried))).toEqual([
      500,
      1500,
      undefined
    ])
    expect(retryDelay(answered(500), 0)).toBe(500)
    expect(retryDelay(answered(503), 1)).toBe(1500)
  })

  it('sends again a request that got no answer (a reset, a refused connection)', () => {
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })
    expect(retryDelay(unanswered(new TypeError('fetch failed', { cause: reset })), 0)).toBe(500)
  })

  it.each([400, 401, 403, 404, 407, 410, 422, 429, 451])('never sends a %i again', (status) => {
    expect(retryDelay(answered(status), 0)).toBeUndefined()
  })

  it('leaves rate limits to the throttling plugin', () => {
    expect(retryDelay(answered(403, { 'retry-after': '1' }), 0)).toBeUndefined()
    expect(retryDelay(answered(429, { 'x-ratelimit-remaining': '0' }), 0)).toBeUndefined()
  })

  it('never sends again past a proxy that wants credentials, however deep undici put it', () => {
    const refusal = new Error('Proxy response (407) !== 200 when HTTP Tunneling')
    const cancelled = Object.assign(new Error('Request was cancelled.'), { cause: refusal })
    const failed = new TypeError('fetch failed', { cause: cancelled })
    expect(retryDelay(unanswered(failed), 0)).toBeUndefined()
  })

  it('sends again past a proxy that could not reach GitHub (502): nothing reached it', () => {
    const refusal = new Error('Proxy response (502) !== 200 when HTTP Tunneling')
    expect(retryDelay(unanswered(new TypeError('fetch failed', { cause: refusal })), 0)).toBe(500)
  })

  it('leaves alone what plugin-retry would not send again: no octokit request, no status', () => {
    const aborted = Object.assign(new Error('This operation was aborted'), {
      name: 'AbortError',
      status: 500
    })
    expect(retryDelay(aborted, 0)).toBeUndefined()
    expect(retryDelay(new Error('boom'), 0)).toBeUndefined()
    expect(retryDelay('boom', 0)).toBeUndefined()
  })
})

describe('waitWithin', () => {
  const realSleep = retryTime.sleep
  const slept: number[] = []
  beforeEach(() => {
    slept.length = 0
    retryTime.sleep = (ms) => Promise.resolve(slept.push(ms))
  })
  afterEach(() => {
    retryTime.sleep = realSleep
  })

  it('takes a wait only when the attempt after it keeps a second of the budget', async () => {
    const signal = new AbortController().signal
    const fits = (ms: number, now: number) => waitWithin(signal, 5000, ms, now)

    expect(ATTEMPT_ROOM_MS).toBe(1000)
    expect(await fits(3000, 1000)).toBe(true)
    expect(await fits(3001, 1000)).toBe(false)
    expect(await fits(500, 3500)).toBe(true)
    expect(await fits(501, 3500)).toBe(false)
    expect(slept).toEqual([3000, 500])
  })

  it('takes none once the call is aborted, nor when its budget is not known', async () => {
    const cancel = new AbortController()
    cancel.abort()
    expect(await waitWithin(cancel.signal, 60_000, 1, 0)).toBe(false)
    expect(await waitWithin(new AbortController().signal, undefined, 1, 0)).toBe(false)
    expect(slept).toEqual([])
  })

  it('ends a wait as soon as the signal aborts, saying the call is not to be sent again', async () => {
    retryTime.sleep = realSleep
    const cancel = new AbortController()
    const waiting = waitWithin(cancel.signal, Number.MAX_SAFE_INTEGER, 60_000)
    cancel.abort()

    expect(await waiting).toBe(false)
  })
})
