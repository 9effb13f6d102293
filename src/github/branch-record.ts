// The branch's ledger of its docs job, kept in a hidden marker in the dashboard issue
// (marker.ts): which commits each job was told, which jobs ended without delivering,
// and the runs for people. Pure: render, strict parse (also of the first version).

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { readMarkers, writeMarker } from './marker.js'

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

/** The commits one job was told, oldest first. */
export interface ToldJob {
  id: string
  shas: string[]
}

/** Why a job stopped taking the branch's commits without delivering them. */
export const END_REASONS = ['failed', 'archived', 'gone', 'lost-race'] as const
export type EndReason = (typeof END_REASONS)[number]

/** What the branch's job cost so far: the dashboard shows it. */
export interface RunCounts {
  created: number
  followUps: number
  quiet: number
}

export interface BranchRecord {
  projectId: string
  branch: string
  /** Which workflow (or `record-key`) keeps this record; absent in the first version's. */
  key?: string
  /** The job the branch follows up. */
  jobId: string
  /** Commits at or before this one are settled: only later ones can be new ('root': none is). */
  base?: string
  /** The last head up to which every commit was told: a run at the same head reads no commits. */
  seen?: string
  /** The jobs and what each was told, oldest job first; the last is `jobId`'s. */
  told: ToldJob[]
  /** The last jobs that ended without delivering, newest last (their commits were given back). */
  ended: Array<{ id: string; why: EndReason }>
  runId: string
  runAttempt: number
  /** Logins already asked to review the current docs pull request. */
  reviewers: string[]
  /** The docs pull request whose reviewers and labels were requested. */
  handedOff?: string
  /** The job's docs pull request as last seen: whether it was merged, should the job be gone. */
  docs?: string
  /** The last runs, oldest first, at most MAX_RUNS. */
  runs: BranchRun[]
  counts: RunCounts
}

