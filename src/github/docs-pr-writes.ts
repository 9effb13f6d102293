// The writes on a docs pull request (comment, close, reopen, label), and the read before them
// (its state, and whose its commits are): at its code pull request's end, and when a record
// that lost a race is retired.

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  permissionHint,
  type GitHubClient
} from './client.js'
import { readDocsPullRequest, type DocsPullRequest } from './docs-pull-request.js'
import type { EndStep } from './pr-record.js'
import { pullRequestState, type PullRequestState } from './pr-thread.js'
import type { GitHubSession } from './session.js'
import { issueOf, pullOf } from './workflow-run.js'

/** GitHub lists at most this many commits of a pull request. */
const MAX_COMMITS = 250
/** The label on a docs pull request kept open when its code pull request closed unmerged. */
export const KEPT_LABEL = 'code-pr-closed'

/**
 * Why the newest commit is not by `agent`, who opened the pull request; undefined when it is.
 * web-flow, GitHub's committer for commits it makes on an account's behalf, may commit for it.
 */
export function foreignCommit(
  agent: string | undefined,
  commits: readonly { sha: string; author?: string; committer?: string }[]
): string | undefined {
  const newest = commits.at(-1)
  if (!agent) {
    return 'GitHub does not say who opened it'
  }
  if (commits.length >= MAX_COMMITS) {
    return `it has more than ${MAX_COMMITS - 1} commits, too many to check`
  }
  if (!newest) {
    return 'it has no commit'
  }
  const committedForAgent = [agent, 'web-flow'].includes(newest.committer ?? '')
  if (newest.author === agent && committedForAgent) {
    return undefined
  }
  const who = newest.author !== agent ? newest.author : newest.committer
  const by = who ?? 'an account GitHub does not know'
  return `commit ${newest.sha.slice(0, 7)} by ${by} follows the last commit of ${agent}`
}

/** Each end step: what to do (after `Could not`, before `by hand`), what was done, the permission. */
type Write = Exclude<EndStep, 'hand-off'>
const END_STEPS: Record<Write | 'read', [string, string, string]> = {
  read: ['read the docs pull request', '', 'pull-requests: read'],
  comment: ['tell the reviewers of', 'Commented on', 'issues: write'],
  label: [`add the label ${KEPT_LABEL} to`, 'Labelled', 'issues: write'],
  unlabel: [`remove the label ${KEPT_LABEL} from`, 'Removed the label from', 'issues: write'],
  close: ['close the docs pull request', 'Closed', 'pull-requests: write'],
  reopen: ['reopen the docs pull request', 'Reopened', 'pull-requests: write']
}

/**
 * The warning when `step` on the docs pull request failed: what to fix, after GitHub said no. A
 * 401 is the token itself (wrong, expired or revoked), which no permission fixes; a 403 or 404 is
 * the permission it lacks there.
 */
export function endStepWarning(
  token: string,
  ref: PullRequestRef,
  step: keyof typeof END_STEPS,
  error: unknown
): string {
  const repository = safeLine(ref.repository)
  const [todo, , needs] = END_STEPS[step]
  const failed = `Could not ${todo} ${repository}#${ref.number} (${describeGitHubError(error)}).`
  const permission = `The token (${token}) needs \`${needs}\` on ${repository}.`
  return `${failed}${permissionHint(error, permission, token)}`
}

/**
 * `call` on the docs pull request for `step`; undefined after one warning naming the token. These
 * are a run's last writes, so the run's cancellation does not cut them short.
 */
async function onDocsEnd<T>(
  session: GitHubSession,
  ref: PullRequestRef,
  step: keyof typeof END_STEPS,
  budgetMs: number,
  call: (octokit: GitHubClient) => Promise<T>
): Promise<T | undefined> {
  try {
    return await call(await session.client(budgetMs, false))
  } catch (error) {
    core.warning(endStepWarning(session.name, ref, step, error))
    return undefined
  }
}

/** The docs pull request, its state and, when asked and open, why it is not the agent's alone. */
export async function readDocsPrEnd(
  session: GitHubSession | undefined,
  link: string | undefined,
  withCommits: boolean,
  budgetMs: number
): Promise<{ pr: DocsPullRequest; state: PullRequestState; foreign?: string } | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !session) {
    return undefined
  }
  return onDocsEnd(session, ref, 'read', budgetMs, async (octokit) => {
    const pr = await readDocsPullRequest(octokit, ref, false)
    const state = pullRequestState(pr)
    if (!withCommits || state !== 'open') {
      return { pr, state }
    }
    const params = { ...pullOf(ref), per_page: 100 }
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, params, ({ data }) =>
      data.map((c) => ({
        sha: c.sha,
        author: c.author?.login,
        committer: c.committer?.login
      }))
    )
    return { pr, state, foreign: foreignCommit(pr.author.login, commits) }
  })
}

/**
 * The end's writes in order (the hand-off is the caller's): those GitHub took, and what to do by
 * hand for the first it refused.
 */
export async function writeDocsPrEnd(
  session: GitHubSession | undefined,
  link: string | undefined,
  steps: readonly EndStep[],
  comment: string,
  budgetMs: number
): Promise<{ done: EndStep[]; refused?: string }> {
  const ref = parsePullRequestLink(link)
  const done: EndStep[] = []
  if (!ref || !session) {
    return { done }
  }
  const name = `${ref.repository}#${ref.number}`
  const pull = pullOf(ref)
  const issue = issueOf(ref)
  const writes: Record<Write, (rest: GitHubClient['rest']) => Promise<unknown>> = {
    comment: (rest) => rest.issues.createComment({ ...issue, body: comment }),
    label: (rest) => rest.issues.addLabels({ ...issue, labels: [KEPT_LABEL] }),
    // 404: someone already removed it, which is what this step wants.
    unlabel: (rest) =>
      rest.issues.removeLabel({ ...issue, name: KEPT_LABEL }).catch((error: unknown) => {
        if (gitHubAnswerStatus(error) !== 404) {
          throw error
        }
      }),
    close: (rest) => rest.pulls.update({ ...pull, state: 'closed' }),
    reopen: (rest) => rest.pulls.update({ ...pull, state: 'open' })
  }
  for (const step of steps) {
    if (step === 'hand-off') {
      continue
    }
    const [todo, did] = END_STEPS[step]
    const write = ({ rest }: GitHubClient) => writes[step](rest).then(() => true)
    const wrote = await onDocsEnd(session, ref, step, budgetMs, write)
    if (!wrote) {
      return { done, refused: `${todo} ${name}` }
    }
    core.info(`${did} the docs pull request ${safeLine(name)}.`)
    done.push(step)
  }
  return { done }
}
