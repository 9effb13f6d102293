// Carries out a plan against the Agent Jobs API: create, follow up (after waiting
// for a busy job), watch, resume or report. The job's owner sees every answer, and the
// outcome comes from it whatever path ends the run. GitHub is reached only through
// the hooks the run passes in (the check run, the pull request's early record).

import * as core from '@actions/core'
import type { AgentJob } from '../../agent/job.js'
import { safeLine } from '../../common/safe-text.js'
import { nextRecord, type PullRequestRecord } from '../../github/pr-record.js'
import { afterBusyWait, type Plan, type RunIdentity } from '../plan/plan.js'
import { describeDecision } from '../plan/plan-words.js'
import type { Ending, Outcome } from './outcome.js'
import { finish, notWaiting, waitUntilIdle, watchJob, type WatchContext } from './watch.js'

export interface ExecuteHooks {
  /** The job is known and working for this run: the check run shows it in progress. */
  jobStarted(jobId: string): Promise<void>
  /** A pull request's job is settled: its record (and a "working" comment) are written now. */
  recordEarly?(record: PullRequestRecord, job: AgentJob, did: string): Promise<void>
  /** A branch's job is settled: its dashboard is written now (`sent`: the prompt reached it). */
  branchSettled?(job: AgentJob, did: string, sent: boolean): Promise<void>
}

export interface ExecuteContext extends WatchContext {
  projectId: string
  run: RunIdentity
  /** The prompt as it is sent (workflow context or command added), built once when needed. */
  promptToSend(plan: Plan): Promise<string>
  hooks: ExecuteHooks
  /** A pull-request run (or a command on a pull request): its record before this run. */
  pullRequest?: { previous: PullRequestRecord | undefined }
  /** A push, scheduled or manual run that keeps one job for its branch. */
  branch?: boolean
  /** Whether a docs pull request was merged or closed; undefined when it cannot tell. */
  docsState?: (link: string) => Promise<'open' | 'merged' | 'closed' | undefined>
}

type Busy = Extract<Plan, { action: 'wait-then-follow-up' }>
type Runnable = Exclude<Plan, { action: 'skip' | 'refuse' }>

export async function execute(ctx: ExecuteContext, plan: Runnable): Promise<Outcome> {
  return new Execution(ctx).run(plan)
}

class Execution {
  /** After waiting for a busy job: the words say so. */
  private busy = false
  /** The text sent to the agent, once it was. */
  private sent: string | undefined

  constructor(private readonly ctx: ExecuteContext) {}

  /** The pull request's record naming `jobId` once this run is done with it (one rule for all flows). */
  private record(jobId: string, sent: boolean): Pick<Outcome, 'record'> {
    const pr = this.ctx.pullRequest
    if (!pr) return {}
    const { projectId, run } = this.ctx
    return { record: nextRecord(pr.previous, { projectId, jobId, ...run, sent }) }
  }

  /** The job is known and settled: its record and dashboard are written now. */
  private async settled(
    record: Pick<Outcome, 'record'>,
    job: AgentJob,
    did: string,
    sent: boolean
  ): Promise<void> {
    if (record.record) await this.ctx.hooks.recordEarly?.(record.record, job, did)
    if (this.ctx.branch) await this.ctx.hooks.branchSettled?.(job, did, sent)
  }

  /** What a pull request's (or branch's) job did, in words: said in the log and the comment. */
  private did(plan: Plan, jobId: string): string {
    const did = describeDecision(plan, jobId, {
      busy: this.busy,
      attempt: this.ctx.run.runAttempt,
      scope: this.ctx.branch ? 'branch' : 'pull request'
    })
    core.info(safeLine(did, 1000))
    return did
  }

  private done(ending: Ending, extra: Pick<Outcome, 'did' | 'record'> = {}): Outcome {
    const outcome = this.ctx.owner.outcome(ending, extra)
    return this.sent === undefined ? outcome : { ...outcome, sent: this.sent }
  }

  /** The prompt as sent; kept for the summary once the call succeeded. */
  private async send<T>(plan: Plan, call: (text: string) => Promise<T>): Promise<T> {
    const text = await this.ctx.promptToSend(plan)
    const result = await call(text)
    this.sent = text
    return result
  }

