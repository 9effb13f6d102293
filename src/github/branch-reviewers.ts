// Who reviews a branch's docs pull request when `docs-pr-reviewers` says `author`:
// the authors of the source pull requests this run covers (the commits' authors where
// a commit came from none), bots skipped, each asked at most once per docs pull
// request (the branch record keeps who was asked). Pure; the request itself is
// docs-review.ts's `requestReviews`.

import type { CoveredCommit, SourcePullRequest } from './branch-commits.js'

/** GitHub takes at most this many reviewers on a pull request. */
export const MAX_BRANCH_REVIEWERS = 15

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/

export interface ReviewersInput {
  pulls: readonly SourcePullRequest[]
  commits: readonly CoveredCommit[]
  /** Logins already asked for this docs pull request (from the branch record). */
  alreadyRequested: readonly string[]
  /** Who opened the docs pull request: GitHub refuses to ask them. */
  docsAuthor?: string
}

/** The logins to ask, in the order they appear: pull requests first, then commits. */
export function reviewersToRequest(input: ReviewersInput): string[] {
  const fromPulls = new Set(input.pulls.flatMap((pull) => pull.commits))
  const candidates = [
    ...input.pulls.map((pull) => ({ login: pull.author, bot: pull.authorIsBot })),
    ...input.commits
      .filter((commit) => !fromPulls.has(commit.sha))
      .map((commit) => ({ login: commit.author, bot: commit.authorIsBot }))
  ]
  const skip = new Set(
    [...input.alreadyRequested, input.docsAuthor ?? ''].map((login) => login.toLowerCase())
  )
  const chosen: string[] = []
  for (const { login, bot } of candidates) {
    if (!login || bot || !LOGIN.test(login) || skip.has(login.toLowerCase())) continue
    skip.add(login.toLowerCase())
    chosen.push(login)
    if (chosen.length >= MAX_BRANCH_REVIEWERS) break
  }
  return chosen
}
