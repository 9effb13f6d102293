// Carries out a plan against the Agent Jobs API, or waits for a busy job and plans again. The
// job's owner sees every answer and builds the outcome.

import * as core from '@actions/core'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { safeLine } from '../../common/safe-text.js'
import { nextRecord, type PullRequestRecord } from '../../github/pr-record.js'
import { codePullEnded, type Gathered } from '../plan/facts.js'
import { docsStateOf } from '../plan/reads.js'
import { afterBusyWait, endedAfterStart, type Plan } from '../plan/plan.js'
import { apartWords, describeDecision, type Naming } from '../plan/words.js'
import { BUDGETS, type RunContext } from '../shell/context.js'
import type { JobOwner, Outcome } from './job-owner.js'

export interface JobRun {
  owner: JobOwner
  /** The job is settled: its pull request's record (and comment) or its dashboard now. */
  settled(job: AgentJob, did: string, sent: boolean, record?: PullRequestRecord): Promise<void>
  /** The prompt as it is sent for a plan (built once, when first asked for). */
  prompt(plan: Plan): Promise<string>
  gathered: Gathered
}

/**
 * The plan carried out. A busy job is waited for first (even with wait: false), and the plan is
 * then decided again.
 */
export async function carryOut(
  ctx: RunContext,
  run: JobRun,
  plan: Exclude<Plan, { action: 'skip' | 'refuse' }>
): Promise<Outcome> {
  if (plan.action !== 'wait-then-follow-up') {
    return execute(ctx, run, plan)
  }
  const { owner } = run
  const { jobId, job } = plan
  const opener = plan.via === 'docs-opener'
  owner.named(jobId, opener ? 'commanding' : 'busy')
  if (!opener) {
    await started(ctx, jobId)
  }
  let idle: AgentJob | 'gone' | undefined = job && isTerminal(job.status) ? job : undefined
  const waited = !idle && !opener
  if (idle) {
    owner.seen(idle)
  } else {
    core.info(
      `Job ${safeLine(jobId)} is still working on an earlier prompt; ` +
        'waiting for it to end before sending this one.'
    )
    const { ending, gone } = await owner.watch(jobId, job)
    run.gathered.thread?.waited()
    const now = owner.reportedJob()
    const ended = now && isTerminal(now.status) ? now : undefined
    // Deleted while it worked: as a job that ended, not a failed step.
    idle = gone ? 'gone' : ended
    if (!idle) {
      // Timed out, cancelled or unreachable: nothing was sent, the record stays as it was.
      const record = opener ? recordOf(ctx, run, jobId) : run.gathered.thread?.record
      const what = opener ? 'command' : "run's prompt"
      const did =
        `Waited for job ${jobId}, which was still working on an earlier prompt; ` +
        `this ${what} was not sent.`
      return owner.outcome(ending, { did, record })
    }
  }
  // The pull request may have been merged or closed during the wait (its end run passed this
  // one): read again, as a run that found it ended, this one sends nothing.
  const endedMeanwhile = waited ? await endedDuringWait(ctx, run) : undefined
  if (endedMeanwhile) {
    return endedMeanwhile
  }
  // The docs pull request's state decides a replacement; a docs opener is never replaced. A job
  // deleted during the wait names no docs pull request: the branch's record says which it had.
  const recorded = run.gathered.facts.branch?.record
  const kept = recorded?.job === jobId ? (recorded.docs ?? recorded.handedOff) : undefined
  const link = idle === 'gone' ? kept : idle.prLink
  const docs = link && !opener ? await docsStateOf(ctx, link) : undefined
  return execute(ctx, run, afterBusyWait(plan, idle, docs), !opener)
}

/** The outcome of a pull request run whose pull request ended while it waited: nothing sent,
 * the record left to the end run. Undefined while it is open (or was ended when the run started:
 * a command after the end). One GitHub call. */
async function endedDuringWait(ctx: RunContext, run: JobRun): Promise<Outcome | undefined> {
  const { thread, facts } = run.gathered
  if (!thread || facts.ended) {
    return undefined
  }
  const how = await codePullEnded(ctx, thread)
  if (!how) {
    return undefined
  }
  const { reason } = endedAfterStart(how)
  const ending = { conclusion: 'succeeded' as const, message: `Nothing was sent: ${reason}.` }
  return run.owner.outcome(ending, { skipped: true })
}

async function started(ctx: RunContext, jobId: string): Promise<void> {
  const timeLeft = ctx.deadline > ctx.clock.now()
  if (ctx.checkRun && timeLeft) {
    await ctx.checkRun.start(jobId, ctx.left(BUDGETS.checkRunCall))
  }
}

/** The pull request's record naming `jobId` once this run is done with it (one rule for all flows). */
function recordOf(ctx: RunContext, run: JobRun, jobId: string, sent = false) {
  const { thread, facts } = run.gathered
  if (!thread) {
    return undefined
  }
  const { projectId } = ctx.settings
  return nextRecord(thread.record, { projectId, jobId, ...facts.run, sent })
}

