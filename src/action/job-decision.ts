// What a pull-request run does with the pull request's docs job: create one, send the
// prompt to it as a follow-up, wait for it when busy, resume it on a re-run, or
// replace it when it can no longer be used. Pure: facts in, a decision out, and the
// words that say what the run did (log line and comment).

import { isTerminal, type AgentJob } from '../agent/job.js'
import type { PullRequestRecord } from '../github/pr-record.js'

export interface RunIdentity {
  /** Digits; stays the same across re-runs of a workflow run. */
  runId: string
  runAttempt: number
}

/** What the service says of the recorded job. */
export type RecordedJob =
  | { kind: 'found'; job: AgentJob; docsPullRequest?: 'open' | 'merged' | 'closed' }
  /** The service answered 404: the job is gone. */
  | { kind: 'gone' }

export type CreateReason =
  'no-record' | 'reuse-off' | 'failed' | 'archived' | 'gone' | 'docs-merged' | 'docs-closed'

export type Decision =
  | { action: 'create'; reason: CreateReason; replaces?: string }
  /** Send the prompt to the job; `followUp` counts this pull request's messages (1 = the first). */
  | { action: 'follow-up'; jobId: string; followUp: number }
  /** The job is working on an earlier prompt: wait for it, then decide again (afterBusyWait). */
  | { action: 'wait-then-follow-up'; jobId: string; followUp: number }
  /** A re-run whose earlier attempt's job is still working: wait for it, send nothing. */
  | { action: 'resume'; jobId: string; job: AgentJob }
  /** A re-run whose earlier attempt's job completed: report it as it is. */
  | { action: 'report'; jobId: string; job: AgentJob }

/** Whether this run is a later attempt of the run that last wrote the record. */
export function isReRun(record: PullRequestRecord, run: RunIdentity): boolean {
  return record.runId !== '0' && record.runId === run.runId && record.runAttempt < run.runAttempt
}

/** The decision for a run that found `record` (and looked its job up), or none. */
export function decide(
  run: RunIdentity,
  found?: { record: PullRequestRecord; recorded: RecordedJob }
): Decision {
  if (!found) return { action: 'create', reason: 'no-record' }
  const { record, recorded } = found
  const replaces = record.jobId
  if (recorded.kind === 'gone') return { action: 'create', reason: 'gone', replaces }
  const job = recorded.job
  if (job.status === 'failed') return { action: 'create', reason: 'failed', replaces }
  if (job.status === 'archived') return { action: 'create', reason: 'archived', replaces }
  if (isReRun(record, run)) {
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

/** After waiting for a busy job: follow up when it completed, replace it when it did not. */
export function afterBusyWait(
  waited: Extract<Decision, { action: 'wait-then-follow-up' }>,
  job: AgentJob
): Decision {
  if (job.status === 'failed' || job.status === 'archived') {
    return { action: 'create', reason: job.status, replaces: waited.jobId }
  }
  return { action: 'follow-up', jobId: waited.jobId, followUp: waited.followUp }
}

/** The record a decision leaves on the pull request once its job is known. */
export function nextRecord(
  decision: Decision,
  jobId: string,
  projectId: string,
  run: RunIdentity,
  previous: PullRequestRecord | undefined
): PullRequestRecord {
  const base = { projectId, jobId, runId: run.runId, runAttempt: run.runAttempt }
  switch (decision.action) {
    case 'create':
      return { ...base, followUps: 0 }
    case 'follow-up':
    case 'wait-then-follow-up':
      return {
        ...base,
        followUps: decision.followUp,
        ...(previous?.handedOff ? { handedOff: previous.handedOff } : {})
      }
    case 'resume':
    case 'report':
      return {
        ...base,
        followUps: previous?.followUps ?? 0,
        ...(previous?.handedOff ? { handedOff: previous.handedOff } : {})
      }
  }
}

const WHY: Record<Exclude<CreateReason, 'no-record' | 'reuse-off'>, string> = {
  failed: 'failed',
  archived: 'was archived',
  gone: 'no longer exists (the service answered 404)',
  'docs-merged': 'has its docs pull request already merged',
  'docs-closed': 'has its docs pull request already closed'
}

function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`
}

/**
 * What the run did, in one sentence for the log and the comment. `busy` is set when a
 * follow-up came after waiting for the job; `attempt` is the run's attempt.
 */
export function describeDecision(
  decision: Decision,
  jobId: string,
  options: { busy?: boolean; attempt?: number } = {}
): string {
  switch (decision.action) {
    case 'create':
      if (decision.reason === 'no-record') return `Created job ${jobId} for this pull request.`
      if (decision.reason === 'reuse-off') {
        return `Created a new job ${jobId} (reuse-job: false); later runs use it.`
      }
      return `Created a new job ${jobId}: the recorded job ${decision.replaces ?? ''} ${WHY[decision.reason]}.`
    case 'follow-up':
    case 'wait-then-follow-up': {
      const sent = `sent the ${ordinal(decision.followUp)} follow-up for this pull request to job ${jobId}`
      return options.busy
        ? `Waited for job ${jobId} to finish an earlier prompt, then ${sent}.`
        : `${sent.charAt(0).toUpperCase()}${sent.slice(1)}.`
    }
    case 'resume':
      return `Re-run (attempt ${options.attempt ?? '?'}): resumed job ${jobId}, which the earlier attempt started; the prompt was not sent again.`
    case 'report':
      return `Re-run (attempt ${options.attempt ?? '?'}): job ${jobId} from the earlier attempt had already ended; reported as it is, the prompt was not sent again.`
  }
}
