// What a run writes on a docs pull request besides its hand-off: the back-link, the note on
// what a follow-up covers, and the steps when its code pull request ends. A back-link
// marker is only a candidate (anyone can paste one) until the service confirms the job.

import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { htmlLink, safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import { gitHubAnswerStatus, walkPages, type GitHubClient } from './client.js'
import type { CommitsCoverage } from './commits-prompt.js'
import { firstLine, readMarkers, readOldMarker, writeMarker } from './marker.js'
import { allPages, REPOSITORY, splitRepository } from './plumbing.js'
import type { EndStep } from './pr-end-record.js'
import { pullRequestState, type PullRequestState } from './pr-thread.js'
import type { GitHubSession } from './session.js'
import type { SourcePullRequest } from './source-pulls.js'
import { hostOf, pullRequestNumber, record, runUrl, type WorkflowRun } from './workflow-run.js'

const MAX_PAGES = 30
const OLD_MARKER =
  /^<!-- mintlify-agent-job docs-pr job="(?<job>[^"]{1,200})" project="(?<project>[^"]{1,200})" -->$/
/** How many candidate jobs a docs pull request's markers may name before the rest are ignored. */
export const MAX_CANDIDATES = 3
/** The most commits the update note names one by one; the rest are counted. */
const MAX_COMMENT_COMMITS = 20
/** GitHub's own committer of changes made on its website (authored by the person). */
const WEB_FLOW = 'web-flow'
/** GitHub lists at most this many commits of a pull request. */
const MAX_COMMITS = 250

export interface DocsUpdate {
  branch: string
  /** `owner/repo` of the code, and its server's web address. */
  repository: string
  serverUrl: string
  coverage: CommitsCoverage
  pulls: readonly SourcePullRequest[]
  runUrl?: string
}

export interface CommitAccounts {
  sha: string
  author?: string
  committer?: string
}

/** Pull request `ref` as REST parameters of a pull and of an issue. */
function paramsOf(ref: Pick<PullRequestRef, 'repository' | 'number'>) {
  const repo = splitRepository(ref.repository)
  return {
    pull: { ...repo, pull_number: ref.number },
    issue: { ...repo, issue_number: ref.number }
  }
}

const listComments = (octokit: GitHubClient, ref: Pick<PullRequestRef, 'repository' | 'number'>) =>
  octokit.paginate.iterator(octokit.rest.issues.listComments, {
    ...paramsOf(ref).issue,
    per_page: 100
  })

export function backLinkMarker(jobId: string, projectId: string): string {
  return writeMarker('back-link', { job: jobId, project: projectId })
}

/** The jobs the back-links name for `projectId`, bots' first, without repeats, a few at most. */
export function backLinkedJobs(
  comments: readonly { body?: string | null; user?: { type?: string } | null }[],
  projectId: string
): string[] {
  const byBots: string[] = []
  const byOthers: string[] = []
  const links = (values: unknown[]) =>
    values.map(record).filter((l) => typeof l?.job === 'string' && typeof l.project === 'string')
  for (const { body, user } of comments) {
    // Markers on any line, else the old first line.
    const found = links(readMarkers('back-link', body))
    const old = () => links([readOldMarker(OLD_MARKER, firstLine(body).trim())])
    for (const link of found.length > 0 ? found : old()) {
      if (link?.project !== projectId || !isPlainId(link.job)) continue
      ;(user?.type === 'Bot' ? byBots : byOthers).push(link.job)
    }
  }
  return [...new Set([...byBots, ...byOthers])].slice(0, MAX_CANDIDATES)
}

/** What the job was for, in words: the pull request or the commit, and the run. */
export function describeSource(run: WorkflowRun): string {
  const number = pullRequestNumber(run)
  const repository = safeLine(run.repository || 'an unknown repository', 200)
  let source = `a ${safeLine(run.eventName || 'workflow', 50)} run on ${repository}`
  if (number !== undefined) source = `pull request ${repository}#${number}`
  else if (run.sha) source = `commit ${safeLine(run.sha.slice(0, 12), 12)} on ${repository}`
  const url = runUrl(run)
  return url ? `${source} (workflow run ${url})` : source
}

/** The jobs that may have opened pull request `number`, from its back-links (candidates). */
export async function findBackLinkedJobs(
  octokit: GitHubClient,
  repository: string,
  number: number,
  projectId: string
): Promise<string[]> {
  const comments = await allPages(listComments(octokit, { repository, number }), MAX_PAGES)
  return backLinkedJobs(comments, projectId)
}

/** Writes the back-link once; true when it is there (written now or before). Never throws. */
export async function writeBackLink(
  session: GitHubSession,
  run: WorkflowRun,
  { jobId, projectId }: { jobId: string; projectId: string },
  docs: PullRequestRef,
  budgetMs: number
): Promise<boolean> {
  const where = `${safeLine(docs.repository, 200)}#${docs.number}`
  const write = async (octokit: GitHubClient): Promise<boolean> => {
    let present = false
    await walkPages(listComments(octokit, docs), MAX_PAGES, (page) => {
      present = backLinkedJobs(page, projectId).includes(jobId)
      return present
    })
    if (present) {
      core.debug(`docs back-link: ${where} already links to job ${safeLine(jobId)}.`)
      return true
    }
    const body = [
      backLinkMarker(jobId, projectId),
      `This docs pull request was opened by Mintlify agent job \`${safeLine(jobId, 100).replace(/`/g, '')}\` for ${describeSource(run)}.`,
      '',
      'Reviewers can steer it from here: a comment that starts with the trigger phrase (`/docs` unless the workflow sets another) sends a follow-up to that job.'
    ].join('\n')
    await octokit.rest.issues.createComment({ ...paramsOf(docs).issue, body })
    core.info(`Linked docs pull request ${where} to job ${safeLine(jobId)}.`)
    return true
  }
  const hint =
    'The token needs pull-requests: write on the docs repository (a GitHub App or fine-grained token when the docs live in another repository).'
  const failed = `docs back-link: could not comment on docs pull request ${where}`
  return (await session.bestEffort(budgetMs, write, failed, hint, false)) ?? false
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

/** Each end step: what failed, what was done, the permission it needs. */
const STEPS: Record<Exclude<EndStep, 'hand-off'>, [string, string, string]> = {
  comment: ['comment on', 'Commented on', 'issues: write'],
  label: ['label', 'Labelled', 'issues: write'],
  unlabel: ['remove the label from', 'Removed the label from', 'issues: write'],
  close: ['close', 'Closed', 'pull-requests: write'],
  reopen: ['reopen', 'Reopened', 'pull-requests: write']
}

/** `call` on the docs pull request; undefined after one warning naming the token. */
async function onDocsEnd<T>(
  session: GitHubSession,
  ref: PullRequestRef,
  [verb, permission]: [string, string],
  budgetMs: number,
  call: (octokit: GitHubClient, on: ReturnType<typeof paramsOf>) => Promise<T>
): Promise<T | undefined> {
  const where = safeLine(ref.repository)
  return session.bestEffort(
    budgetMs,
    (octokit) => call(octokit, paramsOf(ref)),
    `Could not ${verb} ${where}#${ref.number}`,
    `The token (${session.name}) needs \`${permission}\` on ${where}.`,
    false
  )
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
): Promise<{ state: PullRequestState; foreign?: string } | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref) return undefined
  const read: [string, string] = ['read the docs pull request', 'pull-requests: read']
  return onDocsEnd(session, ref, read, budgetMs, async (octokit, { pull }) => {
    const { data } = await octokit.rest.pulls.get(pull)
    const state = pullRequestState(data)
    if (!withCommits || state !== 'open') return { state }
    const params = { ...pull, per_page: 100 }
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, params, ({ data }) =>
      data.map((c) => ({
        sha: c.sha,
        ...(c.author?.login ? { author: c.author.login } : {}),
        ...(c.committer?.login ? { committer: c.committer.login } : {})
      }))
    )
    const foreign = foreignCommit(data.user.login, commits, commits.length < MAX_COMMITS)
    return { state, ...(foreign ? { foreign } : {}) }
  })
}

/**
 * Makes the end's writes in order (hand-off excepted: followDocsPullRequest does it) and
 * resolves to those GitHub accepted, and the first it refused.
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
  for (const step of steps) {
    if (step === 'hand-off') continue
    const [verb, did, permission] = STEPS[step]
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
    if (!(await onDocsEnd(session, ref, [verb, permission], budgetMs, write))) {
      return { done, refused: step }
    }
    core.info(`${did} the docs pull request ${safeLine(`${ref.repository}#${ref.number}`)}.`)
    done.push(step)
  }
  return { done }
}
