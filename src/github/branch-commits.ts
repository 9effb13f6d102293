// Which commits a branch run covers, and the pull requests they came from. Every
// commit after the last one that reached the agent, up to the run's head, read in one
// comparison (oldest first); on the first run, the push's own commits, or the
// branch's commits of the last 7 days on a schedule or a manual run; when the
// recorded commit is no longer on the branch (history rewritten), the event's commits
// only. The choosing, capping and reading of GitHub's answers is pure; the calls are
// few and counted: at most one to find the commits, one per source lookup (at most 20).

import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  openRepository,
  permissionHint,
  type RepositoryAccess
} from './client.js'
import type { BranchRun, RunAction } from './branch-record.js'
import { cleanLabel } from './untrusted-text.js'
import { record, text } from './workflow-run.js'

/** The most commits listed; the rest are counted and reached by the compare link. */
export const MAX_LISTED = 100
/** The most commits whose pull requests are looked up (the newest), one call each. */
export const MAX_PULL_LOOKUPS = 20
/** How far back the first scheduled or manual run on a branch looks. */
export const FIRST_RUN_DAYS = 7

export interface CoveredCommit {
  sha: string
  /** The first 7 characters of the sha. */
  short: string
  /** The message's first line, cleaned as untrusted text. */
  subject: string
  /** The author's GitHub login (cleaned), when GitHub knows it. */
  author?: string
  /** Whether the author is a bot account. */
  authorIsBot: boolean
}

/** Why these commits: since the record, a first run, or history rewritten under the record. */
export type CoverageOrigin = 'since-record' | 'first-push' | 'first-window' | 'history-rewritten'

export type Coverage =
  | { kind: 'nothing-new'; head: string; why: 'identical' | 'behind' }
  | {
      kind: 'commits'
      origin: CoverageOrigin
      /** Oldest first, at most MAX_LISTED (the newest of those found). */
      commits: CoveredCommit[]
      /** How many commits this run covers, listed or not. */
      total: number
      /** Where people (and the agent) see them all, when there is a link. */
      compareUrl?: string
      /** The commit before the first covered one, when known, and the head. */
      from?: string
      to: string
    }
  /** The commits could not be read; nothing is known to be covered. */
  | { kind: 'unavailable'; reason: string }

export interface CoverageInput {
  /** `owner/repo` and the web address of its server (`https://github.com`). */
  repository: string
  serverUrl: string
  /** The branch the run is for (no `refs/heads/`). */
  branch: string
  /**
   * The commit to cover from: the record's `lastSha`, or its `jobBaseSha` when a failed,
   * archived or gone job's commits are carried into a new job. None on a first run.
   */
  lastSha?: string
  /** The run's head commit. */
  headSha: string
  eventName: string
  payload: Record<string, unknown>
  now: Date
}

export interface SourcePullRequest {
  number: number
  /** Cleaned as untrusted text. */
  title: string
  /** The author's login (cleaned), when known. */
  author?: string
  authorIsBot: boolean
  url?: string
  /** The covered commits that came from it. */
  commits: string[]
}

const SHORT = 7

/** The first line of a commit message, cleaned: one line, nothing hidden, capped. */
export function subjectOf(message: unknown): string {
  const first = (typeof message === 'string' ? message : '').split(/\r?\n/, 1)[0] ?? ''
  return cleanLabel(first, 200)
}

function loginOf(user: unknown): { author?: string; authorIsBot: boolean } {
  const login = text(record(user)?.login) ?? text(record(user)?.username)
  const type = text(record(user)?.type)
  if (!login) return { authorIsBot: false }
  const author = cleanLabel(login, 40)
  return {
    ...(author ? { author } : {}),
    authorIsBot: type === 'Bot' || /\[bot\]$/i.test(login)
  }
}

function isSha(value: unknown): value is string {
  return typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value)
}

/** A commit as the REST API gives it (compare, list commits), or undefined. */
export function fromApiCommit(value: unknown): CoveredCommit | undefined {
  const commit = record(value)
  const sha = commit?.sha
  if (!isSha(sha)) return undefined
  return {
    sha,
    short: sha.slice(0, SHORT),
    subject: subjectOf(record(commit?.commit)?.message),
    ...loginOf(commit?.author)
  }
}

/** A commit of a push event's payload, or undefined. */
export function fromPushCommit(value: unknown): CoveredCommit | undefined {
  const commit = record(value)
  const sha = commit?.id
  if (!isSha(sha)) return undefined
  return {
    sha,
    short: sha.slice(0, SHORT),
    subject: subjectOf(commit?.message),
    ...loginOf(commit?.author)
  }
}

