// Time as the waiting code sees it: injected, so tests can run a half-hour
// schedule in milliseconds and assert every delay.

import { CancelledError } from './run-errors.js'

export interface Clock {
  now(): number
  /** Resolves after `ms`, or rejects with CancelledError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new CancelledError())
        return
      }
      const onAbort = (): void => {
        clearTimeout(timer)
        reject(new CancelledError())
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
}
