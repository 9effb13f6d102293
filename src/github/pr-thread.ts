// The action's one comment on the pull request a run is for: found in one pass over
// the comments (one call per 100), written as soon as the job is known, updated at
// the end. Its first line is the pull request's record (pr-record.ts). Reading it is
// not a courtesy: comments GitHub could not list (other than by refusing) fail the run
// before anything is sent, since "no record" would start a second job. Writing is:
// a failure is one warning, never a failed step, and only a refusal stops later writes.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
  permissionHint,
  openGitHub,
  type GitHubClient
} from './client.js'
import {
  formatRecord,
  legacyMarker,
  RecordSearch,
  type PullRequestRecord,
  type ThreadComment
} from './pr-record.js'
import { tokenIdentity } from './token-identity.js'
import { onSameServer, pullRequestNumber, type WorkflowRun } from './workflow-run.js'

/** 100 comments a page: up to 20,000 are read. Past that, "no record" could not be told. */
export const MAX_COMMENT_PAGES = 200
/** What reading the comments, and writing the comment, need: named only after a no. */
const READ_HINT =
  'Reading them needs `permissions: pull-requests: read` for the job (keeping the comment needs `pull-requests: write`).'
const WRITE_HINT =
  'The comment needs `permissions: pull-requests: write` for the job; on pull requests from forks the token is read-only, so no comment can be kept.'

export interface ThreadOptions {
  /** The run, as the entry read it. */
  run: WorkflowRun
  token?: string
  userAgent: string
  projectId: string
  /** Cancellation of the whole run. */
  signal?: AbortSignal
  /** How long the listing may take. */
  budgetMs: number
  /** Logins whose records are believed; by default the one github-token writes as. */
  trustedAuthors?: readonly string[]
  /** The most pages of comments read; MAX_COMMENT_PAGES by default. */
  maxPages?: number
}

/** What one pass over the comments came to. */
type Reading = 'found' | 'read to the end' | 'cut short'

/** Hands each page to `search` until it finds the record, the listing ends, or `maxPages` were read. */
async function readPages(
  pages: AsyncIterable<{ data: ThreadComment[]; headers: { link?: string } }>,
  search: RecordSearch,
  maxPages: number
): Promise<Reading> {
  let seen = 0
  for await (const page of pages) {
    if (search.visit(page.data)) return 'found'
    if (++seen >= maxPages)
      return /rel="next"/.test(page.headers.link ?? '') ? 'cut short' : 'read to the end'
  }
  return 'read to the end'
}

/** What a docs pull request looks like from here, when the token can see it. */
export type DocsPullRequestState = 'open' | 'merged' | 'closed'

export class PullRequestThread {
  private commentId: number | undefined
  /** GitHub refused a write: no more are tried. */
  private refused = false

  private constructor(
    private readonly options: ThreadOptions,
    readonly run: WorkflowRun,
    readonly number: number,
    /** This project's record on the pull request, from a trusted comment; undefined when none. */
    readonly record: PullRequestRecord | undefined,
    commentId: number | undefined
  ) {
    this.commentId = commentId
  }

