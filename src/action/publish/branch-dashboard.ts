// The branch's dashboard issue, written when the job is known and when the run ends, and the
// note a follow-up adds on its docs pull request.

import * as core from '@actions/core'
import { htmlLink, safeHtml, safeLine, safeMarkdown } from '../../common/safe-text.js'
import { toldCoverage, type Coverage } from '../../github/branch-commits.js'
import {
  commitsPromptSection,
  plural,
  pullsOf,
  reviewersToRequest,
  type SourcePullRequest
} from '../../github/source-pulls.js'
import { requestReviews, type DocsPullRequest } from '../../github/docs-pull-request.js'
import { afterTelling, MAX_REVIEWERS, withRun, withSettled } from '../../github/branch-record.js'
import { mergeBranchRecords } from '../../github/branch-merge.js'
import type { BranchRecord } from '../../github/branch-record.js'
import { commitsUrl, writeDashboard } from '../../github/dashboard.js'
import { readDashboard } from '../../github/dashboard-reread.js'
import type { DashboardView } from '../../github/dashboard.js'
import { isSha } from '../../github/marker.js'
import { settledApart } from '../../github/agent-work.js'
import type { GitHubSession } from '../../github/session.js'
import { issueOf, REPOSITORY } from '../../github/workflow-run.js'
import { recordedRunId, runUrl, type WorkflowRun } from '../../github/workflow-run.js'
import type { Outcome } from '../execute/job-owner.js'
import type { HandOff } from '../plan/docs-fate.js'
import { tellingFor, type BranchFacts, type Plan } from '../plan/plan.js'
import { runAction } from '../plan/words.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'

const MAX_COMMENT_COMMITS = 20 // named one by one; the rest are counted
const MAX_NAMED = 10 // commits named in the line of a record that could not be written

export type DocsUpdate = Pick<WorkflowRun, 'repository' | 'serverUrl' | 'runId'> & {
  branch: string
  coverage: Coverage
  pulls: readonly SourcePullRequest[]
}

/**
 * Text authors wrote, escaped so that it cannot mention anyone or reference an issue (`#` only
 * where safeMarkdown did not write an entity, such as `&#124;`).
 */
