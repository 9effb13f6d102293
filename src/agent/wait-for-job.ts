// Polls one job until it ends, the timeout passes, or the run is cancelled. The loop is bounded:
// every turn sleeps at least the first interval, and none sleeps past the deadline
// (nextPollDelay).

import type { RunClock } from '../common/clock.js'
import { CancelledError, DeadlineError } from '../common/run-errors.js'
import { isKnownStatus, isTerminal, type AgentJob } from './job.js'

export type PollSchedule = { firstMs: number; maxMs: number }

// Each wait is a fifth of the time waited so far, so a job's end is noticed within a fifth of its
// length. A quarter saved a request a job, but let a short job's end wait 25% longer, at the
// benchmark's edge.
export const GROWTH = 0.2

/** The wait before the next poll, or undefined when none fits before the deadline. */
export function nextPollDelay(
  schedule: PollSchedule,
  elapsedMs: number,
  remainingMs: number
): number | undefined {
  const grown = Math.max(0, elapsedMs) * GROWTH
  const delay = Math.min(schedule.maxMs, Math.max(schedule.firstMs, grown))
  // The last poll comes a second (at most the first interval) before the deadline, so its
  // answer can arrive in time.
  const latest = remainingMs - Math.min(1000, schedule.firstMs)
  if (delay <= latest) {
    return delay
  }
  if (latest >= schedule.firstMs) {
    return latest
  }
  return undefined
}

export type WaitEnd = 'terminal' | 'timeout' | 'cancelled' | 'error'

/** `polls`: GET requests that returned a job. */
export type WaitResult = { end: WaitEnd; job?: AgentJob; polls: number; error?: unknown }

// After a follow-up message, the service may still show the previous turn's end: it has neither a
// turn counter nor an updatedAt. So a terminal status ends the wait only once one of these holds:
// the job was seen in progress, something in it changed, or this many first intervals passed
// (15 s by default).
export const SETTLE_POLLS = 3

export const settleWindowMs = (schedule: PollSchedule): number => SETTLE_POLLS * schedule.firstMs

// What the wait saw, told as it happens:
// - status: the status changed (`was`: the one before);
// - poll: a poll answered (`next`: the sleep after it, none after the last);
// - unknown: the first status the service's documentation does not list;
// - stale: the first end held to be the previous turn's.
type Kind = 'status' | 'poll' | 'unknown' | 'stale'
export type WaitEvent = { kind: Kind; job: AgentJob; polls: number; was?: string; next?: number }

export interface WaitOptions {
  poll: () => Promise<AgentJob>
  /** The job as the create or message call returned it; without one, the first poll is at once. */
  initial?: AgentJob
  schedule: PollSchedule
  startedAt?: number
  /** After a follow-up message: how long an unchanged end counts as the previous turn's. */
  settleMs?: number
  on?: (event: WaitEvent) => void
}

export async function waitForJob(
  { clock, deadline, signal }: RunClock,
  options: WaitOptions
): Promise<WaitResult> {
  const { schedule, settleMs, startedAt = clock.now() } = options
  let job: AgentJob | undefined
  let polls = 0
  const told = new Set<Kind>()
  const tell = (kind: Kind, more?: Partial<WaitEvent>): void => {
    told.add(kind)
    options.on?.({ kind, job: job as AgentJob, polls, ...more })
  }
  const settleUntil = startedAt + (settleMs ?? 0)
  // Seen in progress, or changed since first seen: a terminal status is then this turn's.
  let moved = false

  // Takes a job in, and says whether it ends the wait. It does not when the job is still
  // working, or when its end may be the previous turn's.
  const ends = (next: AgentJob): boolean => {
    const was = job
    job = next
    const changed = was !== undefined && (was.status !== next.status || was.prLink !== next.prLink)
    if (!isTerminal(next.status) || changed) {
      moved = true
    }
    if (next.status !== was?.status) {
      tell('status', { was: was?.status })
    }
    if (!isKnownStatus(next.status) && !told.has('unknown')) {
      tell('unknown')
    }
    if (!isTerminal(next.status)) {
      return false
    }
    const settled = settleMs === undefined || moved || clock.now() >= settleUntil
    if (settled) {
      return true
    }
    if (!told.has('stale')) {
      tell('stale')
    }
    return false
  }
  const result = (end: WaitEnd, error?: unknown): WaitResult => ({ end, job, polls, error })

  if (options.initial && ends(options.initial)) {
    return result('terminal')
  }
  let delay = options.initial ? nextPollDelay(schedule, 0, deadline - clock.now()) : 0

  for (;;) {
    // No further poll fits before the deadline: end now rather than sleep to it.
    if (delay === undefined) {
      return result('timeout')
    }
    let current: AgentJob
    try {
      if (delay > 0) {
        await clock.sleep(delay, signal)
      }
      if (clock.now() >= deadline) {
        return result('timeout')
      }
      current = await options.poll()
    } catch (error) {
      if (error instanceof CancelledError) {
        return result('cancelled')
      }
      if (error instanceof DeadlineError) {
        return result('timeout')
      }
      return result('error', error)
    }
    polls++
    const done = ends(current)
    const now = clock.now()
    delay = done ? undefined : nextPollDelay(schedule, now - startedAt, deadline - now)
    // An unsettled answer is looked at again by the window's end at the latest.
    if (delay !== undefined && isTerminal(current.status)) {
      delay = Math.min(delay, Math.max(1, settleUntil - now))
    }
    tell('poll', { next: delay })
    if (done) {
      return result('terminal')
    }
  }
}
