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

/** The last poll comes this long before the deadline (at most), so its answer can arrive in time. */
export const LAST_POLL_LEAD_MS = 1000

/**
 * Milliseconds to wait before the next poll, or undefined when no further poll fits
 * before the deadline: then the wait ends at once, rather than sleeping to the
 * deadline for nothing. When the schedule's next poll would come too close to the
 * deadline (or after it), one last poll is made just before it instead, provided that
 * is still at least the first interval away: polls never come closer together than that.
 */
export function nextPollDelay(
  schedule: PollSchedule,
  elapsedMs: number,
  remainingMs: number
): number | undefined {
  const grown = Math.max(0, elapsedMs) * GROWTH
  const delay = Math.min(schedule.maxMs, Math.max(schedule.firstMs, grown))
  // Never more than the first interval, so a short timeout keeps most of its time.
  const lead = Math.min(LAST_POLL_LEAD_MS, schedule.firstMs)
  const latest = remainingMs - lead
  if (delay <= latest) return delay
  return latest >= schedule.firstMs ? latest : undefined
}
