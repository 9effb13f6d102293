// The commits a branch run weighs (since the ledger's base, and the event's own), and
// the pull requests they came from. Reading and choosing are split: the reads are few
// and counted; what GitHub answered is turned into commits by pure functions.

import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import { StateUnknownError } from '../common/run-errors.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  gitHubFailure,
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

/** Why these commits: since the ledger's base, a first run, or history rewritten under it. */
export type CoverageOrigin = 'since-record' | 'first-push' | 'first-window' | 'history-rewritten'

/** What a run tells the agent: the untold commits, as the prompt and the dashboard show them. */
export interface Coverage {
  kind: 'commits'
  origin: CoverageOrigin
  /** Oldest first, at most MAX_LISTED (the newest of those told). */
  commits: CoveredCommit[]
  /** How many commits this run tells, listed or not. */
  total: number
  /** Where people (and the agent) see the range, when there is a link. */
  compareUrl?: string
  /** The commit before the range, when known, and the head. */
  from?: string
  to: string
}

export interface CoverageInput {
  /** `owner/repo` and the web address of its server (`https://github.com`). */
  repository: string
  serverUrl: string
  /** The branch the run is for (no `refs/heads/`). */
  branch: string
  /** The ledger's base; none on a first run. */
  base?: string
  /** The run's head commit. */
  headSha: string
  eventName: string
  payload: Record<string, unknown>
  now: Date
}

