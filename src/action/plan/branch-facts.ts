// The branch's facts (push, schedule and manual runs): its dashboard issue and record,
// the recorded job as the service sees it, which commits this run covers and the pull
// requests they came from. Reads only; each read is one budgeted GitHub call.

import {
  coveredCommits,
  sourcePullRequests,
  type Coverage,
  type SourcePullRequest
} from '../../github/branch-commits.js'
import type { BranchRecord } from '../../github/branch-record.js'
import type { RepositoryAccess } from '../../github/client.js'
import { findDashboard } from '../../github/dashboard.js'
import { readDocsPullRequestState } from '../../github/pr-thread.js'
import { record as objectOf, text, type WorkflowRun } from '../../github/workflow-run.js'
import { asDecisionRecord, decide, type RecordedJob, type RunIdentity } from './plan.js'

/** The events whose runs keep one docs job per branch. */
export const BRANCH_EVENTS = ['push', 'schedule', 'workflow_dispatch'] as const

export interface BranchFacts {
  branch: string
  /** The open dashboard issue, when there is one. */
  issue?: number
  record?: BranchRecord
  recorded?: RecordedJob
  coverage: Coverage
  pulls: SourcePullRequest[]
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
  identity: RunIdentity
  projectId: string
  now: Date
  lookUp: (jobId: string) => Promise<RecordedJob>
}): Promise<BranchFacts | undefined> {
  const { access, run } = options
  const branch = branchOf(run)
  if (!branch) return undefined
  const found = await findDashboard(access, { projectId: options.projectId, branch })
  if (found.kind === 'unavailable') return undefined
  const record = found.kind === 'found' ? found.record : undefined
  // The job first, without its docs pull request: nothing new needs no more.
  let recorded = record ? await options.lookUp(record.jobId) : undefined
  const decision = decide(
    options.identity,
    record && recorded ? { record: asDecisionRecord(record), recorded } : undefined
  )
  // A re-run sends nothing: no commits to read.
  const sends = decision.action !== 'resume' && decision.action !== 'report'
  // A job that failed, was archived or is gone: its commits go to the next job's first prompt.
  const carried =
    decision.action === 'create' && ['failed', 'archived', 'gone'].includes(decision.reason)
  const lastSha = carried ? (record?.jobBaseSha ?? record?.lastSha) : record?.lastSha
  const coverage: Coverage = sends
    ? await coveredCommits(access, {
        repository: run.repository,
        serverUrl: run.serverUrl,
        branch,
        ...(lastSha ? { lastSha } : {}),
        headSha: run.sha,
        eventName: run.eventName,
        payload: run.payload,
        now: options.now
      })
    : { kind: 'unavailable', reason: 'a re-run sends nothing' }
  // Something goes to the job: whether its docs pull request was merged or closed decides which job.
  if (coverage.kind !== 'nothing-new' && recorded?.kind === 'found') {
    const link = recorded.job.status === 'completed' ? recorded.job.prLink : null
    const state = link
      ? await readDocsPullRequestState({ ...access, token: options.docsToken }, run, link)
      : undefined
    if (state) recorded = { ...recorded, docsPullRequest: state }
  }
  const pulls =
    coverage.kind === 'commits' && coverage.commits.length > 0
      ? await sourcePullRequests(access, coverage.commits)
      : []
  return {
    branch,
    ...(found.kind === 'found' ? { issue: found.issue.number } : {}),
    ...(record ? { record } : {}),
    ...(recorded ? { recorded } : {}),
    coverage,
    pulls
  }
}
