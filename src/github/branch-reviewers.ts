// Who reviews a branch's docs pull request when `docs-pr-reviewers` says `author` (pure):
// the source pull requests' authors, then the commits' that came from none, bots skipped.

import type { CoveredCommit } from './branch-commits.js'
import { LOGIN } from './plumbing.js'
import type { SourcePullRequest } from './source-pulls.js'

/** GitHub takes at most this many reviewers on a pull request. */
export const MAX_BRANCH_REVIEWERS = 15

/** The logins to ask, in order, but those already asked and the author (GitHub refuses them). */
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
  const chosen = authors.filter((login) => {
    if (!LOGIN.test(login) || skip.has(login.toLowerCase())) return false
    skip.add(login.toLowerCase())
    return true
  })
  return chosen.slice(0, MAX_BRANCH_REVIEWERS)
}
