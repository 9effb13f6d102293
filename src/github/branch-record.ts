// The branch's ledger of its docs job, the dashboard issue's marker: which commits each job
// was told, the jobs that ended without delivering, the last runs; and its arithmetic. Pure.

import { isPlainId } from '../common/plain-id.js'
import type { Candidates, CoveredCommit } from './branch-commits.js'
import * as marker from './marker.js'
import type { ApartCommit } from './agent-work.js'
import type { SourcePullRequest } from './source-pulls.js'
import { LOGIN, RUN_ID } from './workflow-run.js'

/** What one run did: the word its record keeps, and the dashboard row's words. */
export const RUN_WORDS = {
  created: 'started the job',
  'followed-up': 'sent a follow-up',
  waited: 'waited for the busy job, then sent a follow-up',
  'waited-only': 'waited for the busy job; sent nothing',
  'started-over': 'started a new job',
  'nothing-new': 'nothing new: sent nothing',
  apart: 'nothing new for this job (documented elsewhere): sent nothing',
  reported: 'reported the job as it is',
  failed: 'failed before reaching the agent'
} as const
export type RunAction = keyof typeof RUN_WORDS
export const RUN_ACTIONS = Object.keys(RUN_WORDS) as RunAction[]

const END_REASONS = ['failed', 'archived', 'gone', 'lost-race'] as const

export const MAX_RUNS = 20
const MAX_RUN_PULLS = 20
/** The most commits the ledger remembers across its jobs. */
export const MAX_TOLD = 400
export const MAX_ENDED = 10
export const MAX_REVIEWERS = 300

export function renderBranchRecord(record: BranchRecord): string {
  return marker.writeMarker('branch', { v: 1, ...record })
}

const { sha } = marker
const plainId = marker.when<string>(isPlainId)
const count = marker.upTo(Number.MAX_SAFE_INTEGER)
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/
const time = marker.when<string>(
  (v) => typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))
)
const EVENT = /^[a-z_]{1,40}$/

/**
 * When the run ended (ISO 8601), its event, and how many commits it told the agent; `from`
 * and `to` (for the compare link): the commit before the first covered, and the last.
 */
const RUN = {
  at: time,
  event: marker.matches(EVENT),
  did: marker.oneOf(RUN_ACTIONS),
  commits: marker.upTo(1_000_000),
  from: marker.optional(sha),
  to: marker.optional(sha),
  pulls: marker.listOf(MAX_RUN_PULLS, marker.upTo(9_999_999_999, 1)),
  /**
   * The pull requests whose commits were not told: documented with their own job, or the
   * agent's.
   */
  apart: marker.optional(
    marker.listOf(
      MAX_RUN_PULLS,
      marker.shape({
        pull: marker.upTo(9_999_999_999, 1),
        why: marker.oneOf(['documented', 'agent'] as const),
        docs: marker.optional(marker.pullLink)
      })
    )
  )
}

export type BranchRun = marker.Read<typeof RUN>

