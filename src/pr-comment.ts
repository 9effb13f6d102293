// pr-comment: one comment on the pull request the run is for, kept up to date with
// the docs job. A hidden marker, scoped to the workflow, job and step, lets a later
// run find and update its own comment without touching another step's. Commenting
// is a courtesy: it never fails the step, and it runs after the outputs are written.

import * as core from '@actions/core'
import type { AgentJob } from './job.js'
import { parsePullRequestLink } from './job.js'
import type { Ending } from './report.js'
import { safeHtml, safeLine, safeMarkdown } from './safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  openGitHub,
  pullRequestNumber,
  readWorkflowRun,
  runUrl,
  type WorkflowRun
} from './workflow-context.js'

const MAX_COMMENT_PAGES = 30

const STATUS_ICON: Record<string, string> = {
  active: '⏳',
  completed: '✅',
  archived: '🗄️',
  failed: '❌'
}

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

export interface CommentFacts {
  /** The job's id; without one there is nothing to report. */
  jobId: string
  /** The last job object seen. */
  job?: AgentJob
  ending: Ending
}

function pullRequestCell(link: string | null | undefined): string {
  if (!link) return 'none'
  const pr = parsePullRequestLink(link)
  if (!pr || !/^https:\/\//i.test(link)) return safeMarkdown(link)
  return `<a href="${safeHtml(link, 2000)}">${safeHtml(`${pr.repository}#${pr.number}`)}</a>`
}

/** The comment's Markdown; every value from the service goes through safe-text. */
export function renderComment(marker: string, facts: CommentFacts, run: WorkflowRun): string {
  const status = facts.job?.status ?? 'unknown'
  const icon = STATUS_ICON[status] ?? '❔'
  const url = runUrl(run)
  const rows: [string, string][] = [
    ['Status', `${icon} ${safeMarkdown(status)}`],
    ['Docs pull request', pullRequestCell(facts.job?.prLink)],
    ['Job', `<code>${safeHtml(facts.jobId)}</code>`]
  ]
  if (url)
    rows.push(['Workflow run', `<a href="${safeHtml(url, 2000)}">${safeHtml(run.runId)}</a>`])
  const commit = run.sha ? ` for commit ${safeMarkdown(run.sha.slice(0, 7))}` : ''
  return [
    marker,
    '### Mintlify docs agent job',
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    '',
    safeMarkdown(facts.ending.message, 1000),
    '',
    `<sub>Updated by the workflow run${commit}; later runs update this comment.</sub>`
  ].join('\n')
}

export interface CommentOptions {
  env: NodeJS.ProcessEnv
  token?: string
  userAgent: string
  /** How long the GitHub calls may take in all. */
  budgetMs: number
  facts: CommentFacts | undefined
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
  if (!options.facts) {
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
    const { id, created } = await upsert(options, run, number, options.facts)
    core.info(
      `${created ? 'Commented' : 'Updated the comment'} on pull request #${number} (comment ${id}).`
    )
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status
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
  facts: CommentFacts
): Promise<{ id: number; created: boolean }> {
  const [owner = '', repo = ''] = run.repository.split('/')
  const signal = boundedSignal(undefined, options.budgetMs)
  const octokit = await openGitHub(options.token as string, options.userAgent, signal)
  const marker = commentMarker(run)
  const body = renderComment(marker, facts, run)

  let existing: IssueComment | undefined
  let pages = 0
  const listing = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100
  })
  for await (const page of listing) {
    existing = findMarkedComment(page.data, marker)
    if (existing || ++pages >= MAX_COMMENT_PAGES) break
  }
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
