// The action's comments: its one comment on the pull request a run is for (a failed listing
// fails the run: "no record" would start a second job), reactions and replies on commands, and
// the back-link on a docs pull request a job opened (a marker is only a candidate: anyone can paste one).

import * as core from '@actions/core'
import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
  permissionHint,
  allPages,
  throwIfUnknown,
  type GitHubClient
} from './client.js'
import { docsTokenHint } from './docs-pull-request.js'
import { fields, readRecords, string, writeMarker } from './marker.js'
import { cleanLabel } from './untrusted-text.js'
import {
  formatRecord,
  findComment,
  isTrustedAuthor,
  parseRecord,
  type PullRequestRecord,
  type ThreadComment
} from './pr-record.js'
import type { Command } from './command.js'
import { lacking, type GitHubSession } from './session.js'
import { issueOf, pullOf, pullRequestNumber, runUrl, type WorkflowRun } from './workflow-run.js'

/** 100 comments a page: up to 20,000 are read. Past that, "no record" could not be told. */
const MAX_COMMENT_PAGES = 200
const READ_HINT =
  'Reading them needs `permissions: pull-requests: read` for the job (keeping the comment needs `pull-requests: write`).'
const WRITE_HINT =
  'The comment needs `permissions: pull-requests: write` for the job; on pull requests from forks the token is read-only, so no comment can be kept.'

export type PullRequestState = 'open' | 'merged' | 'closed'

type PullRequest = { state: string; merged?: boolean; merged_at?: string | null }
export const pullRequestState = (pr: PullRequest): PullRequestState =>
  pr.merged || pr.merged_at ? 'merged' : pr.state === 'closed' ? 'closed' : 'open'

export class PullRequestThread {
  /** GitHub refused a write: no more are tried. */
  private refused = false

  private constructor(
    private readonly session: GitHubSession,
    readonly run: WorkflowRun,
    readonly number: number,
    readonly record: PullRequestRecord | undefined,
    private commentId: number | undefined,
    /** The jobs whose docs pull request this may be, from the back-links read with the thread. */
    readonly backLinks: readonly BackLink[] = []
  ) {}

  /** The thread, read once; undefined when the run is not for a pull request or GitHub refuses. */
  static async open(
    session: GitHubSession | undefined,
    run: WorkflowRun,
    projectId: string,
    budgetMs: number,
    maxPages = MAX_COMMENT_PAGES
  ): Promise<PullRequestThread | undefined> {
    const number = pullRequestNumber(run)
    if (number === undefined) {
      core.debug(
        `pr-comment: the run is not for a pull request (event ${safeLine(run.eventName || 'unknown')}); no comment.`
      )
      return undefined
    }
    if (!session?.repository) {
      core.warning(
        `pr-comment: ${lacking(session)}, so pull request #${number} gets no comment and its docs job is not recorded.`
      )
      return undefined
    }
    const comments = `the comments of pull request #${number}`
    const find = async (octokit: GitHubClient) => {
      const seen: ThreadComment[] = []
      const pages = tapped(listComments(octokit, { repository: session.repository, number }), seen)
      const trusted = () => session.identity(budgetMs)
      const found = await findComment(pages, run, projectId, comments, maxPages, trusted)
      // Back-links are rare (a docs pull request's): whose they are is asked only then.
      const linked = backLinkedJobs(seen, projectId).length > 0
      const { backLinks } = linked
        ? threadMarks(seen, projectId, await trusted())
        : { backLinks: [] }
      return { ...found, backLinks }
    }
    const failed = `pr-comment: could not read ${comments} (%s), so its docs job is not recorded.`
    const found = await session.bestEffort(budgetMs, find, failed, READ_HINT, comments)
    if (!found) return undefined
    const { record, commentId, backLinks } = found
    return new PullRequestThread(session, run, number, record, commentId, backLinks)
  }

