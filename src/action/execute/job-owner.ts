// The run's job has one owner. Only the owner builds the outcome, so no publisher can disagree
// with the log. The owner also waits for the job, and decides how the step ends from the way
// the job ended.

import * as core from '@actions/core'
import { describeError, isNotFound, type ErrorContext } from '../../agent/http-errors.js'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { settleWindowMs, waitForJob } from '../../agent/wait-for-job.js'
import type { PollSchedule, WaitEnd, WaitEvent, WaitResult } from '../../agent/wait-for-job.js'
import type { PullRequestRecord } from '../../github/pr-record.js'
import type { Naming } from '../plan/words.js'
import { formatDuration } from '../../common/duration.js'
import { safeLine } from '../../common/safe-text.js'
import type { RunContext } from '../shell/context.js'

export interface Ending {
  conclusion: 'succeeded' | 'warned' | 'failed'
  /** May hold server text (made safe where shown). */
  message: string
}

/** How a run ended, as every publisher reads it, whatever path ended the run. */
export interface Outcome {
  /** A cancelled run fails, whatever the job did. */
  ending: Ending
  /** The job's id, once named (created, found or given); undefined when none was. */
  jobId: string | undefined
  /** The job as last read (reported as working while a message's answer may be the last turn's). */
  job: AgentJob | undefined
  /** This run created the job. */
  created: boolean
  polls: number
  /** How the wait ended, when the run waited. */
  waitEnd: WaitEnd | undefined
  /** What the run did, in the summary's words. */
  did?: string
  /** The pull request's record once the job is settled; nothing is written without it. */
  record?: PullRequestRecord
  /** Nothing new to send: the job was only reported (the `skipped` output). */
  skipped?: boolean
  /** The text sent to the job, once sent. */
  sent: string | undefined
  /** The signal that cancelled the run, if one came. */
  cancelled: NodeJS.Signals | undefined
}

export class JobOwner {
  private id: string | undefined
  private last: AgentJob | undefined
  private createdHere = false
  private polls = 0
  private waitEnd: WaitEnd | undefined
  /** The text sent to the job, once sent (the outcome's `sent`). */
  text: string | undefined
  /** A message was sent and not waited on: the answer may still be the previous turn's. */
  private turnPending = false

  /**
   * `announce` tells the runner at once (the log line, `job-id`, `created`), so the job is known
   * even if the run dies later.
   */
  constructor(
    private readonly announce: (id: string, how: Naming) => void,
    private readonly ctx: RunContext
  ) {}

  named(id: string, how: Naming): void {
    if (this.id === id) {
      return
    }
    this.id = id
    if (how === 'created') {
      this.createdHere = true
    }
    this.announce(id, how)
  }

  /** `turnPending`: the answer to a message not waited on. */
  seen(job: AgentJob, turnPending = false): void {
    this.named(job.id, 'following')
    this.last = job
    this.turnPending = turnPending
  }

  // After a message not waited on, the answer may still show the previous turn's end, because
  // the service has no turn counter. The job is reported as working then, unless it failed.
  reportedJob(): AgentJob | undefined {
    const job = this.last
    if (job && this.turnPending && job.status !== 'failed') {
      return { ...job, status: 'active' }
    }
    return job
  }

  private logStatus(job: AgentJob, previous?: string): void {
    const from = previous === undefined ? '' : `${safeLine(previous)} → `
    const change = `${from}${safeLine(job.status)}`
    const pr = job.prLink ? `; pull request ${safeLine(job.prLink)}` : ''
    const after = formatDuration(this.ctx.clock.now() - this.ctx.startedAt)
    core.info(`Job ${safeLine(job.id)}: ${change} (after ${after}${pr})`)
  }

  // Polls the job to its end, or to the timeout, and says how the step ends. `gone`: a 404 ended
  // the wait. `afterMessage`: a terminal status may be the previous turn's, so it is held a while.
  async watch(
    jobId: string,
    initial?: AgentJob,
    afterMessage = false
  ): Promise<{ ending: Ending; gone: boolean }> {
    const { ctx } = this
    const { settings } = ctx
    const timeout = formatDuration(settings.timeoutMs)
    const schedule = { firstMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs }
    const id = safeLine(jobId)
    const result = await core.group(`Waiting for job ${id} (timeout ${timeout})`, () =>
      waitForJob(ctx, {
        poll: () => ctx.calls.read(jobId),
        initial,
        schedule,
        settleMs: afterMessage ? settleWindowMs(schedule) : undefined,
        on: (event) => {
          this.seen(event.job)
          this.logEvent(event, jobId, schedule)
        }
      })
    )
    this.polls += result.polls
    this.waitEnd = result.end
    const ending = endingFor(result, settings.requirePr, ctx.calls.context('get', jobId), timeout)
    const gone = result.end === 'error' && isNotFound(result.error)
    return { ending, gone }
  }

