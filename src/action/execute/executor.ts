// Carries out a plan against the Agent Jobs API: create, follow up, watch, resume or
// report, or wait for a busy job (the run then plans again). The job's owner sees
// every answer and builds the outcome; GitHub is told only through `progress`.

import * as core from '@actions/core'
import type { AgentJob } from '../../agent/job.js'
import { safeLine } from '../../common/safe-text.js'
import { nextRecord, type PullRequestRecord } from '../../github/pr-record.js'
import type { Plan, RunIdentity } from '../plan/plan.js'
import { describeDecision, notSentAfterWait } from '../plan/words.js'
import type { RunContext } from '../shell/context.js'
import type { JobOwner } from './job-owner.js'
import type { Ending, Outcome } from './outcome.js'
import { finish, notWaiting, waitUntilIdle, watchJob } from './watch.js'

/** What the run shows while it works: the check run in progress, the early record. */
export interface Progress {
  started(jobId: string): Promise<void>
  /** The job is settled: its pull request's record (and comment) or its dashboard now. */
  settled(job: AgentJob, did: string, sent: boolean, record?: PullRequestRecord): Promise<void>
}

/** The run's job, besides its context: who owns it, how the run shows it, what it sends. */
export interface JobRun {
  owner: JobOwner
  progress: Progress
  identity: RunIdentity
  /** The prompt as it is sent for a plan (built once, when first asked for). */
  prompt(plan: Plan): Promise<string>
  /** A pull request's run: its record before this run. */
  pullRequest?: { previous: PullRequestRecord | undefined }
  /** A branch's run, which keeps one job for its branch. */
  branch: boolean
}

export type Busy = Extract<Plan, { action: 'wait-then-follow-up' }>
export type Executable = Exclude<Plan, { action: 'skip' | 'refuse' | 'wait-then-follow-up' }>

/** Waits for a busy job: idle (the run plans again), or the outcome when the wait did not end. */
export async function waitForBusyJob(
  ctx: RunContext,
  run: JobRun,
  plan: Busy
): Promise<{ idle: AgentJob | 'gone' } | Outcome> {
  const { owner } = run
  const opener = plan.via === 'docs-opener'
  owner.named(plan.jobId, opener ? 'commanding' : 'busy')
  if (!opener) await run.progress.started(plan.jobId)
  const waited = await waitUntilIdle(ctx, owner, plan.jobId, plan.job)
  if ('idle' in waited) return waited
  // Timed out, cancelled or unreachable: nothing was sent, the record stays as it was.
  const record = opener ? recordOf(ctx, run, plan.jobId, false) : run.pullRequest?.previous
  const did = notSentAfterWait(plan.jobId, opener)
  return owner.outcome(waited.ending, { did, ...(record ? { record } : {}) })
}

/** The pull request's record naming `jobId` once this run is done with it (one rule for all flows). */
function recordOf(ctx: RunContext, run: JobRun, jobId: string, sent: boolean) {
  const pr = run.pullRequest
  const { projectId } = ctx.settings
  return pr && nextRecord(pr.previous, { projectId, jobId, ...run.identity, sent })
}

export async function execute(
  ctx: RunContext,
  run: JobRun,
  plan: Executable,
  busy = false
): Promise<Outcome> {
  const { owner, progress, identity } = run
  const done = (ending: Ending, record?: PullRequestRecord, did?: string): Outcome =>
    owner.outcome(ending, { ...(record ? { record } : {}), ...(did ? { did } : {}) })
  const did = (jobId: string): string => {
    const scope = run.branch ? 'branch' : 'pull request'
    const words = describeDecision(plan, jobId, { busy, attempt: identity.runAttempt, scope })
    core.info(safeLine(words, 1000))
    return words
  }
  switch (plan.action) {
    case 'create':
    case 'follow-up': {
      const create = plan.action === 'create'
      if (!create && plan.via === 'job-id') owner.named(plan.jobId, 'messaging')
      let job: AgentJob
      try {
        const text = await run.prompt(plan)
        job = await (create ? ctx.calls.create(text) : ctx.calls.message(plan.jobId, text))
        owner.sent(text)
      } catch (error) {
        return done(
          create
            ? ctx.calls.failure(error, 'create')
            : ctx.calls.failure(error, 'message', plan.jobId)
        )
      }
      if (create) owner.created(job)
      else owner.named(job.id, plan.via === 'record' ? 'sent-follow-up' : 'sent-message')
      await progress.started(job.id)
      const record = recordOf(ctx, run, job.id, !create)
      // The job took the prompt: a pull request's or a branch's run shows it, then waits as asked.
      const keeps = create || plan.via === 'record'
      const words = keeps && (run.pullRequest !== undefined || run.branch) ? did(job.id) : undefined
      if (words) await progress.settled(job, words, true, record)
      return done(await finish(ctx, owner, job, !create), record, words)
    }
    case 'watch': {
      owner.named(plan.jobId, plan.earlier ? 'following' : 'waiting')
      await progress.started(plan.jobId)
      const record = recordOf(ctx, run, plan.jobId, false)
      if (plan.job) return done(await finish(ctx, owner, plan.job, false), record)
      if (ctx.settings.wait) return done((await watchJob(ctx, owner, plan.jobId)).ending, record)
      try {
        return done(notWaiting(ctx, owner, await ctx.calls.read(plan.jobId)), record)
      } catch (error) {
        return done(ctx.calls.failure(error, 'get', plan.jobId), record)
      }
    }
    case 'resume':
    case 'report': {
      const words = did(plan.jobId)
      owner.named(plan.jobId, plan.action === 'resume' ? 'resuming' : 'reporting')
      const record = recordOf(ctx, run, plan.jobId, false)
      if (plan.action === 'resume') {
        await progress.started(plan.jobId)
        await progress.settled(plan.job, words, false, record)
      }
      return done(await finish(ctx, owner, plan.job, false), record, words)
    }
    case 'nothing-new': {
      // Nothing is sent; the branch's job is described as it is (one read).
      const message = describeDecision(plan, plan.jobId ?? '')
      if (plan.jobId) {
        owner.named(plan.jobId, 'reporting')
        try {
          // Read once already, to decide; read here only when it was not.
          owner.seen(plan.job ?? (await ctx.calls.read(plan.jobId)))
        } catch (error) {
          const why = ctx.calls.failure(error, 'get', plan.jobId).message
          core.warning(safeLine(`Could not read job ${plan.jobId}: ${why}`, 2000))
        }
      }
      return owner.outcome({ conclusion: 'succeeded', message }, { did: message, skipped: true })
    }
    case 'decline':
      return done(
        { conclusion: 'warned', message: plan.message },
        recordOf(ctx, run, plan.jobId, false)
      )
  }
}