const inert = (value: string, max: number): string =>
  safeMarkdown(value, max).replace(/@|(?<!&)#/g, (char) => (char === '@' ? '&#64;' : '&#35;'))

export function docsUpdateCommentBody(update: DocsUpdate): string {
  const { coverage } = update
  const total = Math.max(coverage.total, coverage.commits.length)
  const repo = REPOSITORY.test(update.repository) ? update.repository : undefined
  const counted = plural(total, 'commit')
  const link = (url: string | undefined, text: string): string | undefined =>
    url && /^https?:\/\/\S+$/.test(url) ? htmlLink(url, text) : undefined
  const branch = `<code>${safeHtml(update.branch, 100)}</code>`
  const ofRepo = repo ? ` of ${safeMarkdown(repo)}` : ''
  const covers = link(coverage.compareUrl, counted) ?? counted
  const lines = [`**Docs update from ${branch}**${ofRepo}: this update covers ${covers}.`]
  if (update.pulls.length > 0) {
    lines.push('', 'Source pull requests:')
  }
  for (const pull of update.pulls) {
    const by = pull.author ? ` by <code>${inert(pull.author, 40)}</code>` : ''
    lines.push(`- ${repo ?? ''}#${pull.number} ${inert(pull.title, 120)}${by}`)
  }
  const shown = coverage.commits.slice(-MAX_COMMENT_COMMITS)
  if (shown.length > 0) {
    const heading = shown.length < total ? `Commits (the newest ${shown.length}):` : 'Commits:'
    lines.push('', heading)
  }
  for (const commit of shown) {
    const short = `<code>${commit.sha.slice(0, 7)}</code>`
    const url = commitsUrl(update, commit.sha)
    lines.push(`- ${url ? htmlLink(url, short) : short} ${inert(commit.subject, 120)}`)
  }
  const sent = link(runUrl(update), 'this workflow run')
  if (sent) {
    lines.push('', `Sent by ${sent}.`)
  }
  return lines.join('\n')
}

/** Which of the record's counts this run adds to: a run that sent nothing was quiet. */
function countedAs(sent: boolean, plan: Plan): 'quiet' | 'created' | 'followUps' {
  if (!sent) {
    return 'quiet'
  }
  return plan.action === 'create' ? 'created' : 'followUps'
}

type Saved = Partial<Pick<Outcome, 'jobId' | 'job' | 'did' | 'ending'>> & {
  sent?: string | boolean
  docs?: DashboardView['docsPullRequest']
}

export class BranchDashboard {
  private issue: number | undefined
  /** The docs pull request this run handed off, and everyone asked to review it. */
  private handOff: { handedOff?: string; reviewers?: string[] } = {}
  /** The plan as carried out and what it tells, once its prompt was built. */
  private executed?: ReturnType<typeof tellingFor> & { plan: Plan; coverage: Coverage }
  /** GitHub refused a write of the dashboard (one warning given): no more are tried. */
  private refused = false
  /** The dashboard was listed without its label (a person removed it): the next write puts it back. */
  private relabel: boolean
  /**
   * The record this run last wrote as its own (before any merge): what a later write of this
   * run merges against, so its own earlier row and counts are not taken for another run's.
   */
  private mine: BranchRecord | undefined
  /** What this run told a job, and whether a write of the dashboard recorded it. */
  private telling: { jobId: string; shas: readonly string[]; saved: boolean } | undefined

  constructor(
    private readonly ctx: RunContext,
    private readonly session: GitHubSession,
    private readonly facts: BranchFacts,
    private readonly plan: Plan
  ) {
    this.issue = facts.issue
    this.relabel = facts.unlabelled === true
  }

  /** The prompt's section on the commits `plan` (as carried out, after any wait) tells. */
  select(plan: Plan): string | undefined {
    const { branch, pulls, candidates, record } = this.facts
    const { run } = this.ctx.event
    const { commits: told, givenBack } = tellingFor(this.facts, plan)
    // Oldest first across given-back and new commits; the compare link covers them all.
    const link = (from: string) => commitsUrl(run, run.sha, from)
    const base = record?.base
    const { commits, coverage } = toldCoverage(told, candidates, base, run.sha, link)
    this.executed = { plan, commits, givenBack, coverage }
    if (commits.length === 0) {
      return undefined
    }
    return commitsPromptSection(branch, coverage, pullsOf(pulls, coverage.commits))
  }

  /**
   * Writes the record (opening the issue on the first write). A commit counts as told once the
   * prompt that lists it reached a job (`sent`: the text, or true; false when nothing was).
   */
  async save(
    { jobId, job, ending, did: note = ending?.message, sent: text, docs }: Saved,
    budgetMs: number
  ) {
    // GitHub refused the dashboard when the run read it, or an earlier write of this run: the
    // one warning was given then.
    if (this.facts.denied || this.refused || !jobId) {
      return
    }
    const sent = text !== undefined && text !== false
    const { facts } = this
    const { run } = this.ctx.event
    const previous = facts.record
    const same = previous?.job === jobId ? previous : undefined
    const plan = this.executed?.plan ?? this.plan
    const told = sent ? this.executed : undefined
    // Everything up to the run's head is told when it told all it read, or had nothing to, and
    // nothing set apart waits for a later run's check.
    const recheck = facts.apart.some((commit) => commit.recheck)
    const complete =
      facts.candidates.unread === 0 && (told || plan.action === 'nothing-new') && !recheck
    const waited = this.plan.action === 'wait-then-follow-up'
    const did = runAction(plan, jobId, sent, waited)
    const counts = { ...(previous?.counts ?? { created: 0, followUps: 0, quiet: 0 }) }
    counts[countedAs(sent, plan)]++
    const earlier = previous ?? { told: [{ id: jobId, shas: [] }], ended: [], runs: [] }
    const telling = told
      ? afterTelling(previous, jobId, told.commits, told.givenBack, facts.candidates)
      : undefined
    const fields = {
      ...earlier,
      ...telling,
      projectId: this.ctx.settings.projectId,
      branch: facts.branch,
      key: facts.key,
      job: jobId,
      seen: complete && isSha(run.sha) ? run.sha : previous?.seen,
      // The job's docs pull request: as this run saw it, else as recorded for the same job.
      docs: docs?.link ?? same?.docs,
      run: recordedRunId(run),
      attempt: run.runAttempt,
      reviewers: this.handOff.reviewers ?? same?.reviewers ?? [],
      handedOff: this.handOff.handedOff ?? same?.handedOff,
      counts
    }
    const settled = withSettled(fields, settledApart(facts.apart))
    const row = { at: new Date(this.ctx.clock.now()), event: run.eventName, did }
    const toldPulls = told ? pullsOf(facts.pulls, told.commits) : []
    const record = withRun(settled, row, told?.coverage, toldPulls, facts.apart)
    // Another run of the key may have written since this one read (another workflow with the
    // same record-key, or while this one read the commits, sent the prompt or waited): every
    // write reads the record again and keeps what this run did not change.
    const startedAt = this.ctx.clock.now()
    const where = { projectId: record.projectId, branch: record.branch, key: record.key }
    const { issue } = this
    const theirs =
      issue !== undefined && (await readDashboard(this.session, issue, where, budgetMs / 2))
    const merged = theirs ? mergeBranchRecords(this.mine ?? previous, record, theirs) : record
    const left = budgetMs - (this.ctx.clock.now() - startedAt)
    const view = { ...run, docsPullRequest: docs, jobStatus: job?.status, note, record: merged }
    const written = await writeDashboard(this.session, this.issue, view, left, this.relabel)
    if (written.number !== undefined) {
      this.mine = record
    }
    if (told) {
      const shas = told.commits.map((commit) => commit.sha)
      const saved = this.telling?.saved === true || written.number !== undefined
      this.telling = { jobId, shas, saved }
    }
    this.refused = written.denied === true
    if (written.relabelled) {
      this.relabel = false
    }
    // One deleted meanwhile was opened anew: later writes of this run go to that one.
    this.issue = written.number ?? this.issue
  }

  /**
   * The line that fails the step when the prompt reached the job but no write of the dashboard
   * recorded it (GitHub failed past the retries; a refusal was one warning already): the next
   * run reads a record without those commits and may tell them again.
   */
  unrecorded(): string | undefined {
    const { telling } = this
    if (!telling || telling.saved || this.facts.denied || this.refused) {
      return
    }
    const { jobId, shas } = telling
    const named = shas.slice(0, MAX_NAMED).map((sha) => sha.slice(0, 7))
    const more = shas.length > MAX_NAMED ? ` and ${shas.length - MAX_NAMED} more` : ''
    const which = `${plural(shas.length, 'commit')} (${named.join(', ')}${more})`
    const them = shas.length === 1 ? 'it' : 'them'
    return (
      `The prompt reached job ${jobId}, but GitHub did not take the dashboard's record of it: ` +
      `the next run does not know that the job was told ${which}, and may tell ${them} again.`
    )
  }

  /**
   * At the end, best effort: the hand-off recorded, the covered changes' authors asked once
   * (`docs-pr-reviewers: author`), and a follow-up noted on the docs pull request.
   */
  async followDocs(outcome: Outcome, handOff: HandOff, docs: DocsPullRequest, handedOff: boolean) {
    const { link, ref } = handOff
    if (handedOff) {
      this.handOff.handedOff = link
    }
    const session = docsSession(this.ctx, link, 'write')
    const { record, pulls, branch } = this.facts
    const { executed } = this
    if (!session || !ref || !executed?.commits.length) {
      return
    }
    const { commits: told, coverage, plan } = executed
    const budgetMs = this.ctx.left(BUDGETS.docsPullRequest)
    // The same job keeps its docs pull request, and with it who was already asked.
    const same = record?.job === (outcome.jobId ?? '') ? record.reviewers : []
    const ask = docs.state === 'open' && handOff.askAuthors
    const users = ask ? reviewersToRequest(pulls, told, same, docs.author.login) : []
    const asked =
      users.length > 0
        ? await session.bestEffort(
            budgetMs,
            (octokit) => requestReviews(octokit, ref, users, true),
            'Could not request reviews on the docs pull request (%s).',
            'The docs token needs `pull-requests: write` there.'
          )
        : false
    // Asked once, whatever GitHub answered for each.
    if (asked) {
      this.handOff.reviewers = [...same, ...users].slice(-MAX_REVIEWERS)
    }
    if (outcome.sent === undefined || plan.action !== 'follow-up') {
      return
    }
    const update = { ...this.ctx.event.run, branch, coverage, pulls: pullsOf(pulls, told) }
    const name = safeLine(`${ref.repository}#${ref.number}`)
    const issue = issueOf(ref)
    await session.bestEffort(
      budgetMs,
      async (octokit) => {
        await octokit.rest.issues.createComment({ ...issue, body: docsUpdateCommentBody(update) })
        core.info(`Noted on the docs pull request ${name} what this update covers.`)
      },
      `Could not comment on the docs pull request ${name} (%s); ` +
        'the dashboard alone says what this update covers.',
      'The comment needs `pull-requests: write` on the docs repository for the docs token ' +
        '(docs-token, or github-token when the docs live in this repository).'
    )
  }
}
