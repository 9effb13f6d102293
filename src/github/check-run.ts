// A check run on the commit the run is for, showing the docs job. Its `check` marker names the run,
// step and project, so a re-run outside a pull request finds the job its earlier attempt started.
// Best effort: after a denial, no more calls are made.

import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import { redact, safeLine } from '../common/safe-text.js'
import { allPages, gitHubFailure, type GitHubClient } from './client.js'
import { fields, readRecords, string, writeMarker, type Read } from './marker.js'
import { lacking, type GitHubSession } from './session.js'
import { pullRequestNumber, asObject, text, type WorkflowRun } from './workflow-run.js'

/** The action's one name where people see it: the summary, the comment and the check run. */
export const ACTION_TITLE = 'Mintlify Docs Agent Job'

/** GitHub's limit on a check run's summary. */
export const MAX_SUMMARY = 65_535

export type CheckConclusion = 'success' | 'neutral' | 'failure' | 'timed_out' | 'cancelled'

/** No `conclusion` while the job runs. `detailsUrl`: the docs pull request (an https link). */
interface CheckOutcome {
  conclusion?: CheckConclusion
  title: string
  summary: string
  jobId?: string
  detailsUrl?: string
}

/** What a completed check run shows. */
export type CompletedCheck = CheckOutcome & { conclusion: CheckConclusion }

const OWNER = { run: string, step: string, project: string }
/** Who started a check run: the workflow run, its step (workflow/job/step), the project. */
type CheckOwner = Read<typeof OWNER>

export const checkMarker = (owner: CheckOwner): string => writeMarker('check', owner)

/** The owner in a check run's output text: a marker on any line. */
export function readCheckMarker(outputText: string | null): CheckOwner | undefined {
  return readRecords('check', outputText, (value) => fields(value, OWNER, true))[0]
}

export function truncateSummary(summary: string, max: number = MAX_SUMMARY): string {
  if (summary.length <= max) {
    return summary
  }
  const note = '\n\n… (cut to fit the check run)'
  return summary.slice(0, max - note.length) + note
}

/** The newest check run (highest id) whose marker names `owner`, with the job id it holds. */
export function findEarlierCheck(
  runs: readonly { id: number; external_id: string | null; output: { text: string | null } }[],
  owner: CheckOwner
): { id: number; jobId: string } | undefined {
  const mine = checkMarker(owner)
  const ours = runs.flatMap(({ id, external_id: jobId, output }) => {
    const marked = readCheckMarker(output.text)
    // Anyone with checks: write can set external_id; only a plain id is taken.
    const same = marked !== undefined && checkMarker(marked) === mine
    if (!same || !isPlainId(jobId)) {
      return []
    }
    return [{ id, jobId }]
  })
  return ours.sort((x, y) => y.id - x.id)[0]
}

export class DocsCheckRun {
  private readonly owner: CheckOwner
  private id: number | undefined
  private sha: string | undefined
  /** Set after a denial or a missing token: no more calls. */
  private off = false

  constructor(
    private readonly session: GitHubSession | undefined,
    private readonly run: WorkflowRun,
    projectId: string
  ) {
    const step = [run.workflow, run.job, run.action].join('/')
    this.owner = { run: run.runId, step, project: projectId }
  }

  isRerunOutsidePullRequest(): boolean {
    return this.run.runAttempt > 1 && pullRequestNumber(this.run) === undefined
  }

  private async call<T>(
    what: string,
    budgetMs: number,
    call: (octokit: GitHubClient, repo: GitHubSession['repo']) => Promise<T>,
    cancellable = true
  ): Promise<T | undefined> {
    const { session } = this
    if (this.off) {
      return undefined
    }
    if (!session?.repository) {
      core.warning(`check-run: ${lacking(session)}, so no check run is shown.`)
      this.off = true
      return undefined
    }
    const noteDenial = (error: unknown): never => {
      if (!this.off && gitHubFailure(error) === 'denied') {
        this.off = true
      }
      throw error
    }
    const attempt = (octokit: GitHubClient) => call(octokit, session.repo).catch(noteDenial)
    const failed = `check-run: could not ${what} (%s).`
    const permission = 'Give the job `permissions: checks: write`.'
    // `false` lets the call outlast a cancellation (the last write of a cancelled run); `''`
    // keeps any failure a warning.
    const unknown = cancellable ? '' : false
    return session.bestEffort(budgetMs, attempt, failed, permission, unknown)
  }

