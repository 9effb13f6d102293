// When to poll next. Pure: the time since waiting began in, the next delay out.
//
// The delay is a quarter of the time already waited, kept between the first and
// the longest interval. A short job is therefore noticed within a quarter of its
// length (plus one request), and a long one costs few requests: with the defaults
// (5s → 30s) the delay reaches its cap after two minutes of waiting.

export interface PollSchedule {
  /** The first (and shortest) wait between polls, in ms. */
  firstMs: number
  /** The longest wait between polls, in ms. */
  maxMs: number
}

export const GROWTH = 0.25

/** Milliseconds to wait before the next poll, never past the deadline. */
export function nextPollDelay(schedule: PollSchedule, elapsedMs: number, remainingMs: number): number {
  const grown = Math.max(0, elapsedMs) * GROWTH
  const delay = Math.min(schedule.maxMs, Math.max(schedule.firstMs, grown))
  return Math.max(0, Math.min(delay, remainingMs))
}
