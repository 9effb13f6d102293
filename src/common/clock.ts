// Time as the waiting code sees it: injected, so tests can run a half-hour schedule in
// milliseconds and assert every delay.

import { setTimeout as delay } from 'node:timers/promises'
import { CancelledError } from './run-errors.js'

export interface Clock {
  now(): number
  /** Resolves after `ms`, or rejects with CancelledError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** A run's clock, its deadline on that clock, and its cancellation. */
export type RunClock = { clock: Clock; deadline: number; signal?: AbortSignal }

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    delay(ms, undefined, signal ? { signal } : {}).catch(() => {
      throw new CancelledError()
    })
}
