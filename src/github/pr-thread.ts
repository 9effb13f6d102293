// The action's comments: its one comment on the pull request a run is for (a failed listing
// fails the run: "no record" would start a second job), and reactions and replies on commands.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { NEXT_RUN } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
  permissionHint,
  throwIfUnknown,
  type GitHubClient
} from './client.js'
import {
  backLinkedJobs,
  listComments,
  threadClaims,
  threadMarks,
  type BackLink
} from './back-links.js'
import { cleanLabel } from './untrusted-text.js'
import {
  formatEndOnly,
  formatRecord,
  findComment,
  isTrustedAuthor,
  mergeRecords,
  parseEndOnly,
  rebased,
  parseRecord,
  type PullRequestEnd,
  type PullRequestRecord,
  type ThreadComment
} from './pr-record.js'
import type { Command } from './command.js'
import { lacking, type GitHubSession } from './session.js'
import type { Author } from './writers.js'
import { pullOf, pullRequestNumber, type WorkflowRun } from './workflow-run.js'

const BUDGET_IDENTITY = 5_000
/** 100 comments a page: up to 20,000 are read. Past that, "no record" could not be told. */
const MAX_COMMENT_PAGES = 200
const READ_HINT =
  'Reading them needs `permissions: pull-requests: read` for the job ' +
  '(keeping the comment needs `pull-requests: write`).'
const WRITE_HINT =
  'The comment needs `permissions: pull-requests: write` for the job; ' +
  'on pull requests from forks the token is read-only, so no comment can be kept.'

export type PullRequestState = 'open' | 'merged' | 'closed'

type PullRequest = { state: string; merged?: boolean; merged_at?: string | null }
export function pullRequestState(pr: PullRequest): PullRequestState {
  if (pr.merged || pr.merged_at) {
    return 'merged'
  }
  return pr.state === 'closed' ? 'closed' : 'open'
}

export class PullRequestThread {
  /** GitHub refused a write: no more are tried. */
  private refused = false
  /**
   * The record in the comment as this run last knew it (read, or written since): the merge's
   * base.
   */
  private base: PullRequestRecord | undefined
  /** The record as this run read it: what its callers build theirs from. */
  private readonly read: PullRequestRecord | undefined
  /** The run waited since it read (for a busy job): another run may have written meanwhile. */
  private readIsOld = false

