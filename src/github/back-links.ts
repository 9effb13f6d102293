// The back-links: the comment a run writes on a docs pull request its job opened, naming the
// job, so that commands there find it; read as candidates (anyone can paste one) unless the
// action's own account wrote them; and the marks a pull request's comments hold.

import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import type { PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { allPages, type GitHubClient } from './client.js'
import { docsTokenHint } from './docs-pull-request.js'
import { fields, optional, readRecords, string, writeMarker, writer } from './marker.js'
import {
  isTrustedAuthor,
  parseEndOnly,
  parseRecord,
  type PullRequestRecord,
  type ThreadComment
} from './pr-record.js'
import type { GitHubSession } from './session.js'
import type { Claim } from './writers.js'
import {
  issueOf,
  pullRequestNumber,
  runUrl,
  splitRepository,
  type WorkflowRun
} from './workflow-run.js'

const MAX_BACK_LINK_PAGES = 30
/** How many candidate jobs a docs pull request's markers may name before the rest are ignored. */
export const MAX_CANDIDATES = 3

type Ref = Pick<PullRequestRef, 'repository' | 'number'>
export const listComments = (octokit: GitHubClient, ref: Ref) =>
  octokit.paginate.iterator(octokit.rest.issues.listComments, { ...issueOf(ref), per_page: 100 })

/** `by`: the account the action writes the back-link as. */
export const backLinkMarker = (job: string, project: string, by?: string): string =>
  writeMarker('back-link', { job, project, by })

const BACK_LINK = { job: string, project: string, by: optional(writer) }
const parseBackLinks = (body: string | null | undefined) =>
  readRecords('back-link', body, (v) => fields(v, BACK_LINK, true))

/** The jobs the back-links name for `projectId`, bots' first, without repeats, `max` at most. */
export function backLinkedJobs(
  comments: readonly { body?: string | null; user?: { type?: string } | null }[],
  projectId: string,
  max = MAX_CANDIDATES
): string[] {
  const jobs = comments.flatMap(({ body, user }) =>
    parseBackLinks(body)
      .filter(({ job, project }) => project === projectId && isPlainId(job))
      .map(({ job }) => ({ job, bot: user?.type === 'Bot' }))
  )
  const botsFirst = jobs.sort((x, y) => Number(y.bot) - Number(x.bot)).map(({ job }) => job)
  return [...new Set(botsFirst)].slice(0, max)
}

/** A job a back-link names; `trusted` when the action's own account wrote it. */
export type BackLink = { job: string; trusted: boolean }

export interface ThreadMarks {
  record?: PullRequestRecord
  backLinks: BackLink[]
}

/** The marks in `comments` for `projectId`, believing only `identity`'s records (pure). */
export function threadMarks(
  comments: readonly ThreadComment[],
  projectId: string,
  identity: string
): ThreadMarks {
  const trusted = comments.filter((comment) => isTrustedAuthor(comment.user, identity))
  const record = trusted.map((c) => parseRecord(c.body)).find((r) => r?.project === projectId)
  // The action's own first, before the cut: pasted markers cannot push them out.
  const sure = backLinkedJobs(trusted, projectId)
  const claimed = backLinkedJobs(comments, projectId, Infinity).filter((j) => !sure.includes(j))
  const backLinks = [
    ...sure.map((job) => ({ job, trusted: true })),
    ...claimed.map((job) => ({ job, trusted: false }))
  ].slice(0, MAX_CANDIDATES)
  if (!record) {
    return { backLinks }
  }
  return { record, backLinks }
}

/**
 * The records of `projectId` in `comments` (its record, its back-links), each with its author and
 * the writer it names: whose to believe when the account is not known (writers.ts).
 */
export function threadClaims(comments: readonly ThreadComment[], projectId: string): Claim[] {
  return comments.flatMap(({ id, body, user }) => {
    // A full record, or the end alone an end run wrote with no job.
    const record = parseRecord(body) ?? parseEndOnly(body)
    const records = record?.project === projectId ? [record] : []
    const links = parseBackLinks(body).filter((link) => link.project === projectId)
    return [...records, ...links].map(({ by }) => ({ user, by, where: `comment ${id}` }))
  })
}

/**
 * The back-links on pull request `ref` for `projectId`, trusted when `session`'s account wrote
 * them; none after one warning (nothing is then proven by them).
 */
export async function readBackLinks(
  session: GitHubSession,
  ref: Ref,
  projectId: string,
  budgetMs: number
): Promise<BackLink[]> {
  const read = async (octokit: GitHubClient) => {
    const comments = await allPages(listComments(octokit, ref), MAX_BACK_LINK_PAGES)
    // No back-link at all: the account need not be asked.
    if (backLinkedJobs(comments, projectId).length === 0) {
      return []
    }
    const identity = (await session.identity(budgetMs)) ?? ''
    return threadMarks(comments, projectId, identity).backLinks
  }
  const where = `${safeLine(ref.repository, 200)}#${ref.number}`
  const failed =
    `docs back-link: could not read the comments of docs pull request ${where} (%s), ` +
    'so no back-link there proves that the docs agent opened it.'
  const hint = docsTokenHint('pull-requests: read', ref.repository)
  return (await session.bestEffort(budgetMs, read, failed, hint)) ?? []
}

/** What the job was for, in words: the pull request or the commit, and the run. */
export function describeSource(run: WorkflowRun): string {
  const number = pullRequestNumber(run)
  const repository = safeLine(run.repository || 'an unknown repository', 200)
  let source = `a ${safeLine(run.eventName || 'workflow', 50)} run on ${repository}`
  if (number !== undefined) {
    source = `pull request ${repository}#${number}`
  } else if (run.sha) {
    source = `commit ${safeLine(run.sha.slice(0, 12), 12)} on ${repository}`
  }
  const url = runUrl(run)
  return url ? `${source} (workflow run ${url})` : source
}

/** The jobs that may have opened pull request `ref`, from its back-links (candidates). */
export const findBackLinkedJobs = async (octokit: GitHubClient, ref: Ref, projectId: string) => {
  const comments = await allPages(listComments(octokit, ref), MAX_BACK_LINK_PAGES)
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
    const linked = await findBackLinkedJobs(octokit, docs, projectId)
    if (linked.includes(jobId)) {
      core.debug(`docs back-link: ${where} already links to job ${safeLine(jobId)}.`)
      return true
    }
    const by = session.writer()
    // Backticks would end the code span the id is shown in.
    const shownId = safeLine(jobId, 100).replace(/`/g, '')
    const body = (author: string) =>
      [
        backLinkMarker(jobId, projectId, author),
        `This docs pull request was opened by Mintlify agent job \`${shownId}\` ` +
          `for ${describeSource(run)}.`,
        '',
        'Reviewers can steer it from here: a comment that starts with the trigger phrase ' +
          '(`/docs` unless the workflow sets another) sends a follow-up to that job.'
      ].join('\n')
    const { data } = await octokit.rest.issues.createComment({ ...issueOf(docs), body: body(by) })
    // Named as GitHub says it was written, so later runs believe it.
    if (session.wrote(data.user, by) && data.user) {
      const repo = splitRepository(docs.repository)
      const fixed = { ...repo, comment_id: data.id, body: body(data.user.login) }
      await octokit.rest.issues.updateComment(fixed)
    }
    core.info(`Linked docs pull request ${where} to job ${safeLine(jobId)}.`)
    return true
  }
  const failed = `docs back-link: could not comment on docs pull request ${where} (%s).`
  const hint = docsTokenHint('pull-requests: write', docs.repository)
  return (await session.bestEffort(budgetMs, write, failed, hint, false)) ?? false
}
