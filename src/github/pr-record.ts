// The pull request's record of its docs job: one hidden marker (marker.ts, kind `pr`)
// in the action's comment, keyed by the Mintlify project, so every workflow and step on
// the pull request finds the same job. Pure: format, strict parse, and which comment
// to believe. A record is read only from a comment written by a trusted account (the
// one github-token writes as); a marker anyone else wrote (or pasted) is ignored, as is
// anything malformed. Records in the format of earlier versions are still read.

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { readMarkers, writeMarker } from './marker.js'
import { parseEnd, type PullRequestEnd } from './pr-end-record.js'
import { record as object, type WorkflowRun } from './workflow-run.js'

export interface PullRequestRecord {
  projectId: string
  /** The docs job this pull request uses. */
  jobId: string
  /** The workflow run (and its attempt) that last created or messaged the job. */
  runId: string
  runAttempt: number
  /** How many follow-up messages this pull request has sent to the job. */
  followUps: number
  /** The docs pull request whose reviewers and labels were already requested. */
  handedOff?: string
  /** What the action did to the docs pull request when the code pull request closed or reopened. */
  end?: PullRequestEnd
}

/**
 * Whose comments are believed when nothing else is said: the workflow's token writes as
 * `github-actions[bot]`. Trusting any `[bot]` login would let any app installed anywhere
 * point the pull request at its own job, so logins are named (token-identity.ts learns
 * the one github-token writes as), and a `[bot]` login must be a Bot account.
 */
export const TRUSTED_AUTHORS: readonly string[] = ['github-actions[bot]']

export interface CommentAuthor {
  login?: string
  type?: string
}

export interface ThreadComment {
  id: number
  body?: string | null
  user?: CommentAuthor | null
}

const PREFIX = 'mintlify-agent-job'
const MAX_FOLLOW_UPS = 999_999
const MAX_VALUE = 500

/** The first-line format of earlier versions, still read. */
const OLD_RECORD_LINE = new RegExp(
  `^<!-- ${PREFIX} project="([^"\\s]{1,${MAX_VALUE}})" job="([^"\\s]{1,${MAX_VALUE}})" run="(\\d{1,20})" attempt="([1-9]\\d{0,8})" follow-ups="(0|[1-9]\\d{0,5})"(?: handed-off="([^"\\s]{1,${MAX_VALUE * 2}})")? -->$`
)

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** An id that can go into a URL path: one token, no whitespace, not `.` or `..`. */
function isId(value: string | undefined): value is string {
  return value !== undefined && value !== '' && !/\s/.test(value) && value !== '.' && value !== '..'
}

/** The marker line (marker.ts: base64url JSON, which cannot close the HTML comment). */
export function formatRecord(record: PullRequestRecord): string {
  return writeMarker('pr', {
    project: record.projectId,
    job: record.jobId,
    run: record.runId,
    attempt: record.runAttempt,
    followUps: record.followUps,
    ...(record.handedOff ? { handedOff: record.handedOff } : {}),
    ...(record.end ? { end: record.end } : {})
  })
}

function firstLine(body: string | null | undefined): string {
  return (body ?? '').split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
}

/**
 * The first well-formed record in `body` (a marker on any line, else a first line in
 * the earlier format), or undefined when there is none.
 */
export function parseRecord(body: string | null | undefined): PullRequestRecord | undefined {
  for (const value of readMarkers('pr', body)) {
    const record = recordOf(value)
    if (record) return record
  }
  return parseOldRecord(body)
}

const isCount = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

function isHandOff(link: unknown): link is string {
  return (
    typeof link === 'string' &&
    link.length <= MAX_VALUE * 2 &&
    /^https?:\/\//i.test(link) &&
    parsePullRequestLink(link) !== undefined
  )
}

/**
 * A marker's value as a record, when every field is as this file writes it. A field it
 * does not know is left aside: a later version may add one, and its record still holds.
 */
function recordOf(value: unknown): PullRequestRecord | undefined {
  const fields = object(value)
  if (!fields) return undefined
  const { project, job, run, attempt, followUps, handedOff } = fields
  const end = parseEnd(fields.end)
  if (typeof project !== 'string' || project.length > MAX_VALUE || !isId(project)) return undefined
  if (!isPlainId(job) || typeof run !== 'string' || !/^\d{1,20}$/.test(run)) return undefined
  if (!isCount(attempt, 1, 999_999_999) || !isCount(followUps, 0, MAX_FOLLOW_UPS)) return undefined
  if (handedOff !== undefined && !isHandOff(handedOff)) return undefined
  return {
    projectId: project,
    jobId: job,
    runId: run,
    runAttempt: attempt,
    followUps,
    ...(isHandOff(handedOff) ? { handedOff } : {}),
    ...(end ? { end } : {})
  }
}

