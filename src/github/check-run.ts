// check-run: a check run on the commit the run is for, showing the docs job. Its
// output text carries a hidden marker (marker.ts, kind `check`) naming the workflow
// run, step and project that started it, so a re-run of a push or scheduled run (no
// pull request comment to hold a record) finds the job its earlier attempt started. Best effort: a denied
// call is one warning naming `checks: write`, and after it no more calls are made.

import { ACTION_TITLE } from '../common/action-title.js'
import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import { redact, safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  permissionHint,
  gitHubSaidNo,
  type GitHubClient,
  openGitHub,
  walkPages
} from './client.js'
import { readMarkers, writeMarker } from './marker.js'
import { pullRequestNumber, record, text, type WorkflowRun } from './workflow-run.js'

/** The check run's name: the action's. */
export const CHECK_NAME = ACTION_TITLE
/** GitHub's limit on a check run's summary. */
export const MAX_SUMMARY = 65_535
const MAX_CHECK_PAGES = 3

export type CheckConclusion = 'success' | 'neutral' | 'failure' | 'timed_out' | 'cancelled'

export interface CheckOutcome {
  conclusion: CheckConclusion
  /** The outcome in words. */
  title: string
  /** Markdown: the job summary. */
  summary: string
  jobId?: string
  /** The docs pull request (an https link), shown as the check's details. */
  detailsUrl?: string
}

/** Who started a check run: the marker kept in its output text. */
export interface CheckOwner {
  runId: string
  /** workflow/job/step, as the pull request comment's marker names a step. */
  step: string
  projectId: string
}

export function checkMarker(owner: CheckOwner): string {
  return writeMarker('check', { run: owner.runId, step: owner.step, project: owner.projectId })
}

/** The owner a marker's value names, when each field is a string as written. */
function ownerOf(value: unknown): CheckOwner | undefined {
  const fields = record(value)
  const [runId, step, projectId] = [fields?.run, fields?.step, fields?.project]
  if (typeof runId !== 'string' || typeof step !== 'string' || typeof projectId !== 'string') {
    return undefined
  }
  return { runId, step, projectId }
}

/** The format of earlier versions, at the start of the text: still read. */
function readOldCheckMarker(outputText: string): CheckOwner | undefined {
  const match =
    /^<!-- mintlify-agent-job-check run="([^"]*)" step="([^"]*)" project="([^"]*)" -->/.exec(
      outputText
    )
  if (!match) return undefined
  try {
    const [, runId, step, projectId] = match.map((part) => decodeURIComponent(part))
    return { runId: runId ?? '', step: step ?? '', projectId: projectId ?? '' }
  } catch {
    return undefined
  }
}

/** The owner recorded in a check run's output text (a marker on any line), or undefined. */
export function readCheckMarker(outputText: unknown): CheckOwner | undefined {
  if (typeof outputText !== 'string') return undefined
  for (const value of readMarkers('check', outputText)) {
    const owner = ownerOf(value)
    if (owner) return owner
  }
  return readOldCheckMarker(outputText)
}

export function truncateSummary(summary: string, max: number = MAX_SUMMARY): string {
  if (summary.length <= max) return summary
  const note = '\n\n… (cut to fit the check run)'
  return summary.slice(0, max - note.length) + note
}

/** The newest check run (highest id) whose marker names `owner`, with the job id it holds. */
export function findEarlierCheck(
  runs: readonly unknown[],
  owner: CheckOwner
): { id: number; jobId: string } | undefined {
  let found: { id: number; jobId: string } | undefined
  for (const value of runs) {
    const run = record(value)
    const id = run?.id
    // Anyone with checks: write can set it; only a plain id is taken.
    const jobId = run?.external_id
    const marked = readCheckMarker(record(run?.output)?.text)
    if (typeof id !== 'number' || !isPlainId(jobId) || !marked) continue
    const same =
      marked.runId === owner.runId &&
      marked.step === owner.step &&
      marked.projectId === owner.projectId
    if (same && (!found || id > found.id)) found = { id, jobId }
  }
  return found
}

export interface CheckRunOptions {
  /** The run, as the entry read it. */
  run: WorkflowRun
  token?: string
  userAgent: string
  projectId: string
  /** Cancels every call (the run's cancellation). */
  signal?: AbortSignal
}

export class DocsCheckRun {
  private readonly run: WorkflowRun
  private readonly owner: CheckOwner
  private id: number | undefined
  private sha: string | undefined
  /** Set after a denial or a missing token: no more calls. */
  private off = false

  constructor(private readonly options: CheckRunOptions) {
    this.run = options.run
    this.owner = {
      runId: this.run.runId,
      step: [this.run.workflow, this.run.job, this.run.action].join('/'),
      projectId: options.projectId
    }
  }

  /** A later attempt of the same workflow run, outside a pull request. */
  isRerunOutsidePullRequest(): boolean {
    return this.run.runAttempt > 1 && pullRequestNumber(this.run) === undefined
  }

