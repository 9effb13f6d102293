// The branch's dashboard issue: written as soon as the job is known, updated when the
// run ends. It owns the issue's number (found, or opened by the first write) and
// builds the branch's next record from the run's plan and outcome, one rule for both
// writes. Best effort: a refusal is one warning (in dashboard.ts), never a failed step.

import { coverageRun } from '../../github/branch-commits.js'
import { withRun, type BranchRecord, type RunAction } from '../../github/branch-record.js'
import type { RepositoryAccess } from '../../github/client.js'
import { createDashboard, updateDashboard, type DashboardView } from '../../github/dashboard.js'
import type { WorkflowRun } from '../../github/workflow-run.js'
import type { BranchFacts } from '../plan/branch-facts.js'
import type { Plan, RunIdentity } from '../plan/plan.js'

export interface BranchRunFacts {
  facts: BranchFacts
  plan: Plan
  projectId: string
  run: WorkflowRun
  identity: RunIdentity
}

/** What the dashboard's row says the run did. */
function runAction(plan: Plan, jobId: string | undefined, sent: boolean): RunAction {
  if (!jobId) return 'failed'
  switch (plan.action) {
    case 'create':
      return plan.reason === 'no-record' ? 'created' : 'started-over'
    case 'follow-up':
    case 'wait-then-follow-up':
      return sent ? 'followed-up' : 'waited'
    case 'resume':
      return 'waited'
    case 'nothing-new':
      return 'nothing-new'
    default:
      return 'reported'
  }
}

/**
 * The record after this run. A commit counts as told once the prompt that lists it
 * reached a job; a new job remembers where its commits start, so that if it fails they
 * go to the next job's first prompt.
 */
export function nextBranchRecord(
  run: BranchRunFacts,
  jobId: string,
  sent: boolean,
  at: Date
): BranchRecord {
  const { facts } = run
  const previous = facts.record
  const same = previous?.jobId === jobId ? previous : undefined
  const coverage = facts.coverage.kind === 'commits' ? facts.coverage : undefined
  const lastSha = sent && coverage ? coverage.to : same?.lastSha
  const jobBaseSha = same
    ? same.jobBaseSha
    : (coverage?.from ?? (sent ? undefined : previous?.lastSha))
  const base: BranchRecord = {
    projectId: run.projectId,
    branch: facts.branch,
    jobId,
    ...(lastSha ? { lastSha } : {}),
    ...(jobBaseSha ? { jobBaseSha } : {}),
    runId: run.identity.runId,
    runAttempt: run.identity.runAttempt,
    reviewers: same?.reviewers ?? [],
    ...(same?.handedOff ? { handedOff: same.handedOff } : {}),
    runs: previous?.runs ?? []
  }
  const row = coverageRun(
    { at, event: run.run.eventName, did: runAction(run.plan, jobId, sent) },
    sent || run.plan.action === 'nothing-new'
      ? facts.coverage
      : { kind: 'unavailable', reason: '' },
    sent ? facts.pulls : []
  )
  return withRun(base, row)
}

export class BranchDashboard {
  private issue: number | undefined

  constructor(
    private readonly access: Omit<RepositoryAccess, 'budgetMs'>,
    private readonly run: BranchRunFacts
  ) {
    this.issue = run.facts.issue
  }

  /** Writes the dashboard with the record after this run; opens it on the first write. */
  async save(
    view: Omit<DashboardView, 'record' | 'repository' | 'serverUrl'> & {
      jobId: string
      sent: boolean
    },
    budgetMs: number,
    at: Date
  ): Promise<void> {
    const { jobId, sent, ...rest } = view
    const full: DashboardView = {
      ...rest,
      record: nextBranchRecord(this.run, jobId, sent, at),
      repository: this.run.run.repository,
      serverUrl: this.run.run.serverUrl
    }
    const access = { ...this.access, budgetMs }
    if (this.issue === undefined) {
      const saved = await createDashboard(access, full)
      if (saved.kind === 'saved') this.issue = saved.issue.number
    } else {
      await updateDashboard(access, this.issue, full)
    }
  }
}
