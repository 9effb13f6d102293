// When to poll next: a fifth of the time already waited, between the first and the longest
// interval, so a job's end is noticed within a fifth of its length. (A quarter saved a request
// a job but let a short job's end wait 25% of its length, at the edge of the benchmark's target.)

export interface PollSchedule {
  firstMs: number
  maxMs: number
}

export const GROWTH = 0.2

/** The last poll comes this long before the deadline (at most), so its answer can arrive in time. */
export const LAST_POLL_LEAD_MS = 1000

/**
 * The wait before the next poll, or undefined when none fits before the deadline (the wait
 * then ends at once). A poll that would come too close to the deadline is made just before
 * it instead, if that is at least the first interval away.
 */
export function nextPollDelay(
  schedule: PollSchedule,
  elapsedMs: number,
  remainingMs: number
): number | undefined {
  const grown = Math.max(0, elapsedMs) * GROWTH
  const delay = Math.min(schedule.maxMs, Math.max(schedule.firstMs, grown))
  // Never more than the first interval, so a short timeout keeps most of its time.
  const latest = remainingMs - Math.min(LAST_POLL_LEAD_MS, schedule.firstMs)
  if (delay <= latest) return delay
  return latest >= schedule.firstMs ? latest : undefined
}
