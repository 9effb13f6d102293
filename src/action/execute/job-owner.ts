// The run's job: its one owner (only it builds the outcome, so no publisher can disagree with
// the log), the wait, and how the step ends from the way it ended.

import * as core from '@actions/core'
import { describeError, isNotFound, type ErrorContext } from '../../agent/http-errors.js'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { settleWindowMs, waitForJob } from '../../agent/wait-for-job.js'
import type { WaitEnd, WaitResult } from '../../agent/wait-for-job.js'
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

  /** `announce` tells the runner at once (the log line, `job-id`, `created`), lest the run die later. */
  constructor(
    private readonly announce: (id: string, how: Naming) => void,
    private readonly ctx: RunContext
  ) {}

  named(id: string, how: Naming): void {
    if (this.id === id) return
    this.id = id
    if (how === 'created') this.createdHere = true
    this.announce(id, how)
  }

  /** `turnPending`: the answer to a message not waited on. */
  seen(job: AgentJob, turnPending = false): void {
    this.named(job.id, 'following')
    this.last = job
    this.turnPending = turnPending
  }

  // After a message not waited on, the answer may still show the previous turn's end (the
  // service has no turn counter): the job is reported as working, unless it already failed.
  reportedJob(): AgentJob | undefined {
    const job = this.last
    if (job && this.turnPending && job.status !== 'failed') return { ...job, status: 'active' }
    return job
  }

  private logStatus(job: AgentJob, previous?: string): void {
    const change = `${previous === undefined ? '' : `${safeLine(previous)} → `}${safeLine(job.status)}`
    const pr = job.prLink ? `; pull request ${safeLine(job.prLink)}` : ''
    const after = formatDuration(this.ctx.clock.now() - this.ctx.startedAt)
    core.info(`Job ${safeLine(job.id)}: ${change} (after ${after}${pr})`)
  }

  // Polls the job to its end (or the timeout): how the step ends (`gone`: a 404 ended it).
  // `afterMessage`: hold a terminal status that may be the previous turn's.
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
        on: ({ kind, job, polls, was, next }) => {
          this.seen(job)
          if (kind === 'status') this.logStatus(job, was)
          else if (kind === 'unknown') {
            const why = 'which this action does not know; it is treated as still running.'
            core.warning(safeLine(`Job ${jobId} reports status '${job.status}', ${why}`, 2000))
          } else if (kind === 'stale') {
            core.info(
              `Job ${id} still shows '${safeLine(job.status)}' from before the message; it counts as the end once the job has been seen working or after ${formatDuration(settleWindowMs(schedule))} without change.`
            )
          } else if (ctx.host.env.RUNNER_DEBUG === '1') {
            const then =
              next !== undefined
                ? `next poll in ${formatDuration(next)}`
                : isTerminal(job.status)
                  ? 'done'
                  : 'no further poll fits before the timeout'
            core.debug(`Poll ${polls}: job ${safeLine(job.id)} is ${safeLine(job.status)}; ${then}`)
          }
        }
      })
    )
    this.polls += result.polls
    this.waitEnd = result.end
    const ending = endingFor(result, settings.requirePr, ctx.calls.context('get', jobId), timeout)
    return { ending, gone: result.end === 'error' && isNotFound(result.error) }
  }

  // Watches the job, or (wait: false) reports it as the last call returned it (read now when
  // no call did): the step succeeds, unless that answer says the job failed.
  async finish(jobId: string, initial?: AgentJob, afterMessage = false): Promise<Ending> {
    const { ctx } = this
    if (ctx.settings.wait) return (await this.watch(jobId, initial, afterMessage)).ending
    this.seen(initial ?? (await ctx.calls.read(jobId)), afterMessage)
    const job = this.reportedJob() as AgentJob
    this.logStatus(job)
    if (job.status === 'failed')
      return endingFor({ end: 'terminal', job, polls: 0 }, false, ctx.calls.context('get', job.id))
    return {
      conclusion: 'succeeded',
      message: afterMessage
        ? `Not waiting (wait: false): the message was sent to job ${job.id}, which works on it now.`
        : `Not waiting (wait: false): job ${job.id} is ${job.status}.`
    }
  }

  /** The outcome; a cancelled run fails, whatever the job did, and says which signal came. */
  outcome(ending: Ending, extra: Pick<Outcome, 'did' | 'record' | 'skipped'> = {}): Outcome {
    const cancelled = this.ctx.cancelled()
    if (cancelled && ending.conclusion !== 'failed')
      ending = { conclusion: 'failed', message: `Cancelled (${cancelled}). ${ending.message}` }
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
  const resume = `It keeps running on ${context.host} (project ${context.projectId}); to follow it later, run this action with job-id: ${id}.`
  const failed = (message: string): Ending => ({ conclusion: 'failed', message })
  const stopped = {
    cancelled: `Cancelled while waiting for job ${id} ${last}. The service has no cancel endpoint: ${resume}`,
    timeout: `Timed out after ${timeout} waiting for job ${id} ${last}. ${resume} Raise the timeout input if jobs take longer.`,
    // A job the service does not know is not running anywhere.
    error: `Stopped waiting for job ${id} ${last}: ${describeError(result.error, context)}${isNotFound(result.error) ? '' : ` ${resume}`}`
  }
  if (result.end !== 'terminal') return failed(stopped[result.end])
  if (job?.status === 'failed')
    return failed(`Job ${id} failed: the agent hit an unrecoverable error.`)
  if (job?.status === 'archived')
    return { conclusion: 'warned', message: `Job ${id} was archived before it completed.` }
  if (job?.prLink) return { conclusion: 'succeeded', message: `Job ${id} completed: ${job.prLink}` }
  const message = `Job ${id} completed without a pull request (the agent changed no files).`
  return requirePr ? failed(`${message} require-pr is true.`) : { conclusion: 'succeeded', message }
}
