// The back-link on a docs pull request that an agent job opened: one comment that
// says, in words, what the job was for (a pull request or a commit, and the run),
// and holds the job's id in a hidden marker (marker.ts, kind `back-link`). A command given later on that docs pull
// request finds its job through it. A marker is only a candidate: the action follows
// a job only after the service confirms that the job's pull request is this one, so a
// pasted marker (by a person or another app) cannot point the pull request at another
// job. Markers written by bots are tried first, and only a few are tried.

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
import { readMarkers, writeMarker } from './marker.js'
import { pullRequestNumber, record, runUrl, type WorkflowRun } from './workflow-run.js'

const MAX_PAGES = 30
/** The format of earlier versions, on a comment's first line: still read. */
const OLD_MARKER =
  /^<!-- mintlify-agent-job docs-pr job="([^"]{1,200})" project="([^"]{1,200})" -->$/

export function backLinkMarker(jobId: string, projectId: string): string {
  return writeMarker('back-link', { job: jobId, project: projectId })
}

/** The jobs and projects a comment's back-link markers name (markers on any line, else the old first line). */
function backLinksIn(body: string | null | undefined): { job: string; project: string }[] {
  const found: { job: string; project: string }[] = []
  for (const value of readMarkers('back-link', body)) {
    const fields = record(value)
    const [job, project] = [fields?.job, fields?.project]
    if (typeof job === 'string' && typeof project === 'string') found.push({ job, project })
  }
  if (found.length > 0) return found
  const match = OLD_MARKER.exec((body ?? '').split('\n', 1)[0]?.trim() ?? '')
  if (!match) return []
  try {
    const job = decodeURIComponent(match[1] as string)
    const project = decodeURIComponent(match[2] as string)
    return [{ job, project }]
  } catch {
    return []
  }
}

export interface BackLinkComment {
  body?: string | null
  user?: { login?: string; type?: string } | null
}

/** How many candidate jobs a docs pull request's markers may name before the rest are ignored. */
export const MAX_CANDIDATES = 3

/**
 * The jobs the back-links name for `projectId`, those written by bots first, without
 * repeats, at most MAX_CANDIDATES. Candidates only: see the file's comment.
 */
export function backLinkedJobs(comments: readonly BackLinkComment[], projectId: string): string[] {
  const byBots: string[] = []
  const byOthers: string[] = []
  for (const comment of comments) {
    for (const { job, project } of backLinksIn(comment.body)) {
      if (project !== projectId || !isPlainId(job)) continue
      ;(comment.user?.type === 'Bot' ? byBots : byOthers).push(job)
    }
  }
  return [...new Set([...byBots, ...byOthers])].slice(0, MAX_CANDIDATES)
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

/** The jobs that may have opened pull request `number`, from its back-links (candidates). */
export async function findBackLinkedJobs(
  octokit: GitHubClient,
  repository: string,
  number: number,
  projectId: string
): Promise<string[]> {
  const comments: BackLinkComment[] = []
  await listComments(octokit, repository, number, (page) => {
    comments.push(...page)
    return false
  })
  return backLinkedJobs(comments, projectId)
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
      seen.present = backLinkedJobs(page, projectId).includes(jobId)
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
