// The branch's ledger of its docs job, a hidden marker in the dashboard issue: which
// commits each job was told, the jobs that ended without delivering, the last runs.
// Pure: render, and a strict parse (also of the first version's records).

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { readMarkers, writeMarker } from './marker.js'
import { record as object } from './workflow-run.js'

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

type Json = Record<string, unknown>
/** A field's reader: the value to keep, or undefined when it is malformed. */
type Field = (value: unknown) => unknown
const ABSENT = Symbol('absent')

function when(check: (value: unknown) => boolean): Field {
  return (value) => (check(value) ? value : undefined)
}
const matches = (pattern: RegExp): Field =>
  when((value) => typeof value === 'string' && pattern.test(value))
const oneOf = (values: readonly unknown[]): Field => when((value) => values.includes(value))
const upTo = (max: number, min = 0): Field =>
  when((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max)
function optional(field: Field): Field {
  return (value) => (value === undefined ? ABSENT : field(value))
}
function listOf(max: number, item: Field): Field {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) return undefined
    const parsed = value.map(item)
    return parsed.every((v) => v !== undefined) ? parsed : undefined
  }
}

/** An object with only the fields of `shape` (and `extra`), each read by its reader, in order. */
function fields(
  value: unknown,
  shape: Record<string, Field>,
  extra: string[] = []
): object | undefined {
  const json = object(value)
  const known = (name: string): boolean => Object.hasOwn(shape, name) || extra.includes(name)
  if (!json || !Object.keys(json).every(known)) return undefined
  const read: Json = {}
  for (const [name, field] of Object.entries(shape)) {
    const parsed = field(json[name])
    if (parsed === undefined) return undefined
    if (parsed !== ABSENT) read[name] = parsed
  }
  return read
}

const sha = matches(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)
const plainId = when(isPlainId)
const count = upTo(Number.MAX_SAFE_INTEGER)
const pullLink = when((v) => typeof v === 'string' && parsePullRequestLink(v)?.link === v)
const time = when(
  (v) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/.test(v) &&
    !Number.isNaN(Date.parse(v))
)

const RUN = {
  at: time,
  event: matches(/^[a-z_]{1,40}$/),
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
  runId: matches(/^\d{1,20}$/),
  runAttempt: upTo(999_999_999, 1),
  reviewers: listOf(MAX_REVIEWERS, matches(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/)),
  handedOff: optional(pullLink),
  runs: listOf(MAX_RUNS, (run) => fields(run, RUN))
}

const V2 = {
  ...COMMON,
  key: optional(matches(/^[^\p{Cc}]{1,300}$/u)),
  base: optional(when((v) => v === 'root' || sha(v) !== undefined)),
  seen: optional(sha),
  docs: optional(pullLink),
  told: listOf(MAX_TOLD, (job) => fields(job, { id: plainId, shas: listOf(MAX_TOLD, sha) })),
  ended: listOf(MAX_ENDED, (job) => fields(job, { id: plainId, why: oneOf(END_REASONS) })),
  counts: (value: unknown) => fields(value, { created: count, followUps: count, quiet: count })
}

function parseV2(value: unknown): BranchRecord | undefined {
  if (object(value)?.v !== 2) return undefined
  // `fields` read every field of V2: this is a BranchRecord.
  const parsed = fields(value, V2, ['v']) as BranchRecord | undefined
  const told = parsed?.told.reduce((n, job) => n + job.shas.length, 0) ?? 0
  return told <= MAX_TOLD ? parsed : undefined
}

const V1_LINE = /^<!-- mintlify-agent-branch v1 ([A-Za-z0-9_-]{1,24000}) -->$/

/** The first version's record (first line only): its last told commit becomes the base. */
function parseV1(body: string): BranchRecord | undefined {
  const encoded = V1_LINE.exec(body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '')?.[1]
  if (!encoded) return undefined
  let parsed: object | undefined
  try {
    const text = Buffer.from(encoded, 'base64url').toString('utf8')
    if (Buffer.from(text, 'utf8').toString('base64url') !== encoded) return undefined
    parsed = fields(JSON.parse(text), {
      ...COMMON,
      lastSha: optional(sha),
      jobBaseSha: optional(sha)
    })
  } catch {
    return undefined
  }
  if (!parsed) return undefined
  type V1 = Omit<BranchRecord, 'told' | 'ended' | 'counts'> & { lastSha?: string }
  const { lastSha, jobBaseSha, ...common } = parsed as V1 & { jobBaseSha?: string }
  const told = [{ id: common.jobId, shas: [] }]
  const counts = { created: 0, followUps: 0, quiet: 0 }
  return { ...common, ...(lastSha ? { base: lastSha } : {}), told, ended: [], counts }
}

/** Every record in `body` (a dashboard's), newest version first; malformed ones are left out. */
export function parseBranchRecords(body: string | null | undefined): BranchRecord[] {
  const v2 = readMarkers('branch', body)
    .map(parseV2)
    .filter((record) => record !== undefined)
  const v1 = parseV1(body ?? '')
  return v1 ? [...v2, v1] : v2
}

export function parseBranchRecord(body: string | null | undefined): BranchRecord | undefined {
  return parseBranchRecords(body)[0]
}