export const MAX_RUNS = 20
/** The most commits the ledger remembers across its jobs (compaction keeps it there). */
export const MAX_TOLD = 400
export const MAX_ENDED = 10
export const MAX_REVIEWERS = 300
const MAX_PULLS = 20

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/
const EVENT = /^[a-z_]{1,40}$/
const RUN_ID = /^\d{1,20}$/
// A git branch name as a ref allows it: no ASCII space or control, `~^:?*[\`, `..`, or `@{`
// (other white space, a non-breaking space for one, is valid in git).
const BRANCH = /^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[^ \p{Cc}~^:?*[\\]{1,255}$/u

/** The marker line of `record` (to stand first in the dashboard's body). */
export function renderBranchRecord(record: BranchRecord): string {
  return writeMarker('branch', { v: 2, ...record, runs: record.runs.slice(-MAX_RUNS) })
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

const onlyKeys = (value: Json, allowed: readonly string[]): boolean =>
  Object.keys(value).every((name) => allowed.includes(name))

const isString = (value: unknown, pattern: RegExp): value is string =>
  typeof value === 'string' && pattern.test(value)

const count = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max

const isoTime = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/.test(value) &&
  !Number.isNaN(Date.parse(value))

const isProjectId = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[^\s\p{Cc}]{1,500}$/u.test(value) &&
  value !== '.' &&
  value !== '..'

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\p{Cc}]{1,300}$/u.test(value)

function list<T>(
  value: unknown,
  max: number,
  item: (v: unknown) => T | undefined
): T[] | undefined {
  if (!Array.isArray(value) || value.length > max) return undefined
  const parsed = value.map(item)
  return parsed.every((v) => v !== undefined) ? parsed : undefined
}

// One string: in a list, the word before 'to' would read as an import to the layout test.
const RUN_KEYS = 'at event did commits from to pulls'.split(' ')

function parseRun(value: unknown): BranchRun | undefined {
  const run = object(value)
  if (!run || !onlyKeys(run, RUN_KEYS)) return undefined
  const { at, event, did, commits, from, to } = run
  if (!isoTime(at) || !isString(event, EVENT)) return undefined
  if (!RUN_ACTIONS.includes(did as RunAction) || !count(commits, 1_000_000)) return undefined
  if (from !== undefined && !isString(from, SHA)) return undefined
  if (to !== undefined && !isString(to, SHA)) return undefined
  const pulls = list(run.pulls, MAX_PULLS, (n) =>
    count(n, 9_999_999_999) && n > 0 ? n : undefined
  )
  if (!pulls) return undefined
  return {
    at,
    event,
    did: did as RunAction,
    commits,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    pulls
  }
}

function parseTold(value: unknown): ToldJob | undefined {
  const job = object(value)
  if (!job || !onlyKeys(job, ['id', 'shas']) || !isPlainId(job.id)) return undefined
  const shas = list(job.shas, MAX_TOLD, (s) => (isString(s, SHA) ? s : undefined))
  return shas ? { id: job.id, shas } : undefined
}

function parseEnded(value: unknown): { id: string; why: EndReason } | undefined {
  const job = object(value)
  if (!job || !onlyKeys(job, ['id', 'why']) || !isPlainId(job.id)) return undefined
  return END_REASONS.includes(job.why as EndReason)
    ? { id: job.id, why: job.why as EndReason }
    : undefined
}

function parseCounts(value: unknown): RunCounts | undefined {
  const counts = object(value)
  if (!counts || !onlyKeys(counts, ['created', 'followUps', 'quiet'])) return undefined
  const { created, followUps, quiet } = counts
  const max = Number.MAX_SAFE_INTEGER
  return count(created, max) && count(followUps, max) && count(quiet, max)
    ? { created, followUps, quiet }
    : undefined
}

const COMMON_KEYS = [
  'projectId',
  'branch',
  'jobId',
  'runId',
  'runAttempt',
  'reviewers',
  'handedOff',
  'runs'
]
const V2_KEYS = ['v', 'key', 'base', 'seen', 'docs', 'told', 'ended', 'counts', ...COMMON_KEYS]

/** The fields both versions share, checked; undefined when any is malformed. */
function parseCommon(value: Json): Omit<BranchRecord, 'told' | 'ended' | 'counts'> | undefined {
  const { projectId, branch, jobId, runId, runAttempt, handedOff } = value
  if (!isProjectId(projectId) || !isString(branch, BRANCH) || !isPlainId(jobId)) return undefined
  if (!isString(runId, RUN_ID) || !count(runAttempt, 999_999_999) || runAttempt < 1)
    return undefined
  const reviewers = list(value.reviewers, MAX_REVIEWERS, (l) =>
    isString(l, LOGIN) ? l : undefined
  )
  const runs = list(value.runs, MAX_RUNS, parseRun)
  if (!reviewers || !runs) return undefined
  if (
    handedOff !== undefined &&
    (typeof handedOff !== 'string' || parsePullRequestLink(handedOff)?.link !== handedOff)
  ) {
    return undefined
  }
  return {
    projectId,
    branch,
    jobId,
    runId,
    runAttempt,
    reviewers,
    ...(handedOff === undefined ? {} : { handedOff }),
    runs
  }
}

function parseV2(value: Json): BranchRecord | undefined {
  if (value.v !== 2 || !onlyKeys(value, V2_KEYS)) return undefined
  const common = parseCommon(value)
  const told = list(value.told, MAX_TOLD, parseTold)
  const ended = list(value.ended, MAX_ENDED, parseEnded)
  const counts = parseCounts(value.counts)
  const { key, base, seen, docs } = value
  if (!common || !told || !ended || !counts) return undefined
  if (key !== undefined && !isKey(key)) return undefined
  if (base !== undefined && base !== 'root' && !isString(base, SHA)) return undefined
  if (seen !== undefined && !isString(seen, SHA)) return undefined
  if (
    docs !== undefined &&
    (typeof docs !== 'string' || parsePullRequestLink(docs)?.link !== docs)
  ) {
    return undefined
  }
  if (told.reduce((n, job) => n + job.shas.length, 0) > MAX_TOLD) return undefined
  return {
    ...common,
    ...(key === undefined ? {} : { key }),
    ...(base === undefined ? {} : { base }),
    ...(seen === undefined ? {} : { seen }),
    ...(docs === undefined ? {} : { docs }),
    told,
    ended,
    counts
  }
}

const V1_LINE = /^<!-- mintlify-agent-branch v1 ([A-Za-z0-9_-]{1,24000}) -->$/

/** The first version's record (first line only): its last told commit becomes the base. */
function parseV1(body: string): BranchRecord | undefined {
  const line = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
  const encoded = V1_LINE.exec(line)?.[1]
  if (!encoded) return undefined
  let value: Json | undefined
  try {
    const text = Buffer.from(encoded, 'base64url').toString('utf8')
    if (Buffer.from(text, 'utf8').toString('base64url') !== encoded) return undefined
    value = object(JSON.parse(text))
  } catch {
    return undefined
  }
  if (!value || !onlyKeys(value, [...COMMON_KEYS, 'lastSha', 'jobBaseSha'])) return undefined
  const common = parseCommon(value)
  const { lastSha, jobBaseSha } = value
  if (!common) return undefined
  if (lastSha !== undefined && !isString(lastSha, SHA)) return undefined
  if (jobBaseSha !== undefined && !isString(jobBaseSha, SHA)) return undefined
  const told = [{ id: common.jobId, shas: [] }]
  const counts = { created: 0, followUps: 0, quiet: 0 }
  return { ...common, ...(lastSha ? { base: lastSha } : {}), told, ended: [], counts }
}

/** Every record in `body` (a dashboard's), newest version first; malformed ones are left out. */
export function parseBranchRecords(body: string | null | undefined): BranchRecord[] {
  const v2 = readMarkers('branch', body)
    .map((value) => {
      const json = object(value)
      return json ? parseV2(json) : undefined
    })
    .filter((record) => record !== undefined)
  const v1 = parseV1(body ?? '')
  return v1 ? [...v2, v1] : v2
}

/** The record in `body`; undefined when there is none or it is malformed. */
export function parseBranchRecord(body: string | null | undefined): BranchRecord | undefined {
  return parseBranchRecords(body)[0]
}