  private constructor(
    private readonly session: GitHubSession,
    readonly run: WorkflowRun,
    readonly number: number,
    readonly record: PullRequestRecord | undefined,
    private commentId: number | undefined,
    /** The jobs whose docs pull request this may be, from the back-links read with the thread. */
    readonly backLinks: readonly BackLink[] = [],
    /**
     * With no record: the end an end run met, recorded alone (a later record goes in its
     * comment).
     */
    readonly ended?: PullRequestEnd
  ) {
    this.base = record
    this.read = record
  }

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
      const event = safeLine(run.eventName || 'unknown')
      core.debug(`pr-comment: the run is not for a pull request (event ${event}); no comment.`)
      return undefined
    }
    if (!session?.repository) {
      core.warning(
        `pr-comment: ${lacking(session)}, so pull request #${number} gets no comment ` +
          'and its docs job is not recorded.'
      )
      return undefined
    }
    const comments = `the comments of pull request #${number}`
    const find = async (octokit: GitHubClient) => {
      const seen: ThreadComment[] = []
      const pages = tapped(listComments(octokit, { repository: session.repository, number }), seen)
      // Whose records: asked once there is a candidate; '' while it cannot be told.
      const trusted = async () => (await session.identity(budgetMs)) ?? ''
      const found = await findComment(pages, projectId, comments, maxPages, trusted)
      // None believed (every page was read), whose may not be known: the one bot whose records
      // name it, if any. Without a record of this project, GitHub is not asked.
      const claims = found ? [] : threadClaims(seen, projectId)
      let learned: string | undefined
      if (claims.length > 0 && (await trusted()) === '') {
        learned = await session.believed(claims, budgetMs)
      }
      const mine = learned ? ownComment(seen, projectId, learned) : found
      // Back-links are rare (a docs pull request's): whose they are is asked only then.
      const linked = backLinkedJobs(seen, projectId).length > 0
      const { backLinks } = linked
        ? threadMarks(seen, projectId, await trusted())
        : { backLinks: [] }
      const alone = mine ? { ended: undefined } : await endOnlyIn(seen, projectId, trusted)
      return { ...mine, ...alone, backLinks }
    }
    const failed = `pr-comment: could not read ${comments} (%s), so its docs job is not recorded.`
    const found = await session.bestEffort(budgetMs, find, failed, READ_HINT, comments)
    if (!found) {
      return undefined
    }
    const { record, commentId, backLinks, ended } = found
    return new PullRequestThread(session, run, number, record, commentId, backLinks, ended)
  }

  /** The run waited (for a busy job): its early write reads the comment again too. */
  waited(): void {
    this.readIsOld = true
  }

  /**
   * Records `end`, met with no job recorded, alone; so a run that starts late sends nothing.
   * Never throws: a failure is one warning.
   */
  async saveEnd(project: string, end: PullRequestEnd, body: string, budgetMs: number) {
    const where = `pull request #${this.number}`
    const by = this.session.writer()
    const text = `${formatEndOnly({ project, end, by })}\n${body}`
    const write = async ({ rest: { issues } }: GitHubClient) => {
      if (this.commentId !== undefined) {
        await issues.updateComment({ ...this.session.repo, comment_id: this.commentId, body: text })
        return true
      }
      const params = { ...this.session.repo, issue_number: this.number, body: text }
      this.commentId = (await issues.createComment(params)).data.id
      return true
    }
    const failed =
      `pr-comment: could not record the end of ${where} (${end.event}; %s), ` +
      'so a run of it that starts late may still start a docs job.'
    const written = await this.session.bestEffort(budgetMs, write, failed, WRITE_HINT, false)
    if (written) {
      core.info(`Recorded the end of ${where} (${end.event}), with no docs job.`)
    }
    return written ?? false
  }

  /** Writes the record and `body`. Never throws; a refusal stops later writes. */
  async save(
    record: PullRequestRecord,
    body: string,
    budgetMs: number,
    early = false
  ): Promise<boolean> {
    if (this.refused) {
      return false
    }
    const where = `pull request #${this.number}`
    try {
      // Not bound to the run's cancellation: the last write happens after it.
      const { issues } = (await this.session.client(budgetMs, false)).rest
      // Another run may have written since this one read (an end while a push waited): the
      // last write keeps what this run did not change. The early one follows the read closely,
      // but after a wait.
      const fresh = early && !this.readIsOld
      const theirs = fresh
        ? undefined
        : await this.readAgain(issues, record.project).catch((cause: unknown) => {
            throw new UnseenRecord(cause)
          })
      const ours = rebased(this.read, this.base, record)
      const merged = theirs ? mergeRecords(this.base, ours, theirs) : ours
      const by = this.session.writer()
      const text = (writer: string) => `${formatRecord({ ...merged, by: writer })}\n${body}`
      const comment = { ...this.session.repo, body: text(by) }
      // Named as GitHub says it was written (once, when the guess was wrong): later runs believe it.
      const named = async ({ data }: { data: { id: number; user?: Author } }) => {
        const author = data.user?.login
        if (!this.session.wrote(data.user, by) || !author) {
          return
        }
        const fixed = { ...comment, comment_id: data.id, body: text(author) }
        await issues.updateComment(fixed).catch((error: unknown) => {
          const why = describeGitHubError(error)
          core.info(
            `Could not name ${author} in the record on ${where} (${why}); its next write does.`
          )
        })
      }
      if (this.commentId !== undefined) {
        try {
          await named(await issues.updateComment({ ...comment, comment_id: this.commentId }))
          this.base = merged
          core.info(`Updated the comment on ${where} (comment ${this.commentId}).`)
          return true
        } catch (error) {
          if (gitHubAnswerStatus(error) !== 404) {
            throw error
          }
          core.info(`The comment on ${where} (comment ${this.commentId}) is gone; writing it anew.`)
          this.commentId = undefined
        }
      }
      const created = await issues.createComment({ ...comment, issue_number: this.number })
      this.commentId = created.data.id
      this.base = merged
      await named(created)
      core.info(`Commented on ${where} (comment ${this.commentId}).`)
      return true
    } catch (thrown) {
      const unseen = thrown instanceof UnseenRecord
      const error = unseen ? thrown.cause : thrown
      this.refused = gitHubFailure(error) === 'denied'
      const why = describeGitHubError(error)
      if (unseen && !this.refused && early) {
        core.info(
          `pr-comment: could not read the comment on ${where} again before writing it (${why}); ` +
            'trying again when the run ends.'
        )
        return false
      }
      if (unseen && !this.refused) {
        // Unknown is not empty: writing now could drop what another run recorded since.
        core.warning(
          `pr-comment: could not read the comment on ${where} again before writing it (${why}), ` +
            'so it is left as it is rather than written over what another run may have ' +
            `recorded since. ${NEXT_RUN}`
        )
        return false
      }
      const failed = unseen
        ? `pr-comment: could not read the comment on ${where} again before writing it (${why})`
        : `pr-comment: could not comment on ${where} (${why})`
      const hint = permissionHint(error, unseen ? READ_HINT : WRITE_HINT, this.session.name)
      if (early && !this.refused) {
        core.info(`${failed}; trying again when the run ends.`)
      } else {
        core.warning(`${failed}, so its docs job is not recorded.${hint}`)
        this.session.writeFailed()
      }
      return false
    }
  }

  /** The record in the comment now, when this action's account wrote it; undefined else. */
  private async readAgain(issues: GitHubClient['rest']['issues'], project: string) {
    if (this.commentId === undefined) {
      return undefined
    }
    const params = { ...this.session.repo, comment_id: this.commentId }
    // Gone since it was read (404): nothing to keep, it is written anew. Any other failure throws.
    const read = await issues.getComment(params).catch((error: unknown) => {
      if (gitHubAnswerStatus(error) === 404) {
        return undefined
      }
      throw error
    })
    if (!read) {
      return undefined
    }
    // Known when the comment was found, or from the write when it was made.
    const trusted = (await this.session.identity(BUDGET_IDENTITY)) ?? ''
    if (!isTrustedAuthor(read.data.user, trusted)) {
      return undefined
    }
    const record = parseRecord(read.data.body)
    return record?.project === project ? record : undefined
  }
}