  async run(plan: Runnable): Promise<Outcome> {
    const { ctx } = this
    switch (plan.action) {
      case 'create':
        return this.create(plan)
      case 'follow-up':
        return this.followUp(plan)
      case 'wait-then-follow-up':
        return this.waitThenFollowUp(plan)
      case 'watch': {
        ctx.owner.named(plan.jobId, plan.how)
        await ctx.hooks.jobStarted(plan.jobId)
        const record = this.record(plan.jobId, false)
        if (plan.job) return this.done(await finish(ctx, plan.job, false), record)
        if (ctx.settings.wait) return this.done(await watchJob(ctx, plan.jobId), record)
        let job: AgentJob
        try {
          job = await ctx.calls.read(plan.jobId)
        } catch (error) {
          return this.done(ctx.calls.failure(error, 'get', plan.jobId), record)
        }
        return this.done(notWaiting(ctx, job), record)
      }
      case 'resume':
      case 'report': {
        const did = this.did(plan, plan.jobId)
        ctx.owner.named(plan.jobId, plan.action === 'resume' ? 'Resuming' : 'Reporting')
        const record = this.record(plan.jobId, false)
        if (plan.action === 'resume') {
          await ctx.hooks.jobStarted(plan.jobId)
          await this.settled(record, plan.job, did, false)
        }
        return this.done(await finish(ctx, plan.job, false), { ...record, did })
      }
      case 'nothing-new':
        return this.nothingNew(plan)
      case 'decline':
        return this.done(
          { conclusion: 'warned', message: plan.message },
          this.record(plan.jobId, false)
        )
    }
  }

  /** Nothing is sent; the branch's job is described as it is (one read). */
  private async nothingNew(plan: Extract<Plan, { action: 'nothing-new' }>): Promise<Outcome> {
    const { ctx } = this
    const message = describeDecision(plan, plan.jobId ?? '')
    if (plan.jobId) {
      ctx.owner.named(plan.jobId, 'Reporting')
      try {
        // Read once already, to decide; read here only when it was not.
        ctx.owner.seen(plan.job ?? (await ctx.calls.read(plan.jobId)))
      } catch (error) {
        core.warning(
          safeLine(
            `Could not read job ${plan.jobId}: ${ctx.calls.failure(error, 'get', plan.jobId).message}`,
            2000
          )
        )
      }
    }
    return { ...this.done({ conclusion: 'succeeded', message }, { did: message }), skipped: true }
  }

  private async create(plan: Extract<Plan, { action: 'create' }>): Promise<Outcome> {
    const { ctx } = this
    let job: AgentJob
    try {
      job = await this.send(plan, (text) => ctx.calls.create(text))
    } catch (error) {
      return this.done(ctx.calls.failure(error, 'create'))
    }
    ctx.owner.created(job)
    await ctx.hooks.jobStarted(job.id)
    if (!ctx.pullRequest && !ctx.branch) return this.done(await finish(ctx, job, false))
    const did = this.did(plan, job.id)
    const record = this.record(job.id, false)
    await this.settled(record, job, did, true)
    return this.done(await finish(ctx, job, false), { ...record, did })
  }

  private async followUp(plan: Extract<Plan, { action: 'follow-up' }>): Promise<Outcome> {
    const { ctx } = this
    if (plan.via === 'job-id') ctx.owner.named(plan.jobId, 'Sending a message to')
    let job: AgentJob
    try {
      job = await this.send(plan, (text) => ctx.calls.message(plan.jobId, text))
    } catch (error) {
      return this.done(ctx.calls.failure(error, 'message', plan.jobId))
    }
    ctx.owner.named(job.id, plan.via === 'record' ? 'Sent the follow-up to' : 'Sent the message to')
    await ctx.hooks.jobStarted(job.id)
    const record = this.record(job.id, true)
    if (plan.via !== 'record') return this.done(await finish(ctx, job, true), record)
    const did = this.did(plan, job.id)
    await this.settled(record, job, did, true)
    return this.done(await finish(ctx, job, true), { ...record, did })
  }

  /** Nothing may be sent into a working job (even with wait: false): wait, then decide again. */
  private async waitThenFollowUp(plan: Busy): Promise<Outcome> {
    const { ctx } = this
    const opener = plan.via === 'docs-opener'
    if (opener) ctx.owner.named(plan.jobId, 'Sending the command to')
    else {
      ctx.owner.named(plan.jobId, 'Waiting for busy')
      await ctx.hooks.jobStarted(plan.jobId)
    }
    const waited = await waitUntilIdle(ctx, plan.jobId, plan.job)
    if ('ending' in waited) {
      // Timed out, cancelled or unreachable: nothing was sent, the record stays as it was.
      const previous = ctx.pullRequest?.previous
      return this.done(waited.ending, {
        ...(opener ? this.record(plan.jobId, false) : previous ? { record: previous } : {}),
        did: `Waited for job ${plan.jobId}, which was still working on an earlier prompt; this ${opener ? 'command' : "run's prompt"} was not sent.`
      })
    }
    this.busy = !opener
    // Decided again with what the wait found: the job, and its docs pull request now.
    const idle = 'gone' in waited ? 'gone' : waited.idle
    const link = idle === 'gone' || idle.status === 'active' ? null : idle.prLink
    const docs = link && !opener ? await ctx.docsState?.(link) : undefined
    const next = afterBusyWait(plan, idle, docs)
    if (
      next.action === 'wait-then-follow-up' ||
      next.action === 'skip' ||
      next.action === 'refuse'
    ) {
      throw new Error(`Unexpected plan after waiting: ${next.action}`)
    }
    return this.run(next)
  }
}
