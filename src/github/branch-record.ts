// The branch's ledger of its docs job, a hidden marker in the dashboard issue: which
// commits each job was told, the jobs that ended without delivering, the last runs.
// Pure: render, and a strict parse (also of the first version's records).

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { readMarkers, writeMarker } from './marker.js'
import { record as object } from './workflow-run.js'

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
  /** When the run ended (ISO 8601), its event, and how many commits it told the agent. */
  at: string
  event: string
  did: RunAction
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
const END_REASONS = ['failed', 'archived', 'gone', 'lost-race'] as const
export type EndReason = (typeof END_REASONS)[number]

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
type Check<T> = (value: unknown) => value is T
type Parse<T> = (value: unknown) => T | undefined

function matches(pattern: RegExp): Check<string> {
  return (value): value is string => typeof value === 'string' && pattern.test(value)
}
function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (value): value is T => values.includes(value as T)
}
const optional = <T>(value: unknown, check: Check<T>): value is T | undefined =>
  value === undefined || check(value)
/** `fields` without the undefined ones, in order. */
const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>
const onlyKeys = (value: Json, allowed: readonly string[]): boolean =>
  Object.keys(value).every((name) => allowed.includes(name))
const count = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max

const isSha = matches(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/)
const isLogin = matches(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/)
const isEvent = matches(/^[a-z_]{1,40}$/)
const isRunId = matches(/^\d{1,20}$/)
const isProjectId = matches(/^(?!\.\.?$)[^\s\p{Cc}]{1,500}$/u)
const isKey = matches(/^[^\p{Cc}]{1,300}$/u)
// A branch name as git allows it: no ASCII space or control, `~^:?*[\`, `..`, or `@{`
// (other white space, a non-breaking space for one, is valid in git).
const isBranch = matches(
  /^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[^ \p{Cc}~^:?*[\\]{1,255}$/u
)
const isTime = (value: unknown): value is string =>
  matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/)(value) &&
  !Number.isNaN(Date.parse(value))
const isPullLink = (value: unknown): value is string =>
  typeof value === 'string' && parsePullRequestLink(value)?.link === value

function list<T>(value: unknown, max: number, item: Parse<T>): T[] | undefined {
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
  const pulls = list(run.pulls, 20, (n) => (count(n, 9_999_999_999) && n > 0 ? n : undefined))
  if (!isTime(at) || !isEvent(event) || !oneOf(RUN_ACTIONS)(did) || !count(commits, 1_000_000))
    return undefined
  if (!optional(from, isSha) || !optional(to, isSha) || !pulls) return undefined
  return { at, event, did, commits, ...defined({ from, to }), pulls }
}

function parseTold(value: unknown): ToldJob | undefined {
  const job = object(value)
  if (!job || !onlyKeys(job, ['id', 'shas']) || !isPlainId(job.id)) return undefined
  const shas = list(job.shas, MAX_TOLD, (s) => (isSha(s) ? s : undefined))
  return shas ? { id: job.id, shas } : undefined
}

function parseEnded(value: unknown): { id: string; why: EndReason } | undefined {
  const job = object(value)
  if (!job || !onlyKeys(job, ['id', 'why']) || !isPlainId(job.id)) return undefined
  return oneOf(END_REASONS)(job.why) ? { id: job.id, why: job.why } : undefined
}

function parseCounts(value: unknown): BranchRecord['counts'] | undefined {
  const counts = object(value)
  if (!counts || !onlyKeys(counts, ['created', 'followUps', 'quiet'])) return undefined
  const { created, followUps, quiet } = counts
  const max = Number.MAX_SAFE_INTEGER
  return count(created, max) && count(followUps, max) && count(quiet, max)
    ? { created, followUps, quiet }
    : undefined
}

const COMMON_KEYS = 'projectId branch jobId runId runAttempt reviewers handedOff runs'.split(' ')
const V2_KEYS = ['v', 'key', 'base', 'seen', 'docs', 'told', 'ended', 'counts', ...COMMON_KEYS]

/** The fields both versions share, checked; undefined when any is malformed. */
function parseCommon(value: Json): Omit<BranchRecord, 'told' | 'ended' | 'counts'> | undefined {
  const { projectId, branch, jobId, runId, runAttempt, handedOff } = value
  const reviewers = list(value.reviewers, MAX_REVIEWERS, (l) => (isLogin(l) ? l : undefined))
  const runs = list(value.runs, MAX_RUNS, parseRun)
  if (!isProjectId(projectId) || !isBranch(branch) || !isPlainId(jobId)) return undefined
  if (!isRunId(runId) || !count(runAttempt, 999_999_999) || runAttempt < 1) return undefined
  if (!reviewers || !runs || !optional(handedOff, isPullLink)) return undefined
  return { projectId, branch, jobId, runId, runAttempt, reviewers, ...defined({ handedOff }), runs }
}

function parseV2(value: Json): BranchRecord | undefined {
  if (value.v !== 2 || !onlyKeys(value, V2_KEYS)) return undefined
  const common = parseCommon(value)
  const told = list(value.told, MAX_TOLD, parseTold)
  const ended = list(value.ended, MAX_ENDED, parseEnded)
  const counts = parseCounts(value.counts)
  const { key, base, seen, docs } = value
  if (!common || !told || !ended || !counts || !optional(key, isKey)) return undefined
  if (!optional(base, (b) => b === 'root' || isSha(b)) || !optional(seen, isSha)) return undefined
  if (!optional(docs, isPullLink)) return undefined
  if (told.reduce((n, job) => n + job.shas.length, 0) > MAX_TOLD) return undefined
  return { ...common, ...defined({ key, base, seen, docs }), told, ended, counts }
}

const V1_LINE = /^<!-- mintlify-agent-branch v1 ([A-Za-z0-9_-]{1,24000}) -->$/

/** The first version's record (first line only): its last told commit becomes the base. */
function parseV1(body: string): BranchRecord | undefined {
  const encoded = V1_LINE.exec(body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '')?.[1]
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
  if (!common || !optional(lastSha, isSha) || !optional(jobBaseSha, isSha)) return undefined
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
