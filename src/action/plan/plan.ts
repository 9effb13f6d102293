// What a run does with its job, decided in one place from the facts the run gathered
// (the settings, the run, the records found and what GitHub and the service said).
// Pure: facts in, a plan out, so every flow is a row of a table test. The executor
// (execute/) carries the plan out; nothing here sends or writes.

import { isTerminal, type AgentJob } from '../../agent/job.js'
import type { CoveredCommit } from '../../github/branch-commits.js'
import type { BranchRecord, EndReason } from '../../github/branch-record.js'
import type { PullRequestRecord } from '../../github/pr-record.js'
import type { BranchFacts } from './branch-facts.js'

export interface RunIdentity {
  /** Digits; stays the same across re-runs of a workflow run. */
  runId: string
  runAttempt: number
}

/** What the service says of a recorded job. */
export type RecordedJob =
  | { kind: 'found'; job: AgentJob; docsPullRequest?: 'open' | 'merged' | 'closed' }
  /** The service answered 404: the job is gone (its docs pull request's state, when known). */
  | { kind: 'gone'; docsPullRequest?: 'open' | 'merged' | 'closed' }
  /** Not asked: a dry run without api-key reads nothing from the service. */
  | { kind: 'unread' }

export type CreateReason =
  'no-record' | 'reuse-off' | 'failed' | 'archived' | 'gone' | 'docs-merged' | 'docs-closed'

/** Whose job a follow-up goes to: the pull request's record, a named job-id, a docs pull request's opener. */
export type FollowUpVia = 'record' | 'job-id' | 'docs-opener'

export type Plan =
  /** Nothing to do: not a command for this step, or a command that cannot be acted on. */
  | { action: 'skip'; reason: string }
  /** A command refused (its author may not give commands) or without an instruction. */
  | { action: 'refuse'; reply: 'refusal' | 'usage'; reason: string }
  | { action: 'create'; reason: CreateReason; replaces?: string }
  /** Send the prompt to the job now; `followUp` counts a pull request's messages (1 = the first). */
  | { action: 'follow-up'; jobId: string; followUp?: number; via?: FollowUpVia }
  /** The job may be working on an earlier prompt: wait for it, then decide again (afterBusyWait). */
  | {
      action: 'wait-then-follow-up'
      jobId: string
      followUp?: number
      via?: FollowUpVia
      job?: AgentJob
    }
  /** Watch a job without sending anything: job-id alone, or a re-run following its earlier job. */
  | { action: 'watch'; jobId: string; how: 'Waiting for' | 'Following'; job?: AgentJob }
  /** A re-run whose earlier attempt's job is still working: wait for it, send nothing. */
  | { action: 'resume'; jobId: string; job: AgentJob }
  /** A re-run whose earlier attempt's job completed: report it as it is. */
  | { action: 'report'; jobId: string; job: AgentJob }
  /** No commit is new on the branch since the last that reached the agent: send nothing. */
  | { action: 'nothing-new'; jobId?: string; job?: AgentJob }
  /** After a wait: the job cannot take the prompt, and nothing else may be started. */
  | { action: 'decline'; jobId: string; job?: AgentJob; message: string }

/** The pull request run's part of a plan (what `decide` returns). */
export type Decision = Extract<
  Plan,
  { action: 'create' | 'follow-up' | 'wait-then-follow-up' | 'resume' | 'report' }
>

/** Whether this run is a later attempt of the run that last wrote the record. */
export function isReRun(record: PullRequestRecord, run: RunIdentity): boolean {
  return record.runId !== '0' && record.runId === run.runId && record.runAttempt < run.runAttempt
}

/**
 * The decision for a pull-request run that found `record` (and looked its job up), or
 * none. `untoldWork`: a branch's re-run with commits no job was told acts as a new run.
 */
export function decide(
  run: RunIdentity,
  found?: { record: PullRequestRecord; recorded: RecordedJob },
  untoldWork = false
): Decision {
  if (!found) return { action: 'create', reason: 'no-record' }
  const { record, recorded } = found
  const replaces = record.jobId
  if (recorded.kind === 'gone') return { action: 'create', reason: 'gone', replaces }
  if (recorded.kind === 'unread') {
    return { action: 'follow-up', jobId: record.jobId, followUp: record.followUps + 1 }
  }
  const job = recorded.job
  if (job.status === 'failed') return { action: 'create', reason: 'failed', replaces }
  if (job.status === 'archived') return { action: 'create', reason: 'archived', replaces }
  if (isReRun(record, run) && !untoldWork) {
    return isTerminal(job.status)
      ? { action: 'report', jobId: record.jobId, job }
      : { action: 'resume', jobId: record.jobId, job }
  }
  const followUp = record.followUps + 1
  // Anything not terminal (active, or a status this action does not know) is busy.
  if (!isTerminal(job.status)) {
    return { action: 'wait-then-follow-up', jobId: record.jobId, followUp }
  }
  if (recorded.docsPullRequest === 'merged') {
    return { action: 'create', reason: 'docs-merged', replaces }
  }
  if (recorded.docsPullRequest === 'closed') {
    return { action: 'create', reason: 'docs-closed', replaces }
  }
  return { action: 'follow-up', jobId: record.jobId, followUp }
}

