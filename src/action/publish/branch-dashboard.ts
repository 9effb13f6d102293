// The branch's dashboard issue, written as soon as the job is known and when the run
// ends: the one owner of the branch's ledger during a run.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import { compareLink, MAX_LISTED, ROOT, type Coverage } from '../../github/branch-commits.js'
import { coverageRun, pullsOf } from '../../github/source-pulls.js'
import { reviewersToRequest } from '../../github/branch-reviewers.js'
import { requestReviews } from '../../github/docs-pull-request.js'
import { postDocsUpdateComment } from '../../github/docs-pr-end.js'
import { MAX_REVIEWERS, withRun, type BranchRecord } from '../../github/branch-record.js'
import { saveDashboard, type DashboardView } from '../../github/dashboard.js'
import { afterTelling, type Telling } from '../../github/ledger.js'
import type { GitHubSession } from '../../github/session.js'
import type { WorkflowRun } from '../../github/workflow-run.js'
import { tellingFor, type BranchFacts, type Plan, type RunIdentity } from '../plan/plan.js'
import { runAction } from '../plan/words.js'

export interface BranchRunFacts {
  facts: BranchFacts
  plan: Plan
  projectId: string
  run: WorkflowRun
  identity: RunIdentity
}

/** The prompt's view of what a run tells (pure): its compare link starts at the first told. */
export function coverageOf(facts: BranchFacts, telling: Telling, run: WorkflowRun): Coverage {
  const { candidates } = facts
  const first = telling.told[0]?.sha
  const at = candidates.since.findIndex((commit) => commit.sha === first)
  const from = at > 0 ? candidates.since[at - 1]?.sha : (facts.record?.base ?? candidates.base)
  const linked = at >= 0 && from && from !== ROOT && run.repository
  return {
    kind: 'commits',
    origin: candidates.origin,
    commits: telling.told.slice(-MAX_LISTED),
    total: telling.told.length,
    ...(linked ? { compareUrl: compareLink(run.serverUrl, run.repository, from, run.sha) } : {}),
    ...(from ? { from } : {}),
    to: run.sha
  }
}

export class BranchDashboard {
  private issue: number | undefined
  /** What this run handed off: the docs pull request, and everyone asked to review it. */
  private handOff: { handedOff?: string; reviewers?: string[] } = {}
  /** The plan as carried out and what it tells, once the prompt was built for it. */
  private executed: { plan: Plan; telling: Telling } | undefined

  constructor(
    private readonly session: GitHubSession,
    private readonly run: BranchRunFacts
  ) {
    this.issue = run.facts.issue
  }

  /**
   * The commits `plan` tells (the plan as carried out, after any wait), as the prompt
   * shows them; undefined when it tells none.
   */
  select(plan: Plan): Coverage | undefined {
    const { commits, givenBack } = tellingFor(this.run.facts, plan)
    const telling = { jobId: '', told: commits, givenBack, candidates: this.run.facts.candidates }
    this.executed = { plan, telling }
    return commits.length > 0 ? coverageOf(this.run.facts, telling, this.run.run) : undefined
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
    // GitHub refused the dashboard when the run read it: the one warning was given then.
    if (this.run.facts.denied) return
    const { jobId, sent, ...rest } = view
    const full: DashboardView = {
      ...rest,
      record: this.recordAfter(jobId, sent, rest.docsPullRequest?.link, at),
      repository: this.run.run.repository,
      serverUrl: this.run.run.serverUrl
    }
    const saved = await saveDashboard(this.session, this.issue, full, budgetMs)
    // A dashboard deleted meanwhile was opened anew: later writes of this run go to that one.
    if (saved.kind === 'saved') this.issue = saved.issue.number
  }