  /** Runs `call` with a client bounded by `budgetMs`; a failure becomes one warning. */
  private async call<T>(
    what: string,
    budgetMs: number,
    call: (octokit: GitHubClient, owner: string, repo: string) => Promise<T>,
    cancellable = true
  ): Promise<T | undefined> {
    if (this.off) return undefined
    if (!this.options.token || !this.run.repository) {
      this.off = true
      core.warning(
        `check-run: ${this.options.token ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'}, so no check run is shown.`
      )
      return undefined
    }
    const [owner = '', repo = ''] = this.run.repository.split('/')
    try {
      const signal = boundedSignal(cancellable ? this.options.signal : undefined, budgetMs)
      const octokit = await openGitHub(this.options.token, this.options.userAgent, signal)
      return await call(octokit, owner, repo)
    } catch (error) {
      if (gitHubSaidNo(error)) this.off = true
      core.warning(
        `check-run: could not ${what} (${describeGitHubError(error)}).${permissionHint(error, 'Give the job `permissions: checks: write`.')}`
      )
      return undefined
    }
  }

  /** The commit the check goes on: a pull request's head, else the run's commit. */
  private async headSha(octokit: GitHubClient, owner: string, repo: string): Promise<string> {
    if (this.sha) return this.sha
    const pr = record(this.run.payload.pull_request)
    let sha = text(record(pr?.head)?.sha)
    const number = pullRequestNumber(this.run)
    if (!sha && number !== undefined) {
      // A comment on a pull request: its payload has no head commit.
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: number })
      sha = text(record(record(data)?.head)?.sha)
    }
    this.sha = sha ?? this.run.sha
    return this.sha
  }

  /** The job an earlier attempt of this workflow run started, through its check run. */
  async findEarlierJob(budgetMs: number): Promise<string | undefined> {
    const found = await this.call(
      'look for the check run of an earlier attempt',
      budgetMs,
      async (octokit, owner, repo) => {
        const ref = await this.headSha(octokit, owner, repo)
        if (!ref) return undefined
        const pages = octokit.paginate.iterator(octokit.rest.checks.listForRef, {
          owner,
          repo,
          ref,
          check_name: CHECK_NAME,
          filter: 'all',
          per_page: 100
        })
        const runs: unknown[] = []
        await walkPages(pages, MAX_CHECK_PAGES, (page) => {
          runs.push(...page)
          return false
        })
        return findEarlierCheck(runs, this.owner)
      }
    )
    if (!found) return undefined
    this.id = found.id
    return found.jobId
  }

  private output(title: string, summary: string): { title: string; summary: string; text: string } {
    return {
      // Job ids and summaries come from the service: no secret we hold goes to GitHub.
      title: safeLine(title, 1000),
      summary: truncateSummary(redact(summary)),
      text: `${checkMarker(this.owner)}\nStarted by workflow run ${this.owner.runId || 'unknown'}.`
    }
  }

  /** In progress, with the job id, as soon as it is known. */
  async start(jobId: string, budgetMs: number): Promise<void> {
    const title = `Docs job ${jobId} is running`
    const output = this.output(
      title,
      `The Mintlify agent is working on job \`${jobId.replace(/`/g, '')}\`.`
    )
    await this.call('create the check run', budgetMs, async (octokit, owner, repo) => {
      const created = await this.write(octokit, owner, repo, {
        status: 'in_progress',
        external_id: jobId,
        output
      })
      if (created) {
        core.info(`Check run ${this.id} on ${safeLine((this.sha ?? '').slice(0, 7))}: in progress.`)
      }
    })
  }

  /** Updates this run's check run, or creates it on the head commit; true when it created it. */
  private async write(
    octokit: GitHubClient,
    owner: string,
    repo: string,
    fields: Omit<
      NonNullable<Parameters<GitHubClient['rest']['checks']['create']>[0]>,
      'owner' | 'repo' | 'name' | 'head_sha'
    >
  ): Promise<boolean> {
    if (this.id !== undefined) {
      await octokit.rest.checks.update({ owner, repo, check_run_id: this.id, ...fields })
      return false
    }
    const head_sha = await this.headSha(octokit, owner, repo)
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name: CHECK_NAME,
      head_sha,
      ...fields
    })
    this.id = data.id
    return true
  }

  /**
   * Completed with the outcome; created completed when it was never started. Not cut
   * short by cancellation: it reports it, within `budgetMs`.
   */
  async complete(outcome: CheckOutcome, budgetMs: number): Promise<void> {
    const fields = {
      status: 'completed' as const,
      conclusion: outcome.conclusion,
      completed_at: new Date().toISOString(),
      ...(outcome.jobId ? { external_id: outcome.jobId } : {}),
      ...(outcome.detailsUrl ? { details_url: outcome.detailsUrl } : {}),
      output: this.output(outcome.title, outcome.summary)
    }
    await this.call(
      'complete the check run',
      budgetMs,
      async (octokit, owner, repo) => {
        await this.write(octokit, owner, repo, fields)
        core.info(`Check run ${this.id}: ${outcome.conclusion}.`)
      },
      false
    )
  }
}
