// The branch's record merged at a write: what another run wrote since this one read it is kept
// (rows, ended jobs, settled and told commits, counts), the job's fields from one run. Pure.

import { isDeepStrictEqual } from 'node:util'
import { MAX_ENDED, MAX_REVIEWERS, MAX_RUNS, MAX_TOLD, toldCount } from './branch-record.js'
import type { BranchRecord, BranchRun } from './branch-record.js'

const rowKey = (run: BranchRun) => `${run.at} ${run.did} ${run.event}`
type Key<T> = (t: T) => string
/** `mine`, then what `theirs` added since `base` (by `key`), each once. */
function added<T>(mine: readonly T[], theirs: readonly T[], base: readonly T[], key: Key<T>) {
  const before = new Set(base.map(key))
  const seen = new Set(mine.map(key))
  const all = [...mine]
  for (const item of theirs) {
    const itemKey = key(item)
    if (before.has(itemKey) || seen.has(itemKey)) {
      continue
    }
    seen.add(itemKey)
    all.push(item)
  }
  return all
}

/**
 * The jobs' told commits: ours, with what theirs told since `base`; no job either side ended,
 * the kept job last, compacted to MAX_TOLD (oldest first: a commit forgotten is told again);
 * `untold`: some commit ours told is not any more.
 */
function mergeTold(records: Three, job: string, ended: ReadonlySet<string>) {
  const [base, ours, theirs] = records
  const shasOf = (record: BranchRecord | undefined, id: string) =>
    record?.told.find((told) => told.id === id)?.shas ?? []
  const ids = added(ours.told, theirs.told, [], (told) => told.id).map((told) => told.id)
  const jobs = ids
    .filter((id) => !ended.has(id))
    .map((id) => ({
      id,
      shas: added(shasOf(ours, id), shasOf(theirs, id), shasOf(base, id), String)
    }))
  // The kept job goes last, so that compacting forgets other jobs' commits first.
  const kept = jobs.findIndex((told) => told.id === job)
  if (kept >= 0) {
    jobs.push(...jobs.splice(kept, 1))
  }
  let over = toldCount(jobs) - MAX_TOLD
  const untold = over > 0 || ours.told.some((told) => ended.has(told.id))
  for (const told of jobs) {
    const cut = Math.min(over, told.shas.length)
    if (cut > 0) {
      told.shas = told.shas.slice(cut)
      over -= cut
    }
  }
  return { untold, told: jobs.filter((told) => told.id === job || told.shas.length > 0) }
}
type Three = [base: BranchRecord | undefined, ours: BranchRecord, theirs: BranchRecord]

/**
 * The fields that belong to the record's job, taken from one side as a whole: the job, the run
 * that last wrote for it (`run` and `attempt` together: a re-run finds its earlier attempt by
 * both), its docs pull request, the hand-off and who was asked to review it. The other run's
 * when only it moved the job; else this run's (it writes last), where each of the docs pull
 * request's fields this run left as it read it takes the other's.
 */
function jobFields(...records: Three) {
  const [base, ours, theirs] = records
  const fields = ({ job, run, attempt, docs, handedOff, reviewers }: BranchRecord) => ({
    job,
    run,
    attempt,
    docs,
    handedOff,
    reviewers
  })
  const moved = (record: BranchRecord) => record.job !== base?.job
  if (moved(theirs) && !moved(ours)) {
    return fields(theirs)
  }
  if (moved(ours)) {
    return fields(ours)
  }
  const mineOnly = (key: 'docs' | 'handedOff' | 'reviewers') =>
    isDeepStrictEqual(ours[key], base?.[key])
  const handedOff = mineOnly('handedOff') ? theirs.handedOff : ours.handedOff
  // Who was asked to review the docs pull request: the same pull request's, from both.
  let reviewers = ours.reviewers
  if (mineOnly('reviewers')) {
    reviewers = theirs.reviewers
  } else if (handedOff === theirs.handedOff) {
    reviewers = added(ours.reviewers, theirs.reviewers, [], String).slice(-MAX_REVIEWERS)
  }
  const docs = mineOnly('docs') ? theirs.docs : ours.docs
  return { ...fields(ours), docs, handedOff, reviewers }
}

/**
 * The record a run writes when `theirs` was written since it read (or last wrote) `base`, its own
 * being `ours`: what this run left as it was takes theirs; the job's fields go together
 * (jobFields); the lists take what either added (a job either side ended is told nothing); the
 * counts add theirs since `base`. Where both changed the base, the older ('root', else the one
 * read) is kept, and `seen` only where both agree and no commit ours told is untold now. Pure.
 */
export function mergeBranchRecords(...records: Three): BranchRecord {
  const [base, ours, theirs] = records
  const mineOnly = (key: 'base' | 'seen') => ours[key] === base?.[key]
  const pick = (key: 'base' | 'seen') => (mineOnly(key) ? theirs[key] : ours[key])
  const both = (key: 'base' | 'seen') =>
    !mineOnly(key) && theirs[key] !== base?.[key] && ours[key] !== theirs[key]
  const at = (run: BranchRun) => Date.parse(run.at)
  const runs = added(ours.runs, theirs.runs, base?.runs ?? [], rowKey)
    .map((run, i) => ({ run, i }))
    .sort((a, b) => at(a.run) - at(b.run) || a.i - b.i)
    .map(({ run }) => run)
  const ended = added(ours.ended, theirs.ended, base?.ended ?? [], (job) => job.id)
  const gone = new Set([...ours.ended, ...theirs.ended].map((job) => job.id))
  const settled = added(ours.settled ?? [], theirs.settled ?? [], base?.settled ?? [], String)
  const ofJob = jobFields(...records)
  const { told, untold } = mergeTold(records, ofJob.job, gone)
  const root = ours.base === 'root' || theirs.base === 'root'
  const older = root ? 'root' : (base?.base ?? ours.base)
  const add = (key: keyof BranchRecord['counts']) =>
    ours.counts[key] + Math.max(0, theirs.counts[key] - (base?.counts[key] ?? 0))
  const merged: BranchRecord = {
    ...ours,
    ...ofJob,
    base: both('base') ? older : pick('base'),
    seen: both('seen') || untold ? undefined : pick('seen'),
    runs: runs.slice(-MAX_RUNS),
    ended: ended.slice(-MAX_ENDED),
    ...(settled.length > 0 ? { settled: settled.slice(-MAX_TOLD) } : {}),
    told,
    counts: { created: add('created'), followUps: add('followUps'), quiet: add('quiet') }
  }
  const kept = Object.entries(merged).filter(([, value]) => value !== undefined)
  return Object.fromEntries(kept) as BranchRecord
}
