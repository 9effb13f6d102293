// What a run does with its job, decided in one place. Facts go in (plan/facts.ts gathers them)
// and a plan comes out (execute/ carries it out). The decision is pure, so every flow is a row of
// a table test.

import { isTerminal, type AgentJob } from '../../agent/job.js'
import type { ApartCommit } from '../../github/agent-work.js'
import type { CoveredCommit, ReadCandidates } from '../../github/branch-commits.js'
import type { SourcePullRequest } from '../../github/source-pulls.js'
import { lostRace, type BranchRecord } from '../../github/branch-record.js'
import type { FoundDashboard } from '../../github/dashboard.js'
import type { PullRequestRecord } from '../../github/pr-record.js'

export type RunIdentity = { runId: string; runAttempt: number }

type DocsState = 'open' | 'merged' | 'closed'

/** What the service says of a recorded job. */
export type RecordedJob =
  | { kind: 'found'; job: AgentJob; docsPullRequest?: DocsState }
  /** The service answered 404: the job is gone. */
  | { kind: 'gone'; docsPullRequest?: DocsState }
  /** Not asked: a dry run without api-key reads nothing from the service. */
  | { kind: 'unread' }

export type CreateReason =
  'no-record' | 'reuse-off' | 'failed' | 'archived' | 'gone' | 'docs-merged' | 'docs-closed'

type FollowUp = {
  jobId: string
  /** Counts a pull request's messages: 1 is the first. */
  followUp?: number
  /** How the job was found: the record, the job-id input, or the docs pull request it opened. */
  via?: 'record' | 'job-id' | 'docs-opener'
}

export type Plan =
  /** Nothing to do: not a command for this step, or a command that cannot be acted on. */
  | { action: 'skip'; reason: string }
  /** A command refused (its author may not give commands) or without an instruction. */
  | { action: 'refuse'; reply: 'refusal' | 'usage' | 'closed' | 'merged'; reason: string }
  | { action: 'create'; reason: CreateReason; replaces?: string }
  | ({ action: 'follow-up' } & FollowUp)
  /** The job may be working on an earlier prompt: wait for it, then decide again (afterBusyWait). */
  | ({ action: 'wait-then-follow-up'; job?: AgentJob } & FollowUp)
  /** Watch a job without sending anything: job-id alone, or (earlier) a re-run's earlier job. */
  | { action: 'watch'; jobId: string; earlier: boolean; job?: AgentJob }
  /** A re-run whose earlier attempt's job is still working: wait for it, send nothing. */
  | { action: 'resume'; jobId: string; job: AgentJob }
  /** A re-run whose earlier attempt's job completed: report it as it is. */
  | { action: 'report'; jobId: string; job: AgentJob }
  /** No commit is new on the branch since the last that reached the agent: send nothing. */
  | { action: 'nothing-new'; jobId?: string; job?: AgentJob; apart?: ApartCommit[] }
  /** After a wait: the job cannot take the prompt, and nothing else may be started. */
  | { action: 'decline'; jobId: string; job?: AgentJob; message: string }

/** What a command's check found: taken (its prompt goes on), refused, usage, or none. */
export type CommandVerdict =
  { kind: 'taken' | 'usage' } | { kind: 'not-a-command' | 'unchecked' | 'refused'; reason: string }

export interface BranchFacts {
  branch: string
  key: string
  issue?: number
  /** The dashboard was listed without its label: the run's write puts it back. */
  unlabelled?: true
  record?: BranchRecord
  recorded?: RecordedJob
  /** Older open records of the same key, not yet retired (their jobs give commits back). */
  others: Array<FoundDashboard & { docsPullRequest?: string }>
  /** GitHub refused the dashboard (one warning given): the run works on its own. */
  denied: boolean
  candidates: ReadCandidates
  /** The commits not yet told, while the recorded job lives. */
  fresh: CoveredCommit[]
  /** The commits to tell if the recorded job ended without delivering (it gives its own back). */
  freshIfEnded: CoveredCommit[]
  /** New commits told to no job: documented with their own pull request, or the agent's own. */
  apart: ApartCommit[]
  pulls: SourcePullRequest[]
}

export interface Facts {
  /** The job the inputs name. `send`: a prompt goes to it (message mode), or not (wait mode). */
  named?: { jobId: string; send: boolean }
  reuseJob: boolean
  run: RunIdentity
  command?: CommandVerdict
  docsOpener?: AgentJob
  pullRequest?: { record?: PullRequestRecord; recorded?: RecordedJob }
  earlierAttempt?: { jobId: string; recorded: RecordedJob }
  branch?: BranchFacts
  notABranch?: 'deleted' | 'tag'
  /** Why the run's pull request gets no job: it is the docs agent's own. */
  agentsOwn?: string
  /** A command on a pull request that was merged, or closed without merging. */
  ended?: 'merged' | 'closed'
}

type DecisionRecord = Pick<PullRequestRecord, 'job' | 'run' | 'attempt' | 'followUps'>