  /** What the wait saw, in the log: a status change, an unknown status, a held end, a poll. */
  private logEvent(event: WaitEvent, jobId: string, schedule: PollSchedule): void {
    const { kind, job, polls, was, next } = event
    if (kind === 'status') {
      this.logStatus(job, was)
      return
    }
    if (kind === 'unknown') {
      const why = 'which this action does not know; it is treated as still running.'
      core.warning(safeLine(`Job ${jobId} reports status '${job.status}', ${why}`, 2000))
      return
    }
    if (kind === 'stale') {
      const window = formatDuration(settleWindowMs(schedule))
      core.info(
        `Job ${safeLine(jobId)} still shows '${safeLine(job.status)}' from before the message; ` +
          `it counts as the end once the job has been seen working or after ${window} without change.`
      )
      return
    }
    // The run's environment, not the process's: RUNNER_DEBUG as the runner set it for this step.
    if (this.ctx.host.env.RUNNER_DEBUG !== '1') {
      return
    }
    let then = 'no further poll fits before the timeout'
    if (next !== undefined) {
      then = `next poll in ${formatDuration(next)}`
    } else if (isTerminal(job.status)) {
      then = 'done'
    }
    core.debug(`Poll ${polls}: job ${safeLine(job.id)} is ${safeLine(job.status)}; ${then}`)
  }

  // Watches the job, or (with wait: false) reports it as the last call returned it; it is read
  // now when no call did. The step succeeds then, unless that answer says the job failed.
  async finish(jobId: string, initial?: AgentJob, afterMessage = false): Promise<Ending> {
    const { ctx } = this
    if (ctx.settings.wait) {
      const watched = await this.watch(jobId, initial, afterMessage)
      return watched.ending
    }
    this.seen(initial ?? (await ctx.calls.read(jobId)), afterMessage)
    const job = this.reportedJob() as AgentJob
    this.logStatus(job)
    if (job.status === 'failed') {
      const failed: WaitResult = { end: 'terminal', job, polls: 0 }
      return endingFor(failed, false, ctx.calls.context('get', job.id))
    }
    const message = afterMessage
      ? `Not waiting (wait: false): the message was sent to job ${job.id}, which works on it now.`
      : `Not waiting (wait: false): job ${job.id} is ${job.status}.`
    return { conclusion: 'succeeded', message }
  }

  /** The outcome; a cancelled run fails, whatever the job did, and says which signal came. */
  outcome(ending: Ending, extra: Pick<Outcome, 'did' | 'record' | 'skipped'> = {}): Outcome {
    const cancelled = this.ctx.cancelled()
    if (cancelled && ending.conclusion !== 'failed') {
      ending = { conclusion: 'failed', message: `Cancelled (${cancelled}). ${ending.message}` }
    }
    return {
      ending,
      jobId: this.id,
      job: this.reportedJob(),
      created: this.createdHere,
      polls: this.polls,
      waitEnd: this.waitEnd,
      ...extra,
      sent: this.text,
      cancelled
    }
  }
}

export function endingFor(
  result: WaitResult,
  requirePr: boolean,
  context: ErrorContext,
  /** The time-out as the timeout input said it; read only when the wait timed out. */
  timeout = ''
): Ending {
  const { job } = result
  const id = job?.id ?? context.jobId ?? ''
  const last = `(last status: ${job?.status ?? 'unknown'})`
  const resume =
    `It keeps running on ${context.host} (project ${context.projectId}); ` +
    `to follow it later, run this action with job-id: ${id}.`
  const failed = (message: string): Ending => ({ conclusion: 'failed', message })
  if (result.end !== 'terminal') {
    return failed(stoppedWaiting(result, `job ${id} ${last}`, resume, context, timeout))
  }
  if (job?.status === 'failed') {
    return failed(`Job ${id} failed: the agent hit an unrecoverable error.`)
  }
  if (job?.status === 'archived') {
    return { conclusion: 'warned', message: `Job ${id} was archived before it completed.` }
  }
  if (job?.prLink) {
    return { conclusion: 'succeeded', message: `Job ${id} completed: ${job.prLink}` }
  }
  const message = `Job ${id} completed without a pull request (the agent changed no files).`
  if (requirePr) {
    return failed(`${message} require-pr is true.`)
  }
  return { conclusion: 'succeeded', message }
}

/** Why the wait stopped before the job ended; `job` names it with its last status. */
function stoppedWaiting(
  result: WaitResult,
  job: string,
  resume: string,
  context: ErrorContext,
  timeout: string
): string {
  switch (result.end) {
    case 'cancelled':
      return `Cancelled while waiting for ${job}. The service has no cancel endpoint: ${resume}`
    case 'timeout':
      return (
        `Timed out after ${timeout} waiting for ${job}. ${resume} ` +
        'Raise the timeout input if jobs take longer.'
      )
    default: {
      // A job the service does not know is not running anywhere.
      const stillRunning = isNotFound(result.error) ? '' : ` ${resume}`
      return `Stopped waiting for ${job}: ${describeError(result.error, context)}${stillRunning}`
    }
  }
}
