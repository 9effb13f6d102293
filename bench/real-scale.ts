// The same comparison at real scale, computed from the action's own schedule
// (src/agent/wait-for-job.ts) with the default inputs, against a fixed 5 s loop.
// Requests take no time here; on a real network both sides drift alike.

import { nextPollDelay, type PollSchedule } from '../src/agent/wait-for-job.ts'

export const DEFAULT_SCHEDULE: PollSchedule = { firstMs: 5000, maxMs: 30_000 }
export const DEFAULT_TIMEOUT_MS = 30 * 60_000
export const FIXED_LOOP_MS = 5000

export interface Plan {
  end: 'terminal' | 'timeout'
  /** GET requests (the create call comes on top). */
  polls: number
  /** From the job's end to the poll that saw it. */
  lagMs: number
  /** The wait between the last two polls: the longest the lag can be for a job ending then. */
  worstLagMs: number
}

/** The action's polls for a job of `jobMs`, as src/wait-for-job.ts schedules them. */
export function planAction(
  jobMs: number,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  schedule = DEFAULT_SCHEDULE
): Plan {
  let time = 0
  let polls = 0
  let delay = nextPollDelay(schedule, 0, timeoutMs)
  // Bounded: every delay is at least the first interval, and none is left near the deadline.
  for (;;) {
    if (delay === undefined) return { end: 'timeout', polls, lagMs: 0, worstLagMs: 0 }
    time += delay
    polls++
    if (time >= jobMs) return { end: 'terminal', polls, lagMs: time - jobMs, worstLagMs: delay }
    delay = nextPollDelay(schedule, time, timeoutMs - time)
  }
}

export interface LagSpread {
  averageMs: number
  worstMs: number
}

/**
 * The lag for jobs ending anywhere within 30 s (the longest interval) either side of
 * `jobMs`: where exactly a job ends against the polls is chance, so one length
 * alone says little.
 */
export function lagAround(jobMs: number, plan: (jobMs: number) => Plan): LagSpread {
  const lags: number[] = []
  // Midway between tenths of a second, so no end falls exactly on a poll.
  for (let end = jobMs - 29_950; end < jobMs + 30_000; end += 100) lags.push(plan(end).lagMs)
  return {
    averageMs: lags.reduce((sum, lag) => sum + lag, 0) / lags.length,
    worstMs: Math.max(...lags)
  }
}

/** A loop that polls every `intervalMs` after creating the job. */
export function planFixed(jobMs: number, intervalMs = FIXED_LOOP_MS): Plan {
  const polls = Math.max(1, Math.ceil(jobMs / intervalMs))
  return { end: 'terminal', polls, lagMs: polls * intervalMs - jobMs, worstLagMs: intervalMs }
}
