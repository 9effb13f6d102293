// What is new on a branch, and the ledger after telling it (pure): a commit after the base
// that no live or delivered job was told (a job that ended without delivering gives its back).

import { MAX_ENDED, MAX_TOLD, type BranchRecord, type EndReason } from './branch-record.js'
import type { Candidates, CoveredCommit } from './branch-commits.js'

/** The commits to tell now, oldest first: the candidates no live or delivered job was told. */
export function untold(
  record: BranchRecord | undefined,
  candidates: Candidates,
  givenBack: ReadonlySet<string> = new Set()
): CoveredCommit[] {
  const told = new Set(
    (record?.told ?? []).filter((job) => !givenBack.has(job.id)).flatMap((job) => job.shas)
  )
  // An older push's commits come before the branch's later ones; each once.
  const all = [...candidates.event, ...candidates.since]
  return all.filter((commit) => !told.has(commit.sha) && told.add(commit.sha))
}

export interface Telling {
  jobId: string
  /** What this run told `jobId`, oldest first. */
  told: readonly CoveredCommit[]
  /** Jobs that ended without delivering: their commits are no longer counted as told. */
  givenBack: ReadonlyArray<{ id: string; why: EndReason }>
  candidates: Candidates
}

/**
 * The ledger's jobs, base and ended list after a run told `telling.told` to its job,
 * compacted: the base moves past commits delivered jobs were told, and the ledger never
 * holds more than MAX_TOLD commits (past that, the oldest settle into the base).
 */
export function afterTelling(
  record: BranchRecord | undefined,
  telling: Telling
): Pick<BranchRecord, 'base' | 'told' | 'ended'> {
  const back = new Set(telling.givenBack.map((job) => job.id))
  const kept = (record?.told ?? [])
    .filter((job) => !back.has(job.id))
    .map((job) => ({ id: job.id, shas: [...job.shas] }))
  const current = kept.find((job) => job.id === telling.jobId) ?? { id: telling.jobId, shas: [] }
  const others = kept.filter((job) => job !== current)
  const jobs = [...others, current]
  const known = new Set(jobs.flatMap((job) => job.shas))
  for (const commit of telling.told) if (!known.has(commit.sha)) current.shas.push(commit.sha)
  let base = telling.candidates.base ?? record?.base
  const total = (): number => jobs.reduce((n, job) => n + job.shas.length, 0)
  const byDelivered = new Set(others.flatMap((job) => job.shas))
  const since = telling.candidates.since
  // The base moves over the oldest commits as long as a delivered job has them.
  let settled = 0
  while (settled < since.length && byDelivered.has(since[settled]?.sha ?? '')) {
    base = since[settled++]?.sha
  }
  // Too many remembered: delivered jobs forget their oldest first, then the live job's
  // oldest settle into the base (if that job fails, those are not given back).
  for (const job of others) job.shas = job.shas.slice(Math.max(0, total() - MAX_TOLD))
  while (total() > MAX_TOLD && settled < since.length) {
    const sha = since[settled++]?.sha
    current.shas = current.shas.filter((told) => told !== sha)
    base = sha
  }
  current.shas = current.shas.slice(Math.max(0, total() - MAX_TOLD))
  const ended = [...(record?.ended ?? []), ...telling.givenBack].slice(-MAX_ENDED)
  return {
    ...(base ? { base } : {}),
    told: [...others.filter((job) => job.shas.length > 0), current],
    ended
  }
}