/** The commits a run weighs, read from GitHub (branch-commits.ts). */
export interface Candidates {
  /** After the base up to the run's head, oldest first. */
  since: CoveredCommit[]
  /** The event's own commits (a push's), oldest first: an older push may arrive late. */
  event: CoveredCommit[]
  /** The base the ledger keeps from now on; undefined keeps the one it has. */
  base?: string
  /** Commits after the base that were not read (more than the reads allow): told next run. */
  unread: number
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

/** When the first scheduled or manual run starts looking (ISO 8601). */
export function windowStart(now: Date): string {
  return new Date(now.getTime() - FIRST_RUN_DAYS * 24 * 60 * 60 * 1000).toISOString()
}

/** The base of a ledger that starts from the repository's first commit. */
export const ROOT = 'root'

/** The most pages of a comparison read in one run (100 commits a page); the rest wait. */
export const MAX_COMPARE_PAGES = 5

const READ_HINT = 'Reading the branch commits needs `permissions: contents: read` for the job.'

/** The candidates and where they came from, as read. */
export type ReadCandidates = Candidates & { origin: CoverageOrigin; compareUrl?: string }

function nonZeroSha(value: unknown): string | undefined {
  return isSha(value) && !/^0+$/.test(value) ? value : undefined
}

/**
 * The commits this run weighs. With a base: every commit after it (a comparison, paged);
 * on a first run: the push's range, or the branch's last 7 days on a schedule; when
 * GitHub no longer knows the base (history rewritten), the same as a first run.
 * Throws StateUnknownError when GitHub could not say (a 5xx, a rate limit, a time-out):
 * unknown is not empty. A refusal is one warning and the event's own commits.
 */
export async function readCandidates(
  access: RepositoryAccess,
  input: CoverageInput
): Promise<ReadCandidates> {
  const event = input.eventName === 'push' ? pushedCommits(input.payload) : []
  try {
    const { octokit, owner, repo } = await openRepository(access)
    /** Every commit after `base` up to the head, oldest first, at most MAX_COMPARE_PAGES pages. */
    const compare = async (
      base: string
    ): Promise<
      { commits: CoveredCommit[]; unread: number; mergeBase?: string } | 'unknown-base'
    > => {
      const commits: CoveredCommit[] = []
      let total = 0
      let mergeBase: string | undefined
      for (let page = 1; page <= MAX_COMPARE_PAGES; page++) {
        let data: unknown
        try {
          const basehead = `${base}...${input.headSha}`
          data = (
            await octokit.rest.repos.compareCommitsWithBasehead({
              owner,
              repo,
              basehead,
              per_page: 100,
              page
            })
          ).data
        } catch (error) {
          // GitHub does not know the base: the history was rewritten (and collected).
          const status = gitHubAnswerStatus(error)
          if (page === 1 && (status === 404 || status === 422)) return 'unknown-base'
          throw error
        }
        const answer = record(data)
        // Diverged: the base is no longer on the branch (a force push); GitHub lists the
        // commits since where the two histories part.
        if (page === 1 && answer?.status === 'diverged') {
          mergeBase = nonZeroSha(record(answer.merge_base_commit)?.sha)
        }
        const listed = (Array.isArray(answer?.commits) ? answer.commits : []).map(fromApiCommit)
        commits.push(...listed.filter((commit) => commit !== undefined))
        total = typeof answer?.total_commits === 'number' ? answer.total_commits : commits.length
        if (listed.length < 100 || commits.length >= total) break
      }
      return {
        commits,
        unread: Math.max(0, total - commits.length),
        ...(mergeBase ? { mergeBase } : {})
      }
    }
    const link = (base: string): string =>
      compareLink(input.serverUrl, input.repository, base, input.headSha)
    /** The whole history up to the head, oldest first (a young repository's), paged. */
    const fromRoot = async (origin: CoverageOrigin): Promise<ReadCandidates> => {
      const newestFirst: CoveredCommit[] = []
      for (let page = 1; page <= MAX_COMPARE_PAGES; page++) {
        const sha = input.headSha
        const { data } = await octokit.rest.repos.listCommits({
          owner,
          repo,
          sha,
          per_page: 100,
          page
        })
        newestFirst.push(...data.map(fromApiCommit).filter((commit) => commit !== undefined))
        if (data.length < 100) break
      }
      // A first week of more than 500 commits: the oldest are not read, nor told.
      return { since: newestFirst.reverse(), event, base: ROOT, unread: 0, origin }
    }
    const first = async (origin: CoverageOrigin): Promise<ReadCandidates> => {
      const before = nonZeroSha(input.payload.before)
      if (input.eventName === 'push' && before) {
        const read = await compare(before)
        if (read !== 'unknown-base') {
          return {
            since: read.commits,
            event,
            base: before,
            unread: read.unread,
            origin,
            compareUrl: link(before)
          }
        }
      }
      if (input.eventName === 'push') {
        // A new branch: its pushed commits, from the parent of the oldest.
        const oldest = event[0]?.sha
        if (!oldest) return { since: [], event, base: input.headSha, unread: 0, origin }
        const { data } = await octokit.rest.repos.getCommit({ owner, repo, ref: oldest })
        const parent = nonZeroSha(record(data.parents[0])?.sha)
        // The repository's first push: its history from the first commit.
        if (!parent) return fromRoot(origin)
        const read = await compare(parent)
        if (read === 'unknown-base')
          return { since: [], event, base: input.headSha, unread: 0, origin }
        return {
          since: read.commits,
          event,
          base: parent,
          unread: read.unread,
          origin,
          compareUrl: link(parent)
        }
      }
      const { data } = await octokit.rest.repos.listCommits({
        owner,
        repo,
        sha: input.headSha,
        since: windowStart(input.now),
        per_page: MAX_LISTED
      })
      // Newest first from GitHub; the base is the parent of the oldest listed.
      const since = data
        .map(fromApiCommit)
        .filter((commit) => commit !== undefined)
        .reverse()
      // The base is the parent of the oldest listed; a history younger than the window
      // has none, and the ledger starts from its first commit.
      const oldest = data[data.length - 1]
      const parent = nonZeroSha(record(oldest?.parents[0])?.sha)
      if (oldest && !parent) return { since, event, base: ROOT, unread: 0, origin: 'first-window' }
      return { since, event, base: parent ?? input.headSha, unread: 0, origin: 'first-window' }
    }
    if (!input.base) return await first(input.eventName === 'push' ? 'first-push' : 'first-window')
    if (input.base === ROOT) return await fromRoot('since-record')
    const read = await compare(input.base)
    if (read !== 'unknown-base' && read.mergeBase) {
      core.info(
        `The ledger's base commit (${input.base.slice(0, SHORT)}) is no longer on ${safeLine(input.branch, 100)}: the history was rewritten, so this run weighs the commits since the histories part.`
      )
      const base = read.mergeBase
      return {
        since: read.commits,
        event,
        base,
        unread: read.unread,
        origin: 'history-rewritten',
        compareUrl: link(base)
      }
    }
    if (read !== 'unknown-base') {
      return {
        since: read.commits,
        event,
        unread: read.unread,
        origin: 'since-record',
        compareUrl: link(input.base)
      }
    }
    core.info(
      `The ledger's base commit (${input.base.slice(0, SHORT)}) is no longer known on ${safeLine(input.branch, 100)}: the history was rewritten, so this run starts from its own commits.`
    )
    return await first('history-rewritten')
  } catch (error) {
    const reason = describeGitHubError(error)
    if (gitHubFailure(error) === 'unknown') {
      throw new StateUnknownError(`the commits of ${safeLine(input.branch, 100)}`, reason)
    }
    core.warning(
      `Could not read the commits of ${safeLine(input.branch, 100)} (${reason}); this run tells the event's own commits only.${permissionHint(error, READ_HINT)}`
    )
    return { since: [], event, unread: 0, origin: 'first-push' }
  }
}

/**
 * The older of two bases (one call): a record that lost a race to open the branch's
 * record may have started from an older commit, and its commits must be weighed too.
 */
export async function olderBase(
  access: RepositoryAccess,
  base: string,
  other: string
): Promise<string> {
  if (base === other) return base
  if (base === ROOT || other === ROOT) return ROOT
  try {
    const { octokit, owner, repo } = await openRepository(access)
    const basehead = `${other}...${base}`
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead,
      per_page: 1
    })
    return data.status === 'ahead' ? other : base
  } catch (error) {
    if (gitHubFailure(error) === 'unknown') {
      throw new StateUnknownError('the commits of an older record', describeGitHubError(error))
    }
    return base
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

/** The source pull requests that `commits` came from (pure). */
export function pullsOf(
  pulls: readonly SourcePullRequest[],
  commits: readonly CoveredCommit[]
): SourcePullRequest[] {
  const shas = new Set(commits.map((commit) => commit.sha))
  return pulls.filter((pull) => pull.commits.some((sha) => shas.has(sha)))
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
  covered: Coverage | undefined,
  pulls: readonly SourcePullRequest[]
): BranchRun {
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