/** Whether this run is a later attempt of the run that last wrote the record. */
export function isReRun(record: DecisionRecord, run: RunIdentity): boolean {
  const writtenByARun = record.run !== '0'
  const sameRun = record.run === run.runId
  const laterAttempt = record.attempt < run.runAttempt
  return writtenByARun && sameRun && laterAttempt
}

const ENDED = ['failed', 'archived', 'gone'] as const
type Ended = (typeof ENDED)[number]
const isEnded = (status?: string): status is Ended => ENDED.includes(status as Ended)

/** How a recorded job ended, if it did: it gives back what it was told, unless it delivered. */
export function endOf(recorded?: RecordedJob): Ended | undefined {
  const status = recorded?.kind === 'found' ? recorded.job.status : recorded?.kind
  if (isEnded(status)) {
    return status
  }
  return undefined
}

export const jobOf = (recorded?: RecordedJob): AgentJob | undefined =>
  recorded?.kind === 'found' ? recorded.job : undefined

type Replacement = { action: 'create'; reason: CreateReason; replaces: string }

/** A job that ended, or whose docs pull request was merged or closed (it delivered), is replaced. */
function replaced(jobId: string, recorded: RecordedJob): Replacement | undefined {
  const docs = recorded.kind === 'unread' ? undefined : recorded.docsPullRequest
  if (docs === 'merged' || docs === 'closed') {
    return { action: 'create', reason: `docs-${docs}`, replaces: jobId }
  }
  const ended = endOf(recorded)
  if (ended) {
    return { action: 'create', reason: ended, replaces: jobId }
  }
  return undefined
}

/** A record's decision; `untoldWork`: a branch's re-run with untold commits acts as a new run. */
export function decide(
  run: RunIdentity,
  found?: { record: DecisionRecord; recorded: RecordedJob },
  untoldWork = false
): Plan {
  if (!found) {
    return { action: 'create', reason: 'no-record' }
  }
  const { record, recorded } = found
  const jobId = record.job
  const followUp = { jobId, followUp: record.followUps + 1, via: 'record' as const }
  const job = jobOf(recorded)
  const liveJob = job && !endOf(recorded) ? job : undefined
  if (liveJob) {
    const terminal = isTerminal(liveJob.status)
    if (isReRun(record, run) && !untoldWork) {
      return { action: terminal ? 'report' : 'resume', jobId, job: liveJob }
    }
    // Anything not terminal (active, or a status this action does not know) is busy.
    if (!terminal) {
      return { action: 'wait-then-follow-up', ...followUp }
    }
  }
  return replaced(jobId, recorded) ?? { action: 'follow-up', ...followUp }
}

/**
 * After waiting for a busy job: follow up, or replace a job that ended or delivered meanwhile.
 *
 * A docs pull request's opener is not replaced, because a new job would open another docs pull
 * request. The command is declined instead.
 */
export function afterBusyWait(
  waited: Extract<Plan, { action: 'wait-then-follow-up' }>,
  job: AgentJob | 'gone',
  docsPullRequest?: DocsState
): Extract<Plan, { action: 'create' | 'follow-up' | 'decline' }> {
  const { jobId, followUp, via } = waited
  const recorded: RecordedJob =
    job === 'gone' ? { kind: 'gone', docsPullRequest } : { kind: 'found', job, docsPullRequest }
  const follow = { action: 'follow-up' as const, jobId, followUp, via }
  if (via !== 'docs-opener') {
    return replaced(jobId, recorded) ?? follow
  }
  const ended = endOf(recorded)
  if (!ended) {
    return follow
  }
  const why = job === 'gone' ? 'no longer exists' : `is ${ended}`
  const message =
    `Job ${jobId}, which opened this docs pull request, ${why}: the command was not sent. ` +
    'Start a new job from the code pull request.'
  return { action: 'decline', jobId, job: jobOf(recorded), message }
}

/**
 * The commits a branch's plan tells, and the jobs it retires now. When the plan replaces a job
 * that ended, the commits that job was told are told again (it gives them back).
 */
export function tellingFor(branch: BranchFacts, plan: Plan) {
  const why = plan.action === 'create' && isEnded(plan.reason) ? plan.reason : undefined
  const ended = why && branch.record ? [{ id: branch.record.job, why }] : []
  const commits = ended.length > 0 ? branch.freshIfEnded : branch.fresh
  return {
    commits,
    givenBack: [...ended, ...lostRace(branch.others)]
  }
}

function planBranch(run: RunIdentity, branch: BranchFacts): Plan {
  const { record, recorded } = branch
  // The branch record keeps its follow-up count under `counts`.
  const counted =
    record && recorded ? { record: { ...record, ...record.counts }, recorded } : undefined
  const hasUntold = branch.fresh.length > 0
  const plan = decide(run, counted, hasUntold)
  if (plan.action === 'resume' || plan.action === 'report') {
    return plan
  }
  // Nothing untold: no wait either (a busy job that fails gives its commits back next run).
  if (tellingFor(branch, plan).commits.length > 0) {
    return plan
  }
  const apart = branch.apart.length > 0 ? { apart: branch.apart } : {}
  // A job the service no longer knows is not named: there is nothing to report of it.
  if (!record || recorded?.kind === 'gone') {
    return { action: 'nothing-new', ...apart }
  }
  return { action: 'nothing-new', jobId: record.job, job: jobOf(recorded), ...apart }
}

