// What a run writes on a docs pull request when its code pull request ends (after reading
// whose its commits are).

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { gitHubAnswerStatus, splitRepository, type GitHubClient } from './client.js'
import { readDocsPullRequest, type DocsPullRequest } from './docs-pull-request.js'
import type { EndStep } from './pr-record.js'
import { pullRequestState, type PullRequestState } from './pr-thread.js'
import type { GitHubSession } from './session.js'

/** GitHub lists at most this many commits of a pull request. */
const MAX_COMMITS = 250
/** The label on a docs pull request kept open when its code pull request closed unmerged. */
export const KEPT_LABEL = 'code-pr-closed'

/** Why the newest commit is not by `agent`, who opened the pull request (web-flow may commit for it). */
export function foreignCommit(
  agent: string | undefined,
  commits: readonly { sha: string; author?: string; committer?: string }[]
): string | undefined {
  const newest = commits.at(-1)
  if (!agent) return 'GitHub does not say who opened it'
  const many = commits.length >= MAX_COMMITS
  if (many) return `it has more than ${MAX_COMMITS - 1} commits, too many to check`
  if (!newest) return 'it has no commit'
  const mine = newest.author === agent && [agent, 'web-flow'].includes(newest.committer ?? '')
  if (mine) return undefined
  const who = newest.author !== agent ? newest.author : newest.committer
  return `commit ${newest.sha.slice(0, 7)} by ${who ?? 'an account GitHub does not know'} follows the last commit of ${agent}`
}

/** Each end step: what to do (after `Could not`, before `by hand`), what was done, the permission. */
const END_STEPS: Record<Exclude<EndStep, 'hand-off'> | 'read', [string, string, string]> = {
  read: ['read the docs pull request', '', 'pull-requests: read'],
  comment: ['tell the reviewers of', 'Commented on', 'issues: write'],
  label: [`add the label ${KEPT_LABEL} to`, 'Labelled', 'issues: write'],
  unlabel: [`remove the label ${KEPT_LABEL} from`, 'Removed the label from', 'issues: write'],
  close: ['close the docs pull request', 'Closed', 'pull-requests: write'],
  reopen: ['reopen the docs pull request', 'Reopened', 'pull-requests: write']
}

/** `call` on the docs pull request for `step`; undefined after one warning naming the token. */
async function onDocsEnd<T>(
  session: GitHubSession,
  ref: PullRequestRef,
  step: keyof typeof END_STEPS,
  budgetMs: number,
  call: (octokit: GitHubClient) => Promise<T>
): Promise<T | undefined> {
  const [todo, , permission] = END_STEPS[step]
  const where = safeLine(ref.repository)
  return session.bestEffort(
    budgetMs,
    call,
    `Could not ${todo} ${where}#${ref.number} (%s).`,
    `The token (${session.name}) needs \`${permission}\` on ${where}.`,
    false
  )
}

/** The docs pull request, its state and, when asked and open, why it is not the agent's alone. */
export async function readDocsPrEnd(
  session: GitHubSession | undefined,
  link: string | undefined,
  withCommits: boolean,
  budgetMs: number
): Promise<{ pr: DocsPullRequest; state: PullRequestState; foreign?: string } | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !session) return undefined
  return onDocsEnd(session, ref, 'read', budgetMs, async (octokit) => {
    const pr = await readDocsPullRequest(octokit, ref, false)
    const state = pullRequestState(pr)
    if (!withCommits || state !== 'open') return { pr, state }
    const params = { ...splitRepository(ref.repository), pull_number: ref.number, per_page: 100 }
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, params, ({ data }) =>
      data.map((c) => ({ sha: c.sha, author: c.author?.login, committer: c.committer?.login }))
    )
    return { pr, state, foreign: foreignCommit(pr.author.login, commits) }
  })
}

/** The end's writes in order: those GitHub took, and what to do by hand for the first it refused. */
export async function writeDocsPrEnd(
  session: GitHubSession | undefined,
  link: string | undefined,
  steps: readonly EndStep[],
  comment: string,
  budgetMs: number,
  handOff?: () => Promise<boolean>
): Promise<{ done: EndStep[]; refused?: string }> {
  const ref = parsePullRequestLink(link)
  const done: EndStep[] = []
  if (!ref || !session) return { done }
  const name = `${ref.repository}#${ref.number}`
  const pull = { ...splitRepository(ref.repository), pull_number: ref.number }
  const issue = { ...splitRepository(ref.repository), issue_number: ref.number }
  for (const step of steps) {
    if (step === 'hand-off') continue
    const write = async ({ rest }: GitHubClient) => {
      if (step === 'comment') await rest.issues.createComment({ ...issue, body: comment })
      if (step === 'label') await rest.issues.addLabels({ ...issue, labels: [KEPT_LABEL] })
      if (step === 'unlabel') {
        // 404: someone already removed it, which is what this step wants.
        await rest.issues.removeLabel({ ...issue, name: KEPT_LABEL }).catch((error: unknown) => {
          if (gitHubAnswerStatus(error) !== 404) throw error
        })
      }
      if (step === 'close' || step === 'reopen') {
        await rest.pulls.update({ ...pull, state: step === 'close' ? 'closed' : 'open' })
      }
      return true
    }
    const [todo, did] = END_STEPS[step]
    const wrote = await onDocsEnd(session, ref, step, budgetMs, write)
    if (!wrote) return { done, refused: `${todo} ${name}` }
    core.info(`${did} the docs pull request ${safeLine(name)}.`)
    done.push(step)
  }
  // The hand-off (the plan's last step) is never refused: followDocsPullRequest warns itself.
  if (steps.includes('hand-off') && (await handOff?.())) done.push('hand-off')
  return { done }
}