/**
 * After waiting for a busy job: follow up when it is idle. A job that failed, was
 * archived or is gone is replaced, and so is one whose docs pull request was merged or
 * closed meanwhile; a docs pull request's opener is not (a new job would open another
 * docs pull request), so the command is declined.
 */
export function afterBusyWait(
  waited: Extract<Plan, { action: 'wait-then-follow-up' }>,
  job: AgentJob | 'gone',
  docsPullRequest?: 'open' | 'merged' | 'closed'
): Plan {
  const ended = job === 'gone' ? 'gone' : job.status
  const delivered = docsPullRequest === 'merged' || docsPullRequest === 'closed'
  if (ended === 'failed' || ended === 'archived' || ended === 'gone') {
    if (waited.via === 'docs-opener') {
      return {
        action: 'decline',
        jobId: waited.jobId,
        ...(job === 'gone' ? {} : { job }),
        message: `Job ${waited.jobId}, which opened this docs pull request, ${job === 'gone' ? 'no longer exists' : `is ${ended}`}: the command was not sent. Start a new job from the code pull request.`
      }
    }
    // A job that ended after its docs pull request was merged or closed had delivered.
    if (!delivered) return { action: 'create', reason: ended, replaces: waited.jobId }
  }
  if (waited.via !== 'docs-opener' && delivered) {
    const reason = docsPullRequest === 'merged' ? 'docs-merged' : 'docs-closed'
    return { action: 'create', reason, replaces: waited.jobId }
  }
  return {
    action: 'follow-up',
    jobId: waited.jobId,
    ...(waited.followUp === undefined ? {} : { followUp: waited.followUp }),
    ...(waited.via === undefined ? {} : { via: waited.via })
  }
}

/** The job an earlier attempt of a re-run (outside a pull request) started, as the service sees it. */
export interface EarlierAttempt {
  jobId: string
  recorded: RecordedJob
}

/** What a command's check found: taken (its prompt goes on), refused, usage, or none. */
export type CommandVerdict =
  | { kind: 'taken' }
  | { kind: 'not-a-command'; reason: string }
  | { kind: 'unchecked'; reason: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'usage' }

/** Everything the plan is made from; gathered by plan/facts.ts with reads only. */
export interface Facts {
  /** The job the inputs name, and whether a prompt goes to it (message) or not (wait). */
  named?: { jobId: string; send: boolean }
  reuseJob: boolean
  run: RunIdentity
  /** A command event: the verdict on its command. */
  command?: CommandVerdict
  /** A command on a docs pull request: the job that opened it, as the service reported it. */
  docsOpener?: AgentJob
  /** A pull-request run: its record, and the recorded job as the service sees it. */
  pullRequest?: { record?: PullRequestRecord; recorded?: RecordedJob }
  /** A re-run outside a pull request: the job its earlier attempt started. */
  earlierAttempt?: EarlierAttempt
  /** A push, scheduled or manual run that keeps one job per branch. */
  branch?: BranchFacts
  /** A push that deleted its branch, or a tag's run, where a job per branch was asked for. */
  notABranch?: 'deleted' | 'tag'
}

/** A branch's record as a pull request's record, for the one decision both use. */
export function asDecisionRecord(record: BranchRecord): PullRequestRecord {
  return {
    projectId: record.projectId,
    jobId: record.jobId,
    runId: record.runId,
    runAttempt: record.runAttempt,
    followUps: record.counts.followUps,
    ...(record.handedOff ? { handedOff: record.handedOff } : {})
  }
}

const GIVES_BACK: readonly CreateReason[] = ['failed', 'archived', 'gone']

/** The recorded job's status as the service said it ('gone' for a 404, '' when unread). */
export function recordedStatus(recorded: RecordedJob | undefined): string {
  if (recorded?.kind === 'found') return recorded.job.status
  return recorded?.kind === 'gone' ? 'gone' : ''
}

/**
 * What a branch's plan tells the agent: the untold commits, counting those of a job
 * that ended without delivering (it gives them back) and of older records retired now.
 */