  /** The commit the check goes on: a pull request's head, else the run's commit. */
  private async headSha(octokit: GitHubClient, repo: GitHubSession['repo']): Promise<string> {
    const number = pullRequestNumber(this.run)
    this.sha ??= text(asObject(asObject(this.run.payload.pull_request)?.head)?.sha)
    // A comment on a pull request: its payload has no head commit.
    if (!this.sha && number !== undefined) {
      const pull = await octokit.rest.pulls.get({ ...repo, pull_number: number })
      this.sha = pull.data.head.sha
    }
    if (!this.sha) {
      this.sha = this.run.sha
    }
    return this.sha
  }

  /** The job an earlier attempt of this workflow run started, through its check run. */
  async findEarlierJob(budgetMs: number): Promise<string | undefined> {
    const what = 'look for the check run of an earlier attempt'
    const found = await this.call(what, budgetMs, async (octokit, repo) => {
      const ref = await this.headSha(octokit, repo)
      if (!ref) {
        return undefined
      }
      const pages = octokit.paginate.iterator(octokit.rest.checks.listForRef, {
        ...repo,
        ref,
        check_name: ACTION_TITLE,
        filter: 'all',
        per_page: 100
      })
      return findEarlierCheck(await allPages(pages, 3), this.owner)
    })
    this.id = found?.id ?? this.id
    return found?.jobId
  }

  /** Updates this run's check run, or creates it on the head commit; true when it created it. */
  private write(outcome: CheckOutcome, budgetMs: number) {
    const { conclusion, jobId, detailsUrl } = outcome
    const state = conclusion
      ? { status: 'completed' as const, conclusion, completed_at: new Date().toISOString() }
      : { status: 'in_progress' as const }
    const fields = {
      ...state,
      ...(jobId ? { external_id: jobId } : {}),
      ...(detailsUrl ? { details_url: detailsUrl } : {})
    }
    const startedBy = `Started by workflow run ${this.owner.run || 'unknown'}.`
    const output = {
      // Job ids and summaries come from the service: no secret we hold goes to GitHub.
      title: safeLine(outcome.title, 1000),
      summary: truncateSummary(redact(outcome.summary)),
      text: `${checkMarker(this.owner)}\n${startedBy}`
    }
    const write = async (octokit: GitHubClient, repo: GitHubSession['repo']) => {
      if (this.id !== undefined) {
        await octokit.rest.checks.update({ ...repo, check_run_id: this.id, ...fields, output })
        return false
      }
      const head_sha = await this.headSha(octokit, repo)
      const created = { ...repo, name: ACTION_TITLE, head_sha, ...fields, output }
      this.id = (await octokit.rest.checks.create(created)).data.id
      return true
    }
    const what = conclusion ? 'complete the check run' : 'create the check run'
    return this.call(what, budgetMs, write, !conclusion)
  }

  async start(jobId: string, budgetMs: number): Promise<void> {
    const title = `Docs job ${jobId} is running`
    const summary = `The Mintlify agent is working on job \`${jobId.replace(/`/g, '')}\`.`
    if (await this.write({ title, summary, jobId }, budgetMs)) {
      core.info(`Check run ${this.id} on ${safeLine((this.sha ?? '').slice(0, 7))}: in progress.`)
    }
  }

  /** Completed with the outcome (created so when never started); reports a cancellation too. */
  async complete(outcome: CompletedCheck, budgetMs: number) {
    // Undefined when nothing was written: no token, a denial, or a failure already warned of.
    const written = await this.write(outcome, budgetMs)
    if (written !== undefined) {
      core.info(`Check run ${this.id}: ${outcome.conclusion}.`)
    }
  }
}
