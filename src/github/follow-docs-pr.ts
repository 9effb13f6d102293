// After the job: read the docs pull request it opened and, once per docs pull request,
// hand it to its reviewers. Best effort: a failed call is one warning, never an error.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { describeGitHubError, permissionHint, type GitHubClient } from './client.js'
import { readDocsPullRequest, type DocsPullRequest } from './docs-pull-request.js'
import {
  addLabels,
  codeAuthor,
  planReviews,
  requestReviews,
  type Refusal,
  type ReviewerSpec
} from './docs-review.js'
import type { GitHubSession } from './session.js'
import { hostOf, onSameServer, type WorkflowRun } from './workflow-run.js'

export interface FollowOptions {
  link: string
  reviewers: readonly ReviewerSpec[]
  labels: readonly string[]
  /** An earlier run already requested the reviewers and labels of this docs pull request. */
  alreadyHandedOff: boolean
  /** Nothing was asked of the docs repository: a refusal to read it is a debug line. */
  justTrying?: boolean
}

export interface FollowResult {
  pr?: DocsPullRequest
  /** This run requested the reviewers and labels, and GitHub answered every call. */
  handedOff: boolean
}

function refusals(list: Refusal[]): string {
  return list.map((r) => `${r.name} (${safeLine(r.reason, 200)})`).join(', ')
}

/** Reads the docs pull request and hands it off, through `session` (docsSession's, to read). */
export async function followDocsPullRequest(
  session: GitHubSession | undefined,
  run: WorkflowRun,
  options: FollowOptions,
  budgetMs: number
): Promise<FollowResult> {
  const ref = parsePullRequestLink(options.link)
  if (!ref) return { handedOff: false }
  const name = safeLine(`${ref.repository}#${ref.number}`)
  if (!onSameServer(options.link, run)) {
    core.info(
      `The docs pull request ${name} is on ${safeLine(hostOf(options.link))}, not on ${safeLine(hostOf(run.serverUrl))} where this runs; it is not read or handed to reviewers.`
    )
    return { handedOff: false }
  }
  if (!session) {
    core.warning(
      `docs pull request ${name}: docs-token and github-token are empty, so it is not read or handed to reviewers.`
    )
    return { handedOff: false }
  }
  const hint = (permission: string): string =>
    `The docs token (docs-token, or github-token when it is empty) needs \`${permission}\` on ${ref.repository}; when the docs live in another repository, use a GitHub App token or a fine-grained token there.`
  let octokit: GitHubClient
  let pr: DocsPullRequest
  try {
    octokit = await session.client(budgetMs)
    pr = await readDocsPullRequest(octokit, ref)
  } catch (error) {
    const line = `Could not read the docs pull request ${name} (${describeGitHubError(error)}).`
    if (options.justTrying) core.debug(line)
    else core.warning(`${line}${permissionHint(error, hint('pull-requests: read'))}`)
    return { handedOff: false }
  }
  core.info(
    `Docs pull request ${name}: "${safeLine(pr.title, 200)}" (${safeLine(pr.state, 20)}${pr.merged ? ', merged' : ''}; +${pr.additions} −${pr.deletions} in ${pr.changedFiles} files).`
  )
  if (options.reviewers.length === 0 && options.labels.length === 0) return { pr, handedOff: false }
  if (options.alreadyHandedOff) {
    core.info(`Reviewers and labels were already requested on ${name}; not again.`)
    return { pr, handedOff: false }
  }
  if (pr.state !== 'open') {
    core.info(
      `The docs pull request ${name} is ${pr.merged ? 'merged' : 'closed'}; no reviewers or labels.`
    )
    return { pr, handedOff: false }
  }
  const plan = planReviews(options.reviewers, codeAuthor(run), pr)
  for (const why of plan.skipped) core.info(`docs-pr-reviewers: skipped ${safeLine(why)}.`)
  const write = hint('pull-requests: write')
  const reviews = await session.bestEffort(
    octokit,
    () => requestReviews(octokit, ref, plan),
    `docs-pr-reviewers: could not request reviews of ${name}`,
    write
  )
  if (reviews?.done.length) {
    core.info(`Requested review of ${name} from ${safeLine(reviews.done.join(', '))}.`)
  }
  if (reviews?.refused.length) {
    core.warning(
      `docs-pr-reviewers: GitHub refused to request a review of ${name} from ${refusals(reviews.refused)}. A reviewer needs read access to ${safeLine(ref.repository)}; a team must be one of its owner's teams with access.`
    )
  }
  const labels = await session.bestEffort(
    octokit,
    () => addLabels(octokit, ref, options.labels),
    `docs-pr-labels: could not label ${name}`,
    write
  )
  if (labels?.done.length) core.info(`Labelled ${name}: ${safeLine(labels.done.join(', '))}.`)
  if (labels?.refused.length) {
    core.warning(
      `docs-pr-labels: GitHub refused to add ${refusals(labels.refused)} to ${name}. Create the label in ${safeLine(ref.repository)}, or give the token the right to create labels there.`
    )
  }
  return { pr, handedOff: reviews !== undefined && labels !== undefined }
}