/** A record in the earlier format, on the first line of `body`. */
function parseOldRecord(body: string | null | undefined): PullRequestRecord | undefined {
  const match = OLD_RECORD_LINE.exec(firstLine(body))
  if (!match) return undefined
  const [, project, job, runId, attempt, followUps, handedOff] = match
  const projectId = decode(project as string)
  const jobId = decode(job as string)
  if (!isId(projectId) || !isPlainId(jobId)) return undefined
  const count = Number(followUps)
  if (count > MAX_FOLLOW_UPS) return undefined
  let link: string | undefined
  if (handedOff !== undefined) {
    link = decode(handedOff)
    if (!isHandOff(link)) return undefined
  }
  return {
    projectId,
    jobId,
    runId: runId as string,
    runAttempt: Number(attempt),
    followUps: count,
    ...(link ? { handedOff: link } : {})
  }
}

/**
 * The record a run leaves once its job is known: the one rule for every flow. The
 * follow-up count and the hand-off carry over while the job stays the same; a message
 * this run sent counts one more.
 */
export function nextRecord(
  previous: PullRequestRecord | undefined,
  next: { projectId: string; jobId: string; runId: string; runAttempt: number; sent: boolean }
): PullRequestRecord {
  const same = previous?.jobId === next.jobId ? previous : undefined
  return {
    projectId: next.projectId,
    jobId: next.jobId,
    runId: next.runId,
    runAttempt: next.runAttempt,
    followUps: (same?.followUps ?? 0) + (next.sent ? 1 : 0),
    ...(same?.handedOff ? { handedOff: same.handedOff } : {})
  }
}

/** The record, noting that the docs pull request at `link` was handed off (reviewers, labels). */
export function withHandedOff(record: PullRequestRecord, link: string): PullRequestRecord {
  return { ...record, handedOff: link }
}

/**
 * Whether a comment's author is one whose records are believed: a named login, and the
 * kind of account it must be (an app writes as a Bot, a personal token as its User).
 */
export function isTrustedAuthor(
  user: CommentAuthor | null | undefined,
  trusted: readonly string[] = TRUSTED_AUTHORS
): boolean {
  const login = user?.login
  if (typeof login !== 'string' || !trusted.includes(login)) return false
  return user?.type === (login.endsWith('[bot]') ? 'Bot' : 'User')
}

/**
 * The marker of the comment the action kept before records existed: one per workflow,
 * job and step. Read once, so that step's comment is reused rather than left beside a
 * new one; it holds no record.
 */
export function legacyMarker(run: Pick<WorkflowRun, 'workflow' | 'job' | 'action'>): string {
  const key = [run.workflow, run.job, run.action].map(encodeURIComponent).join('/')
  return `<!-- ${PREFIX} key="${key}" -->`
}

export interface FoundComment {
  commentId: number
  /** Absent when the comment is the legacy one of this step. */
  record?: PullRequestRecord
}

/**
 * Looks through one page of comments (oldest first) for this project's record: the
 * oldest trusted comment carrying one wins. A legacy comment of this step is kept
 * as a fallback in `legacy` until a record turns up.
 */
export class RecordSearch {
  found: FoundComment | undefined
  legacy: FoundComment | undefined

  constructor(
    private readonly projectId: string,
    private readonly legacyLine: string | undefined,
    private readonly trusted: readonly string[] = TRUSTED_AUTHORS
  ) {}

  /** Visits a page; true once the record is found (no need to read further). */
  visit(comments: readonly ThreadComment[]): boolean {
    for (const comment of comments) {
      if (!isTrustedAuthor(comment.user, this.trusted)) continue
      const record = parseRecord(comment.body)
      if (record?.projectId === this.projectId) {
        this.found = { commentId: comment.id, record }
        return true
      }
      if (!this.legacy && this.legacyLine && firstLine(comment.body).trim() === this.legacyLine) {
        this.legacy = { commentId: comment.id }
      }
    }
    return false
  }

  /** The comment to keep: the record's, else the legacy one. */
  result(): FoundComment | undefined {
    return this.found ?? this.legacy
  }
}