export function tellingFor(
  branch: BranchFacts,
  plan: Plan
): { commits: CoveredCommit[]; givenBack: Array<{ id: string; why: EndReason }> } {
  const ended =
    plan.action === 'create' && GIVES_BACK.includes(plan.reason) && branch.record
      ? [{ id: branch.record.jobId, why: plan.reason as EndReason }]
      : []
  const lost = branch.others.map((other) => ({ id: other.record.jobId, why: 'lost-race' as const }))
  return {
    commits: ended.length > 0 ? branch.freshIfEnded : branch.fresh,
    givenBack: [...ended, ...lost]
  }
}

/** The branch's plan: the pull request's decision, and nothing sent when nothing is untold. */
function planBranch(run: RunIdentity, branch: BranchFacts): Plan {
  const { record, recorded } = branch
  const found = record && recorded ? { record: asDecisionRecord(record), recorded } : undefined
  // A job that ended after its docs pull request was merged or closed had delivered.
  const docs = recorded?.kind === 'unread' ? undefined : recorded?.docsPullRequest
  const ended = ['failed', 'archived', 'gone'].includes(recordedStatus(recorded))
  const delivered = record && ended && (docs === 'merged' || docs === 'closed')
  const decision: Decision = delivered
    ? {
        action: 'create',
        reason: docs === 'merged' ? 'docs-merged' : 'docs-closed',
        replaces: record.jobId
      }
    : decide(run, found, branch.fresh.length > 0)
  const plan =
    decision.action === 'follow-up' || decision.action === 'wait-then-follow-up'
      ? { ...decision, via: 'record' as const }
      : decision
  if (plan.action === 'resume' || plan.action === 'report') return plan
  // Nothing untold: no wait either (a busy job that fails gives its commits back next run).
  if (tellingFor(branch, plan).commits.length === 0) {
    // A job the service no longer knows is not named: there is nothing to report of it.
    if (!record || recorded?.kind === 'gone') return { action: 'nothing-new' }
    const job = recorded?.kind === 'found' ? { job: recorded.job } : {}
    return { action: 'nothing-new', jobId: record.jobId, ...job }
  }
  return plan
}

/** The plan for a run, for every flow: plain, pull request, command, docs pull request, re-run. */
export function planRun(facts: Facts): Plan {
  const { command } = facts
  if (command && command.kind !== 'taken') {
    switch (command.kind) {
      case 'not-a-command':
      case 'unchecked':
        return { action: 'skip', reason: command.reason }
      case 'refused':
        return { action: 'refuse', reply: 'refusal', reason: command.reason }
      case 'usage':
        return {
          action: 'refuse',
          reply: 'usage',
          reason: 'the command has no instruction after the trigger phrase'
        }
    }
  }
  if (facts.named) {
    const { jobId, send } = facts.named
    return send
      ? { action: 'follow-up', jobId, via: 'job-id' }
      : { action: 'watch', jobId, how: 'Waiting for' }
  }
  if (facts.docsOpener) {
    const job = facts.docsOpener
    // Nothing may be sent into a job that is working; a terminal opener is checked after the wait.
    return { action: 'wait-then-follow-up', jobId: job.id, via: 'docs-opener', job }
  }
  const pr = facts.pullRequest
  if (pr) {
    if (pr.record && !facts.reuseJob) {
      return { action: 'create', reason: 'reuse-off', replaces: pr.record.jobId }
    }
    const decision = decide(
      facts.run,
      pr.record && pr.recorded ? { record: pr.record, recorded: pr.recorded } : undefined
    )
    return decision.action === 'follow-up' || decision.action === 'wait-then-follow-up'
      ? { ...decision, via: 'record' }
      : decision
  }
  if (facts.branch) return planBranch(facts.run, facts.branch)
  if (facts.notABranch === 'deleted') {
    return { action: 'skip', reason: 'the push deleted its branch: there is nothing to document' }
  }
  if (facts.notABranch === 'tag') {
    return {
      action: 'skip',
      reason:
        "a tag is not a branch, so it has no branch's docs job to follow up (reuse-job: true); to run a job for each tag, set reuse-job: false on the tag's step"
    }
  }
  const earlier = facts.earlierAttempt
  if (earlier?.recorded.kind === 'unread') {
    return { action: 'watch', jobId: earlier.jobId, how: 'Following' }
  }
  if (earlier?.recorded.kind === 'found' && followEarlierJob(earlier.recorded.job.status)) {
    return { action: 'watch', jobId: earlier.jobId, how: 'Following', job: earlier.recorded.job }
  }
  return { action: 'create', reason: 'no-record' }
}

/** A re-run follows its earlier job unless it can deliver no more: failed or archived. */
export function followEarlierJob(status: string): boolean {
  return status !== 'failed' && status !== 'archived'
}