const NO_INSTRUCTION = 'the command has no instruction after the trigger phrase'
const CLOSED =
  'the pull request was closed without merging, so its docs job takes no commands; ' +
  'reopening it brings the docs job back'
const MERGED =
  'the pull request is merged and its docs job has no open docs pull request; ' +
  "the branch's docs job documents what comes next"
const NOT_A_BRANCH = {
  deleted: 'the push deleted its branch: there is nothing to document',
  tag:
    "a tag is not a branch, so it has no branch's docs job to follow up (reuse-job: true); " +
    "to run a job for each tag, set reuse-job: false on the tag's step"
}

/** The plan a command's check decides alone: usage, a refusal, or a skip. */
function commandPlan(command?: CommandVerdict): Plan | undefined {
  if (command?.kind === 'usage') {
    return { action: 'refuse', reply: 'usage', reason: NO_INSTRUCTION }
  }
  if (command?.kind === 'refused') {
    return { action: 'refuse', reply: 'refusal', reason: command.reason }
  }
  if (command && 'reason' in command) {
    return { action: 'skip', reason: command.reason }
  }
  return undefined
}

/** A pull request that ended after its run started (a re-run, a late run, or one that waited
 * for its busy job meanwhile): nothing is sent. */
export function endedAfterStart(how: 'merged' | 'closed'): Extract<Plan, { action: 'skip' }> {
  const words = how === 'merged' ? 'merged' : 'closed without merging'
  return {
    action: 'skip',
    reason: `the pull request was ${words} after this run started, so it sends nothing`
  }
}

/** How the pull request ended after this run started (a re-run or a late run), if it did. */
function endedSinceStart(facts: Facts): 'merged' | 'closed' | undefined {
  const end = facts.pullRequest?.record?.end
  if (end && end.event !== 'reopened') {
    const endedLater = BigInt(end.run) > BigInt(facts.run.runId)
    if (endedLater) {
      return end.event
    }
  }
  // A push (not a command) that reaches a pull request already ended.
  if (!facts.command) {
    return facts.ended
  }
  return undefined
}

/** A command on a merged pull request: its job takes commands while its docs pull request is open. */
function afterMerge(facts: Facts): Plan {
  const { record, recorded } = facts.pullRequest ?? {}
  const plan = record && recorded ? decide(facts.run, { record, recorded }) : undefined
  const follows = plan?.action === 'follow-up' || plan?.action === 'wait-then-follow-up'
  if (plan && follows) {
    return plan
  }
  return { action: 'refuse', reply: 'merged', reason: MERGED }
}

/** A run with no pull request and no branch: a re-run follows its earlier attempt's job. */
function planLoose(facts: Facts): Plan {
  const earlier = facts.earlierAttempt
  // An earlier job that can deliver no more is not followed.
  if (!earlier || endOf(earlier.recorded)) {
    return { action: 'create', reason: 'no-record' }
  }
  const job = jobOf(earlier.recorded)
  return { action: 'watch', jobId: earlier.jobId, earlier: true, job }
}

export function planRun(facts: Facts): Plan {
  const { named, docsOpener: opener, pullRequest: pr } = facts
  const forCommand = commandPlan(facts.command)
  if (forCommand) {
    return forCommand
  }
  if (named?.send) {
    return { action: 'follow-up', jobId: named.jobId, via: 'job-id' }
  }
  if (named) {
    return { action: 'watch', jobId: named.jobId, earlier: false }
  }
  // Nothing may be sent into a job that is working; a terminal opener is checked after the wait.
  if (opener) {
    return { action: 'wait-then-follow-up', jobId: opener.id, via: 'docs-opener', job: opener }
  }
  if (facts.agentsOwn) {
    return { action: 'skip', reason: facts.agentsOwn }
  }
  const endedSince = endedSinceStart(facts)
  if (endedSince) {
    return endedAfterStart(endedSince)
  }
  // From here on, an ended pull request means a command after its end.
  if (facts.ended === 'closed') {
    return { action: 'refuse', reply: 'closed', reason: CLOSED }
  }
  if (facts.ended === 'merged') {
    return afterMerge(facts)
  }
  const record = pr?.record
  if (record && !facts.reuseJob) {
    return { action: 'create', reason: 'reuse-off', replaces: record.job }
  }
  if (pr) {
    const recorded = pr.recorded
    const found = record && recorded ? { record, recorded } : undefined
    return decide(facts.run, found)
  }
  if (facts.branch) {
    return planBranch(facts.run, facts.branch)
  }
  if (facts.notABranch) {
    return { action: 'skip', reason: NOT_A_BRANCH[facts.notABranch] }
  }
  return planLoose(facts)
}
