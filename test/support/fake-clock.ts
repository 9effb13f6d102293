// A virtual clock for the retry and poll loops: sleep() returns at once, moves time
// forward by the requested amount and records it, so a test can run a half-hour
// schedule in milliseconds and assert every delay.

import type { Clock } from '../../src/common/clock.ts'
import { CancelledError } from '../../src/common/run-errors.ts'

export class FakeClock implements Clock {
  /** Every completed sleep, in ms, in order. */
  readonly sleeps: number[] = []
  /** Called during each sleep, after time has moved; may abort the signal (a cancel mid-sleep). */
  onSleep: ((ms: number) => void) | undefined

  constructor(private time = 0) {}

  now(): number {
    return this.time
  }

  /** Moves time forward without a sleep (time spent inside a request, say). */
  advance(ms: number): void {
    this.time += ms
  }

  /** The sum of all sleeps. */
  slept(): number {
    return this.sleeps.reduce((sum, ms) => sum + ms, 0)
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    // Mirrors systemClock: an already-aborted signal rejects without sleeping.
    if (signal?.aborted) return Promise.reject(new CancelledError())
    this.sleeps.push(ms)
    this.time += ms
    this.onSleep?.(ms)
    if (signal?.aborted) return Promise.reject(new CancelledError())
    return Promise.resolve()
  }
}
