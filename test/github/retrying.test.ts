// How many times plugin-retry may send a failed call again within its budget, and which
// failures are rate limits (never a refusal): the decisions alone, on errors shaped as
// octokit gives them. The plugins acting on them against the GitHub stand-in: client.test.ts.

import {
  ATTEMPT_ROOM_MS,
  gitHubFailure,
  MAX_RETRIES,
  rateLimited,
  retriesWithin
} from '../../src/github/client.js'

const request = { method: 'GET', url: 'https://api.github.com/repos/acme/app', headers: {} }

/** An octokit RequestError with GitHub's answer. */
const answered = (status: number, headers: Record<string, string> = {}, message = 'No'): unknown =>
  Object.assign(new Error(message), {
    name: 'HttpError',
    status,
    request,
    response: { status, headers, data: { message } }
  })

describe('retriesWithin', () => {
  it("takes plugin-retry's waits (1 s, then 4 s) only when the attempt after each keeps a second", () => {
    expect(ATTEMPT_ROOM_MS).toBe(1000)
    expect(MAX_RETRIES).toBe(2)
    expect([1, 1999, 2000, 5999, 6000, 60_000].map(retriesWithin)).toEqual([0, 0, 1, 1, 2, 2])
  })

  it('counts whole seconds of the budget as the last writes of a cancelled run have them (3 to 5 s): one retry', () => {
    expect([3000, 4000, 5000].map(retriesWithin)).toEqual([1, 1, 1])
  })
})

describe('rateLimited', () => {
  const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes.'

  it.each([
    ['a secondary limit with retry-after', answered(403, { 'retry-after': '30' }, SECONDARY)],
    ['a secondary limit without retry-after', answered(403, {}, SECONDARY)],
    ['a secondary limit answered 429', answered(429, {}, SECONDARY)],
    ['the primary limit', answered(403, { 'x-ratelimit-remaining': '0' })],
    ['a 429 with retry-after', answered(429, { 'retry-after': '1' })]
  ])('knows %s, which is unknown, never denied', (_, error) => {
    expect(rateLimited(error)).toBe(true)
    expect(gitHubFailure(error)).toBe('unknown')
  })

  it("knows GraphQL's RATE_LIMITED", () => {
    const error = Object.assign(new Error('API rate limit exceeded'), {
      errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }]
    })
    expect(rateLimited(error)).toBe(true)
    expect(gitHubFailure(error)).toBe('unknown')
  })

  it('takes a plain 403 for a refusal, and a 5xx for no limit', () => {
    expect(rateLimited(answered(403, {}, 'Resource not accessible by integration'))).toBe(false)
    expect(gitHubFailure(answered(403))).toBe('denied')
    expect(rateLimited(answered(502, { 'retry-after': '1' }))).toBe(false)
  })
})
