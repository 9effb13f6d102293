// Closes a docs pull request the action no longer follows, with a comment saying why.
// Best effort, with a token that reaches it: a refusal is one warning naming the
// permission; a merged or already closed one is left as it is.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { describeGitHubError, openRepository, permissionHint } from './client.js'

const WRITE_HINT = 'The token needs `pull-requests: write` on the docs repository.'

export async function closeDocsPullRequest(
  access: { token: string; userAgent: string; signal?: AbortSignal; budgetMs: number },
  link: string,
  comment: string
): Promise<boolean> {
  const ref = parsePullRequestLink(link)
  if (!ref) return false
  const name = `${ref.repository}#${ref.number}`
  try {
    const { octokit, owner, repo } = await openRepository({ ...access, repository: ref.repository })
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: ref.number })
    if (data.state !== 'open') return false
    await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: ref.number,
      body: comment
    })
    await octokit.rest.pulls.update({ owner, repo, pull_number: ref.number, state: 'closed' })
    core.info(`Closed the docs pull request ${safeLine(name)}, which no job follows any more.`)
    return true
  } catch (error) {
    core.warning(
      `Could not close the docs pull request ${safeLine(name)} (${describeGitHubError(error)}).${permissionHint(error, WRITE_HINT)}`
    )
    return false
  }
}
