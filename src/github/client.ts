// The one way this action talks to GitHub: @actions/github loaded when needed, with
// plugin-retry and plugin-throttling through their documented options, every request
// bounded by its client's signal (the step's budget); what GitHub's errors mean; pagination.

import type { getOctokit } from '@actions/github'
import type Bottleneck from 'bottleneck'
import { messageOf, proxyRefusal, StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { USER_AGENT } from '../common/version.js'
import { asObject } from './workflow-run.js'

export type GitHubClient = ReturnType<typeof getOctokit>

/** A 5xx or no answer is sent again at most twice: plugin-retry waits 1 s, then 4 s. */
export const MAX_RETRIES = 2
/** A wait is taken only when the attempt after it keeps this much of the budget. */
export const ATTEMPT_ROOM_MS = 1000
const RATE_LIMIT_WAITS = 2

/** What the calls of one client share. */
export interface GitHubClientOptions {
  /** How long the calls may take, the plugins' waits included. */
  budgetMs: number
  /** The run's cancellation: it cuts the calls short too (not a wait already begun). */
  signal?: AbortSignal
  /**
   * How long the plugins wait for each second they wait (a second; tests shorten it). The budget
   * counts whole seconds whatever it is, so a shortened wait is taken only where a real one would be.
   */
  secondMs?: number
  /** The run's GITHUB_API_URL; without it, the one @actions/github read from the process. */
  apiUrl?: string
}

/** What the clients of one token share: all but the budget, which is each client's own. */
export type GitHubReach = Omit<GitHubClientOptions, 'budgetMs'>

/** How many of plugin-retry's waits (n² seconds before retry n) fit `budgetMs`, each leaving
 * the attempt after it ATTEMPT_ROOM_MS. */
export function retriesWithin(budgetMs: number): number {
  let retries = 0
  let waited = 0
  while (retries < MAX_RETRIES) {
    waited += (retries + 1) ** 2 * 1000
    if (waited + ATTEMPT_ROOM_MS > budgetMs) {
      break
    }
    retries++
  }
  return retries
}

// Given before plugin-retry, its hook sees each failure first. A request its signal cut fails
// with the signal's reason (octokit wraps a TimeoutError, or an AbortError from another realm such
// as a test runner's, in a 500 that plugin-retry would send again, at once cut again). octokit
// says 500 for a proxy's refusal too; a 407 wants credentials, and asked again would want them
// again: the error gets the proxy's status, which doNotRetry holds.
function askedOnce(octokit: Pick<GitHubClient, 'hook'>): void {
  octokit.hook.error('request', (error, options) => {
    const unanswered = asObject(error)?.response === undefined
    const { signal } = options.request
    if (unanswered && signal?.aborted) {
      throw signal.reason
    }
    if (unanswered && proxyRefusal(error) === 407) {
      Object.assign(error, { status: 407 })
    }
    throw error
  })
}

type Group = InstanceType<typeof Bottleneck.Group>
/** One pair for every client, as the plugin's own groups are: a group's cleanup timer never ends. */
let unspaced: { write: Group; notifications: Group } | undefined

let octokitModules: ReturnType<typeof importOctokit> | undefined
const importOctokit = () =>
  Promise.all([
    import('@actions/github'),
    import('@actions/github/lib/utils'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling'),
    import('bottleneck/light.js').then((module) => module.default)
  ])

/** @actions/github and its plugins, imported at the first GitHub call (never on the fast exit)
 * and kept; an import that failed is tried again at the next call. */
export function loadOctokit(): ReturnType<typeof importOctokit> {
  octokitModules ??= importOctokit().catch((error: unknown) => {
    octokitModules = undefined
    throw error
  })
  return octokitModules
}

/** A client on `apiUrl` (the run's GITHUB_API_URL; without it, @actions/github's from the
 * process) whose calls share `budgetMs`, cut short by `signal` too. */
export async function openGitHub(
  token: string,
  { budgetMs, signal, secondMs = 1000, apiUrl }: GitHubClientOptions
): Promise<GitHubClient> {
  const [{ getOctokit }, { defaults }, { retry }, { throttling }, Limiter] = await loadOctokit()
  // Writes a second apart (three when they notify) would spend the seconds a run's last writes have.
  unspaced ??= {
    write: new Limiter.Group({ maxConcurrent: null, minTime: 0 }),
    notifications: new Limiter.Group({ maxConcurrent: null, minTime: 0 })
  }
  const ends = performance.now() + budgetMs
  const budget = AbortSignal.timeout(Math.max(1, budgetMs))
  const bounded = signal ? AbortSignal.any([signal, budget]) : budget
  // Waits out a rate limit (twice at most) only when the attempt after it fits the budget.
  const onLimit = (seconds: number, _: unknown, __: unknown, waited: number): boolean => {
    const waitsLeft = waited < RATE_LIMIT_WAITS
    const attemptFits = performance.now() + seconds * 1000 + ATTEMPT_ROOM_MS <= ends
    return waitsLeft && !bounded.aborted && attemptFits
  }
  const options = {
    userAgent: USER_AGENT,
    // @actions/github's proxy-aware fetch, kept: a client's `request` replaces its defaults'.
    request: { ...defaults.request, signal: bounded },
    // Every 4xx (a proxy's 407 too) would be answered the same; rate limits are throttling's.
    retry: {
      retries: retriesWithin(budgetMs),
      doNotRetry: Array.from({ length: 100 }, (_, i) => 400 + i),
      retryAfterBaseValue: secondMs
    },
    throttle: {
      onRateLimit: onLimit,
      onSecondaryRateLimit: onLimit,
      retryAfterBaseValue: secondMs,
      ...unspaced
    }
  }
  const where = apiUrl ? { baseUrl: apiUrl } : {}
  return getOctokit(token, { ...options, ...where }, askedOnce, retry, throttling)
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
  if (graphqlErrors(error)?.some((e) => e.type === 'RATE_LIMITED')) {
    return true
  }
  const status = gitHubAnswerStatus(error)
  if (status !== 403 && status !== 429) {
    return false
  }
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
  if (rateLimited(error)) {
    return 'unknown'
  }
  const errors = graphqlErrors(error)
  if (errors) {
    // A GraphQL answer is a refusal only when every error in it is one.
    const refused = errors.length > 0 && errors.every((e) => REFUSALS.has(String(e.type)))
    return refused ? 'denied' : 'unknown'
  }
  const status = gitHubAnswerStatus(error)
  const denied = [401, 403, 404, 410].includes(status ?? 0)
  return denied ? 'denied' : 'unknown'
}

/** Throws StateUnknownError about `what` unless GitHub answered no. */
export function throwIfUnknown(error: unknown, what: string): void {
  if (gitHubFailure(error) === 'unknown') {
    throw new StateUnknownError(what, describeGitHubError(error))
  }
}

/**
 * ` ${text}` (the permission a call needs) only after GitHub answered no (410 too). After a 401 it
 * says instead that the token (`token`: the input it came from) is not accepted, which no
 * permission fixes.
 */
export function permissionHint(error: unknown, text: string, token: string): string {
  if (gitHubAnswerStatus(error) === 401) {
    return ` ${badCredentials(token)}`
  }
  return gitHubFailure(error) === 'denied' ? ` ${text}` : ''
}

/** What to do after a 401 Bad credentials on `token`, the input the token came from. */
export const badCredentials = (token: string): string =>
  `GitHub did not accept the token (${token}) at all (401 Bad credentials): ` +
  'it is wrong, expired or revoked, which no permission fixes; ' +
  `put a current token in the secret ${token} is set from.`

export function describeGitHubError(error: unknown): string {
  const said = graphqlErrors(error)?.map((e) => (typeof e.message === 'string' ? e.message : '?'))
  const limit = rateLimited(error) ? ': a rate limit that does not end within the time allowed' : ''
  if (said) {
    return `GitHub answered with errors: ${safeLine(said.join('; '), 200)}${limit}`
  }
  const status = gitHubAnswerStatus(error)
  if (status !== undefined) {
    return `the GitHub API answered ${status}${limit}`
  }
  // The signal's reason, or a cause wrapped in octokit's error.
  const names = [asObject(error)?.name, asObject(asObject(error)?.cause)?.name]
  if (names.some((name) => name === 'AbortError' || name === 'TimeoutError')) {
    return 'the GitHub API did not answer in time'
  }
  const refused = proxyRefusal(error)
  if (refused !== undefined) {
    const what = refused === 407 ? 'it wants credentials (407)' : `it answered ${refused}`
    return (
      `the proxy would not open a tunnel to the GitHub API: ${what}; ` +
      'check HTTPS_PROXY (user:password in its URL for 407) or NO_PROXY'
    )
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
  for await (const page of pages) {
    const stop = visit(page.data)
    seen++
    if (stop || seen >= maxPages) {
      return false
    }
  }
  return true
}

/** Every item of a paginated listing, reading at most `maxPages` pages. */
export async function allPages<T>(
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number
): Promise<T[]> {
  const items: T[] = []
  await walkPages(pages, maxPages, (page) => {
    items.push(...page)
    return false
  })
  return items
}