type Executable = Exclude<Plan, { action: 'skip' | 'refuse' | 'wait-then-follow-up' }>

/** What the run did, in a sentence that is logged too; `busy`: it waited for the job first. */
function decisionWords(run: JobRun, plan: Executable, jobId: string, busy: boolean): string {
  const { facts } = run.gathered
  const scope = facts.branch ? 'branch' : 'pull request'
  const apart = facts.branch?.apart ?? []
  // A nothing-new plan's own words name the commits set apart.
  const namesApart = plan.action !== 'nothing-new' && apart.length > 0
  const notTold = namesApart ? ` Not told: ${apartWords(apart)}.` : ''
  const words = describeDecision(plan, jobId, scope, busy, facts.run.runAttempt) + notTold
  core.info(safeLine(words, 1000))
  return words
}

async function execute(
  ctx: RunContext,
  run: JobRun,
  plan: Executable,
  busy = false
): Promise<Outcome> {
  const did = (jobId: string): string => decisionWords(run, plan, jobId, busy)
  switch (plan.action) {
    case 'create':
    case 'follow-up':
      return send(ctx, run, plan, did)
    case 'watch':
    case 'resume':
    case 'report':
      return follow(ctx, run, plan, did)
    case 'nothing-new':
      return reportOnly(ctx, run.owner, plan)
    case 'decline': {
      const ending = { conclusion: 'warned' as const, message: plan.message }
      return run.owner.outcome(ending, { record: recordOf(ctx, run, plan.jobId) })
    }
  }
}

type SendPlan = Extract<Plan, { action: 'create' | 'follow-up' }>

/** How the log line names a job that took the prompt. */
function sentNaming(plan: SendPlan): Naming {
  if (plan.action === 'create') {
    return 'created'
  }
  return plan.via === 'record' ? 'sent-follow-up' : 'sent-message'
}

/** Creates the job or sends it the follow-up, then waits as asked. */
async function send(
  ctx: RunContext,
  run: JobRun,
  plan: SendPlan,
  did: (jobId: string) => string
): Promise<Outcome> {
  const { owner } = run
  const { thread, facts } = run.gathered
  const create = plan.action === 'create'
  if (!create && plan.via === 'job-id') {
    owner.named(plan.jobId, 'messaging')
  }
  let job: AgentJob
  try {
    const text = await run.prompt(plan)
    job = create ? await ctx.calls.create(text) : await ctx.calls.message(plan.jobId, text)
    owner.text = text
  } catch (error) {
    const endpoint = create ? 'create' : 'message'
    const jobId = create ? undefined : plan.jobId
    return owner.outcome(ctx.calls.failure(error, endpoint, jobId))
  }
  owner.named(job.id, sentNaming(plan))
  if (create) {
    owner.seen(job)
  }
  await started(ctx, job.id)
  const record = recordOf(ctx, run, job.id, !create)
  // The job took the prompt: a pull request's or a branch's run shows it, then waits as asked.
  const keeps = create || plan.via === 'record'
  const shows = keeps && (thread !== undefined || facts.branch !== undefined)
  const words = shows ? did(job.id) : undefined
  if (words) {
    await run.settled(job, words, true, record)
  }
  const ending = await owner.finish(job.id, job, !create)
  return owner.outcome(ending, { record, did: words })
}

/** Follows a job without sending it anything: watched, resumed or reported. */
async function follow(
  ctx: RunContext,
  run: JobRun,
  plan: Extract<Plan, { action: 'watch' | 'resume' | 'report' }>,
  did: (jobId: string) => string
): Promise<Outcome> {
  const { owner } = run
  const { action, jobId } = plan
  const words = action === 'watch' ? undefined : did(jobId)
  const following = action === 'watch' && plan.earlier
  owner.named(jobId, following ? 'following' : action)
  if (action !== 'report') {
    await started(ctx, jobId)
  }
  const record = recordOf(ctx, run, jobId)
  if (action === 'resume') {
    await run.settled(plan.job, words as string, false, record)
  }
  const ending = await owner
    .finish(jobId, plan.job)
    .catch((error: unknown) => ctx.calls.failure(error, 'get', jobId))
  return owner.outcome(ending, { record, did: words })
}

/** Nothing new to send: the job, if there is one, is only reported. */
async function reportOnly(
  ctx: RunContext,
  owner: JobOwner,
  plan: Extract<Plan, { action: 'nothing-new' }>
): Promise<Outcome> {
  const message = describeDecision(plan, plan.jobId ?? '')
  if (plan.jobId) {
    owner.named(plan.jobId, 'report')
    try {
      // Read once already, to decide; read here only when it was not.
      owner.seen(plan.job ?? (await ctx.calls.read(plan.jobId)))
    } catch (error) {
      const why = ctx.calls.failure(error, 'get', plan.jobId).message
      core.warning(safeLine(`Could not read job ${plan.jobId}: ${why}`, 2000))
    }
  }
  const ending = { conclusion: 'succeeded' as const, message }
  return owner.outcome(ending, { did: message, skipped: true })
}