/** The push's commits, oldest first (as the payload lists them). */
export function pushedCommits(payload: Record<string, unknown>): CoveredCommit[] {
  const list = Array.isArray(payload.commits) ? payload.commits : []
  return list.map(fromPushCommit).filter((commit) => commit !== undefined)
}

/** The web page comparing two commits. */
export function compareLink(
  serverUrl: string,
  repository: string,
  base: string,
  head: string
): string {
  return `${serverUrl}/${repository}/compare/${base}...${head}`
}

/** The newest MAX_LISTED of `commits` (oldest first), and the count of all. */
export function capCommits(
  commits: readonly CoveredCommit[],
  total: number
): { commits: CoveredCommit[]; total: number } {
  return {
    commits: commits.slice(-MAX_LISTED),
    total: Math.max(total, commits.length)
  }
}

/** A compare link GitHub gave, if it is one on this server and repository. */
function sameCompare(link: unknown, input: CoverageInput): string | undefined {
  const prefix = `${input.serverUrl}/${input.repository}/compare/`
  return typeof link === 'string' && link.startsWith(prefix) && !/\s/.test(link) ? link : undefined
}

/** The event's own commits (a push's, or none): used on a first push and after a rewrite. */
function eventCoverage(input: CoverageInput, origin: CoverageOrigin): Coverage {
  const commits = pushedCommits(input.payload)
  const before = input.payload.before
  const from = isSha(before) && !/^0+$/.test(before) ? before : undefined
  const compareUrl =
    sameCompare(input.payload.compare, input) ??
    (from ? compareLink(input.serverUrl, input.repository, from, input.headSha) : undefined)
  return {
    kind: 'commits',
    origin,
    ...capCommits(commits, commits.length),
    ...(compareUrl ? { compareUrl } : {}),
    ...(from ? { from } : {}),
    to: input.headSha
  }
}

/** What a comparison of the recorded commit with the head says (pure). */
export function coverageFromCompare(
  data: unknown,
  input: CoverageInput & { lastSha: string }
): Coverage | 'rewritten' {
  const answer = record(data)
  const status = answer?.status
  if (status === 'identical' || status === 'behind') {
    return { kind: 'nothing-new', head: input.headSha, why: status }
  }
  if (status !== 'ahead') return 'rewritten'
  const listed = (Array.isArray(answer?.commits) ? answer.commits : [])
    .map(fromApiCommit)
    .filter((commit) => commit !== undefined)
  const total =
    typeof answer?.total_commits === 'number' && Number.isSafeInteger(answer.total_commits)
      ? answer.total_commits
      : listed.length
  return {
    kind: 'commits',
    origin: 'since-record',
    ...capCommits(listed, total),
    compareUrl: compareLink(input.serverUrl, input.repository, input.lastSha, input.headSha),
    from: input.lastSha,
    to: input.headSha
  }
}

/** When the first scheduled or manual run starts looking (ISO 8601). */
export function windowStart(now: Date): string {
  return new Date(now.getTime() - FIRST_RUN_DAYS * 24 * 60 * 60 * 1000).toISOString()
}

const READ_HINT = 'Reading the branch commits needs `permissions: contents: read` for the job.'

/**
 * The commits this run covers. Calls: none when the record is at the head or on a
 * first push, one otherwise (a comparison, or the listing of the last 7 days), two
 * when the history was rewritten on a scheduled run. Never throws: a failed read is
 * one warning and `unavailable`.
 */
