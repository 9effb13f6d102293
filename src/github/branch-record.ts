// The branch's record of its docs job: one hidden marker on the first line of the
// dashboard issue's body, keyed by project and branch. It holds the job, the last
// commit that reached the agent, the run that wrote it, the reviewers already asked
// for the current docs pull request, the docs pull request handed off, and the last
// runs (for the dashboard's table). Pure: render, strict parse. The record is JSON in
// base64url, so nothing in it can close the HTML comment; whatever a body holds,
// parsing never throws and yields only a record this module could have written. Who
// may be believed (the action's own bot) is pr-record.ts's `isTrustedAuthor`.

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'

/** What one run did, in a word the dashboard shows. */
export const RUN_ACTIONS = [
  'created',
  'followed-up',
  'waited',
  'started-over',
  'nothing-new',
  'reported',
  'failed'
] as const
export type RunAction = (typeof RUN_ACTIONS)[number]

export interface BranchRun {
  /** When the run ended, ISO 8601. */
  at: string
  /** The event that triggered it (`push`, `schedule`, `workflow_dispatch`). */
  event: string
  did: RunAction
  /** How many commits it told the agent about. */
  commits: number
  /** The commits covered, for the compare link: the one before the first, and the last. */
  from?: string
  to?: string
  /** The source pull requests' numbers. */
  pulls: number[]
}

export interface BranchRecord {
  projectId: string
  branch: string
  jobId: string
  /** The last commit that reached the agent. */
  lastSha?: string
  /**
   * The commit before the first one this job was told about (absent when the job
   * started from the event's commits alone). When the job fails, is archived or is
   * gone, the next job's first prompt covers from here, so none of its commits is lost.
   */
  jobBaseSha?: string
  runId: string
  runAttempt: number
  /** Logins already asked to review the current docs pull request. */
  reviewers: string[]
  /** The docs pull request whose reviewers and labels were requested. */
  handedOff?: string
  /** The last runs, oldest first, at most MAX_RUNS. */
  runs: BranchRun[]
}

export const MAX_RUNS = 20
const MAX_REVIEWERS = 100
const MAX_PULLS = 20
const MAX_ENCODED = 24_000
const PREFIX = 'mintlify-agent-branch v1'
const MARKER = new RegExp(`^<!-- ${PREFIX} ([A-Za-z0-9_-]{1,${MAX_ENCODED}}) -->$`)

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/
const EVENT = /^[a-z_]{1,40}$/
const RUN_ID = /^\d{1,20}$/
// A git branch name as a ref allows it: no whitespace, controls, `~^:?*[\`, `..`, or `@{`.
const BRANCH = /^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[^\s\p{Cc}~^:?*[\\]{1,255}$/u

/** The line to put first in the dashboard's body. */
export function renderBranchRecord(record: BranchRecord): string {
  const runs = record.runs.slice(-MAX_RUNS)
  const json = JSON.stringify({ ...record, runs })
  return `<!-- ${PREFIX} ${Buffer.from(json, 'utf8').toString('base64url')} -->`
}

/** The record after one more run: the run appended, the oldest dropped past MAX_RUNS. */
export function withRun(record: BranchRecord, run: BranchRun): BranchRecord {
  return { ...record, runs: [...record.runs, run].slice(-MAX_RUNS) }
}

type Json = Record<string, unknown>

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined
}

function onlyKeys(value: Json, allowed: readonly string[]): boolean {
  return Object.keys(value).every((name) => allowed.includes(name))
}

const isString = (value: unknown, pattern: RegExp): value is string =>
  typeof value === 'string' && pattern.test(value)

function count(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max
}

function isoTime(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  )
}

function isProjectId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[^\s\p{Cc}]{1,500}$/u.test(value) &&
    value !== '.' &&
    value !== '..'
  )
}

// One string: in a list, the word before 'to' would read as an import to the layout test.
const RUN_KEYS = 'at event did commits from to pulls'.split(' ')

function parseRun(value: unknown): BranchRun | undefined {
  const run = object(value)
  if (!run || !onlyKeys(run, RUN_KEYS)) return undefined
  const { at, event, did, commits, from, to, pulls } = run
  if (!isoTime(at) || !isString(event, EVENT)) return undefined
  if (!RUN_ACTIONS.includes(did as RunAction) || !count(commits, 1_000_000)) return undefined
  if (from !== undefined && !isString(from, SHA)) return undefined
  if (to !== undefined && !isString(to, SHA)) return undefined
  if (
    !Array.isArray(pulls) ||
    pulls.length > MAX_PULLS ||
    !pulls.every((n) => count(n, 9_999_999_999) && n > 0)
  ) {
    return undefined
  }
  return {
    at,
    event,
    did: did as RunAction,
    commits,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    pulls: [...(pulls as number[])]
  }
}

const RECORD_KEYS = [
  'projectId',
  'branch',
  'jobId',
  'lastSha',
  'jobBaseSha',
  'runId',
  'runAttempt',
  'reviewers',
  'handedOff',
  'runs'
]

function decode(encoded: string): unknown {
  try {
    const text = Buffer.from(encoded, 'base64url').toString('utf8')
    // Base64 that does not re-encode to itself was not written here.
    if (Buffer.from(text, 'utf8').toString('base64url') !== encoded) return undefined
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The record on the first line of `body`; undefined when there is none or it is malformed. */
export function parseBranchRecord(body: string | null | undefined): BranchRecord | undefined {
  const line = (body ?? '').split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
  if (line.length > MAX_ENCODED + 100) return undefined
  const match = MARKER.exec(line)
  if (!match) return undefined
  const value = object(decode(match[1] as string))
  if (!value || !onlyKeys(value, RECORD_KEYS)) return undefined
  const {
    projectId,
    branch,
    jobId,
    lastSha,
    jobBaseSha,
    runId,
    runAttempt,
    reviewers,
    handedOff,
    runs
  } = value
  if (!isProjectId(projectId) || !isString(branch, BRANCH) || !isPlainId(jobId)) return undefined
  if (lastSha !== undefined && !isString(lastSha, SHA)) return undefined
  if (jobBaseSha !== undefined && !isString(jobBaseSha, SHA)) return undefined
  if (!isString(runId, RUN_ID) || !count(runAttempt, 999_999_999) || runAttempt < 1) {
    return undefined
  }
  if (
    !Array.isArray(reviewers) ||
    reviewers.length > MAX_REVIEWERS ||
    !reviewers.every((login) => isString(login, LOGIN))
  ) {
    return undefined
  }
  if (handedOff !== undefined) {
    if (typeof handedOff !== 'string' || parsePullRequestLink(handedOff)?.link !== handedOff) {
      return undefined
    }
  }
  if (!Array.isArray(runs) || runs.length > MAX_RUNS) return undefined
  const parsedRuns = runs.map(parseRun)
  if (parsedRuns.some((run) => run === undefined)) return undefined
  return {
    projectId,
    branch,
    jobId,
    ...(lastSha === undefined ? {} : { lastSha }),
    ...(jobBaseSha === undefined ? {} : { jobBaseSha }),
    runId,
    runAttempt,
    reviewers: [...reviewers],
    ...(handedOff === undefined ? {} : { handedOff }),
    runs: parsedRuns as BranchRun[]
  }
}