const RECORD = {
  projectId: marker.matches(/^(?!\.\.?$)[^\s\p{Cc}]{1,500}$/u),
  // A branch name as git allows it: no ASCII space or control, `~^:?*[\`, `..`, or `@{`
  // (other white space, a non-breaking space for one, is valid in git).
  branch: marker.matches(
    /^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[^ \p{Cc}~^:?*[\\]{1,255}$/u
  ),
  job: plainId,
  run: marker.matches(RUN_ID),
  attempt: marker.upTo(999_999_999, 1),
  reviewers: marker.listOf(MAX_REVIEWERS, marker.matches(LOGIN)),
  handedOff: marker.optional(marker.pullLink),
  runs: marker.listOf(MAX_RUNS, marker.shape(RUN)),
  /** The version: 1, checked and not kept. */
  v: (value: unknown) => (value === 1 ? marker.ABSENT : undefined),
  /** Which workflow (or `record-key`) keeps this record. */
  key: marker.matches(/^[^\p{Cc}]{1,300}$/u),
  /** Commits at or before this one are settled: only later ones can be new ('root': none is). */
  base: marker.optional(marker.when<string>((v) => v === 'root' || marker.isSha(v))),
  /** The last head up to which every commit was told: a run at the same head reads no commits. */
  seen: marker.optional(sha),
  /** The job's docs pull request as last seen: whether it was merged, should the job be gone. */
  docs: marker.optional(marker.pullLink),
  /** Oldest first; the last is `job`'s. */
  told: marker.listOf(MAX_TOLD, marker.shape({ id: plainId, shas: marker.listOf(MAX_TOLD, sha) })),
  /** Commits no job is told: documented with their own pull request's job, or the agent's own. */
  settled: marker.optional(marker.listOf(MAX_TOLD, sha)),
  /** Jobs that ended without delivering (their commits were given back). */
  ended: marker.listOf(MAX_ENDED, marker.shape({ id: plainId, why: marker.oneOf(END_REASONS) })),
  counts: marker.shape({ created: count, followUps: count, quiet: count }),
  /** Who wrote it: the author GitHub reported when the action last wrote the issue. */
  by: marker.optional(marker.writer)
}
/** `reviewers`: the logins already asked to review `handedOff`. */
export type BranchRecord = marker.Read<typeof RECORD>

/** How many commits the jobs were told, together. */
export const toldCount = (jobs: BranchRecord['told']) =>
  jobs.reduce((n, job) => n + job.shas.length, 0)
const keptJobs = (record: BranchRecord | undefined, givenBack: ReadonlySet<string>) =>
  (record?.told ?? []).filter((job) => !givenBack.has(job.id))

/** Every well-formed record in `body` (a dashboard's); malformed ones are left out. */
export function parseBranchRecords(body: string | null | undefined): BranchRecord[] {
  return marker.readRecords('branch', body, (value) => {
    const parsed = marker.fields(value, RECORD)
    return parsed && toldCount(parsed.told) <= MAX_TOLD ? parsed : undefined
  })
}

/** The commits to tell now, oldest first: the candidates no live or delivered job was told. */
export function untold(
  record: BranchRecord | undefined,
  candidates: Candidates,
  givenBack: ReadonlySet<string> = new Set()
): CoveredCommit[] {
  const told = new Set([
    ...keptJobs(record, givenBack).flatMap((job) => job.shas),
    ...(record?.settled ?? [])
  ])
  // An older push's commits come before the branch's later ones; each once.
  const all = [...candidates.event, ...candidates.since]
  const fresh: CoveredCommit[] = []
  for (const commit of all) {
    if (told.has(commit.sha)) {
      continue
    }
    told.add(commit.sha)
    fresh.push(commit)
  }
  return fresh
}

/**
 * The ledger after `told` went to `jobId` (`givenBack`'s commits untold), compacted: the base
 * moves past what delivered jobs were told, and past MAX_TOLD commits the oldest settle into it.
 */
export function afterTelling(
  record: BranchRecord | undefined,
  jobId: string,
  told: readonly CoveredCommit[],
  givenBack: BranchRecord['ended'],
  candidates: Candidates
) {
  const back = new Set(givenBack.map((job) => job.id))
  const kept = keptJobs(record, back).map((job) => ({ id: job.id, shas: [...job.shas] }))
  const current = kept.find((job) => job.id === jobId) ?? { id: jobId, shas: [] }
  const others = kept.filter((job) => job !== current)
  const known = new Set(kept.flatMap((job) => job.shas))
  current.shas.push(...told.map((c) => c.sha).filter((sha) => !known.has(sha)))
  const total = (): number => toldCount([...others, current])
  const delivered = new Set([...others.flatMap((job) => job.shas), ...(record?.settled ?? [])])
  const since = candidates.since.map((commit) => commit.sha)
  // The base moves over the oldest commits as long as a delivered job has them.
  const undelivered = since.findIndex((sha) => !delivered.has(sha))
  let settled = undelivered < 0 ? since.length : undelivered
  let base = since[settled - 1] ?? candidates.base ?? record?.base
  // Too many: delivered jobs forget their oldest first, then the live job's oldest settle
  // into the base (if that job fails, those are not given back).
  for (const job of others) {
    job.shas = job.shas.slice(Math.max(0, total() - MAX_TOLD))
  }
  while (total() > MAX_TOLD && settled < since.length) {
    base = since[settled]
    settled++
    current.shas = current.shas.filter((sha) => sha !== base)
  }
  current.shas = current.shas.slice(Math.max(0, total() - MAX_TOLD))
  return {
    ...(base ? { base } : {}),
    told: [...others.filter((job) => job.shas.length > 0), current],
    ended: [...(record?.ended ?? []), ...givenBack].slice(-MAX_ENDED)
  }
}

/** The record with `shas` settled too (the newest MAX_TOLD kept): no job is told them. */
export function withSettled(record: BranchRecord, shas: readonly string[]): BranchRecord {
  if (shas.length === 0) {
    return record
  }
  const settled = [...new Set([...(record.settled ?? []), ...shas])].slice(-MAX_TOLD)
  return { ...record, settled }
}

/**
 * The jobs of older records of the same key, retired: they lost the race to the branch's
 * record.
 */
export const lostRace = (others: ReadonlyArray<{ record: BranchRecord }>) =>
  others.map((other) => ({ id: other.record.job, why: 'lost-race' as const }))

/** The record with a run's dashboard row: what it did, the commits covered, their source pulls. */
export function withRun(
  record: BranchRecord,
  run: { at: Date; event: string; did: RunAction },
  covered?: { total: number; from?: string; to?: string },
  pulls: readonly SourcePullRequest[] = [],
  apart: readonly ApartCommit[] = []
): BranchRecord {
  // One row a pull request, however many of its commits were set apart.
  const byPull = new Map<number, ApartCommit>()
  for (const commit of apart) {
    if (commit.pull) {
      byPull.set(commit.pull, commit)
    }
  }
  const apartRows = [...byPull.values()].map(({ pull, why, docs }) => ({
    pull: pull as number,
    why,
    ...(docs && marker.pullLink(docs) ? { docs } : {})
  }))
  const row: BranchRun = {
    at: run.at.toISOString(),
    event: EVENT.test(run.event) ? run.event : 'unknown',
    did: run.did,
    commits: covered ? covered.total : 0,
    ...(marker.isSha(covered?.from) ? { from: covered.from } : {}),
    ...(marker.isSha(covered?.to) ? { to: covered.to } : {}),
    pulls: pulls.map((pull) => pull.number).slice(-MAX_RUN_PULLS),
    ...(apartRows.length > 0 ? { apart: apartRows.slice(-MAX_RUN_PULLS) } : {})
  }
  return { ...record, runs: [...record.runs, row].slice(-MAX_RUNS) }
}
