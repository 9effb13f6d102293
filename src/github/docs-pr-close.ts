// Closes a docs pull request the action no longer follows, with a comment saying why.
// Best effort: a merged or already closed one is left as it is.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import type { GitHubClient } from './client.js'
import { splitRepository } from './plumbing.js'
import type { GitHubSession } from './session.js'

export async function closeDocsPullRequest(
  session: GitHubSession,
  link: string,
  comment: string,
  budgetMs: number
): Promise<boolean> {
  const ref = parsePullRequestLink(link)
  if (!ref) return false
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const repo = splitRepository(ref.repository)
  const close = async (octokit: GitHubClient): Promise<boolean> => {
    const pull = { ...repo, pull_number: ref.number }
    if ((await octokit.rest.pulls.get(pull)).data.state !== 'open') return false
    await octokit.rest.issues.createComment({ ...repo, issue_number: ref.number, body: comment })
    await octokit.rest.pulls.update({ ...pull, state: 'closed' })
    core.info(`Closed the docs pull request ${name}, which no job follows any more.`)
    return true
  }
  const failed = `Could not close the docs pull request ${name}`
  const hint = 'The token needs `pull-requests: write` on the docs repository.'
  return (await session.bestEffort(budgetMs, close, failed, hint)) ?? false
}
