// The commits a branch run weighs: those since the ledger's base, and the event's own.

import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import { allPages, gitHubAnswerStatus, throwIfUnknown, type GitHubClient } from './client.js'
import type { GitHubSession } from './session.js'
import { isSha } from './marker.js'
import { cleanLabel } from './untrusted-text.js'
import { asObject, text, type WorkflowRun } from './workflow-run.js'

/** The most commits listed (the rest are counted), and pages read. */
export const MAX_LISTED = 100
const MAX_PAGES = 5
/** The base of a ledger that starts from the repository's first commit. */
export const ROOT = 'root'

/** A commit; its message's first line and its author's login cleaned as untrusted text. */
export interface CoveredCommit {
  sha: string
  subject: string
  author?: string
  authorIsBot: boolean
}

type Origin = 'since-record' | 'first-push' | 'first-window' | 'history-rewritten'

/** What a run tells the agent: the untold commits, as the prompt and the dashboard show them. */
export interface Coverage {
  origin: Origin
  /** Oldest first, the newest MAX_LISTED of `total`. */
  commits: CoveredCommit[]
  total: number
  compareUrl?: string
  /** The commit before the range, when known, and the head. */
  from?: string
  to: string
}

/** Oldest first: after the base, and the event's own (a late push). */
export interface ReadCandidates {
  since: CoveredCommit[]
  event: CoveredCommit[]
  /** The base the ledger keeps from now on; undefined keeps the one it has. */
  base?: string
  /** Commits after the base past the reads: told next run. */
  unread: number
  origin: Origin
}
export type Candidates = Omit<ReadCandidates, 'origin'>

export function loginOf(user: unknown): { author?: string; authorIsBot: boolean } {
  // The API names the account `login`; a push event's commit names it `username`.
  const login = text(asObject(user)?.login) ?? text(asObject(user)?.username)
  if (!login) {
    return { authorIsBot: false }
  }
  const author = cleanLabel(login, 40)
  const authorIsBot = text(asObject(user)?.type) === 'Bot' || /\[bot\]$/i.test(login)
  if (!author) {
    return { authorIsBot }
  }
  return { author, authorIsBot }
}

// GitHub writes an all-zero sha for "no commit" (a new branch's previous head).
const nonZeroSha = (value: unknown): string | undefined =>
  isSha(value) && !/^0+$/.test(value) ? value : undefined

/** A commit as the API (`sha`, `commit.message`) or a push event (`id`, `message`) gives it. */
export function readCommit(value: unknown): CoveredCommit | undefined {
  const commit = asObject(value)
  const sha = commit?.sha ?? commit?.id
  if (!isSha(sha)) {
    return undefined
  }
  const message = text(asObject(commit?.commit)?.message ?? commit?.message) ?? ''
  const firstLine = message.split(/\r?\n/, 1)[0] ?? ''
  const subject = cleanLabel(firstLine, 200)
  return { sha, subject, ...loginOf(commit?.author) }
}

const readCommits = (list: readonly unknown[]): CoveredCommit[] =>
  list.map(readCommit).filter((commit) => commit !== undefined)

export const windowStart = (now: Date): string => new Date(+now - 7 * 86_400_000).toISOString()

/**
 * `commits` in the branch's order, oldest first. Those that `since` lists (oldest first) keep its
 * order; those it does not list (an older push's, arriving late) come before them. Pure.
 */
export function oldestFirst(
  commits: readonly CoveredCommit[],
  since: readonly CoveredCommit[]
): CoveredCommit[] {
  const at = new Map(since.map((commit, index) => [commit.sha, index]))
  const place = (commit: CoveredCommit): number => at.get(commit.sha) ?? -1
  return [...commits].sort((a, b) => place(a) - place(b))
}

/**
 * What a run tells, and its coverage. The commits are oldest first, across those an ended job
 * gave back and the new ones.
 *
 * The compare link (built by `link`, from a commit to the head `to`) starts at the commit before
 * the oldest told, so it covers them all. `base` is the ledger's. Pure.
 */
