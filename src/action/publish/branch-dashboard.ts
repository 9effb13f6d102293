// The branch's dashboard issue: written as soon as the job is known, updated when the
// run ends. It owns the issue's number (found, or opened by the first write) and
// builds the branch's next record from the run's plan and outcome, one rule for both
// writes. Best effort: a refusal is one warning (in dashboard.ts), never a failed step.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import { coverageRun } from '../../github/branch-commits.js'
import { reviewersToRequest } from '../../github/branch-reviewers.js'
import {
  boundedSignal,
  describeGitHubError,
  openGitHub,
  permissionHint
} from '../../github/client.js'
import { requestReviews } from '../../github/docs-review.js'
import { postDocsUpdateComment } from '../../github/docs-update-comment.js'
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
  at: Date,
  handOff: { handedOff?: string; reviewers?: string[] } = {}
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
    reviewers: handOff.reviewers ?? same?.reviewers ?? [],
    ...((handOff.handedOff ?? same?.handedOff)
      ? { handedOff: handOff.handedOff ?? same?.handedOff }
      : {}),
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
  /** What this run handed off: the docs pull request, and everyone asked to review it. */
  private handOff: { handedOff?: string; reviewers?: string[] } = {}

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
      record: nextBranchRecord(this.run, jobId, sent, at, this.handOff),
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

  /** Reviewers and labels were already requested for this docs pull request (by the branch's job). */
  alreadyHandedOff(prLink: string): boolean {
    const record = this.run.facts.record
    return record?.jobId !== undefined && record.handedOff === prLink
  }

  /** This run requested the reviewers and labels of `prLink`. */
  handedOff(prLink: string): void {
    this.handOff = { ...this.handOff, handedOff: prLink }
  }

  /**
   * `docs-pr-reviewers: author` on a branch: the authors of the covered source pull
   * requests (commit authors where there is none), bots skipped, each asked once per docs
   * pull request. Best effort: a refusal is one warning.
   */
  async askAuthors(
    access: { token: string; userAgent: string; signal?: AbortSignal; budgetMs: number },
    prLink: string,
    docsAuthor: string | undefined,
    jobId: string
  ): Promise<void> {
    const ref = parsePullRequestLink(prLink)
    const { facts } = this.run
    if (!ref || facts.coverage.kind !== 'commits') return
    // The same job keeps its docs pull request, and with it who was already asked.
    const same = facts.record?.jobId === jobId ? facts.record.reviewers : []
    const logins = reviewersToRequest({
      pulls: facts.pulls,
      commits: facts.coverage.commits,
      alreadyRequested: same,
      ...(docsAuthor ? { docsAuthor } : {})
    })
    if (logins.length === 0) return
    try {
      const octokit = await openGitHub(
        access.token,
        access.userAgent,
        boundedSignal(access.signal, access.budgetMs)
      )
      const { done, refused } = await requestReviews(octokit, ref, { users: logins, teams: [] })
      if (done.length > 0)
        core.info(
          `Requested review of the docs pull request from ${safeLine(done.join(', '))}, who wrote the changes it covers.`
        )
      for (const r of refused)
        core.info(
          `docs-pr-reviewers: GitHub refused ${safeLine(r.name)} (${safeLine(r.reason, 200)}).`
        )
    } catch (error) {
      core.warning(
        `Could not request reviews on the docs pull request (${describeGitHubError(error)}).${permissionHint(error, 'The docs token needs `pull-requests: write` there.')}`
      )
      return
    }
    // Asked once, whatever GitHub answered for each.
    this.handOff = { ...this.handOff, reviewers: [...same, ...logins] }
  }

  /** On a follow-up: a short comment on the docs pull request naming what this update covers. */
  async noteUpdate(
    access: { token: string; userAgent: string; signal?: AbortSignal; budgetMs: number },
    prLink: string,
    runUrl: string | undefined
  ): Promise<void> {
    const { facts, plan, run } = this.run
    if (facts.coverage.kind !== 'commits') return
    if (plan.action !== 'follow-up' && plan.action !== 'wait-then-follow-up') return
    await postDocsUpdateComment(access, prLink, {
      branch: facts.branch,
      repository: run.repository,
      serverUrl: run.serverUrl,
      coverage: facts.coverage,
      pulls: facts.pulls,
      ...(runUrl ? { runUrl } : {})
    })
  }
}