  /**
   * The record after this run. A commit counts as told once the prompt that lists it
   * reached a job (`sent`); what jobs that ended without delivering were told is given back.
   */
  private recordAfter(jobId: string, sent: boolean, link: string | undefined, at: Date) {
    const { facts, run, identity } = this.run
    const previous = facts.record
    const same = previous?.jobId === jobId ? previous : undefined
    const plan = this.executed?.plan ?? this.run.plan
    const telling = sent && this.executed ? { ...this.executed.telling, jobId } : undefined
    const ledger = telling
      ? afterTelling(previous, telling)
      : {
          ...(previous?.base ? { base: previous.base } : {}),
          told: previous?.told ?? [{ id: jobId, shas: [] }],
          ended: previous?.ended ?? []
        }
    // Everything up to the run's head is told when it told all it read, or had nothing to.
    const complete =
      facts.candidates.unread === 0 && (telling !== undefined || plan.action === 'nothing-new')
    const seen = complete && /^[0-9a-f]{40,64}$/.test(run.sha) ? run.sha : previous?.seen
    // The job's docs pull request: as this run saw it, else as recorded for the same job.
    const docs = link ?? same?.docs
    const handedOff = this.handOff.handedOff ?? same?.handedOff
    const counts = { ...(previous?.counts ?? { created: 0, followUps: 0, quiet: 0 }) }
    counts[!sent ? 'quiet' : plan.action === 'create' ? 'created' : 'followUps']++
    const record: BranchRecord = {
      projectId: this.run.projectId,
      branch: facts.branch,
      key: facts.key,
      jobId,
      ...ledger,
      ...(seen ? { seen } : {}),
      ...(docs ? { docs } : {}),
      runId: identity.runId,
      runAttempt: identity.runAttempt,
      reviewers: this.handOff.reviewers ?? same?.reviewers ?? [],
      ...(handedOff ? { handedOff } : {}),
      runs: previous?.runs ?? [],
      counts
    }
    const row = coverageRun(
      { at, event: run.eventName, did: runAction(plan, jobId, sent) },
      telling && coverageOf(facts, telling, run),
      telling ? pullsOf(facts.pulls, telling.told) : []
    )
    return withRun(record, row)
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
    docs: GitHubSession,
    prLink: string,
    docsAuthor: string | undefined,
    jobId: string,
    budgetMs: number
  ): Promise<void> {
    const ref = parsePullRequestLink(prLink)
    const { facts } = this.run
    const told = this.executed?.telling.told ?? []
    if (!ref || told.length === 0) return
    // The same job keeps its docs pull request, and with it who was already asked.
    const same = facts.record?.jobId === jobId ? facts.record.reviewers : []
    const logins = reviewersToRequest({
      pulls: facts.pulls,
      commits: told,
      alreadyRequested: same,
      ...(docsAuthor ? { docsAuthor } : {})
    })
    if (logins.length === 0) return
    const asked = await docs.bestEffort(
      budgetMs,
      (octokit) => requestReviews(octokit, ref, { users: logins, teams: [] }),
      'Could not request reviews on the docs pull request',
      'The docs token needs `pull-requests: write` there.'
    )
    if (!asked) return
    if (asked.done.length > 0)
      core.info(
        `Requested review of the docs pull request from ${safeLine(asked.done.join(', '))}, who wrote the changes it covers.`
      )
    for (const r of asked.refused)
      core.info(
        `docs-pr-reviewers: GitHub refused ${safeLine(r.name)} (${safeLine(r.reason, 200)}).`
      )
    // Asked once, whatever GitHub answered for each.
    this.handOff = { ...this.handOff, reviewers: [...same, ...logins].slice(-MAX_REVIEWERS) }
  }

  /** On a follow-up: a short comment on the docs pull request naming what this update covers. */
  async noteUpdate(
    docs: GitHubSession,
    prLink: string,
    runUrl: string | undefined,
    budgetMs: number
  ): Promise<void> {
    const { facts, run } = this.run
    const executed = this.executed
    if (!executed || executed.telling.told.length === 0 || executed.plan.action !== 'follow-up') {
      return
    }
    const update = {
      branch: facts.branch,
      repository: run.repository,
      serverUrl: run.serverUrl,
      coverage: coverageOf(facts, executed.telling, run),
      pulls: pullsOf(facts.pulls, executed.telling.told),
      ...(runUrl ? { runUrl } : {})
    }
    await postDocsUpdateComment(docs, prLink, update, budgetMs)
  }
}
