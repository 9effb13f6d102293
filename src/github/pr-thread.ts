// The action's one comment on the pull request a run is for: found in one pass over the
// comments, written once the job is known and at the end. Comments GitHub could not list
// fail the run, since "no record" would start a second job; a failed write is a warning.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
  openGitHub,
  openRepository,
  permissionHint,
  type RepositoryAccess
} from './client.js'
import { splitRepository, type RunAccess } from './plumbing.js'
import { formatRecord, legacyMarker, RecordSearch, type PullRequestRecord } from './pr-record.js'
import { tokenIdentity } from './token-identity.js'
import { onSameServer, pullRequestNumber, type WorkflowRun } from './workflow-run.js'

/** 100 comments a page: up to 20,000 are read. Past that, "no record" could not be told. */
const MAX_COMMENT_PAGES = 200
const READ_HINT =
  'Reading them needs `permissions: pull-requests: read` for the job (keeping the comment needs `pull-requests: write`).'
const WRITE_HINT =
  'The comment needs `permissions: pull-requests: write` for the job; on pull requests from forks the token is read-only, so no comment can be kept.'

type Access = Omit<RepositoryAccess, 'repository'>

export interface ThreadOptions extends RunAccess {
  projectId: string
  maxPages?: number
}

export type DocsPullRequestState = 'open' | 'merged' | 'closed'

export class PullRequestThread {
  /** GitHub refused a write: no more are tried. */
  private refused = false

  private constructor(
    private readonly access: Access,
    readonly run: WorkflowRun,
    readonly number: number,
    /** This project's record on the pull request, from a trusted comment. */
    readonly record: PullRequestRecord | undefined,
    private commentId: number | undefined
  ) {}

  /**
   * The thread, read once; undefined (and nothing recorded) when the run is not for a pull
   * request or GitHub refuses the comments. StateUnknownError when GitHub could not say.
   */
  static async open(options: ThreadOptions): Promise<PullRequestThread | undefined> {
    const { run, token, userAgent } = options
    const number = pullRequestNumber(run)
    if (number === undefined) {
      core.debug(
        `pr-comment: the run is not for a pull request (event ${safeLine(run.eventName || 'unknown')}); no comment.`
      )
      return undefined
    }
    if (!token || !run.repository) {
      core.warning(
        `pr-comment: ${token ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'}, so pull request #${number} gets no comment and its docs job is not recorded.`
      )
      return undefined
    }
    const signal = boundedSignal(options.signal, options.budgetMs)
    const trusted = await tokenIdentity({ token, userAgent, signal, budgetMs: options.budgetMs })
    const search = new RecordSearch(options.projectId, legacyMarker(run), [trusted])
    const maxPages = options.maxPages ?? MAX_COMMENT_PAGES
    const comments = `the comments of pull request #${number}`
    let cutShort = false
    try {
      const octokit = await openGitHub(token, userAgent, signal)
      const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...splitRepository(run.repository),
        issue_number: number,
        per_page: 100
      })
      let seen = 0
      for await (const page of pages) {
        if (search.visit(page.data)) break
        if (++seen < maxPages) continue
        cutShort = /rel="next"/.test(page.headers.link ?? '')
        break
      }
    } catch (error) {
      if (gitHubFailure(error) === 'unknown') {
        throw new StateUnknownError(comments, describeGitHubError(error))
      }
      core.warning(
        `pr-comment: could not read ${comments} (${describeGitHubError(error)}), so its docs job is not recorded.${permissionHint(error, READ_HINT)}`
      )
      return undefined
    }
    if (cutShort) {
      throw new StateUnknownError(comments, `there are more than ${maxPages} pages of them`)
    }
    const found = search.result()
    return new PullRequestThread(
      { ...options, token },
      run,
      number,
      found?.record,
      found?.commentId
    )
  }

  /**
   * Writes the record and `body` (anew when the comment was deleted meanwhile). Never
   * throws. A refusal stops later writes; another failure is only noted when `early`.
   */
  async save(
    record: PullRequestRecord,
    body: string,
    budgetMs: number,
    { early = false }: { early?: boolean } = {}
  ): Promise<boolean> {
    if (this.refused) return false
    const text = `${formatRecord(record)}\n${body}`
    const where = `pull request #${this.number}`
    try {
      // Not bound to the run's cancellation: the last write happens after it.
      const signal = boundedSignal(undefined, budgetMs)
      const octokit = await openGitHub(this.access.token, this.access.userAgent, signal)
      const repo = splitRepository(this.run.repository)
      if (this.commentId !== undefined) {
        try {
          await octokit.rest.issues.updateComment({
            ...repo,
            comment_id: this.commentId,
            body: text
          })
          core.info(`Updated the comment on ${where} (comment ${this.commentId}).`)
          return true
        } catch (error) {
          if (gitHubAnswerStatus(error) !== 404) throw error
          core.info(`The comment on ${where} (comment ${this.commentId}) is gone; writing it anew.`)
          this.commentId = undefined
        }
      }
      const created = await octokit.rest.issues.createComment({
        ...repo,
        issue_number: this.number,
        body: text
      })
      this.commentId = created.data.id
      core.info(`Commented on ${where} (comment ${this.commentId}).`)
      return true
    } catch (error) {
      this.refused = gitHubFailure(error) === 'denied'
      const failed = `pr-comment: could not comment on ${where} (${describeGitHubError(error)})`
      if (early && !this.refused) core.info(`${failed}; trying again when the run ends.`)
      else
        core.warning(
          `${failed}, so its docs job is not recorded.${permissionHint(error, WRITE_HINT)}`
        )
      return false
    }
  }

  async docsPullRequestState(
    link: string,
    budgetMs: number
  ): Promise<DocsPullRequestState | undefined> {
    return readDocsPullRequestState({ ...this.access, budgetMs }, this.run, link)
  }
}

/**
 * Whether a docs pull request the token can see (same host) was merged or closed;
 * undefined when the token may not see it. StateUnknownError when GitHub cannot say:
 * following up a job whose docs were merged would tell commits to no docs.
 */
export async function readDocsPullRequestState(
  access: Access,
  run: WorkflowRun,
  link: string
): Promise<DocsPullRequestState | undefined> {
  const ref = parsePullRequestLink(link)
  if (!ref || !onSameServer(link, run)) return undefined
  try {
    const { octokit, owner, repo } = await openRepository({ ...access, repository: ref.repository })
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
