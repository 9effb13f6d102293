// Polls one job until it ends, the timeout passes, or the run is cancelled. Bounded: every
// turn sleeps at least the first interval, and none past the deadline (poll-schedule.ts).

import type { Clock } from '../common/clock.js'
import { CancelledError, DeadlineError } from '../common/run-errors.js'
import { isKnownStatus, isTerminal, type AgentJob } from './job.js'
import { nextPollDelay, type PollSchedule } from './poll-schedule.js'

export type WaitEnd = 'terminal' | 'timeout' | 'cancelled' | 'error'

export interface WaitResult {
  end: WaitEnd
  job?: AgentJob
  /** GET requests that returned a job. */
  polls: number
  error?: unknown
}

/**
 * After a follow-up message the service may still show the previous turn's end (it has no
 * turn counter nor updatedAt): a terminal status ends the wait only once the job was seen in
 * progress, something in it changed, or this many first intervals passed (15 s by default).
 */
export const SETTLE_POLLS = 3

export function settleWindowMs(schedule: PollSchedule): number {
  return SETTLE_POLLS * schedule.firstMs
}

export interface WaitOptions {
  /** Fetches the job once (retries included). */
  poll: () => Promise<AgentJob>
  /** The job as the create or message call returned it; without one, poll at once. */
  initial?: AgentJob
  schedule: PollSchedule
  /** When waiting began (the schedule grows from here). */
  startedAt: number
  deadline: number
  clock: Clock
  signal?: AbortSignal
  /** On a status other than the last one seen (and on the first job). */
  onStatus?: (job: AgentJob, previous: string | undefined) => void
  onPoll?: (job: AgentJob, polls: number, nextDelayMs: number | undefined) => void
  /** Once, on the first status outside the documented ones. */
  onUnknownStatus?: (status: string) => void
  /** After a follow-up message: how long (from startedAt) an unchanged end is the previous turn's. */
  settleMs?: number
  /** Once, when a terminal status is taken for the previous turn's. */
  onStale?: (job: AgentJob, windowMs: number) => void
}

export async function waitForJob(options: WaitOptions): Promise<WaitResult> {
  const { clock, schedule } = options
  let job: AgentJob | undefined
  let polls = 0
  let warnedUnknown = false

  const settleUntil = options.startedAt + (options.settleMs ?? 0)
  let baseline: string | undefined
  let seenInProgress = false
  let warnedStale = false
  const fingerprint = (seen: AgentJob): string => `${seen.status}\n${seen.prLink ?? ''}`
  // Whether a terminal job ends the wait, or may still be the previous turn's.
  const settled = (seen: AgentJob): boolean => {
    if (options.settleMs === undefined || seenInProgress) return true
    if (baseline !== undefined && fingerprint(seen) !== baseline) return true
    if (clock.now() >= settleUntil) return true
    if (!warnedStale) options.onStale?.(seen, options.settleMs)
    warnedStale = true
    return false
  }

  const see = (next: AgentJob): void => {
    baseline ??= fingerprint(next)
    if (!isTerminal(next.status)) seenInProgress = true
    if (next.status !== job?.status) options.onStatus?.(next, job?.status)
    if (!isKnownStatus(next.status) && !warnedUnknown) options.onUnknownStatus?.(next.status)
    warnedUnknown ||= !isKnownStatus(next.status)
    job = next
  }
  const result = (end: WaitEnd, error?: unknown): WaitResult => ({
    end,
    ...(job ? { job } : {}),
    polls,
    ...(end === 'error' ? { error } : {})
  })

  if (options.initial) {
    see(options.initial)
    if (isTerminal(options.initial.status) && settled(options.initial)) return result('terminal')
  }
  let delay = options.initial ? nextPollDelay(schedule, 0, options.deadline - clock.now()) : 0

  for (;;) {
    // No further poll fits before the deadline: end now rather than sleep to it.
    if (delay === undefined) return result('timeout')
    let current: AgentJob
    try {
      if (delay > 0) await clock.sleep(delay, options.signal)
      if (clock.now() >= options.deadline) return result('timeout')
      current = await options.poll()
    } catch (error) {
      if (error instanceof CancelledError) return result('cancelled')
      if (error instanceof DeadlineError) return result('timeout')
      return result('error', error)
    }
    polls++
    see(current)
    if (isTerminal(current.status) && settled(current)) {
      options.onPoll?.(current, polls, undefined)
      return result('terminal')
    }
    const now = clock.now()
    delay = nextPollDelay(schedule, now - options.startedAt, options.deadline - now)
    // An unsettled answer is looked at again by the window's end at the latest.
    if (isTerminal(current.status) && delay !== undefined) {
      delay = Math.min(delay, Math.max(1, settleUntil - now))
    }
    options.onPoll?.(current, polls, delay)
  }
}
