// The one way this action talks to GitHub: @actions/github loaded when needed, every request
// bounded by a signal and sent again (plugin-retry, plugin-throttling) only after a wait of ours
// that fits its budget; what GitHub's errors mean; pagination.

import { setTimeout as sleep } from 'node:timers/promises'
import type { getOctokit } from '@actions/github'
import type { ThrottlingOptions } from '@octokit/plugin-throttling'
import { messageOf, proxyRefusal, StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { USER_AGENT } from '../common/version.js'
import { asObject } from './workflow-run.js'

export type GitHubClient = ReturnType<typeof getOctokit>

// GitHub's passing 5xx clear within a second or two; a third failure looks like an outage
// that a longer wait out of a 10 or 15 s budget would not outlast (the plugin's 1, 4, 9 s).
export const RETRY_DELAYS_MS: readonly number[] = [500, 1500]
/** A wait that leaves the next attempt less than this is not taken. */
export const ATTEMPT_ROOM_MS = 1000
const RATE_LIMIT_WAITS = 2

/** Fires on cancellation or after `budgetMs`; retries wait only within its `deadline`. */
export function boundedSignal(signal: AbortSignal | undefined, budgetMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(Math.max(1, budgetMs))
  const deadline = performance.now() + Math.max(1, budgetMs)
  return Object.assign(signal ? AbortSignal.any([signal, timeout]) : timeout, { deadline })
}

/** Real time, unless a test that runs the action in its own process passes time itself. */
export const retryTime = {
  sleep: (ms: number, signal: AbortSignal): Promise<unknown> => sleep(ms, undefined, { signal })
}

/** Waits `ms` if the next attempt keeps ATTEMPT_ROOM_MS before a known `deadline`: go again? */
export async function waitWithin(
  signal: AbortSignal,
  deadline: number | undefined,
  ms: number,
  now = performance.now()
): Promise<boolean> {
  if (signal.aborted || deadline === undefined || now + ms + ATTEMPT_ROOM_MS > deadline)
    return false
  // An aborted wait rejects (the clock a test passes resolves with anything but false).
  return (await retryTime.sleep(ms, signal).catch(() => false)) !== false
}

/** An octokit request error, 5xx or no answer: what plugin-retry sends again. */
function retriable(error: unknown): boolean {
  const failure = asObject(error)
  return failure?.request !== undefined && Number(failure.status) >= 500
}

/** The wait before retry `retried` of a failed call, or undefined: never after a 4xx, nor past a
 * proxy that wants credentials (octokit says 500; undici's `Proxy response (407)` is a cause). */
export function retryDelay(error: unknown, retried: number): number | undefined {
  const delay = RETRY_DELAYS_MS[retried]
  if (delay === undefined || !retriable(error)) return undefined
  return asObject(error)?.response === undefined && proxyRefusal(error) === 407 ? undefined : delay
}

// The plugin spaces writes a second apart and caps calls at ten at once through Bottleneck
// groups, whose every call waits out timers; the action's few calls are far below GitHub's limits.
const UNTHROTTLED = {
  key: () => ({
    schedule: (_: unknown, call?: (...args: unknown[]) => unknown, ...args: unknown[]) =>
      Promise.resolve(call?.(...args))
  })
} as unknown as NonNullable<ThrottlingOptions['write']>

/** A client on GITHUB_API_URL whose calls are bounded by `signal` (from `boundedSignal`). */
export async function openGitHub(token: string, signal: AbortSignal): Promise<GitHubClient> {
  const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling')
  ])
  // A signal not from boundedSignal (a plain AbortSignal.timeout) has no budget: no retries.
  const { deadline } = signal as { deadline?: number }
  const wait = (ms: number) => waitWithin(signal, deadline, ms)
  // Given before plugin-retry, its error hook sees each failure first: it waits and lets the
  // plugin send the call again, or sets the plugin's `retries` to 0 (never above: the plugin
  // would then retry even a 4xx). The attempts of one call share their options.
  const retried = new WeakMap<object, number>()
  const within = (octokit: Pick<GitHubClient, 'hook'>) =>
    octokit.hook.error('request', async (error, options) => {
      if (!retriable(error)) throw error
      const count = retried.get(options) ?? 0
      const delay = retryDelay(error, count)
      if (delay !== undefined && (await wait(delay))) retried.set(options, count + 1)
      else options.request.retries = 0
      throw error
    })
  // Called with the seconds to wait and how many limits this call waited out; the plugin
  // sends the call again when it resolves to true (its types say void).
  const onLimit = async (seconds: number, _: unknown, __: unknown, waited: number) =>
    waited < RATE_LIMIT_WAITS && wait(seconds * 1000)
  const options = {
    userAgent: USER_AGENT,
    // Every 4xx (a proxy's 407 too) would be answered the same; rate limits are throttling's.
    retry: {
      doNotRetry: Array.from({ length: 100 }, (_, i) => 400 + i),
      retries: RETRY_DELAYS_MS.length,
      retryAfterBaseValue: 0
    },
    throttle: {
      onRateLimit: onLimit,
      onSecondaryRateLimit: onLimit,
      retryAfterBaseValue: 0,
      global: UNTHROTTLED,
      write: UNTHROTTLED,
      notifications: UNTHROTTLED,
      search: UNTHROTTLED
    }
  }
  const octokit = getOctokit(token, options, within, retry, throttling)
  // Per-request options do not survive pagination; a hook reaches every request.
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal }
  })
  return octokit
}

