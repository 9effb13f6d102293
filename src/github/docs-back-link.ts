// The back-link on a docs pull request that an agent job opened: one comment that
// says, in words, what the job was for (a pull request or a commit, and the run),
// and holds the job's id in a hidden marker. A command given later on that docs pull
// request finds its job through it. Only a comment written by a bot account counts:
// a person cannot point the pull request at another job by pasting a marker.

import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import type { PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  permissionHint,
  openGitHub,
  walkPages,
  type GitHubClient
} from './client.js'
import { pullRequestNumber, runUrl, type WorkflowRun } from './workflow-run.js'

const MAX_PAGES = 30
const MARKER = /^<!-- mintlify-agent-job docs-pr job="([^"]{1,200})" project="([^"]{1,200})" -->$/

export function backLinkMarker(jobId: string, projectId: string): string {
  return `<!-- mintlify-agent-job docs-pr job="${encodeURIComponent(jobId)}" project="${encodeURIComponent(projectId)}" -->`
}

export interface BackLinkComment {
  body?: string | null
  user?: { login?: string; type?: string } | null
}

/** The job a trusted back-link names for `projectId`, or undefined. */
export function backLinkedJob(
  comments: readonly BackLinkComment[],
  projectId: string
): string | undefined {
  for (const comment of comments) {
    if (comment.user?.type !== 'Bot') continue
    const first = (comment.body ?? '').split('\n', 1)[0]?.trim() ?? ''
    const match = MARKER.exec(first)
    if (!match) continue
    let job: string
    let project: string
    try {
      job = decodeURIComponent(match[1] as string)
      project = decodeURIComponent(match[2] as string)
    } catch {
      continue
    }
    if (project === projectId && isPlainId(job)) return job
  }
  return undefined
}

/** What the job was for, in words: the pull request or the commit, and the run. */
export function describeSource(run: WorkflowRun): string {
  const number = pullRequestNumber(run)
  const repository = safeLine(run.repository || 'an unknown repository', 200)
  let source: string
  if (number !== undefined) source = `pull request ${repository}#${number}`
  else if (run.sha) source = `commit ${safeLine(run.sha.slice(0, 12), 12)} on ${repository}`
  else source = `a ${safeLine(run.eventName || 'workflow', 50)} run on ${repository}`
  const url = runUrl(run)
  return url ? `${source} (workflow run ${url})` : source
}

export function backLinkBody(jobId: string, projectId: string, run: WorkflowRun): string {
  return [
    backLinkMarker(jobId, projectId),
    `This docs pull request was opened by Mintlify agent job \`${safeLine(jobId, 100).replace(/`/g, '')}\` for ${describeSource(run)}.`,
    '',
    'Reviewers can steer it from here: a comment that starts with the trigger phrase (`/docs` unless the workflow sets another) sends a follow-up to that job.'
  ].join('\n')
}

async function listComments(
  octokit: GitHubClient,
  repository: string,
  number: number,
  stop: (page: BackLinkComment[]) => boolean
): Promise<void> {
  const [owner = '', repo = ''] = repository.split('/')
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: number,
    per_page: 100
  })
  await walkPages(pages, MAX_PAGES, stop)
}

/** The job that opened pull request `number` (found from its back-link), or undefined. */
export async function findBackLinkedJob(
  octokit: GitHubClient,
  repository: string,
  number: number,
  projectId: string
): Promise<string | undefined> {
  let job: string | undefined
  await listComments(octokit, repository, number, (page) => {
    job = backLinkedJob(page, projectId)
    return job !== undefined
  })
  return job
}

export interface BackLinkOptions {
  run: WorkflowRun
  token?: string
  userAgent: string
  budgetMs: number
  jobId: string
  projectId: string
  docsPullRequest: PullRequestRef
}

/** Writes the back-link once (not when the docs pull request has one for this job). Never throws. */
/** Writes the back-link once; true when it is there (written now or before). Never throws. */
export async function writeBackLink(options: BackLinkOptions): Promise<boolean> {
  const { docsPullRequest: docs, jobId, projectId } = options
  const where = `${safeLine(docs.repository, 200)}#${docs.number}`
  if (!options.token) {
    core.warning(
      `docs back-link: github-token is empty, so docs pull request ${where} gets no link to its job; commands on it cannot find the job.`
    )
    return false
  }
  try {
    const octokit = await openGitHub(
      options.token,
      options.userAgent,
      boundedSignal(undefined, options.budgetMs)
    )
    const seen = { present: false }
    await listComments(octokit, docs.repository, docs.number, (page) => {
      seen.present = backLinkedJob(page, projectId) === jobId
      return seen.present
    })
    if (seen.present) {
      core.debug(`docs back-link: ${where} already links to job ${safeLine(jobId)}.`)
      return true
    }
    const [owner = '', repo = ''] = docs.repository.split('/')
    await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: docs.number,
      body: backLinkBody(jobId, projectId, options.run)
    })
    core.info(`Linked docs pull request ${where} to job ${safeLine(jobId)}.`)
    return true
  } catch (error) {
    core.warning(
      `docs back-link: could not comment on docs pull request ${where} (${describeGitHubError(error)}).${permissionHint(error, 'The token needs pull-requests: write on the docs repository (a GitHub App or fine-grained token when the docs live in another repository).')}`
    )
    return false
  }
}

// The one rule for "same GitHub host" lives with the run; callers of this module keep their import.
export { onSameServer } from './workflow-run.js'
