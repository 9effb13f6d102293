// When GitHub fails a call for a moment, the call is sent again, within its budget.
// The sending again is the libraries' (wired in `openGitHub`): @octokit/plugin-retry
// after a 5xx or a network error, @octokit/plugin-throttling after a rate limit, which
// it recognises and whose wait it reads (`retry-after`, or until `x-ratelimit-reset`).
// What is ours: which failures are worth another try, how long to wait after a 5xx,
// and that every wait is taken only when the attempt after it still fits in what is
// left of the call's budget. The waits themselves are ours too (both plugins are told
// to wait 0 ms), so that the call's signal cuts them short: a cancelled run does not
// sit out a rate limit. A wait not taken leaves the call failing with GitHub's own
// error, status and headers, for `gitHubFailure()` to classify.

import { setTimeout as sleep } from 'node:timers/promises'
import type { ThrottlingOptions } from '@octokit/plugin-throttling'
import { messageOf } from '../common/run-errors.js'
import { record } from './workflow-run.js'

/**
 * The waits before the first and the second retry after a 5xx or a network error.
 * A workflow step is waiting all along, and GitHub's transient 5xx (a 502 or 503 from
 * its front end, a reset connection) usually clear within a second or two: half a
 * second catches a blip, a second and a half more covers the usual hiccup. A third
 * failure within those two seconds looks like an outage, which a longer wait out of a
 * 10 or 15 s budget would not outlast: the call then fails, and its caller's fallback
 * applies. (The plugin's own 1, 4 and 9 s suit a script that has minutes.)
 */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1500]

/** How many rate limits one call waits out, each only when its wait fits the budget. */
export const RATE_LIMIT_WAITS = 2

/** The time the attempt after a wait needs at least; a wait that leaves less is not taken. */
export const ATTEMPT_ROOM_MS = 1000

/**
 * Never sent again: every 4xx. GitHub (or a proxy, 407) said no to this very request,
 * and would say no again. The rate limits among them (403, 429) are the throttling
 * plugin's, which sends the call again after the wait GitHub asks for.
 */
export const DO_NOT_RETRY: readonly number[] = Array.from({ length: 100 }, (_, i) => 400 + i)

// undici's words for a proxy that refused the tunnel, a few causes down the error
// (octokit gives it status 500, and the message `fetch failed`).
const PROXY_REFUSAL = /Proxy response \((\d{3})\)/

/** The status a proxy refused the tunnel with, from an error's chain of causes. */
function proxyRefusal(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && record(current); depth++) {
    const refusal = PROXY_REFUSAL.exec(messageOf(current))
    if (refusal) return refusal[1]
    current = record(current)?.cause
  }
  return undefined
}

/** Whether plugin-retry would send `error`'s call again: an octokit request error, 5xx or no answer. */
function retriable(error: unknown): boolean {
  const failure = record(error)
  return (
    failure?.request !== undefined && typeof failure.status === 'number' && failure.status >= 500
  )
}

/**
 * The wait before sending again a call that failed with `error` after `retried`
 * retries, or undefined when it is not sent again: only a 5xx or no answer, never a
 * 4xx (`DO_NOT_RETRY`), nor a proxy that wants credentials, whose refusal octokit
 * reports as no answer.
 */
export function retryDelay(error: unknown, retried: number): number | undefined {
  const delay = RETRY_DELAYS_MS[retried]
  if (delay === undefined || !retriable(error)) return undefined
  if (record(error)?.response === undefined && proxyRefusal(error) === '407') return undefined
  return delay
}

/**
 * How the waits pass: real time, unless a test that runs the action in its own process
 * passes time itself (as the agent's waits take an injected clock).
 */
export const retryTime = {
  sleep: (ms: number, signal: AbortSignal): Promise<unknown> => sleep(ms, undefined, { signal })
}

/** A call's budget: its signal, and when it runs out (undefined: unknown, so no waiting). */
export class CallBudget {
  constructor(
    readonly signal: AbortSignal,
    readonly deadline: number | undefined,
    private readonly now: () => number = () => performance.now()
  ) {}

