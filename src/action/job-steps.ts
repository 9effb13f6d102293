// The calls a run is made of, each reporting what it learns at once: create a job,
// send it a message, read it, and watch it to its end.

import * as core from '@actions/core'
import { isTerminal, type AgentJob } from '../agent/job.js'
import { settleWindowMs, waitForJob } from '../agent/wait-for-job.js'
import { formatDuration } from '../common/duration.js'
import { safeLine } from '../common/safe-text.js'
import { withWorkflowContext } from '../github/context-block.js'
import { endingFor } from './ending.js'
import type { Ending } from './report.js'
import type { Outcome, Session } from './session.js'

/** The prompt as sent: the user's, unchanged, then the context block when asked for. */
export async function promptToSend(session: Session, prompt: string): Promise<string> {
  const { settings } = session
  if (!settings.includeContext) return prompt
  return withWorkflowContext(prompt, {
    env: session.env,
    token: settings.githubToken,
    userAgent: session.userAgent,
    signal: session.signal,
    budgetMs: session.deadline - session.clock.now()
  })
}

/** check-run: in progress with the job id, as soon as it is known. */
export async function jobStarted(session: Session, jobId: string): Promise<void> {
  const left = session.deadline - session.clock.now()
  if (session.checkRun && left > 0) await session.checkRun.start(jobId, left)
}

export async function createJob(session: Session, prompt: string): Promise<AgentJob> {
  const sent = await promptToSend(session, prompt)
  const job = await session.retried('write', () => session.api.createJob(sent, session.call))
  session.report.jobCreated()
  session.report.jobIdKnown(job.id, 'Created')
  await jobStarted(session, job.id)
  return job
}

export async function sendFollowUp(
  session: Session,
  jobId: string,
  prompt: string,
  how = 'Sent the message to'
): Promise<AgentJob> {
  const sent = await promptToSend(session, prompt)
  const job = await session.retried('write', () =>
    session.api.sendMessage(jobId, sent, session.call)
  )
  session.report.jobIdKnown(job.id, how)
  await jobStarted(session, job.id)
  return job
}

export function readJob(session: Session, jobId: string): Promise<AgentJob> {
  return session.retried('read', () => session.api.getJob(jobId, session.call))
}

export interface WatchOptions {
  /** The job as the last call returned it; without one, poll at once. */
  initial?: AgentJob
  /** After a follow-up message: hold a terminal status that may be the previous turn's. */
  afterMessage?: boolean
}

/** Polls the job to its end (or the timeout), and says how the step ends. */
export async function watchJob(
  session: Session,
  jobId: string,
  options: WatchOptions = {}
): Promise<Outcome> {
  const { settings, report, clock } = session
  const timeout = formatDuration(settings.timeoutMs)
  const schedule = { firstMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs }
  const result = await core.group(`Waiting for job ${safeLine(jobId)} (timeout ${timeout})`, () =>
    waitForJob({
      poll: () => readJob(session, jobId),
      ...(options.initial ? { initial: options.initial } : {}),
      schedule,
      startedAt: clock.now(),
      deadline: session.deadline,
      clock,
      signal: session.signal,
      ...(options.afterMessage ? { settleMs: settleWindowMs(schedule) } : {}),
      onStatus: (job, previous) => report.statusChanged(job, previous),
      onPoll: (job, polls, next) => report.polled(job, polls, next),
      onUnknownStatus: (status) =>
        report.warn(
          `Job ${jobId} reports status '${status}', which this action does not know; it is treated as still running.`
        ),
      onStale: (job, windowMs) =>
        core.info(
          `Job ${safeLine(jobId)} still shows '${safeLine(job.status)}' from before the message; it counts as the end once the job has been seen working or after ${formatDuration(windowMs)} without change.`
        )
    })
  )
  const job = result.job ?? options.initial
  const ending = endingFor(
    result,
    settings.requirePr,
    { ...session.context, endpoint: 'get', jobId },
    timeout
  )
  return { ending, waitEnd: result.end, ...(job ? { job } : {}) }
}

/**
 * Waits, even with wait: false, for a job that is working on an earlier prompt to end:
 * nothing may be sent into a working job. The job as it ended, or, when the wait did
 * not see it end (timeout, cancelled, unreachable), how the step ends.
 */
export async function waitUntilIdle(
  session: Session,
  jobId: string,
  initial?: AgentJob
): Promise<{ idle: AgentJob } | { outcome: Outcome }> {
  if (initial && isTerminal(initial.status)) return { idle: initial }
  core.info(
    `Job ${safeLine(jobId)} is still working on an earlier prompt; waiting for it to end before sending this one.`
  )
  const waited = await watchJob(session, jobId, initial ? { initial } : {})
  if (waited.job && isTerminal(waited.job.status)) return { idle: waited.job }
  return { outcome: waited }
}

/**
 * wait: false: the job as the last call returned it. The step succeeds, unless that
 * one answer already says the job failed: then it fails as it would when waiting.
 * After a message the answer may still be the previous turn's (the service has no
 * turn counter), so the job is reported as working on it, not as that turn's end.
 */
export function notWaiting(
  session: Session,
  answer: AgentJob | undefined,
  afterMessage = false
): Outcome {
  const job =
    answer && afterMessage && answer.status !== 'failed' ? { ...answer, status: 'active' } : answer
  if (job) session.report.statusChanged(job, undefined)
  const ending: Ending =
    job?.status === 'failed'
      ? endingFor(
          { end: 'terminal', job, polls: 0 },
          session.settings.requirePr,
          { ...session.context, endpoint: 'get', jobId: job.id },
          formatDuration(session.settings.timeoutMs)
        )
      : {
          conclusion: 'succeeded',
          message: afterMessage
            ? `Not waiting (wait: false): the message was sent to job ${job?.id ?? ''}, which works on it now.`
            : `Not waiting (wait: false): job ${job?.id ?? ''} is ${job?.status ?? 'unknown'}.`
        }
  return { ending, ...(job ? { job } : {}) }
}