  /** Writes the record and `body`. Never throws; a refusal stops later writes. */
  async save(
    record: PullRequestRecord,
    body: string,
    budgetMs: number,
    early = false
  ): Promise<boolean> {
    if (this.refused) return false
    const where = `pull request #${this.number}`
    const comment = { ...this.session.repo, body: `${formatRecord(record)}\n${body}` }
    try {
      // Not bound to the run's cancellation: the last write happens after it.
      const { issues } = (await this.session.client(budgetMs, false)).rest
      if (this.commentId !== undefined) {
        try {
          await issues.updateComment({ ...comment, comment_id: this.commentId })
          core.info(`Updated the comment on ${where} (comment ${this.commentId}).`)
          return true
        } catch (error) {
          if (gitHubAnswerStatus(error) !== 404) throw error
          core.info(`The comment on ${where} (comment ${this.commentId}) is gone; writing it anew.`)
          this.commentId = undefined
        }
      }
      const created = await issues.createComment({ ...comment, issue_number: this.number })
      this.commentId = created.data.id
      core.info(`Commented on ${where} (comment ${this.commentId}).`)
      return true
    } catch (error) {
      this.refused = gitHubFailure(error) === 'denied'
      const failed = `pr-comment: could not comment on ${where} (${describeGitHubError(error)})`
      const hint = permissionHint(error, WRITE_HINT)
      if (early && !this.refused) core.info(`${failed}; trying again when the run ends.`)
      else core.warning(`${failed}, so its docs job is not recorded.${hint}`)
      return false
    }
  }
}

/** The pages as they are read, each comment also kept in `seen`. */
async function* tapped<P extends { data: readonly ThreadComment[] }>(
  pages: AsyncIterable<P>,
  seen: ThreadComment[]
): AsyncIterable<P> {
  for await (const page of pages) {
    seen.push(...page.data)
    yield page
  }
}

/** A pull request's state; undefined when the token may not see it. StateUnknownError when
 * GitHub cannot say: following up a job whose docs were merged would tell commits to no docs. */
export async function readPullRequestState(
  session: GitHubSession | undefined,
  link: string,
  budgetMs: number,
  kind = 'docs'
): Promise<PullRequestState | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !session) return undefined
  try {
    const octokit = await session.client(budgetMs)
    return pullRequestState((await octokit.rest.pulls.get(pullOf(ref))).data)
  } catch (error) {
    const name = `the ${kind} pull request ${safeLine(ref.repository)}#${ref.number}`
    throwIfUnknown(error, name)
    // A token that may not see the docs repository is the usual case: a debug line.
    core.debug(`Could not see ${name} (${describeGitHubError(error)}); taking it as open.`)
    return undefined
  }
}

/** Reacts on a command's comment (reviews take none). Never throws. */
export async function react(
  session: GitHubSession,
  command: Pick<Command, 'kind' | 'id'>,
  content: 'eyes' | 'rocket' | 'confused',
  budgetMs: number
): Promise<void> {
  if (command.kind === 'review') return
  const onIssue = command.kind === 'issue-comment'
  const params = { ...session.repo, comment_id: command.id, content }
  await session.bestEffort(
    budgetMs,
    ({ rest: { reactions: r } }) =>
      onIssue ? r.createForIssueComment(params) : r.createForPullRequestReviewComment(params),
    `Could not add the ${content} reaction to comment ${command.id} (%s).`,
    `The token needs ${onIssue ? 'issues: write' : 'pull-requests: write'}.`,
    false
  )
}

