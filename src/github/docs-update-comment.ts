// The short comment a branch run adds to the docs pull request when it sends a follow-up:
// which source pull requests and commits the update covers, and the run. What the authors
// wrote is escaped, and cannot mention (notify) anyone or reference other issues.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { htmlLink, safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import type { GitHubSession } from './session.js'
import type { SourcePullRequest } from './source-pulls.js'
import type { CommitsCoverage } from './commits-prompt.js'
import { REPOSITORY, splitRepository } from './plumbing.js'
import { hostOf } from './workflow-run.js'

/** The most commits named one by one; the rest are counted. */
const MAX_COMMENT_COMMITS = 20

export interface DocsUpdate {
  branch: string
  /** `owner/repo` of the code, and its server's web address. */
  repository: string
  serverUrl: string
  coverage: CommitsCoverage
  pulls: readonly SourcePullRequest[]
  runUrl?: string
}

function inert(value: string, max: number): string {
  // `#` only where safeMarkdown did not write an entity (`&#124;`).
  return safeMarkdown(value, max).replace(/@|(?<!&)#/g, (char) =>
    char === '@' ? '&#64;' : '&#35;'
  )
}

export function docsUpdateCommentBody(update: DocsUpdate): string {
  const { coverage } = update
  const total = Math.max(coverage.total, coverage.commits.length)
  const repo = REPOSITORY.test(update.repository) ? update.repository : undefined
  const counted = `${total} commit${total === 1 ? '' : 's'}`
  const compare =
    coverage.compareUrl && /^https?:\/\/\S+$/.test(coverage.compareUrl)
      ? htmlLink(coverage.compareUrl, counted)
      : counted
  const lines = [
    `**Docs update from <code>${safeHtml(update.branch, 100)}</code>**${repo ? ` of ${safeMarkdown(repo)}` : ''}: this update covers ${compare}.`
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
  if (update.runUrl && /^https?:\/\/\S+$/.test(update.runUrl)) {
    lines.push('', `Sent by ${htmlLink(update.runUrl, 'this workflow run')}.`)
  }
  return lines.join('\n')
}

/** Adds the comment (one call); never throws. A link on another host than `serverUrl` is left alone. */
export async function postDocsUpdateComment(
  session: GitHubSession,
  docsLink: string,
  update: DocsUpdate,
  budgetMs: number
): Promise<boolean> {
  const ref = parsePullRequestLink(docsLink)
  if (!ref || hostOf(ref.link) !== hostOf(update.serverUrl)) return false
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const comment = {
    ...splitRepository(ref.repository),
    issue_number: ref.number,
    body: docsUpdateCommentBody(update)
  }
  const posted = await session.bestEffort(
    budgetMs,
    async (octokit) => {
      await octokit.rest.issues.createComment(comment)
      core.info(`Noted on the docs pull request ${name} what this update covers.`)
      return true
    },
    (why) =>
      `Could not comment on the docs pull request ${name} (${why}); the dashboard alone says what this update covers.`,
    'The comment needs `pull-requests: write` on the docs repository for the docs token (docs-token, or github-token when the docs live in this repository).'
  )
  return posted ?? false
}