  /** Whether a wait of `ms` still leaves the attempt after it `ATTEMPT_ROOM_MS`. */
  fits(ms: number): boolean {
    if (this.signal.aborted || this.deadline === undefined) return false
    return this.now() + ms + ATTEMPT_ROOM_MS <= this.deadline
  }

  /** Waits `ms`, unless the signal aborts first; true when the wait ran its course. */
  async wait(ms: number): Promise<boolean> {
    return retryTime.sleep(ms, this.signal).then(
      () => true,
      () => false
    )
  }

  /** Waits `ms` when it fits; true when the call may be sent again. */
  async waitWithin(ms: number): Promise<boolean> {
    return this.fits(ms) && (await this.wait(ms))
  }
}

interface RequestOptions {
  request: { retries?: number; [option: string]: unknown }
}

interface ErrorHooks {
  hook: {
    error(name: 'request', hook: (error: unknown, options: RequestOptions) => Promise<never>): void
  }
}

/**
 * An Octokit plugin, given before plugin-retry so that its error hook sees each failed
 * attempt first. For a failure plugin-retry would send again (a 4xx it never does:
 * `DO_NOT_RETRY`), it decides: it waits, then lets plugin-retry send the call again, or
 * tells it that there is no retry (`request.retries`, the plugin's per-request option,
 * set to 0; plugin-retry takes it from there, whatever its own count). It never sets a
 * positive number there: plugin-retry would then retry even a 4xx.
 */
export function retryWithin(budget: CallBudget): (octokit: ErrorHooks) => void {
  return (octokit) => {
    // Per call: the attempts of one call (retries, rate-limit waits) share their options.
    const retried = new WeakMap<RequestOptions, number>()
    octokit.hook.error('request', async (error, options) => {
      if (!retriable(error)) throw error
      const count = retried.get(options) ?? 0
      const delay = retryDelay(error, count)
      if (delay !== undefined && (await budget.waitWithin(delay))) retried.set(options, count + 1)
      else options.request.retries = 0
      throw error
    })
  }
}

/**
 * A Bottleneck group that holds nothing back. The throttling plugin spaces writes a
 * second apart (three for those that notify) and runs one at a time; the action makes
 * a handful of writes a run, side by side at its end within budgets of a few seconds,
 * far below GitHub's secondary limits: that spacing would only spend the budgets. What
 * is kept is the plugin's answer to a rate limit GitHub does report, and its limit of
 * ten requests at once, more than the action ever sends.
 */
type Group = NonNullable<ThrottlingOptions['write']>
const UNTHROTTLED = {
  key: () => ({
    // Bottleneck's `schedule([options,] job, ...args)`.
    schedule: (...args: unknown[]): Promise<unknown> => {
      const [job, ...rest] = typeof args[0] === 'function' ? args : args.slice(1)
      return Promise.resolve().then(() => (job as (...a: unknown[]) => unknown)(...rest))
    }
  })
} as unknown as Group

/** The options of both plugins for a call with `budget`. */
export function retryOptions(budget: CallBudget): {
  retry: { doNotRetry: number[]; retries: number; retryAfterBaseValue: number }
  throttle: ThrottlingOptions
} {
  // The throttling plugin calls this with the seconds to wait and how many limits this
  // call waited out; it sends the call again when it resolves to true (its types say void).
  const onLimit = async (
    seconds: number,
    _options: unknown,
    _octokit: unknown,
    waited: number
  ): Promise<boolean> => waited < RATE_LIMIT_WAITS && budget.waitWithin(seconds * 1000)
  return {
    retry: {
      doNotRetry: [...DO_NOT_RETRY],
      retries: RETRY_DELAYS_MS.length,
      retryAfterBaseValue: 0
    },
    throttle: {
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- awaited by the plugin
      onRateLimit: onLimit,
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- awaited by the plugin
      onSecondaryRateLimit: onLimit,
      retryAfterBaseValue: 0,
      write: UNTHROTTLED,
      notifications: UNTHROTTLED,
      search: UNTHROTTLED
    }
  }
}
