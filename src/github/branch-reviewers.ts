// Who reviews a branch's docs pull request when `docs-pr-reviewers` says `author` (pure):
// the source pull requests' authors, then the commits' that came from none, bots skipped.

import type { CoveredCommit } from './branch-commits.js'
import type { SourcePullRequest } from './source-pulls.js'

/** GitHub takes at most this many reviewers on a pull request. */
export const MAX_BRANCH_REVIEWERS = 15

/**
 * The logins to ask, in order, leaving out those already asked for this docs pull request
 * (the branch record keeps them) and its author, whom GitHub refuses to ask.
 */
export function reviewersToRequest(input: {
  pulls: readonly SourcePullRequest[]
  commits: readonly CoveredCommit[]
  alreadyRequested: readonly string[]
  docsAuthor?: string
}): string[] {
  const fromPulls = new Set(input.pulls.flatMap((pull) => pull.commits))
  const authors = [
    ...input.pulls,
    ...input.commits.filter((commit) => !fromPulls.has(commit.sha))
  ].flatMap((from) => (from.author && !from.authorIsBot ? [from.author] : []))
  const skip = new Set(
    [...input.alreadyRequested, input.docsAuthor ?? ''].map((login) => login.toLowerCase())
  )
  const chosen: string[] = []
  for (const login of authors) {
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(login) || skip.has(login.toLowerCase()))
      continue
    skip.add(login.toLowerCase())
    chosen.push(login)
  }
  return chosen.slice(0, MAX_BRANCH_REVIEWERS)
}