/** The comment `identity` wrote holding `projectId`'s record, the first. */
function ownComment(comments: readonly ThreadComment[], projectId: string, identity: string) {
  for (const { id: commentId, body, user } of comments) {
    const record = parseRecord(body)
    if (record?.project === projectId && isTrustedAuthor(user, identity)) {
      return { commentId, record }
    }
  }
  return undefined
}

/** The comment's record could not be read again before the last write (`cause`: why). */
class UnseenRecord extends Error {
  constructor(cause: unknown) {
    super('the comment could not be read again', { cause })
  }
}

/** The end-only record among `seen`, from a trusted author; none when there is none. */
async function endOnlyIn(
  seen: readonly ThreadComment[],
  projectId: string,
  trusted: () => Promise<string | undefined>
): Promise<{ commentId?: number; ended?: PullRequestEnd }> {
  for (const { id, body, user } of seen) {
    const found = parseEndOnly(body)
    if (found?.project === projectId && isTrustedAuthor(user, await trusted())) {
      return { commentId: id, ended: found.end }
    }
  }
  return {}
}

/** The pages as they are read, each comment also kept in `seen`. */
async function* tapped<P extends { data: readonly ThreadComment[]; headers: { link?: string } }>(
  pages: AsyncIterable<P>,
  seen: ThreadComment[]
): AsyncIterable<P> {
  for await (const page of pages) {
    seen.push(...page.data)
    yield page
  }
}

/**
 * A pull request's state; undefined when the token may not see it. StateUnknownError when
 * GitHub cannot say: following up a job whose docs were merged would tell commits to no docs.
 */
export async function readPullRequestState(
  session: GitHubSession | undefined,
  link: string,
  budgetMs: number,
  kind = 'docs'
): Promise<PullRequestState | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !session) {
    return undefined
  }
  try {
    const octokit = await session.client(budgetMs)
    const { data } = await octokit.rest.pulls.get(pullOf(ref))
    return pullRequestState(data)
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
  if (command.kind === 'review') {
    return
  }
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

type Reply = 'usage' | 'refusal' | 'closed' | 'merged'

/** Replies on the command's pull request why it was not run. Never throws. */
export async function replyToCommand(
  session: GitHubSession,
  command: Pick<Command, 'author' | 'pullNumber'>,
  phrase: string,
  { reply, reason }: { reply: Reply; reason: string },
  budgetMs: number
): Promise<void> {
  const mention = `@${cleanLabel(command.author.login, 60).replace(/[^\w.[\]-]/g, '')}`
  const said = cleanLabel(phrase, 60) // without backticks
  const body = replyLines(reply, mention, said, reason).join('\n')
  const issue_number = command.pullNumber
  await session.bestEffort(
    budgetMs,
    (octokit) => octokit.rest.issues.createComment({ ...session.repo, issue_number, body }),
    `Could not reply on pull request #${issue_number} (%s).`,
    'The token needs pull-requests: write.',
    false
  )
}

/** The reply's lines: how to give the command, or why it was not run. */
function replyLines(reply: Reply, mention: string, said: string, reason: string): string[] {
  if (reply === 'usage') {
    return [
      `${mention}, \`${said}\` needs an instruction after it, for example:`,
      '',
      '```',
      `${said} document the new --dry-run flag on the CLI reference page`,
      '```',
      '',
      'Nothing was sent to the docs agent.'
    ]
  }
  const notRun = `${mention}, this \`${said}\` command was not run: ${cleanLabel(reason, 400)}.`
  if (reply === 'refusal') {
    return [
      notRun,
      '',
      'Only people with write, maintain or admin permission on this repository, ' +
        'and bots the workflow lists in `allowed-bots`, can give commands. ' +
        'Nothing was sent to the docs agent.'
    ]
  }
  return [notRun, '', 'Nothing was sent to the docs agent.']
}
