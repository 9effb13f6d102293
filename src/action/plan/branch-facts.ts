// The branch's facts (push, schedule and manual runs): its ledger from the dashboard
// issue, the recorded job as the service sees it, the commits the run weighs and which
// of them are untold. Reads only; unknown throws (StateUnknownError), never reads as none.

import {
  olderBase,
  readCandidates,
  sourcePullRequests,
  type CoveredCommit,
  type ReadCandidates,
  type SourcePullRequest
} from '../../github/branch-commits.js'
import { MAX_ENDED, type BranchRecord } from '../../github/branch-record.js'
import type { RepositoryAccess } from '../../github/client.js'
import {
  findDashboards,
  retireDashboard,
  updateDashboard,
  type FoundDashboard
} from '../../github/dashboard.js'
import { untold } from '../../github/ledger.js'
import { readDocsPullRequestState } from '../../github/pr-thread.js'
import { record as objectOf, text, type WorkflowRun } from '../../github/workflow-run.js'
import { recordedStatus, type RecordedJob } from './plan.js'

/** The events whose runs keep one docs job per branch. */
export const BRANCH_EVENTS = ['push', 'schedule', 'workflow_dispatch'] as const

export interface BranchFacts {
  branch: string
  /** The record's key: the workflow, or `record-key`. */
  key: string
  /** The open dashboard issue that won, when there is one. */
  issue?: number
  record?: BranchRecord
  recorded?: RecordedJob
  /**
   * Older open records of the same key: retired by this run, their jobs give commits back,
   * and their docs pull requests (when the service names one) are closed.
   */
  others: Array<FoundDashboard & { docsPullRequest?: string }>
  /** GitHub refused the dashboard (one warning given): the run works on its own. */
  denied: boolean
  candidates: ReadCandidates
  /** Untold while the recorded job lives, and if it has ended without delivering. */
  fresh: CoveredCommit[]
  freshIfEnded: CoveredCommit[]
  pulls: SourcePullRequest[]
}

/** Why a push or a branch-less run keeps no branch record: undefined when it keeps one. */
export function notABranch(run: WorkflowRun): 'deleted' | 'tag' | undefined {
  const payload = objectOf(run.payload)
  if (run.eventName === 'push' && payload?.deleted === true) return 'deleted'
  return branchOf(run) === undefined ? 'tag' : undefined
}

/** The branch a run is for: the pushed branch, or GITHUB_REF's; none for a tag. */
export function branchOf(run: WorkflowRun): string | undefined {
  const ref = text(objectOf(run.payload)?.ref) ?? run.ref
  const match = /^refs\/heads\/(.+)$/.exec(ref)
  return match?.[1]
}

export async function gatherBranchFacts(options: {
  access: RepositoryAccess
  docsToken: string
  run: WorkflowRun
  projectId: string
  key: string
  identity: string
  now: Date
  lookUp: (jobId: string) => Promise<RecordedJob>
  /** Older records are closed as soon as they are found, unless nothing may be written. */
  retire?: { docsToken?: string }
}): Promise<BranchFacts | undefined> {
  const { access, run } = options
  const branch = branchOf(run)
  if (!branch) return undefined
  const key = { projectId: options.projectId, branch, key: options.key, identity: options.identity }
  const found = await findDashboards(access, key)
  const winner = found.kind === 'found' ? found.winner : undefined
  let record = winner?.record
  let recorded = record ? await options.lookUp(record.jobId) : undefined
  let base = record?.base
  let others: BranchFacts['others'] = []
  for (const other of found.kind === 'found' ? found.others : []) {
    if (base && other.record.base) base = await olderBase(access, base, other.record.base)
    const job = await options.lookUp(other.record.jobId)
    const link = job.kind === 'found' ? job.job.prLink : null
    others.push({ ...other, ...(link ? { docsPullRequest: link } : {}) })
  }
  // Older records are absorbed at once: the winner takes their base and lists their jobs
  // as ended, then they are closed. A run that fails later still leaves one record, and
  // loses nothing. Only once the winner is written; never in a dry run.
  if (winner && record && others.length > 0 && options.retire) {
    const absorbed: BranchRecord = {
      ...record,
      ...(base ? { base } : {}),
      ended: [
        ...record.ended,
        ...others.map((other) => ({ id: other.record.jobId, why: 'lost-race' as const }))
      ].slice(-MAX_ENDED)
    }
    const view = { record: absorbed, repository: run.repository, serverUrl: run.serverUrl }
    const saved = await updateDashboard(access, winner.issue.number, view)
    if (saved.kind === 'saved') {
      for (const other of others) {
        await retireDashboard(access, other, winner.issue, options.retire)
      }
      record = absorbed
      others = []
    }
  }
  // At the head the record says is all told, with its job alive: no commit to read.
  const alive = recorded?.kind === 'found' && !['failed', 'archived'].includes(recorded.job.status)
  const told = record?.seen === run.sha && alive && others.length === 0
  const candidates: ReadCandidates = told
    ? { since: [], event: [], unread: 0, origin: 'since-record' }
    : await readCandidates(access, {
        repository: run.repository,
        serverUrl: run.serverUrl,
        branch,
        ...(base ? { base } : {}),
        headSha: run.sha,
        eventName: run.eventName,
        payload: run.payload,
        now: options.now
      })
  const fresh = untold(record, candidates)
  const freshIfEnded = record ? untold(record, candidates, new Set([record.jobId])) : fresh
  // Whether the job's docs pull request was merged or closed decides which job, and
  // whether a job that ended had delivered its commits (then it gives none back).
  const ended = ['failed', 'archived', 'gone'].includes(recordedStatus(recorded))
  if (fresh.length > 0 || (ended && freshIfEnded.length > 0)) {
    const link =
      recorded?.kind === 'found'
        ? recordedStatus(recorded) === 'active'
          ? null
          : recorded.job.prLink
        : (record?.docs ?? record?.handedOff ?? null)
    const state = link
      ? await readDocsPullRequestState({ ...access, token: options.docsToken }, run, link)
      : undefined
    if (state && recorded?.kind === 'found') recorded = { ...recorded, docsPullRequest: state }
    if (state && recorded?.kind === 'gone') recorded = { ...recorded, docsPullRequest: state }
  }
  // The source pull requests of what may be told: a job that failed, or that may fail
  // while the run waits for it, gives its commits back.
  const mayEnd = !record || recordedStatus(recorded) !== 'completed'
  const weighed = mayEnd && fresh.length + freshIfEnded.length > 0 ? freshIfEnded : fresh
  const pulls = weighed.length > 0 ? await sourcePullRequests(access, weighed) : []
  return {
    branch,
    key: options.key,
    ...(winner ? { issue: winner.issue.number, record: record ?? winner.record } : {}),
    ...(recorded ? { recorded } : {}),
    others,
    denied: found.kind === 'denied',
    candidates,
    fresh,
    freshIfEnded,
    pulls
  }
}
