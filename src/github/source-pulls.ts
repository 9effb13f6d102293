// The merged pull requests the covered commits came from (one lookup a commit, the newest
// few), and which of their authors review the docs (`docs-pr-reviewers: author`).

import { loginOf, type CoveredCommit } from './branch-commits.js'
import { positive } from './marker.js'
import { LOGIN } from './plumbing.js'
import type { GitHubSession } from './session.js'
import { cleanLabel } from './untrusted-text.js'
import { record, text } from './workflow-run.js'

const MAX_PULL_LOOKUPS = 20

export interface SourcePullRequest {
  number: number
  /** Title and author cleaned as untrusted text; `commits` are the covered ones it holds. */
  title: string
  author?: string
  authorIsBot: boolean
  url?: string
  commits: string[]
}

/** The merged pull requests of the given commits' lookups, deduplicated (pure). */
export function mergeSourcePulls(
  lookups: ReadonlyArray<{ sha: string; pulls: readonly unknown[] }>
): SourcePullRequest[] {
  const found = new Map<number, SourcePullRequest>()
  for (const { sha, pulls } of lookups) {
    for (const pull of pulls.map(record)) {
      const number = positive(pull?.number)
      if (!number || !text(pull?.merged_at)) continue
      const url = text(pull?.html_url)
      const known = found.get(number) ?? {
        number,
        title: cleanLabel(pull?.title, 200),
        ...loginOf(pull?.user),
        ...(url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { url } : {}),
        commits: []
      }
      if (!known.commits.includes(sha)) known.commits.push(sha)
      found.set(number, known)
    }
  }
  return [...found.values()].sort((a, b) => a.number - b.number)
}

/** The source pull requests that `commits` came from (pure). */
export function pullsOf(
  pulls: readonly SourcePullRequest[],
  commits: readonly CoveredCommit[]
): SourcePullRequest[] {
  const shas = new Set(commits.map((commit) => commit.sha))
  return pulls.filter((pull) => pull.commits.some((sha) => shas.has(sha)))
}

/** Of the newest MAX_PULL_LOOKUPS commits; the first failure warns once and ends the lookups. */
export async function sourcePullRequests(
  session: GitHubSession,
  commits: readonly CoveredCommit[],
  budgetMs: number
): Promise<SourcePullRequest[]> {
  const wanted = commits.slice(-MAX_PULL_LOOKUPS)
  if (wanted.length === 0) return []
  const lookups: Array<{ sha: string; pulls: unknown[] }> = []
  await session.bestEffort(
    budgetMs,
    async (octokit) => {
      for (const { sha } of wanted) {
        const params = { ...session.repo, commit_sha: sha, per_page: 10 }
        const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit(params)
        lookups.push({ sha, pulls: data })
      }
    },
    (why) =>
      `Could not read the pull requests the commits came from (${why}); the prompt names ${lookups.length} of ${wanted.length} lookups.`,
    'Reading them needs `permissions: pull-requests: read` for the job.'
  )
  return mergeSourcePulls(lookups)
}

/** GitHub takes at most this many reviewers on a pull request. */
export const MAX_BRANCH_REVIEWERS = 15
const lower = (login: string): string => login.toLowerCase()

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
  const skip = new Set([...input.alreadyRequested, input.docsAuthor ?? ''].map(lower))
  // Each once: a login is skipped from its first choice on.
  const chosen = authors.filter(
    (login) => LOGIN.test(login) && !skip.has(lower(login)) && skip.add(lower(login))
  )
  return chosen.slice(0, MAX_BRANCH_REVIEWERS)
}
