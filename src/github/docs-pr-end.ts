// The docs pull request when its code pull request ends: read its state and whose its
// newest commit is, then comment, close, reopen or label it. Best effort: a failure is
// one warning naming the permission and the token, and stops the writes that follow.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { describeGitHubError, gitHubSaidNo, type GitHubClient } from './client.js'
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

function warn(what: string, name: string, error: unknown, permission: string, token: string) {
  const hint = gitHubSaidNo(error)
    ? ` The token (${token}) needs \`${permission}\` on ${safeLine(name.split('#')[0])}.`
    : ''
  core.warning(`Could not ${what} ${safeLine(name)} (${describeGitHubError(error)}).${hint}`)
}

/**
 * The docs pull request's state ('merged' wins over 'closed') and, when asked and it is
 * open, why it is not the agent's alone; undefined (with a warning) when unread.
 */
export async function readDocsPrEnd(
  session: GitHubSession,
  link: string,
  withCommits: boolean,
  budgetMs: number
): Promise<{ state: 'open' | 'closed' | 'merged'; foreign?: string } | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref) return undefined
  const name = `${ref.repository}#${ref.number}`
  try {
    const octokit = await session.client(budgetMs, false)
    const { owner, repo } = splitRepository(ref.repository)
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: ref.number })
    const state =
      data.merged || data.merged_at ? 'merged' : data.state === 'closed' ? 'closed' : 'open'
    if (!withCommits || state !== 'open') return { state }
    const commits = await listCommits(octokit, owner, repo, ref.number)
    const foreign = foreignCommit(data.user.login, commits, commits.length < MAX_COMMITS)
    return { state, ...(foreign ? { foreign } : {}) }
  } catch (error) {
    warn('read the docs pull request', name, error, 'pull-requests: read', session.name)
    return undefined
  }
}

async function listCommits(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  number: number
): Promise<CommitAccounts[]> {
  const commits: CommitAccounts[] = []
  const pages = octokit.paginate.iterator(octokit.rest.pulls.listCommits, {
    owner,
    repo,
    pull_number: number,
    per_page: 100
  })
  for await (const page of pages) {
    for (const c of page.data) {
      commits.push({
        sha: c.sha,
        ...(c.author?.login ? { author: c.author.login } : {}),
        ...(c.committer?.login ? { committer: c.committer.login } : {})
      })
    }
  }
  return commits
}

const PERMISSION: Record<EndStep, string> = {
  comment: 'issues: write',
  label: 'issues: write',
  close: 'pull-requests: write',
  reopen: 'pull-requests: write',
  'hand-off': 'pull-requests: write'
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
  const name = `${ref.repository}#${ref.number}`
  for (const step of steps) {
    if (step === 'hand-off') continue
    try {
      const octokit = await session.client(budgetMs, false)
      const { owner, repo } = splitRepository(ref.repository)
      const issue = { owner, repo, issue_number: ref.number }
      if (step === 'comment')
        await octokit.rest.issues.createComment({ ...issue, body: texts.comment })
      if (step === 'label') await octokit.rest.issues.addLabels({ ...issue, labels: [texts.label] })
      if (step === 'close' || step === 'reopen') {
        const state = step === 'close' ? 'closed' : 'open'
        await octokit.rest.pulls.update({ owner, repo, pull_number: ref.number, state })
      }
      core.info(`${WORDS[step]} the docs pull request ${safeLine(name)}.`)
      done.push(step)
    } catch (error) {
      warn(VERBS[step], name, error, PERMISSION[step], session.name)
      return { done, refused: step }
    }
  }
  return { done }
}

const VERBS: Record<EndStep, string> = {
  comment: 'comment on',
  label: 'label',
  close: 'close',
  reopen: 'reopen',
  'hand-off': 'hand off'
}
const WORDS: Record<EndStep, string> = {
  comment: 'Commented on',
  label: 'Labelled',
  close: 'Closed',
  reopen: 'Reopened',
  'hand-off': 'Handed off'
}
