// Closes a docs pull request the action no longer follows, with a comment saying why.
// Best effort: a merged or already closed one is left as it is.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { openRepository, type RepositoryAccess } from './client.js'
import { bestEffort } from './plumbing.js'

export async function closeDocsPullRequest(
  access: Omit<RepositoryAccess, 'repository'>,
  link: string,
  comment: string
): Promise<boolean> {
  const ref = parsePullRequestLink(link)
  if (!ref) return false
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const close = async (): Promise<boolean> => {
    const { octokit, owner, repo } = await openRepository({ ...access, repository: ref.repository })
    const pull = { owner, repo, pull_number: ref.number }
    if ((await octokit.rest.pulls.get(pull)).data.state !== 'open') return false
    await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: ref.number,
      body: comment
    })
    await octokit.rest.pulls.update({ ...pull, state: 'closed' })
    core.info(`Closed the docs pull request ${name}, which no job follows any more.`)
    return true
  }
  const hint = 'The token needs `pull-requests: write` on the docs repository.'
  return (await bestEffort(close, `Could not close the docs pull request ${name}`, hint)) ?? false
}