/** GitHub's answer's status; octokit says 500 for no answer too, which must not earn a hint. */
export function gitHubAnswerStatus(error: unknown): number | undefined {
  const status = asObject(asObject(error)?.response)?.status
  return typeof status === 'number' ? status : undefined
}

const REFUSALS = new Set(['FORBIDDEN', 'NOT_FOUND', 'INSUFFICIENT_SCOPES'])

/** The errors of a GraphQL answer (they come with status 200), when `error` is one. */
function graphqlErrors(error: unknown): Record<string, unknown>[] | undefined {
  const errors = asObject(error)?.errors
  return Array.isArray(errors) ? errors.map((e) => asObject(e) ?? {}) : undefined
}

/** A rate limit, as the throttling plugin knows one: a 403 or 429 that says "secondary rate
 * limit" or carries `retry-after` or `x-ratelimit-remaining: 0`; GraphQL's RATE_LIMITED. */
export function rateLimited(error: unknown): boolean {
  if (graphqlErrors(error)?.some((e) => e.type === 'RATE_LIMITED')) return true
  const status = gitHubAnswerStatus(error)
  if (status !== 403 && status !== 429) return false
  const headers = asObject(asObject(asObject(error)?.response)?.headers)
  return (
    /\bsecondary rate\b/i.test(messageOf(error)) ||
    headers?.['retry-after'] !== undefined ||
    String(headers?.['x-ratelimit-remaining']) === '0'
  )
}

/** `denied` when GitHub refused (401; 403 but no rate limit; 404 or 410, what a token sees of what
 * it may not read or a feature turned off; GraphQL refusals); `unknown`: nothing may be decided,
 * a rate limit that did not end in time included (no permission would help). */
export function gitHubFailure(error: unknown): 'denied' | 'unknown' {
  if (rateLimited(error)) return 'unknown'
  const status = gitHubAnswerStatus(error)
  const errors = graphqlErrors(error)
  const denied = errors
    ? errors.length > 0 && errors.every((e) => REFUSALS.has(String(e.type)))
    : [401, 403, 404, 410].includes(status ?? 0)
  return denied ? 'denied' : 'unknown'
}

/** Throws StateUnknownError about `what` unless GitHub answered no. */
export function throwIfUnknown(error: unknown, what: string): void {
  if (gitHubFailure(error) === 'unknown')
    throw new StateUnknownError(what, describeGitHubError(error))
}

/** ` ${text}` (the permission a call needs) only after GitHub answered no (410 too); but after a
 * 401, that the token (`token`: the input it came from) is not accepted, which no permission fixes. */
export function permissionHint(error: unknown, text: string, token: string): string {
  if (gitHubAnswerStatus(error) === 401) return ` ${badCredentials(token)}`
  return gitHubFailure(error) === 'denied' ? ` ${text}` : ''
}

/** What to do after a 401 Bad credentials on `token`, the input the token came from. */
export const badCredentials = (token: string): string =>
  `GitHub did not accept the token (${token}) at all (401 Bad credentials): it is wrong, expired or revoked, which no permission fixes; put a current token in the secret ${token} is set from.`

export function describeGitHubError(error: unknown): string {
  const said = graphqlErrors(error)?.map((e) => (typeof e.message === 'string' ? e.message : '?'))
  const limit = rateLimited(error) ? ': a rate limit that does not end within the time allowed' : ''
  if (said) return `GitHub answered with errors: ${safeLine(said.join('; '), 200)}${limit}`
  const status = gitHubAnswerStatus(error)
  if (status !== undefined) return `the GitHub API answered ${status}${limit}`
  const names = [asObject(error)?.name, asObject(asObject(error)?.cause)?.name]
  if (names.some((name) => name === 'AbortError' || name === 'TimeoutError'))
    return 'the GitHub API did not answer in time'
  const refused = proxyRefusal(error)
  if (refused !== undefined) {
    const what = refused === 407 ? 'it wants credentials (407)' : `it answered ${refused}`
    return `the proxy would not open a tunnel to the GitHub API: ${what}; check HTTPS_PROXY (user:password in its URL for 407) or NO_PROXY`
  }
  // Octokit's message for a failed fetch is the cause's own (`connect ECONNREFUSED …`).
  return `the GitHub API could not be reached: ${safeLine(messageOf(error), 200)}`
}

/** Hands pages to `visit` (at most `maxPages`) until it says stop; true when the last was read. */
export async function walkPages<T>(
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number,
  visit: (items: T[]) => boolean
): Promise<boolean> {
  let seen = 0
  for await (const page of pages) if (visit(page.data) || ++seen >= maxPages) return false
  return true
}

/** Every item of a paginated listing, reading at most `maxPages` pages. */
export async function allPages<T>(
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number
): Promise<T[]> {
  const items: T[] = []
  await walkPages(pages, maxPages, (page) => items.push(...page) < 0)
  return items
}
