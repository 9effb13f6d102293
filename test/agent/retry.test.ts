import {
  ApiError,
  backoffDelay,
  BadResponseError,
  isRetryable,
  NetworkError,
  RetryWouldOutlastTimeoutError,
  withRetry,
  type Backoff,
  type RetryPolicy
} from '../../src/agent/http-errors.js'
import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'
import { FakeClock } from '../support/fake-clock.js'

const apiError = (status: number, retryAfterMs?: number): ApiError =>
  new ApiError('GET', '/v2/agent/p/job/j', status, undefined, retryAfterMs)
const networkError = (maybeReceived: boolean): NetworkError =>
  new NetworkError(
    'GET',
    '/v2/agent/p/job/j',
    maybeReceived ? 'ECONNRESET' : 'ECONNREFUSED',
    maybeReceived
  )
const badResponse = (): BadResponseError =>
  new BadResponseError('GET', '/v2/agent/p/job/j', 200, 'a body that is not JSON', '<html>')

/** A call that fails with each of `failures` in turn, then returns 'ok'; counts its calls. */
function scripted(failures: Error[]): { call: () => Promise<string>; calls: () => number } {
  let calls = 0
  return {
    call: async () => {
      const failure = failures[calls++]
      if (failure !== undefined) throw failure
      return 'ok'
    },
    calls: () => calls
  }
}

/** A call that always fails with `make()`. */
function failing(make: () => unknown): { call: () => Promise<string>; calls: () => number } {
  let calls = 0
  return {
    call: async () => {
      calls++
      throw make()
    },
    calls: () => calls
  }
}

const BACKOFF: Backoff = { baseMs: 1000, maxMs: 8000, random: () => 0.5 }

/** `call` retried as a `method` call, with BACKOFF on `clock` and an hour to go unless told. */
function retry<T>(
  call: () => Promise<T>,
  clock: FakeClock,
  method: 'GET' | 'POST',
  extra: Partial<RetryPolicy> = {}
) {
  return withRetry(call, method, {
    backoff: BACKOFF,
    clock,
    deadline: clock.now() + 3_600_000,
    ...extra
  })
}

describe('isRetryable', () => {
  it.each<[number, boolean, boolean]>([
    // status, read, write (first attempt)
    [400, false, false],
    [401, false, false],
    [403, false, false],
    [404, false, false],
    [408, true, false],
    [429, true, true],
    [500, true, false],
    [502, true, false],
    [503, true, false]
  ])('ApiError %d: read %s, write %s', (status, read, write) => {
    expect(isRetryable(apiError(status), 'GET', 1)).toBe(read)
    expect(isRetryable(apiError(status), 'POST', 1)).toBe(write)
  })

  it.each<[string, unknown, number, boolean, boolean]>([
    // name, error, attempt, read, write
    ['a network error the service may have received', networkError(true), 1, true, false],
    ['a network error the service cannot have received', networkError(false), 1, true, true],
    ['the same on the 4th attempt', networkError(false), 4, true, true],
    ['the same on the 5th attempt', networkError(false), 5, true, false],
    ['429 on the 4th attempt', apiError(429), 4, true, true],
    ['429 on the 5th attempt', apiError(429), 5, true, false],
    ['a bad response on the 1st attempt', badResponse(), 1, true, false],
    ['a bad response on the 2nd attempt', badResponse(), 2, true, false],
    ['a bad response on the 3rd attempt', badResponse(), 3, false, false],
    [
      'an untrusted certificate',
      new NetworkError('GET', '/p', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', false),
      1,
      false,
      false
    ],
    [
      'a proxy that wants credentials',
      new NetworkError('GET', '/p', 'PROXY_407', false),
      1,
      false,
      false
    ],
    ['a cancel', new CancelledError(), 1, false, false],
    ['the deadline', new DeadlineError(), 1, false, false],
    ['an unexpected error', new Error('bug'), 1, false, false],
    ['a thrown string', 'oops', 1, false, false]
  ])('%s: read %s, write %s', (_, error, attempt, read, write) => {
    expect(isRetryable(error, 'GET', attempt)).toBe(read)
    expect(isRetryable(error, 'POST', attempt)).toBe(write)
  })
})

describe('backoffDelay', () => {
  it.each<[number, number[]]>([
    // Equal jitter: half the capped doubling, plus random() times the other half.
    [0, [500, 1000, 2000, 4000, 4000, 4000]],
    [0.5, [750, 1500, 3000, 6000, 6000, 6000]],
    [0.999, [1000, 1999, 3998, 7996, 7996, 7996]]
  ])('with random() = %d waits %j for attempts 1 to 6', (random, expected) => {
    const backoff = { baseMs: 1000, maxMs: 8000, random: () => random }
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(backoff, attempt))).toEqual(expected)
  })

  it('stays within [half, whole] of the capped delay with the real random', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const cap = Math.min(8000, 1000 * 2 ** (attempt - 1))
      const delay = backoffDelay({ baseMs: 1000, maxMs: 8000 }, attempt)
      expect(delay).toBeGreaterThanOrEqual(cap / 2)
      expect(delay).toBeLessThanOrEqual(cap)
    }
  })
})