export async function coveredCommits(
  access: RepositoryAccess,
  input: CoverageInput
): Promise<Coverage> {
  const { lastSha } = input
  if (lastSha === input.headSha)
    return { kind: 'nothing-new', head: input.headSha, why: 'identical' }
  try {
    const { octokit, owner, repo } = await openRepository(access)
    const window = async (origin: CoverageOrigin): Promise<Coverage> => {
      if (input.eventName === 'push') return eventCoverage(input, origin)
      const { data } = await octokit.rest.repos.listCommits({
        owner,
        repo,
        sha: input.headSha,
        since: windowStart(input.now),
        per_page: MAX_LISTED
      })
      // Newest first from GitHub; one page, so at most MAX_LISTED.
      const commits = data
        .map(fromApiCommit)
        .filter((commit) => commit !== undefined)
        .reverse()
      return { kind: 'commits', origin, ...capCommits(commits, commits.length), to: input.headSha }
    }
    if (!lastSha) return await window(input.eventName === 'push' ? 'first-push' : 'first-window')
    let data: unknown
    try {
      data = (
        await octokit.rest.repos.compareCommits({ owner, repo, base: lastSha, head: input.headSha })
      ).data
    } catch (error) {
      // GitHub does not know the recorded commit: the history was rewritten.
      if (gitHubAnswerStatus(error) === 404) data = undefined
      else throw error
    }
    const coverage =
      data === undefined ? 'rewritten' : coverageFromCompare(data, { ...input, lastSha })
    if (coverage !== 'rewritten') return coverage
    core.info(
      `The last commit that reached the agent (${lastSha.slice(0, SHORT)}) is no longer on ${safeLine(input.branch, 100)}: the history was rewritten, so this run covers the event's commits only.`
    )
    return await window('history-rewritten')
  } catch (error) {
    const reason = describeGitHubError(error)
    core.warning(
      `Could not read the commits of ${safeLine(input.branch, 100)} (${reason}); this run covers none.${permissionHint(error, READ_HINT)}`
    )
    return { kind: 'unavailable', reason }
  }
}

/** The source pull requests of the given commits' lookups, deduplicated (pure). */
export function mergeSourcePulls(
  lookups: ReadonlyArray<{ sha: string; pulls: readonly unknown[] }>
): SourcePullRequest[] {
  const found = new Map<number, SourcePullRequest>()
  for (const { sha, pulls } of lookups) {
    for (const value of pulls) {
      const pull = record(value)
      const number = pull?.number
      // A source pull request is one that was merged with this commit in it.
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) continue
      if (!text(pull?.merged_at)) continue
      const known = found.get(number)
      if (known) {
        if (!known.commits.includes(sha)) known.commits.push(sha)
        continue
      }
      const url = text(pull?.html_url)
      found.set(number, {
        number,
        title: cleanLabel(pull?.title, 200),
        ...loginOf(pull?.user),
        ...(url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { url } : {}),
        commits: [sha]
      })
    }
  }
  return [...found.values()].sort((a, b) => a.number - b.number)
}

/** The commits whose pull requests are looked up: the newest MAX_PULL_LOOKUPS. */
export function lookupCommits(commits: readonly CoveredCommit[]): CoveredCommit[] {
  return commits.slice(-MAX_PULL_LOOKUPS)
}

const PULLS_HINT = 'Reading them needs `permissions: pull-requests: read` for the job.'

/**
 * The pull requests the covered commits came from: one call per commit, for the
 * newest MAX_PULL_LOOKUPS. Best effort: the first failure is one warning and ends the
 * lookups; what was found until then is kept.
 */
export async function sourcePullRequests(
  access: RepositoryAccess,
  commits: readonly CoveredCommit[]
): Promise<SourcePullRequest[]> {
  const wanted = lookupCommits(commits)
  if (wanted.length === 0) return []
  const lookups: Array<{ sha: string; pulls: unknown[] }> = []
  try {
    const { octokit, owner, repo } = await openRepository(access)
    for (const commit of wanted) {
      const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo,
        commit_sha: commit.sha,
        per_page: 10
      })
      lookups.push({ sha: commit.sha, pulls: data })
    }
  } catch (error) {
    core.warning(
      `Could not read the pull requests the commits came from (${describeGitHubError(error)}); the prompt names ${lookups.length} of ${wanted.length} lookups.${permissionHint(error, PULLS_HINT)}`
    )
  }
  return mergeSourcePulls(lookups)
}

/**
 * The dashboard's row for a run (pure): what it did, how many commits it covered and
 * their range, and the numbers of the source pull requests (the newest 20).
 */
export function coverageRun(
  run: { at: Date; event: string; did: RunAction },
  coverage: Coverage,
  pulls: readonly SourcePullRequest[]
): BranchRun {
  const covered = coverage.kind === 'commits' ? coverage : undefined
  return {
    at: run.at.toISOString(),
    event: /^[a-z_]{1,40}$/.test(run.event) ? run.event : 'unknown',
    did: run.did,
    commits: covered ? covered.total : 0,
    ...(covered?.from && isSha(covered.from) ? { from: covered.from } : {}),
    ...(covered && isSha(covered.to) ? { to: covered.to } : {}),
    pulls: pulls.map((pull) => pull.number).slice(-MAX_PULL_LOOKUPS)
  }
}
