// The one way this action talks to GitHub: @actions/github loaded only when needed, every
// request bounded by a signal and sent again within its budget (retrying.ts).

import type { getOctokit } from '@actions/github'
import { messageOf, StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { CallBudget, retryOptions, retryWithin } from './retrying.js'
import { record } from './workflow-run.js'

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
 * A client on GITHUB_API_URL bounded by `signal`: a call is sent again after a 5xx, no answer
 * or a rate limit only while the budget of `signal` (from `boundedSignal`) allows.
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
  const options = { userAgent, ...retryOptions(budget) }
  const octokit = getOctokit(token, options, retryWithin(budget), retry, throttling)
  // Per-request options do not survive pagination; a hook reaches every request.
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal }
  })
  return octokit
}

/**
 * The status GitHub answered with, or undefined when no answer came: octokit gives a network
 * failure or a timeout `status: 500` too, without a response, which must not earn a hint.
 */
export function gitHubAnswerStatus(error: unknown): number | undefined {
  const response = record(record(error)?.response)
  return typeof response?.status === 'number' ? response.status : undefined
}

/** Whether GitHub answered no: 401, 403 (not a rate limit) or 404 (a token may not read). */
export function gitHubSaidNo(error: unknown): boolean {
  return gitHubAnswerStatus(error) !== 410 && gitHubFailure(error) === 'denied'
}

/**
 * `denied` when GitHub refused the call (401; 403 without a sign of a rate limit; 404 or 410,
 * what a token sees for what it may not read or a feature turned off), which keeps the
 * documented fallback; `unknown` otherwise, from which nothing may be decided.
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

/** Throws StateUnknownError about `what` unless GitHub answered no. */
export function throwIfUnknown(error: unknown, what: string): void {
  if (gitHubFailure(error) === 'unknown') {
    throw new StateUnknownError(what, describeGitHubError(error))
  }
}

/** ` ${text}` (the permission a call needs) only after GitHub answered no. */
export function permissionHint(error: unknown, text: string): string {
  return gitHubSaidNo(error) ? ` ${text}` : ''
}

export function describeGitHubError(error: unknown): string {
  const status = gitHubAnswerStatus(error)
  if (status !== undefined) return `the GitHub API answered ${status}`
  const names = [record(error)?.name, record(record(error)?.cause)?.name]
  if (names.some((name) => name === 'AbortError' || name === 'TimeoutError')) {
    return 'the GitHub API did not answer in time'
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
    if (visit(page.data) || ++seen >= maxPages) return false
  }
  return true
}