  /**
   * The thread of the pull request this run is for, read once. Undefined (with a debug
   * line or one warning) when the run is not for a pull request, or GitHub refuses to
   * list the comments: then nothing is recorded and nothing is written. Throws
   * StateUnknownError when GitHub could not list them all, or say whose token it is.
   */
  static async open(options: ThreadOptions): Promise<PullRequestThread | undefined> {
    const run = options.run
    const number = pullRequestNumber(run)
    if (number === undefined) {
      core.debug(
        `pr-comment: the run is not for a pull request (event ${safeLine(run.eventName || 'unknown')}); no comment.`
      )
      return undefined
    }
    if (!options.token || !run.repository) {
      core.warning(
        `pr-comment: ${options.token ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'}, so pull request #${number} gets no comment and its docs job is not recorded.`
      )
      return undefined
    }
    const signal = boundedSignal(options.signal, options.budgetMs)
    const trusted = options.trustedAuthors ?? [
      await tokenIdentity({
        token: options.token,
        userAgent: options.userAgent,
        signal,
        budgetMs: options.budgetMs
      })
    ]
    const search = new RecordSearch(options.projectId, legacyMarker(run), trusted)
    const maxPages = options.maxPages ?? MAX_COMMENT_PAGES
    const comments = `the comments of pull request #${number}`
    let reading: Reading
    try {
      const octokit = await openGitHub(options.token, options.userAgent, signal)
      const [owner = '', repo = ''] = run.repository.split('/')
      const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100
      })
      reading = await readPages(pages, search, maxPages)
    } catch (error) {
      if (gitHubFailure(error) === 'unknown') {
        throw new StateUnknownError(comments, describeGitHubError(error))
      }
      core.warning(
        `pr-comment: could not read ${comments} (${describeGitHubError(error)}), so its docs job is not recorded.${permissionHint(error, READ_HINT)}`
      )
      return undefined
    }
    if (reading === 'cut short') {
      throw new StateUnknownError(comments, `there are more than ${maxPages} pages of them`)
    }
    const found = search.result()
    return new PullRequestThread(options, run, number, found?.record, found?.commentId)
  }

  /** The run id as a record holds it (digits; 0 when the runner did not say). */
  get runId(): string {
    return /^\d{1,20}$/.test(this.run.runId) ? this.run.runId : '0'
  }

  /**
   * Creates the comment, or updates it (written anew when it was deleted meanwhile):
   * the record on the first line, `body` below. Never throws. A refusal is one warning
   * and stops later writes; any other failure leaves them to try again, and is only
   * noted when `early` (the run's last write follows).
   */
  async save(
    record: PullRequestRecord,
    body: string,
    budgetMs: number,
    { early = false }: { early?: boolean } = {}
  ): Promise<boolean> {
    if (this.refused) return false
    const text = `${formatRecord(record)}\n${body}`
    try {
      // Not bound to the run's cancellation: the last write happens after it.
      const octokit = await client(this.options, budgetMs, undefined)
      if (!(await this.update(octokit, text))) await this.create(octokit, text)
      return true
    } catch (error) {
      this.refused = gitHubFailure(error) === 'denied'
      const failed = `pr-comment: could not comment on pull request #${this.number} (${describeGitHubError(error)})`
      if (early && !this.refused) core.info(`${failed}; trying again when the run ends.`)
      else {
        core.warning(
          `${failed}, so its docs job is not recorded.${permissionHint(error, WRITE_HINT)}`
        )
      }
      return false
    }
  }

  /** Updates the comment; false when there is none, or it was deleted since it was read. */
  private async update(octokit: GitHubClient, text: string): Promise<boolean> {
    if (this.commentId === undefined) return false
    const [owner = '', repo = ''] = this.run.repository.split('/')
    try {
      await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: this.commentId,
        body: text
      })
    } catch (error) {
      if (gitHubAnswerStatus(error) !== 404) throw error
      core.info(
        `The comment on pull request #${this.number} (comment ${this.commentId}) is gone; writing it anew.`
      )
      this.commentId = undefined
      return false
    }
    core.info(`Updated the comment on pull request #${this.number} (comment ${this.commentId}).`)
    return true
  }

  private async create(octokit: GitHubClient, text: string): Promise<void> {
    const [owner = '', repo = ''] = this.run.repository.split('/')
    const created = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: this.number,
      body: text
    })
    this.commentId = created.data.id
    core.info(`Commented on pull request #${this.number} (comment ${this.commentId}).`)
  }

  /**
   * Whether a docs pull request was merged or closed, when the token can see it (the
   * same GitHub host; a token usually reaches only its own repository). Undefined when
   * it cannot tell; never throws.
   */
  async docsPullRequestState(
    link: string,
    budgetMs: number
  ): Promise<DocsPullRequestState | undefined> {
    if (!this.options.token) return undefined
    return readDocsPullRequestState(
      {
        token: this.options.token,
        userAgent: this.options.userAgent,
        budgetMs,
        ...(this.options.signal ? { signal: this.options.signal } : {})
      },
      this.run,
      link
    )
  }
}

/**
 * Whether a docs pull request was merged or closed, when the token can see it (the
 * same GitHub host; a token usually reaches only its own repository): undefined when
 * the token may not. When GitHub cannot say (a 5xx, a rate limit), StateUnknownError:
 * following up a job whose docs were merged would tell commits to no docs.
 */
export async function readDocsPullRequestState(
  access: { token: string; userAgent: string; signal?: AbortSignal; budgetMs: number },
  run: WorkflowRun,
  link: string
): Promise<DocsPullRequestState | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !onSameServer(link, run)) return undefined
  const [owner = '', repo = ''] = ref.repository.split('/')
  try {
    const octokit = await openGitHub(
      access.token,
      access.userAgent,
      boundedSignal(access.signal, access.budgetMs)
    )
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: ref.number })
    if (data.merged || data.merged_at) return 'merged'
    return data.state === 'closed' ? 'closed' : 'open'
  } catch (error) {
    const name = `${safeLine(ref.repository)}#${ref.number}`
    if (gitHubFailure(error) === 'unknown') {
      throw new StateUnknownError(`the docs pull request ${name}`, describeGitHubError(error))
    }
    // A token that may not see the docs repository is the usual case: a debug line.
    core.debug(
      `Could not see the docs pull request ${name} (${describeGitHubError(error)}); taking it as open.`
    )
    return undefined
  }
}

function client(
  options: ThreadOptions,
  budgetMs: number,
  signal: AbortSignal | undefined
): Promise<GitHubClient> {
  return openGitHub(options.token as string, options.userAgent, boundedSignal(signal, budgetMs))
}
