// What a run writes on a docs pull request after opening it: the note on what a follow-up
// covers, and the steps when its code pull request ends (after reading whose its commits are).

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { htmlLink, safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import { gitHubAnswerStatus, type GitHubClient } from './client.js'
import type { Coverage as CommitsCoverage } from './branch-commits.js'
import { REPOSITORY, splitRepository } from './client.js'
import { readDocsPullRequest, type DocsPullRequest } from './docs-pull-request.js'
import type { EndStep } from './pr-record.js'
import type { PullRequestState } from './pr-thread.js'
import type { GitHubSession } from './session.js'
import type { SourcePullRequest } from './source-pulls.js'
import { hostOf } from './workflow-run.js'

/** The most commits the update note names one by one; the rest are counted. */
const MAX_COMMENT_COMMITS = 20
/** GitHub lists at most this many commits of a pull request. */
const MAX_COMMITS = 250
/** The label on a docs pull request kept open when its code pull request closed unmerged. */
export const KEPT_LABEL = 'code-pr-closed'

export interface DocsUpdate {
  branch: string
  /** `owner/repo` of the code, and its server's web address. */
  repository: string
  serverUrl: string
  coverage: CommitsCoverage
  pulls: readonly SourcePullRequest[]
  runUrl?: string
}

/** Pull request `ref` as REST parameters of a pull and of an issue. */
function paramsOf(ref: PullRequestRef) {
  const repo = splitRepository(ref.repository)
  return {
    pull: { ...repo, pull_number: ref.number },
    issue: { ...repo, issue_number: ref.number }
  }
}

/** Text authors wrote, escaped so that it cannot mention anyone or reference an issue. */
function inert(value: string, max: number): string {
  // `#` only where safeMarkdown did not write an entity (`&#124;`).
  return safeMarkdown(value, max).replace(/@|(?<!&)#/g, (char) =>
    char === '@' ? '&#64;' : '&#35;'
  )
}

/** The note a follow-up adds: the source pull requests and commits it covers, and the run. */
export function docsUpdateCommentBody(update: DocsUpdate): string {
  const { coverage } = update
  const total = Math.max(coverage.total, coverage.commits.length)
  const repo = REPOSITORY.test(update.repository) ? update.repository : undefined
  const counted = `${total} commit${total === 1 ? '' : 's'}`
  const link = (url: string | undefined, text: string): string | undefined =>
    url && /^https?:\/\/\S+$/.test(url) ? htmlLink(url, text) : undefined
  const lines = [
    `**Docs update from <code>${safeHtml(update.branch, 100)}</code>**${repo ? ` of ${safeMarkdown(repo)}` : ''}: this update covers ${link(coverage.compareUrl, counted) ?? counted}.`
  ]
  if (update.pulls.length > 0) lines.push('', 'Source pull requests:')
  for (const pull of update.pulls) {
    const by = pull.author ? ` by <code>${inert(pull.author, 40)}</code>` : ''
    lines.push(`- ${repo ?? ''}#${pull.number} ${inert(pull.title, 120)}${by}`)
  }
  const shown = coverage.commits.slice(-MAX_COMMENT_COMMITS)
  if (shown.length > 0) {
    lines.push('', shown.length < total ? `Commits (the newest ${shown.length}):` : 'Commits:')
  }
  for (const commit of shown) {
    const short = `<code>${commit.sha.slice(0, 7)}</code>`
    const id = repo ? htmlLink(`${update.serverUrl}/${repo}/commit/${commit.sha}`, short) : short
    lines.push(`- ${id} ${inert(commit.subject, 120)}`)
  }
  const sent = link(update.runUrl, 'this workflow run')
  if (sent) lines.push('', `Sent by ${sent}.`)
  return lines.join('\n')
}

/** Adds the note (one call); never throws. A link on another host than `serverUrl` is left alone. */
export async function postDocsUpdateComment(
  session: GitHubSession,
  docsLink: string,
  update: DocsUpdate,
  budgetMs: number
): Promise<boolean> {
  const ref = parsePullRequestLink(docsLink)
  if (!ref || hostOf(ref.link) !== hostOf(update.serverUrl)) return false
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const body = docsUpdateCommentBody(update)
  const posted = await session.bestEffort(
    budgetMs,
    async (octokit) => {
      await octokit.rest.issues.createComment({ ...paramsOf(ref).issue, body })
      core.info(`Noted on the docs pull request ${name} what this update covers.`)
      return true
    },
    (why) =>
      `Could not comment on the docs pull request ${name} (${why}); the dashboard alone says what this update covers.`,
    'The comment needs `pull-requests: write` on the docs repository for the docs token (docs-token, or github-token when the docs live in this repository).'
  )
  return posted ?? false
}

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
  call: (octokit: GitHubClient, on: ReturnType<typeof paramsOf>) => Promise<T>
): Promise<T | undefined> {
  const [todo, , permission] = END_STEPS[step]
  const where = safeLine(ref.repository)
  return session.bestEffort(
    budgetMs,
    (octokit) => call(octokit, paramsOf(ref)),
    `Could not ${todo} ${where}#${ref.number}`,
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
  return onDocsEnd(session, ref, 'read', budgetMs, async (octokit, { pull }) => {
    const pr = await readDocsPullRequest(octokit, ref, false)
    const state = pr.merged ? 'merged' : pr.state === 'closed' ? 'closed' : 'open'
    if (!withCommits || state !== 'open') return { pr, state }
    const params = { ...pull, per_page: 100 }
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, params, ({ data }) =>
      data.map((c) => ({ sha: c.sha, author: c.author?.login, committer: c.committer?.login }))
    )
    return { pr, state, foreign: foreignCommit(pr.author?.login, commits) }
  })
}

/** The end's writes in order: those GitHub took, and what to do by hand for the first it refused. */
export async function writeDocsPrEnd(
  session: GitHubSession | undefined,
  link: string | undefined,
  steps: readonly EndStep[],
  texts: { comment: string; label: string; handOff?: () => Promise<boolean> },
  budgetMs: number
): Promise<{ done: EndStep[]; refused?: string }> {
  const ref = parsePullRequestLink(link)
  const done: EndStep[] = []
  if (!ref || !session) return { done }
  const name = `${ref.repository}#${ref.number}`
  for (const step of steps) {
    if (step === 'hand-off') continue
    const write = async ({ rest }: GitHubClient, { pull, issue }: ReturnType<typeof paramsOf>) => {
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
    const [todo, did] = END_STEPS[step]
    const wrote = await onDocsEnd(session, ref, step, budgetMs, write)
    if (!wrote) return { done, refused: `${todo} ${name}` }
    core.info(`${did} the docs pull request ${safeLine(name)}.`)
    done.push(step)
  }
  // The hand-off (the plan's last step) is never refused: followDocsPullRequest warns itself.
  if (steps.includes('hand-off') && (await texts.handOff?.())) done.push('hand-off')
  return { done }
}
