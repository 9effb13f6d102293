// A GitHub call that fails for a moment is sent again within its budget: plugin-retry after a
// 5xx or no answer, plugin-throttling after a rate limit. The waits are ours (both plugins
// wait 0 ms), taken only when the next attempt fits, cut short by the call's signal.

import { setTimeout as sleep } from 'node:timers/promises'
import type { ThrottlingOptions } from '@octokit/plugin-throttling'
import { messageOf } from '../common/run-errors.js'
import { record } from './workflow-run.js'

// GitHub's passing 5xx clear within a second or two; a third failure looks like an outage
// that a longer wait out of a 10 or 15 s budget would not outlast (the plugin's 1, 4, 9 s).
export const RETRY_DELAYS_MS: readonly number[] = [500, 1500]

const RATE_LIMIT_WAITS = 2

/** A wait that leaves the next attempt less than this is not taken. */
export const ATTEMPT_ROOM_MS = 1000

/** The status a proxy refused the tunnel with, in undici's words a few causes down. */
function proxyRefusal(error: unknown): string | undefined {
  for (let cause = error, depth = 0; depth < 5 && record(cause); depth++) {
    const refusal = /Proxy response \((\d{3})\)/.exec(messageOf(cause))
    if (refusal) return refusal[1]
    cause = record(cause)?.cause
  }
  return undefined
}

/** An octokit request error, 5xx or no answer: what plugin-retry sends again. */
function retriable(error: unknown): boolean {
  const failure = record(error)
  return (
    failure?.request !== undefined && typeof failure.status === 'number' && failure.status >= 500
  )
}

/**
 * The wait before sending again a call that failed with `error` after `retried` retries, or
 * undefined: never after a 4xx, nor past a proxy that wants credentials (octokit calls it 500).
 */
export function retryDelay(error: unknown, retried: number): number | undefined {
  const delay = RETRY_DELAYS_MS[retried]
  if (delay === undefined || !retriable(error)) return undefined
  if (record(error)?.response === undefined && proxyRefusal(error) === '407') return undefined
  return delay
}

/** Real time, unless a test that runs the action in its own process passes time itself. */
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

  fits(ms: number): boolean {
    if (this.signal.aborted || this.deadline === undefined) return false
    return this.now() + ms + ATTEMPT_ROOM_MS <= this.deadline
  }

  /** Waits `ms` if it fits and the signal lets it: then the call may go again. */
  async waitWithin(ms: number): Promise<boolean> {
    if (!this.fits(ms)) return false
    return retryTime.sleep(ms, this.signal).then(
      () => true,
      () => false
    )
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
 * An Octokit plugin, given before plugin-retry so that its error hook sees each failure first:
 * it waits and lets plugin-retry send the call again, or sets the plugin's per-request
 * `retries` to 0 (never above: plugin-retry would then retry even a 4xx).
 */
export function retryWithin(budget: CallBudget): (octokit: ErrorHooks) => void {
  return (octokit) => {
    // The attempts of one call (retries, rate-limit waits) share their options.
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
 * A Bottleneck group that holds nothing back. The plugin spaces writes a second apart and
 * runs one at a time; the action's few writes, side by side within budgets of seconds, are far
 * below GitHub's secondary limits, and the spacing would only spend the budgets.
 */
const UNTHROTTLED = {
  key: () => ({
    // Bottleneck's `schedule([options,] job, ...args)`.
    schedule: (...args: unknown[]): Promise<unknown> => {
      const [job, ...rest] = typeof args[0] === 'function' ? args : args.slice(1)
      return Promise.resolve().then(() => (job as (...a: unknown[]) => unknown)(...rest))
    }
  })
} as unknown as NonNullable<ThrottlingOptions['write']>

export function retryOptions(budget: CallBudget): {
  retry: { doNotRetry: number[]; retries: number; retryAfterBaseValue: number }
  throttle: ThrottlingOptions
} {
  // Called with the seconds to wait and how many limits this call waited out; the plugin
  // sends the call again when it resolves to true (its types say void).
  const onLimit = async (seconds: number, _: unknown, __: unknown, waited: number) =>
    waited < RATE_LIMIT_WAITS && budget.waitWithin(seconds * 1000)
  return {
    // Every 4xx (a proxy's 407 too) would be answered the same; rate limits are throttling's.
    retry: {
      doNotRetry: Array.from({ length: 100 }, (_, i) => 400 + i),
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
