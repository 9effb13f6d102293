// The branch's ledger of its docs job, a hidden marker in the dashboard issue: which
// commits each job was told, the jobs that ended without delivering, the last runs.
// Pure: render, and a strict parse (also of the first version's records).

import { isPlainId } from '../common/plain-id.js'
import {
  ABSENT,
  decode,
  fields,
  firstLine,
  isSha,
  listOf,
  matches,
  oneOf,
  optional,
  pullLink,
  readMarkers,
  readOldMarker,
  sha,
  upTo,
  when,
  writeMarker
} from './marker.js'
import { LOGIN } from './plumbing.js'
import { record as object, RUN_ID } from './workflow-run.js'

/** What one run did: the word its record keeps, and what the dashboard's row says. */
export const RUN_WORDS = {
  created: 'started the job',
  'followed-up': 'sent a follow-up',
  waited: 'waited for the busy job, then sent a follow-up',
  'started-over': 'started a new job',
  'nothing-new': 'nothing new: sent nothing',
  reported: 'reported the job as it is',
  failed: 'failed before reaching the agent'
} as const
export type RunAction = keyof typeof RUN_WORDS
export const RUN_ACTIONS = Object.keys(RUN_WORDS) as RunAction[]

export interface BranchRun {
  /** When the run ended (ISO 8601), its event, and how many commits it told the agent. */
  at: string
  event: string
  did: RunAction
  commits: number
  /** The commits covered, for the compare link: the one before the first, and the last. */
  from?: string
  to?: string
  pulls: number[]
}

/** The commits one job was told, oldest first. */
export interface ToldJob {
  id: string
  shas: string[]
}

/** Why a job stopped taking the branch's commits without delivering them. */
const END_REASONS = ['failed', 'archived', 'gone', 'lost-race'] as const
export type EndReason = (typeof END_REASONS)[number]

export interface BranchRecord {
  projectId: string
  branch: string
  /** Which workflow (or `record-key`) keeps this record; absent in the first version's. */
  key?: string
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
  /** Logins already asked to review `handedOff`, the docs pull request handed off. */
  reviewers: string[]
  handedOff?: string
  /** The job's docs pull request as last seen: whether it was merged, should the job be gone. */
  docs?: string
  /** The last runs, oldest first, at most MAX_RUNS. */
  runs: BranchRun[]
  /** What the branch's job cost so far, for the dashboard. */
  counts: { created: number; followUps: number; quiet: number }
}

export const MAX_RUNS = 20
/** The most commits the ledger remembers across its jobs (compaction keeps it there). */
export const MAX_TOLD = 400
export const MAX_ENDED = 10
export const MAX_REVIEWERS = 300

/** The marker line of `record` (to stand first in the dashboard's body). */
export function renderBranchRecord(record: BranchRecord): string {
  return writeMarker('branch', { v: 2, ...record, runs: record.runs.slice(-MAX_RUNS) })
}

/** The record after one more run: the run appended, the oldest dropped past MAX_RUNS. */
export function withRun(record: BranchRecord, run: BranchRun): BranchRecord {
  return { ...record, runs: [...record.runs, run].slice(-MAX_RUNS) }
}

const plainId = when(isPlainId)
const count = upTo(Number.MAX_SAFE_INTEGER)
const time = when(
  (v) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/.test(v) &&
    !Number.isNaN(Date.parse(v))
)
/** The event a run row names. */
export const EVENT = /^[a-z_]{1,40}$/

const RUN = {
  at: time,
  event: matches(EVENT),
  did: oneOf(RUN_ACTIONS),
  commits: upTo(1_000_000),
  from: optional(sha),
  to: optional(sha),
  pulls: listOf(20, upTo(9_999_999_999, 1))
}

const COMMON = {
  projectId: matches(/^(?!\.\.?$)[^\s\p{Cc}]{1,500}$/u),
  // A branch name as git allows it: no ASCII space or control, `~^:?*[\`, `..`, or `@{`
  // (other white space, a non-breaking space for one, is valid in git).
  branch: matches(/^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[^ \p{Cc}~^:?*[\\]{1,255}$/u),
  jobId: plainId,
  runId: matches(RUN_ID),
  runAttempt: upTo(999_999_999, 1),
  reviewers: listOf(MAX_REVIEWERS, matches(LOGIN)),
  handedOff: optional(pullLink),
  runs: listOf(MAX_RUNS, (run) => fields(run, RUN))
}

const V2 = {
  ...COMMON,
  key: optional(matches(/^[^\p{Cc}]{1,300}$/u)),
  base: optional(when((v) => v === 'root' || isSha(v))),
  seen: optional(sha),
  docs: optional(pullLink),
  told: listOf(MAX_TOLD, (job) => fields(job, { id: plainId, shas: listOf(MAX_TOLD, sha) })),
  ended: listOf(MAX_ENDED, (job) => fields(job, { id: plainId, why: oneOf(END_REASONS) })),
  counts: (value: unknown) => fields(value, { created: count, followUps: count, quiet: count })
}

function parseV2(value: unknown): BranchRecord | undefined {
  if (object(value)?.v !== 2) return undefined
  const parsed = fields<BranchRecord>(value, V2, ['v'])
  const told = parsed?.told.reduce((n, job) => n + job.shas.length, 0) ?? 0
  return told <= MAX_TOLD ? parsed : undefined
}

const V1_LINE = /^<!-- mintlify-agent-branch v1 (?<encoded>[A-Za-z0-9_-]{1,24000}) -->$/
// The first version's job base is read, then dropped.
const V1 = {
  ...COMMON,
  lastSha: optional(sha),
  jobBaseSha: (v: unknown) => optional(sha)(v) && ABSENT
}

/** The first version's record (first line only): its last told commit becomes the base. */
function parseV1(body: string | null | undefined): BranchRecord | undefined {
  const encoded = readOldMarker(V1_LINE, firstLine(body))?.encoded
  type Read = Pick<BranchRecord, keyof typeof COMMON> & { lastSha?: string }
  const parsed = encoded ? fields<Read>(decode(encoded), V1) : undefined
  if (!parsed) return undefined
  const { lastSha, ...common } = parsed
  const told = [{ id: common.jobId, shas: [] }]
  const counts = { created: 0, followUps: 0, quiet: 0 }
  return { ...common, ...(lastSha ? { base: lastSha } : {}), told, ended: [], counts }
}

/** Every record in `body` (a dashboard's), newest version first; malformed ones are left out. */
export function parseBranchRecords(body: string | null | undefined): BranchRecord[] {
  const v2 = readMarkers('branch', body)
    .map(parseV2)
    .filter((record) => record !== undefined)
  const v1 = parseV1(body)
  return v1 ? [...v2, v1] : v2
}

export function parseBranchRecord(body: string | null | undefined): BranchRecord | undefined {
  return parseBranchRecords(body)[0]
}
