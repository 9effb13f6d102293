// After the job: read the docs pull request it opened and, once per docs pull
// request, hand it to its reviewers. Best effort: every GitHub call is bounded, and a
// refused or failed call is one warning (naming the permission when it was denied),
// never an error.

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  permissionHint,
  type GitHubClient,
  openGitHub
} from './client.js'
import { readDocsPullRequest, type DocsPullRequest } from './docs-pull-request.js'
import {
  addLabels,
  codeAuthor,
  planReviews,
  requestReviews,
  type Refusal,
  type ReviewerSpec
} from './docs-review.js'
import { hostOf, onSameServer, type WorkflowRun } from './workflow-run.js'

export interface FollowOptions {
  /** The job's pull request link. */
  link: string
  /** The run, as the entry read it. */
  run: WorkflowRun
  /** The docs token (docs-token, or github-token when that is empty). */
  token?: string
  userAgent: string
  signal?: AbortSignal
  /** Time the calls may take in all (budgets.ts). */
  budgetMs: number
  reviewers: readonly ReviewerSpec[]
  labels: readonly string[]
  /** Reviewers and labels were already requested for this docs pull request by an earlier run. */
  alreadyHandedOff: boolean
  /**
   * Reading is only a try (the workflow's token and a docs repository elsewhere, nothing
   * asked of it): a refusal is a debug line, not a warning.
   */
  justTrying?: boolean
}

export interface FollowResult {
  /** The docs pull request as GitHub describes it, when it could be read. */
  pr?: DocsPullRequest
  /**
   * Whether this run requested the reviewers and labels (GitHub answered every call,
   * even if it refused some names). False when there was nothing to request, it was
   * done before, or a call was denied or failed (so a later run tries again).
   */
  handedOff: boolean
}

/** The warning for a failed call, naming the permission when GitHub denied it. */
function failure(what: string, repository: string, error: unknown, permission: string): string {
  const hint = permissionHint(
    error,
    `The docs token (docs-token, or github-token when it is empty) needs \`${permission}\` on ${repository}; when the docs live in another repository, use a GitHub App token or a fine-grained token there.`
  )
  return `${what} (${describeGitHubError(error)}).${hint}`
}

function refusals(list: Refusal[]): string {
  return list.map((r) => `${r.name} (${safeLine(r.reason, 200)})`).join(', ')
}

export async function followDocsPullRequest(options: FollowOptions): Promise<FollowResult> {
  const ref = parsePullRequestLink(options.link)
  if (!ref) return { handedOff: false }
  const name = `${ref.repository}#${ref.number}`
  const run = options.run
  if (!onSameServer(options.link, run)) {
    core.info(
      `The docs pull request ${safeLine(name)} is on ${safeLine(hostOf(options.link))}, not on ${safeLine(hostOf(run.serverUrl))} where this runs; it is not read or handed to reviewers.`
    )
    return { handedOff: false }
  }
  if (!options.token) {
    core.warning(
      `docs pull request ${safeLine(name)}: docs-token and github-token are empty, so it is not read or handed to reviewers.`
    )
    return { handedOff: false }
  }
  const signal = boundedSignal(options.signal, options.budgetMs)
  let octokit: GitHubClient
  let pr: DocsPullRequest
  try {
    octokit = await openGitHub(options.token, options.userAgent, signal)
    pr = await readDocsPullRequest(octokit, ref)
  } catch (error) {
    const line = `Could not read the docs pull request ${safeLine(name)}`
    if (options.justTrying) core.debug(`${line} (${describeGitHubError(error)}).`)
    else core.warning(failure(line, ref.repository, error, 'pull-requests: read'))
    return { handedOff: false }
  }
  core.info(
    `Docs pull request ${safeLine(name)}: "${safeLine(pr.title, 200)}" (${safeLine(pr.state, 20)}${pr.merged ? ', merged' : ''}; +${pr.additions} −${pr.deletions} in ${pr.changedFiles} files).`
  )
  const handedOff = await handOff(octokit, ref, pr, options)
  return { pr, handedOff }
}

/** Requests the reviewers and adds the labels, once. Resolves to whether it did. */
async function handOff(
  octokit: GitHubClient,
  ref: PullRequestRef,
  pr: DocsPullRequest,
  options: FollowOptions
): Promise<boolean> {
  const name = safeLine(`${ref.repository}#${ref.number}`)
  if (options.reviewers.length === 0 && options.labels.length === 0) return false
  if (options.alreadyHandedOff) {
    core.info(`Reviewers and labels were already requested on ${name}; not again.`)
    return false
  }
  if (pr.state !== 'open') {
    core.info(
      `The docs pull request ${name} is ${pr.merged ? 'merged' : 'closed'}; no reviewers or labels.`
    )
    return false
  }
  let complete = true
  const plan = planReviews(options.reviewers, codeAuthor(options.run), pr)
  for (const why of plan.skipped) core.info(`docs-pr-reviewers: skipped ${safeLine(why)}.`)
  try {
    const { done, refused } = await requestReviews(octokit, ref, plan)
    if (done.length > 0) core.info(`Requested review of ${name} from ${safeLine(done.join(', '))}.`)
    if (refused.length > 0) {
      core.warning(
        `docs-pr-reviewers: GitHub refused to request a review of ${name} from ${refusals(refused)}. A reviewer needs read access to ${safeLine(ref.repository)}; a team must be one of its owner's teams with access.`
      )
    }
  } catch (error) {
    complete = false
    core.warning(
      failure(
        `docs-pr-reviewers: could not request reviews of ${name}`,
        ref.repository,
        error,
        'pull-requests: write'
      )
    )
  }
  try {
    const { done, refused } = await addLabels(octokit, ref, options.labels)
    if (done.length > 0) core.info(`Labelled ${name}: ${safeLine(done.join(', '))}.`)
    if (refused.length > 0) {
      core.warning(
        `docs-pr-labels: GitHub refused to add ${refusals(refused)} to ${name}. Create the label in ${safeLine(ref.repository)}, or give the token the right to create labels there.`
      )
    }
  } catch (error) {
    complete = false
    core.warning(
      failure(
        `docs-pr-labels: could not label ${name}`,
        ref.repository,
        error,
        'pull-requests: write'
      )
    )
  }
  return complete
}
