// When to poll next. Pure: the time since waiting began in, the next delay out.
//
// The delay is a fifth of the time already waited, kept between the first and the
// longest interval. A job is therefore noticed within a fifth of its length (plus
// one request) until the cap, and a long one costs few requests: with the defaults
// (5s → 30s) the delay reaches its cap after two and a half minutes of waiting.
// (A quarter saved one request per job but let a short job's end wait up to 25%
// of its length, which the benchmark's 1 s job measured at the edge of its target.)

export interface PollSchedule {
  /** The first (and shortest) wait between polls, in ms. */
  firstMs: number
  /** The longest wait between polls, in ms. */
  maxMs: number
}

export const GROWTH = 0.2

/** Milliseconds to wait before the next poll, never past the deadline. */
export function nextPollDelay(
  schedule: PollSchedule,
  elapsedMs: number,
  remainingMs: number
): number {
  const grown = Math.max(0, elapsedMs) * GROWTH
  const delay = Math.min(schedule.maxMs, Math.max(schedule.firstMs, grown))
  return Math.max(0, Math.min(delay, remainingMs))
}