describe('withRetry', () => {
  it('returns the first success without sleeping', async () => {
    const clock = new FakeClock()
    const { call, calls } = scripted([])
    await expect(retry(call, clock, 'GET')).resolves.toBe('ok')
    expect(calls()).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('backs off with equal jitter between retries of a read', async () => {
    const clock = new FakeClock()
    const { call, calls } = scripted([apiError(503), networkError(true), apiError(500)])
    const retries: [number, number][] = []
    const result = retry(call, clock, 'GET', {
      onRetry: (_error, attempt, delay) => retries.push([attempt, delay])
    })
    await expect(result).resolves.toBe('ok')
    expect(calls()).toBe(4)
    expect(clock.sleeps).toEqual([750, 1500, 3000])
    expect(retries).toEqual([
      [1, 750],
      [2, 1500],
      [3, 3000]
    ])
  })

  it('honours Retry-After instead of the backoff', async () => {
    const clock = new FakeClock()
    const { call } = scripted([apiError(429, 7000), apiError(503, 12_000), apiError(429)])
    await expect(retry(call, clock, 'GET')).resolves.toBe('ok')
    // The third failure has no Retry-After: the backoff for attempt 3.
    expect(clock.sleeps).toEqual([7000, 12_000, 3000])
  })

  it('never waits less than the backoff, even when Retry-After says less', async () => {
    const clock = new FakeClock()
    const { call } = scripted([apiError(429, 0), apiError(503, 200), apiError(429, 500)])
    await expect(retry(call, clock, 'GET')).resolves.toBe('ok')
    // A server that keeps answering Retry-After: 0 cannot make the retries a busy loop.
    expect(clock.sleeps).toEqual([750, 1500, 3000])
  })

  it('honours Retry-After on a rate-limited write', async () => {
    const clock = new FakeClock()
    const { call, calls } = scripted([apiError(429, 20_000)])
    await expect(retry(call, clock, 'POST')).resolves.toBe('ok')
    expect(calls()).toBe(2)
    expect(clock.sleeps).toEqual([20_000])
  })

  it('gives up instead of sleeping past the deadline when Retry-After is too long', async () => {
    const clock = new FakeClock(1000)
    const first = apiError(429, 10_000)
    const { call, calls } = scripted([first])
    const error: unknown = await retry(call, clock, 'GET', { deadline: 6000 }).catch(
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(RetryWouldOutlastTimeoutError)
    expect((error as RetryWouldOutlastTimeoutError).lastError).toBe(first)
    expect((error as RetryWouldOutlastTimeoutError).waitMs).toBe(10_000)
    expect(calls()).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('gives up when a retry would end exactly at the deadline', async () => {
    const clock = new FakeClock()
    const { call } = scripted([apiError(503)])
    const result = retry(call, clock, 'GET', { deadline: 750 })
    await expect(result).rejects.toBeInstanceOf(RetryWouldOutlastTimeoutError)
    expect(clock.sleeps).toEqual([])
  })

  it('never sleeps past the deadline while a read keeps failing', async () => {
    const clock = new FakeClock()
    const deadline = 20_000
    const { call, calls } = failing(() => {
      clock.advance(100) // each request takes a moment
      return apiError(503)
    })
    const result = retry(call, clock, 'GET', { deadline })
    await expect(result).rejects.toBeInstanceOf(RetryWouldOutlastTimeoutError)
    expect(clock.now()).toBeLessThan(deadline)
    // After five sleeps and six requests it is 17.85s; another 6s would pass 20s.
    expect(clock.sleeps).toEqual([750, 1500, 3000, 6000, 6000])
    expect(calls()).toBe(6)
  })

  it('stops a write after 5 attempts on 429', async () => {
    const clock = new FakeClock()
    const { call, calls } = failing(() => apiError(429))
    await expect(retry(call, clock, 'POST')).rejects.toMatchObject({ status: 429 })
    expect(calls()).toBe(5)
    expect(clock.sleeps).toEqual([750, 1500, 3000, 6000])
  })

  it('retries a write only while the request cannot have reached the service', async () => {
    const clock = new FakeClock()
    const received = networkError(true)
    const { call, calls } = scripted([networkError(false), received])
    await expect(retry(call, clock, 'POST')).rejects.toBe(received)
    expect(calls()).toBe(2)
    expect(clock.sleeps).toEqual([750])
  })

  it.each([400, 401, 403, 404, 500, 503])('does not repeat a write answered %d', async (status) => {
    const clock = new FakeClock()
    const error = apiError(status)
    const { call, calls } = scripted([error])
    await expect(retry(call, clock, 'POST')).rejects.toBe(error)
    expect(calls()).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('gives up on a read after 3 bad responses', async () => {
    const clock = new FakeClock()
    const { call, calls } = failing(badResponse)
    await expect(retry(call, clock, 'GET')).rejects.toBeInstanceOf(BadResponseError)
    expect(calls()).toBe(3)
    expect(clock.sleeps).toEqual([750, 1500])
  })

  it('stops as soon as the run is cancelled during a wait', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    clock.onSleep = () => controller.abort()
    const { call, calls } = failing(() => apiError(503))
    const result = retry(call, clock, 'GET', { signal: controller.signal })
    await expect(result).rejects.toBeInstanceOf(CancelledError)
    expect(calls()).toBe(1)
    expect(clock.sleeps).toEqual([750])
  })

  it('does not wait at all when the run is already cancelled', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    controller.abort()
    const { call, calls } = failing(() => networkError(false))
    const result = retry(call, clock, 'GET', { signal: controller.signal })
    await expect(result).rejects.toBeInstanceOf(CancelledError)
    expect(calls()).toBe(1)
    expect(clock.sleeps).toEqual([])
  })
})
