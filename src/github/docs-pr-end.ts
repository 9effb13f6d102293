// The docs pull request when its code pull request ends, or its job lost a race: its state
// and whose its newest commit is, then the writes. Best effort: a failure is one warning
// naming the permission and the token, and stops what follows.

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { gitHubAnswerStatus, type GitHubClient } from './client.js'
import { splitRepository } from './plumbing.js'
import type { EndStep } from './pr-end-record.js'
import type { GitHubSession } from './session.js'

export interface CommitAccounts {
  sha: string
  author?: string
  committer?: string
}

/** GitHub's own committer of changes made on its website (authored by the person). */
const WEB_FLOW = 'web-flow'
/** GitHub lists at most this many commits of a pull request. */
const MAX_COMMITS = 250

/**
 * Why someone else has pushed to the docs pull request since the agent's last commit,
 * or undefined when its newest commit is the agent's: authored by the account that
 * opened the pull request (the agent's app), and committed by it or by GitHub.
 */
export function foreignCommit(
  agent: string | undefined,
  commits: readonly CommitAccounts[],
  complete = true
): string | undefined {
  const newest = commits.at(-1)
  if (!agent) return 'GitHub does not say who opened it'
  if (!complete) return `it has more than ${MAX_COMMITS - 1} commits, too many to check`
  if (!newest) return 'it has no commit'
  const mine = newest.author === agent && [agent, WEB_FLOW].includes(newest.committer ?? '')
  if (mine) return undefined
  const who = newest.author !== agent ? newest.author : newest.committer
  return `commit ${newest.sha.slice(0, 7)} by ${who ?? 'an account GitHub does not know'} follows the last commit of ${agent}`
}

function failure(session: GitHubSession, what: string, ref: PullRequestRef, permission: string) {
  const where = safeLine(ref.repository)
  return [
    `Could not ${what} ${where}#${ref.number}`,
    `The token (${session.name}) needs \`${permission}\` on ${where}.`
  ] as const
}

type DocsPrEnd = { state: 'open' | 'closed' | 'merged'; foreign?: string }

/**
 * The docs pull request's state ('merged' wins over 'closed') and, when asked and it is
 * open, why it is not the agent's alone; undefined (with a warning) when unread.
 */
export async function readDocsPrEnd(
  session: GitHubSession,
  link: string,
  withCommits: boolean,
  budgetMs: number
): Promise<DocsPrEnd | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref) return undefined
  const { owner, repo } = splitRepository(ref.repository)
  const read = async (octokit: GitHubClient): Promise<DocsPrEnd> => {
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: ref.number })
    const state =
      data.merged || data.merged_at ? 'merged' : data.state === 'closed' ? 'closed' : 'open'
    if (!withCommits || state !== 'open') return { state }
    const params = { owner, repo, pull_number: ref.number, per_page: 100 }
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, params, ({ data }) =>
      data.map((c) => ({
        sha: c.sha,
        ...(c.author?.login ? { author: c.author.login } : {}),
        ...(c.committer?.login ? { committer: c.committer.login } : {})
      }))
    )
    const foreign = foreignCommit(data.user.login, commits, commits.length < MAX_COMMITS)
    return { state, ...(foreign ? { foreign } : {}) }
  }
  const [failed, hint] = failure(session, 'read the docs pull request', ref, 'pull-requests: read')
  return session.bestEffort(budgetMs, read, failed, hint, false)
}

/** Each write: what failed, what was done, the permission it needs. */
const STEPS: Record<EndStep, [string, string, string]> = {
  comment: ['comment on', 'Commented on', 'issues: write'],
  label: ['label', 'Labelled', 'issues: write'],
  unlabel: ['remove the label from', 'Removed the label from', 'issues: write'],
  close: ['close', 'Closed', 'pull-requests: write'],
  reopen: ['reopen', 'Reopened', 'pull-requests: write'],
  'hand-off': ['hand off', 'Handed off', 'pull-requests: write']
}

/**
 * Makes the writes in order (hand-off excepted: follow-docs-pr.ts does it) and resolves
 * to those GitHub accepted, and the first it refused.
 */
export async function writeDocsPrEnd(
  session: GitHubSession,
  link: string,
  steps: readonly EndStep[],
  texts: { comment: string; label: string },
  budgetMs: number
): Promise<{ done: EndStep[]; refused?: EndStep }> {
  const ref = parsePullRequestLink(link)
  const done: EndStep[] = []
  if (!ref) return { done }
  const pull = { ...splitRepository(ref.repository), pull_number: ref.number }
  const issue = { ...splitRepository(ref.repository), issue_number: ref.number }
  for (const step of steps) {
    if (step === 'hand-off') continue
    const [verb, did, permission] = STEPS[step]
    const write = async ({ rest }: GitHubClient) => {
      if (step === 'comment') await rest.issues.createComment({ ...issue, body: texts.comment })
      if (step === 'label') await rest.issues.addLabels({ ...issue, labels: [texts.label] })
      if (step === 'unlabel') {
        // 404: someone already removed it, which is what this step wants.
        await rest.issues.removeLabel({ ...issue, name: texts.label }).catch((error: unknown) => {
          if (gitHubAnswerStatus(error) !== 404) throw error
        })
      }
      if (step === 'close' || step === 'reopen') {
        await rest.pulls.update({ ...pull, state: step === 'close' ? 'closed' : 'open' })
      }
      return true
    }
    const [failed, hint] = failure(session, verb, ref, permission)
    if (!(await session.bestEffort(budgetMs, write, failed, hint, false))) {
      return { done, refused: step }
    }
    core.info(`${did} the docs pull request ${safeLine(`${ref.repository}#${ref.number}`)}.`)
    done.push(step)
  }
  return { done }
}