export function toldCoverage(
  told: readonly CoveredCommit[],
  candidates: Pick<ReadCandidates, 'since' | 'base' | 'origin'>,
  base: string | undefined,
  to: string,
  link: (from: string) => string | undefined
): { commits: CoveredCommit[]; coverage: Coverage } {
  const { since } = candidates
  const commits = oldestFirst(told, since)
  const at = since.findIndex((commit) => commit.sha === commits[0]?.sha)
  // The oldest told is the first since the base when nothing in `since` comes before it.
  const from = at > 0 ? since[at - 1]?.sha : (base ?? candidates.base)
  // No compare link when the oldest told is not among the commits since the base (a late
  // push's), or when the range starts at the root.
  const inSince = at >= 0
  const compareUrl = inSince && from && from !== ROOT ? link(from) : undefined
  const coverage: Coverage = {
    origin: candidates.origin,
    commits: commits.slice(-MAX_LISTED),
    total: commits.length,
    ...(compareUrl ? { compareUrl } : {}),
    ...(from ? { from } : {}),
    to
  }
  return { commits, coverage }
}

const READ_HINT = 'Reading the branch commits needs `permissions: contents: read` for the job.'
type Compared = {
  commits: CoveredCommit[]
  unread: number
  /** The base left the branch (a force push). */
  diverged?: true
  /** Where the histories part. */
  mergeBase?: string
}

/**
 * Every commit after the base. On a first run, or when GitHub no longer knows the base: the
 * push's range, or the last 7 days.
 *
 * When GitHub's answer is unknown, this throws StateUnknownError; a refusal is one warning.
 */