/** Replies on the command's pull request why it was not run. Never throws. */
export async function replyToCommand(
  session: GitHubSession,
  command: Pick<Command, 'author' | 'pullNumber'>,
  phrase: string,
  { reply, reason }: { reply: 'usage' | 'refusal' | 'closed' | 'merged'; reason: string },
  budgetMs: number
): Promise<void> {
  const mention = `@${cleanLabel(command.author.login, 60).replace(/[^\w.[\]-]/g, '')}`
  const said = cleanLabel(phrase, 60) // without backticks
  const body = (
    reply === 'usage'
      ? [
          `${mention}, \`${said}\` needs an instruction after it, for example:`,
          '',
          '```',
          `${said} document the new --dry-run flag on the CLI reference page`,
          '```',
          '',
          'Nothing was sent to the docs agent.'
        ]
      : reply === 'refusal'
        ? [
            `${mention}, this \`${said}\` command was not run: ${cleanLabel(reason, 400)}.`,
            '',
            'Only people with write, maintain or admin permission on this repository, and bots the workflow lists in `allowed-bots`, can give commands. Nothing was sent to the docs agent.'
          ]
        : [
            `${mention}, this \`${said}\` command was not run: ${cleanLabel(reason, 400)}.`,
            '',
            'Nothing was sent to the docs agent.'
          ]
  ).join('\n')
  const issue_number = command.pullNumber
  await session.bestEffort(
    budgetMs,
    (octokit) => octokit.rest.issues.createComment({ ...session.repo, issue_number, body }),
    `Could not reply on pull request #${issue_number} (%s).`,
    'The token needs pull-requests: write.',
    false
  )
}

const MAX_BACK_LINK_PAGES = 30
/** How many candidate jobs a docs pull request's markers may name before the rest are ignored. */
export const MAX_CANDIDATES = 3

type Ref = Pick<PullRequestRef, 'repository' | 'number'>
export const listComments = (octokit: GitHubClient, ref: Ref) =>
  octokit.paginate.iterator(octokit.rest.issues.listComments, { ...issueOf(ref), per_page: 100 })

export const backLinkMarker = (job: string, project: string): string =>
  writeMarker('back-link', { job, project })

/** The jobs the back-links name for `projectId`, bots' first, without repeats, a few at most. */
export function backLinkedJobs(
  comments: readonly { body?: string | null; user?: { type?: string } | null }[],
  projectId: string
): string[] {
  const jobs = comments.flatMap(({ body, user }) =>
    readRecords('back-link', body, (v) => fields(v, { job: string, project: string }, true))
      .filter(({ job, project }) => project === projectId && isPlainId(job))
      .map(({ job }) => ({ job, bot: user?.type === 'Bot' }))
  )
  const botsFirst = jobs.sort((x, y) => Number(y.bot) - Number(x.bot)).map(({ job }) => job)
  return [...new Set(botsFirst)].slice(0, MAX_CANDIDATES)
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
  const sure = new Set(backLinkedJobs(trusted, projectId))
  const backLinks = backLinkedJobs(comments, projectId).map((job) => ({
    job,
    trusted: sure.has(job)
  }))
  return { ...(record ? { record } : {}), backLinks }
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

/** The jobs that may have opened pull request `ref`, from its back-links (candidates). */
export const findBackLinkedJobs = async (octokit: GitHubClient, ref: Ref, projectId: string) =>
  backLinkedJobs(await allPages(listComments(octokit, ref), MAX_BACK_LINK_PAGES), projectId)

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
    if ((await findBackLinkedJobs(octokit, docs, projectId)).includes(jobId)) {
      core.debug(`docs back-link: ${where} already links to job ${safeLine(jobId)}.`)
      return true
    }
    const body = [
      backLinkMarker(jobId, projectId),
      `This docs pull request was opened by Mintlify agent job \`${safeLine(jobId, 100).replace(/`/g, '')}\` for ${describeSource(run)}.`,
      '',
      'Reviewers can steer it from here: a comment that starts with the trigger phrase (`/docs` unless the workflow sets another) sends a follow-up to that job.'
    ].join('\n')
    await octokit.rest.issues.createComment({ ...issueOf(docs), body })
    core.info(`Linked docs pull request ${where} to job ${safeLine(jobId)}.`)
    return true
  }
  const failed = `docs back-link: could not comment on docs pull request ${where} (%s).`
  const hint = docsTokenHint('pull-requests: write', docs.repository)
  return (await session.bestEffort(budgetMs, write, failed, hint, false)) ?? false
}
