// The one way this action talks to GitHub: @actions/github loaded only when a
// feature needs it, every request bounded by a signal, sent again after a transient
// failure or a rate limit while its budget allows (retrying.ts), pagination written
// once, and errors described in one printable line.

import type { getOctokit } from '@actions/github'
import { safeLine } from '../common/safe-text.js'
import { record } from './workflow-run.js'
import { messageOf } from '../common/run-errors.js'
import { CallBudget, retryOptions, retryWithin } from './retrying.js'

export type GitHubClient = ReturnType<typeof getOctokit>

/** When each signal of `boundedSignal` runs out (performance.now() time). */
const deadlines = new WeakMap<AbortSignal, number>()

/** An AbortSignal that fires on cancellation or after `budgetMs`, whichever is first. */
export function boundedSignal(signal: AbortSignal | undefined, budgetMs: number): AbortSignal {
  const ms = Math.max(1, budgetMs)
  const timeout = AbortSignal.timeout(ms)
  const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout
  deadlines.set(bounded, performance.now() + ms)
  return bounded
}

/**
 * Loads @actions/github and the two retry plugins (only now) and opens a client on
 * GITHUB_API_URL, bounded by `signal`. A call is sent again after a 5xx, a network
 * error or a rate limit only while the budget of `signal` (from `boundedSignal`)
 * allows; under any other signal, it is sent once.
 */
export async function openGitHub(
  token: string,
  userAgent: string,
  signal: AbortSignal
): Promise<GitHubClient> {
  const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling')
  ])
  const budget = new CallBudget(signal, deadlines.get(signal))
  // Order matters: the budget's error hook sees each failure before plugin-retry does.
  const octokit = getOctokit(
    token,
    { userAgent, ...retryOptions(budget) },
    retryWithin(budget),
    retry,
    throttling
  )
  // Per-request options do not survive pagination; a hook reaches every request.
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal }
  })
  return octokit
}

/**
 * The status GitHub answered with, or undefined when no answer came. Octokit gives a
 * network failure or a timeout `status: 500` too, without a response: that is not
 * an answer, and must not read as one (nor earn a permission hint).
 */
export function gitHubAnswerStatus(error: unknown): number | undefined {
  const response = record(record(error)?.response)
  return typeof response?.status === 'number' ? response.status : undefined
}

/**
 * Whether GitHub answered no: 401, 403, or 404 (what a token without the permission
 * sees for what it may not read). Not a network error, a timeout or a 5xx.
 */
export function gitHubSaidNo(error: unknown): boolean {
  return gitHubAnswerStatus(error) !== 410 && gitHubFailure(error) === 'denied'
}

/**
 * Why a call failed, as what to do next: `denied` when GitHub refused it (401; 403
 * without a sign of a rate limit; 404 or 410, what a token sees for what it may not
 * read or a feature turned off), `unknown` for anything else (a 5xx, a rate limit, a
 * time-out, no answer). Denied keeps the documented fallback; unknown is not empty,
 * so nothing may be decided from it.
 */
export function gitHubFailure(error: unknown): 'denied' | 'unknown' {
  const status = gitHubAnswerStatus(error)
  if (status === 401 || status === 404 || status === 410) return 'denied'
  if (status !== 403) return 'unknown'
  const headers = record(record(record(error)?.response)?.headers)
  const limited =
    headers?.['retry-after'] !== undefined || String(headers?.['x-ratelimit-remaining']) === '0'
  return limited ? 'unknown' : 'denied'
}

/**
 * The sentence naming the permission a call needs (` ${text}`), only after GitHub
 * answered no; otherwise nothing, since more permission would not have helped.
 */
export function permissionHint(error: unknown, text: string): string {
  return gitHubSaidNo(error) ? ` ${text}` : ''
}

/** Why a GitHub call failed, in one line safe to print. */
export function describeGitHubError(error: unknown): string {
  const status = gitHubAnswerStatus(error)
  if (status !== undefined) return `the GitHub API answered ${status}`
  const names = [record(error)?.name, record(record(error)?.cause)?.name]
  if (names.some((name) => name === 'AbortError' || name === 'TimeoutError')) {
    return 'the GitHub API did not answer in time'
  }
  // Octokit's message for a failed fetch is the cause's own (`connect ECONNREFUSED …`).
  const message = messageOf(error)
  return `the GitHub API could not be reached: ${safeLine(message, 200)}`
}

/**
 * Walks a paginated listing, at most `maxPages` pages, handing each page to `visit`
 * until it returns true. Resolves to true when the listing reached its last page.
 */
export async function walkPages<T>(
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number,
  visit: (items: T[]) => boolean
): Promise<boolean> {
  let seen = 0
  for await (const page of pages) {
    if (visit(page.data)) return false
    if (++seen >= maxPages) return false
  }
  return true
}

/** What a feature needs to call GitHub on one repository, within a time budget. */
export interface RepositoryAccess {
  token: string
  userAgent: string
  /** `owner/repo` */
  repository: string
  /** Cancellation of the whole run. */
  signal?: AbortSignal
  /** How long all of the feature's calls may take. */
  budgetMs: number
}

/** A client bounded by the access's budget, and the repository's owner and name. */
export async function openRepository(
  access: RepositoryAccess
): Promise<{ octokit: GitHubClient; owner: string; repo: string }> {
  const [owner = '', repo = ''] = access.repository.split('/')
  const signal = boundedSignal(access.signal, access.budgetMs)
  return { octokit: await openGitHub(access.token, access.userAgent, signal), owner, repo }
}
