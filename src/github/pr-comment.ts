// pr-comment: one comment on the pull request the run is for, kept up to date. A
// hidden marker, scoped to the workflow, job and step, lets a later run find and
// update its own comment without touching another step's. Commenting is a courtesy:
// it never fails the step. What the comment says is the caller's business.

import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  gitHubAnswerStatus,
  openGitHub,
  walkPages
} from './client.js'
import { pullRequestNumber, readWorkflowRun, type WorkflowRun } from './workflow-run.js'

const MAX_COMMENT_PAGES = 30

/** The hidden marker of this step's comment. Encoded so it can never close the HTML comment. */
export function commentMarker(run: Pick<WorkflowRun, 'workflow' | 'job' | 'action'>): string {
  const key = [run.workflow, run.job, run.action].map(encodeURIComponent).join('/')
  return `<!-- mintlify-agent-job key="${key}" -->`
}

export interface IssueComment {
  id: number
  body?: string | null
}

/** The comment this step left before, if any: the oldest whose first line is the marker. */
export function findMarkedComment(
  comments: readonly IssueComment[],
  marker: string
): IssueComment | undefined {
  return comments.find((comment) => (comment.body ?? '').split('\n', 1)[0]?.trim() === marker)
}

export interface CommentOptions {
  env: NodeJS.ProcessEnv
  token?: string
  userAgent: string
  /** How long the GitHub calls may take in all. */
  budgetMs: number
  /** The comment's body below the marker; undefined when there is nothing to report. */
  render: ((run: WorkflowRun) => string) | undefined
}

/** Creates or updates this step's comment. Never throws; problems become warnings. */
export async function commentOnPullRequest(options: CommentOptions): Promise<void> {
  const run = readWorkflowRun(options.env)
  const number = pullRequestNumber(run)
  if (number === undefined) {
    core.debug(
      `pr-comment: the run is not for a pull request (event ${safeLine(run.eventName || 'unknown')}); no comment.`
    )
    return
  }
  if (!options.render) {
    core.debug('pr-comment: no agent job was started or named; no comment.')
    return
  }
  if (!options.token || !run.repository) {
    core.warning(
      `pr-comment: ${options.token ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'}, so pull request #${number} gets no comment.`
    )
    return
  }
  try {
    const { id, created } = await upsert(options, run, number, options.render)
    core.info(
      `${created ? 'Commented' : 'Updated the comment'} on pull request #${number} (comment ${id}).`
    )
  } catch (error) {
    const status = gitHubAnswerStatus(error)
    const hint =
      status === 403 || status === 404
        ? ' Give the job `permissions: pull-requests: write`; on pull requests from forks the token is read-only, so no comment can be made.'
        : ''
    core.warning(
      `pr-comment: could not comment on pull request #${number} (${describeGitHubError(error)}).${hint}`
    )
  }
}

async function upsert(
  options: CommentOptions,
  run: WorkflowRun,
  number: number,
  render: (run: WorkflowRun) => string
): Promise<{ id: number; created: boolean }> {
  const [owner = '', repo = ''] = run.repository.split('/')
  const signal = boundedSignal(undefined, options.budgetMs)
  const octokit = await openGitHub(options.token as string, options.userAgent, signal)
  const marker = commentMarker(run)
  const body = `${marker}\n${render(run)}`

  let existing: IssueComment | undefined
  const listing = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100
  })
  await walkPages(listing, MAX_COMMENT_PAGES, (page) => {
    existing = findMarkedComment(page, marker)
    return existing !== undefined
  })
  if (existing) {
    await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body })
    return { id: existing.id, created: false }
  }
  const created = await octokit.rest.issues.createComment({
    owner,
    repo,
    issue_number: number,
    body
  })
  return { id: created.data.id, created: true }
}