export async function readCandidates(
  session: GitHubSession,
  input: WorkflowRun & { branch: string; base?: string; now: Date },
  budgetMs: number
): Promise<ReadCandidates> {
  const { sha: headSha, payload } = input
  const push = input.eventName === 'push'
  const pushed = push && Array.isArray(payload.commits) ? payload.commits : []
  const event = readCommits(pushed)
  const branch = safeLine(input.branch, 100)
  const result = (origin: Origin, base?: string, read?: Compared): ReadCandidates => ({
    since: read?.commits ?? [],
    event,
    ...(base ? { base } : {}),
    unread: read?.unread ?? 0,
    origin
  })
  const weigh = async (octokit: GitHubClient): Promise<ReadCandidates> => {
    const { owner, repo } = session.repo
    /** After `base` up to the head, oldest first; undefined when GitHub does not know `base`. */
    const compare = async (base: string): Promise<Compared | undefined> => {
      const commits: CoveredCommit[] = []
      let total = 0
      let diverged = false
      let mergeBase: string | undefined
      for (let page = 1; page <= MAX_PAGES; page++) {
        const params = { owner, repo, basehead: `${base}...${headSha}`, per_page: 100, page }
        const answer = await octokit.rest.repos.compareCommitsWithBasehead(params).then(
          ({ data }) => asObject(data),
          (error: unknown) => {
            // GitHub does not know the base: the history was rewritten (and collected).
            const unknownBase = [404, 422].includes(gitHubAnswerStatus(error) ?? 0)
            if (page > 1 || !unknownBase) {
              throw error
            }
            return null
          }
        )
        if (answer === null) {
          return undefined
        }
        // Diverged: the base left the branch (a force push); the commits listed are since the fork.
        if (answer?.status === 'diverged') {
          diverged = true
          mergeBase = nonZeroSha(asObject(answer.merge_base_commit)?.sha)
        }
        const listed = Array.isArray(answer?.commits) ? answer.commits : []
        commits.push(...readCommits(listed))
        total = typeof answer?.total_commits === 'number' ? answer.total_commits : commits.length
        const lastPage = listed.length < 100 || commits.length >= total
        if (lastPage) {
          break
        }
      }
      const unread = Math.max(0, total - commits.length)
      if (!diverged) {
        return { commits, unread }
      }
      return { commits, unread, diverged: true as const, mergeBase }
    }
    /** One line, whatever the path: the base left the branch, and what the run weighs instead. */
    const rewritten = (what: string, gone: string, instead: string): void => {
      const lost = `${what} (${gone.slice(0, 7)}) is no longer on ${branch}`
      core.info(`${lost}: the history was rewritten, so this run ${instead}.`)
    }
    const SINCE_PART = 'weighs the commits since the histories part'
    const OWN = 'starts from its own commits'
    // The whole history up to the head (a young repository's); past the pages, the oldest wait.
    const fromRoot = async (origin: Origin): Promise<ReadCandidates> => {
      const params = { owner, repo, sha: headSha, per_page: 100 }
      const pages = octokit.paginate.iterator(octokit.rest.repos.listCommits, params)
      const commits = readCommits(await allPages(pages, MAX_PAGES)).reverse()
      return result(origin, ROOT, { commits, unread: 0 })
    }
    // Not a push: the last 7 days of the branch.
    const firstWindow = async (): Promise<ReadCandidates> => {
      const since = windowStart(input.now)
      const params = { owner, repo, sha: headSha, since, per_page: MAX_LISTED }
      const { data } = await octokit.rest.repos.listCommits(params)
      // Newest first. The base is the parent of the oldest listed. A history younger than the
      // window has no such parent: the ledger starts from its first commit.
      const oldest = data[data.length - 1]
      const parent = nonZeroSha(asObject(oldest?.parents[0])?.sha)
      const base = oldest && !parent ? ROOT : (parent ?? headSha)
      return result('first-window', base, { commits: readCommits(data).reverse(), unread: 0 })
    }
    const first = async (origin: Origin): Promise<ReadCandidates> => {
      if (!push) {
        return firstWindow()
      }
      const before = nonZeroSha(payload.before)
      const read = before ? await compare(before) : undefined
      // A force push: the commits since the histories part, from where they part. It is said
      // once: a run whose ledger's base left the branch said so already.
      if (before && read?.diverged && origin !== 'history-rewritten') {
        rewritten("The push's previous head", before, read.mergeBase ? SINCE_PART : OWN)
      }
      if (before && read?.mergeBase) {
        return result(origin, read.mergeBase, read)
      }
      if (before && read && !read.diverged) {
        return result(origin, before, read)
      }
      // A new branch: its pushed commits, from the parent of the oldest.
      const oldest = event[0]?.sha
      if (!oldest) {
        return result(origin, headSha)
      }
      const { data } = await octokit.rest.repos.getCommit({ owner, repo, ref: oldest })
      const parent = nonZeroSha(asObject(data.parents[0])?.sha)
      // The repository's first push: its history from the first commit.
      if (!parent) {
        return fromRoot(origin)
      }
      const fromParent = await compare(parent)
      return result(origin, fromParent ? parent : headSha, fromParent)
    }
    const { base } = input
    if (!base) {
      return first(push ? 'first-push' : 'first-window')
    }
    if (base === ROOT) {
      return fromRoot('since-record')
    }
    const read = await compare(base)
    const lost = `The ledger's base commit`
    if (read?.mergeBase) {
      rewritten(lost, base, SINCE_PART)
      return result('history-rewritten', read.mergeBase, read)
    }
    if (read && !read.diverged) {
      return result('since-record', undefined, read)
    }
    // GitHub no longer knows the base, or not where the histories part.
    rewritten(lost, base, OWN)
    return first('history-rewritten')
  }
  const failed =
    `Could not read the commits of ${branch} (%s); ` +
    "this run tells the event's own commits only."
  const what = `the commits of ${branch}`
  const read = await session.bestEffort(budgetMs, weigh, failed, READ_HINT, what)
  return read ?? result('first-push')
}

/**
 * The older of two bases, found with one call. A record that lost a race to open the branch's
 * record may have started from an older commit, whose commits must be weighed too.
 */
export async function olderBase(
  session: GitHubSession,
  base: string,
  other: string,
  budgetMs: number
): Promise<string> {
  if (base === other) {
    return base
  }
  if (base === ROOT || other === ROOT) {
    return ROOT
  }
  try {
    const octokit = await session.client(budgetMs)
    const params = { ...session.repo, basehead: `${other}...${base}`, per_page: 1 }
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead(params)
    // `base` ahead of `other`: `other` is the older one.
    return data.status === 'ahead' ? other : base
  } catch (error) {
    throwIfUnknown(error, 'the commits of an older record')
    return base
  }
}
