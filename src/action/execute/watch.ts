// Waiting on the run's job: to its end (or the timeout), until it is idle before a
// message, or not at all (wait: false). Every answer goes to the job's owner.

import * as core from '@actions/core'
import { isNotFound } from '../../agent/http-errors.js'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { settleWindowMs, waitForJob } from '../../agent/wait-for-job.js'
import type { Clock } from '../../common/clock.js'
import { formatDuration } from '../../common/duration.js'
import { safeLine } from '../../common/safe-text.js'
import type { Settings } from '../shell/inputs.js'
import { endingFor } from './ending.js'
import type { JobCalls } from './job-calls.js'
import type { JobOwner } from './job-owner.js'
import type { Ending } from './outcome.js'
import { logPoll, logStatus, warnLine } from './progress-log.js'

export interface WatchContext {
  settings: Pick<
    Settings,
    'wait' | 'requirePr' | 'timeoutMs' | 'pollIntervalMs' | 'maxPollIntervalMs'
  >
  calls: JobCalls
  owner: JobOwner
  clock: Clock
  /** When the run started (log lines say how long since). */
  startedAt: number
  deadline: number
  signal: AbortSignal
}

export interface WatchOptions {
  /** The job as the last call returned it; without one, poll at once. */
  initial?: AgentJob
  /** After a follow-up message: hold a terminal status that may be the previous turn's. */
  afterMessage?: boolean
  /** Told when the wait ended because the service no longer knows the job (404). */
  onGone?: () => void
}

/** Polls the job to its end (or the timeout), and says how the step ends. */
export async function watchJob(
  ctx: WatchContext,
  jobId: string,
  options: WatchOptions = {}
): Promise<Ending> {
  const { settings, clock } = ctx
  const timeout = formatDuration(settings.timeoutMs)
  const schedule = { firstMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs }
  const result = await core.group(`Waiting for job ${safeLine(jobId)} (timeout ${timeout})`, () =>
    waitForJob({
      poll: () => ctx.calls.read(jobId),
      ...(options.initial ? { initial: options.initial } : {}),
      schedule,
      startedAt: clock.now(),
      deadline: ctx.deadline,
      clock,
      signal: ctx.signal,
      ...(options.afterMessage ? { settleMs: settleWindowMs(schedule) } : {}),
      onStatus: (job, previous) => {
        ctx.owner.seen(job)
        logStatus(job, previous, clock.now() - ctx.startedAt)
      },
      onPoll: (job, polls, next) => logPoll(job, polls, next),
      onUnknownStatus: (status) =>
        warnLine(
          `Job ${jobId} reports status '${status}', which this action does not know; it is treated as still running.`
        ),
      onStale: (job, windowMs) =>
        core.info(
          `Job ${safeLine(jobId)} still shows '${safeLine(job.status)}' from before the message; it counts as the end once the job has been seen working or after ${formatDuration(windowMs)} without change.`
        )
    })
  )
  if (result.end === 'error' && isNotFound(result.error)) options.onGone?.()
  const final = result.job ?? options.initial
  ctx.owner.waited(final ? { ...result, job: final } : result)
  return endingFor(
    { ...result, ...(final ? { job: final } : {}) },
    settings.requirePr,
    ctx.calls.context('get', jobId),
    timeout
  )
}

/**
 * Waits, even with wait: false, for a job that is working on an earlier prompt to end:
 * nothing may be sent into a working job. The job as it ended, or, when the wait did
 * not see it end (timeout, cancelled, unreachable), how the step ends.
 */
export async function waitUntilIdle(
  ctx: WatchContext,
  jobId: string,
  initial?: AgentJob
): Promise<{ idle: AgentJob } | { gone: true } | { ending: Ending }> {
  if (initial && isTerminal(initial.status)) {
    ctx.owner.seen(initial)
    return { idle: initial }
  }
  core.info(
    `Job ${safeLine(jobId)} is still working on an earlier prompt; waiting for it to end before sending this one.`
  )
  const found = { gone: false }
  const onGone = (): void => {
    found.gone = true
  }
  const ending = await watchJob(ctx, jobId, { ...(initial ? { initial } : {}), onGone })
  // Deleted while it worked: as a job that ended, not a failed step.
  if (found.gone) return { gone: true }
  const job = ctx.owner.reportedJob()
  if (job && isTerminal(job.status)) return { idle: job }
  return { ending }
}

/**
 * wait: false: the job as the last call returned it. The step succeeds, unless that
 * one answer already says the job failed: then it fails as it would when waiting.
 */
export function notWaiting(ctx: WatchContext, answer: AgentJob, afterMessage = false): Ending {
  if (afterMessage) ctx.owner.messageNotWaitedOn(answer)
  else ctx.owner.seen(answer)
  const job = ctx.owner.reportedJob() ?? answer
  logStatus(job, undefined, ctx.clock.now() - ctx.startedAt)
  if (job.status === 'failed') {
    return endingFor(
      { end: 'terminal', job, polls: 0 },
      ctx.settings.requirePr,
      ctx.calls.context('get', job.id),
      formatDuration(ctx.settings.timeoutMs)
    )
  }
  return {
    conclusion: 'succeeded',
    message: afterMessage
      ? `Not waiting (wait: false): the message was sent to job ${job.id}, which works on it now.`
      : `Not waiting (wait: false): job ${job.id} is ${job.status}.`
  }
}

/** Watches the job, or (wait: false) reports it as the last call returned it. */
export function finish(ctx: WatchContext, job: AgentJob, afterMessage: boolean): Promise<Ending> {
  if (ctx.settings.wait) return watchJob(ctx, job.id, { initial: job, afterMessage })
  return Promise.resolve(notWaiting(ctx, job, afterMessage))
}
