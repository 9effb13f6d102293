// Retrying one API call. A poll (GET) is safe to repeat; a create or message (POST) is
// repeated only when the service cannot have acted on it.

import type { Clock } from '../common/clock.js'
import {
  ApiError,
  BadResponseError,
  NetworkError,
  RetryWouldOutlastTimeoutError
} from './http-errors.js'

export type CallKind = 'read' | 'write'

export interface Backoff {
  baseMs: number
  maxMs: number
  /** In [0, 1): injected so tests can pin the jitter. */
  random?: () => number
}

/** The delay before retry number `attempt` (1-based): doubling, capped, with jitter. */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
  // "Equal jitter": at least half the delay, so retries never bunch up at zero.
  return Math.round(exponential / 2 + ((backoff.random ?? Math.random)() * exponential) / 2)
}

/** Whether attempt `attempt` may be followed by another: 5 at most for a write, 3 bad answers. */
export function isRetryable(error: unknown, kind: CallKind, attempt: number): boolean {
  const api = error instanceof ApiError ? error.status : undefined
  const network = error instanceof NetworkError && !error.permanent
  if (kind === 'write') {
    return attempt < 5 && (api === 429 || (network && !error.maybeReceived))
  }
  if (api !== undefined) return api === 429 || api === 408 || api >= 500
  return network || (error instanceof BadResponseError && attempt < 3)
}

export interface RetryOptions {
  kind: CallKind
  backoff: Backoff
  deadline: number
  clock: Clock
  signal?: AbortSignal
  /** Told of each failure that will be retried, and how long until the retry. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void
}

export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (!isRetryable(error, options.kind, attempt)) throw error
      // Retry-After is the least we wait, and the backoff still applies: `Retry-After: 0`
      // cannot turn the retries into a busy loop.
      const suggested = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0
      const delay = Math.max(suggested, backoffDelay(options.backoff, attempt), 1)
      if (options.clock.now() + delay >= options.deadline) {
        throw new RetryWouldOutlastTimeoutError(error, delay)
      }
      options.onRetry?.(error, attempt, delay)
      await options.clock.sleep(delay, options.signal)
    }
  }
}
