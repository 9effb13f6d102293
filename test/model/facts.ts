// "No recorded fact of an earlier run is lost": what a finished run wrote into a record (the
// branch's dashboard, a pull request's comment) is still there after every later step, unless
// a later run legitimately replaced it. Pure comparisons of two reads of one record; the
// model (truth.ts, companions.ts) says which replacements were legitimate.
//
// A branch record (the newest open dashboard of the key), from one read to the next:
// - told: each job's commits stay told to it, unless the job was given back (it is then
//   among `ended`); only past MAX_TOLD commits may the oldest go (a model life has fewer);
// - ended: every job that ended stays listed (past MAX_ENDED the oldest go);
// - settled: every settled commit stays settled (past MAX_TOLD the oldest go);
// - rows: every run's row stays (past MAX_RUNS the oldest go);
// - counts: created, followUps and quiet never go down;
// - job: a newer job replaces the recorded one only after the old one ended (listed among
//   `ended`, or failed, archived, deleted or delivered as the model knows it);
// - hand-off: while the job stays, its docs pull request's hand-off and the reviewers asked stay.
// A person's close of the dashboard starts the branch over: nothing carries over.
//
// A pull request's record (its action comment), from one read to the next:
// - job: a newer job replaces it only after the old one can take no more (its docs pull
//   request merged or closed, or the job ended);
// - while the job stays: followUps never go down; the hand-off (its docs pull request's
//   link) stays; an end stays, unless a later end (another run, or a later attempt of the
//   same run) replaces it; the same end's done writes stay done.

import { isDeepStrictEqual } from 'node:util'
import { MAX_ENDED, MAX_RUNS, MAX_TOLD, type BranchRecord } from '../../src/github/branch-record.js'
import type { PullRequestRecord } from '../../src/github/pr-record.js'

/** Whether `after` keeps every item of `before` (by value), but the oldest dropped at a cap. */
function keeps<T>(before: readonly T[], after: readonly T[], cap: number): T[] {
  const has = (item: T) => after.some((other) => isDeepStrictEqual(other, item))
  const missing = before.flatMap((item, index) => (has(item) ? [] : [index]))
  // At the cap the oldest go first: what is missing may be a prefix of `before`.
  const dropped = after.length < cap ? missing : missing.filter((index, k) => index !== k)
  return dropped.map((index) => before[index] as T)
}

/** The facts of `before` that `after` lost; `ended(job)`: the model knows the job ended or delivered. */
export function lostBranchFacts(
  before: BranchRecord,
  after: BranchRecord,
  endedJob: (jobId: string) => boolean
): string[] {
  const lost: string[] = []
  const givenBack = new Set(after.ended.map((e) => e.id))
  const total = after.told.reduce((n, job) => n + job.shas.length, 0)
  for (const job of before.told) {
    if (givenBack.has(job.id)) continue
    const now = new Set(after.told.find((j) => j.id === job.id)?.shas ?? [])
    const gone = job.shas.filter((sha) => !now.has(sha) && !(after.settled ?? []).includes(sha))
    if (gone.length > 0 && total < MAX_TOLD)
      lost.push(`told to ${job.id}: ${gone.map((sha) => sha.slice(0, 7)).join(' ')}`)
  }
  for (const e of keeps(before.ended, after.ended, MAX_ENDED))
    lost.push(`ended job ${e.id} (${e.why})`)
  const settled = keeps(before.settled ?? [], after.settled ?? [], MAX_TOLD)
  if (settled.length > 0)
    lost.push(`settled commits ${settled.map((sha) => sha.slice(0, 7)).join(' ')}`)
  for (const row of keeps(before.runs, after.runs, MAX_RUNS))
    lost.push(`the row of a ${row.event} run at ${row.at} (${row.did})`)
  for (const name of ['created', 'followUps', 'quiet'] as const) {
    if (after.counts[name] < before.counts[name])
      lost.push(`count ${name} ${before.counts[name]} -> ${after.counts[name]}`)
  }
  if (after.job !== before.job && !givenBack.has(before.job) && !endedJob(before.job))
    lost.push(`job ${before.job}, replaced by ${after.job} while it could still take commits`)
  if (after.job === before.job && before.handedOff !== undefined) {
    if (after.handedOff !== before.handedOff) lost.push(`the hand-off of ${before.handedOff}`)
    const asked = before.reviewers.filter((login) => !after.reviewers.includes(login))
    if (asked.length > 0) lost.push(`reviewers asked: ${asked.join(', ')}`)
  }
  return lost
}

/** The facts of `before` that `after` lost; `replaceable(job)`: its docs pull request is merged or closed, or it ended. */
export function lostPullFacts(
  before: PullRequestRecord,
  after: PullRequestRecord | undefined,
  replaceable: (jobId: string) => boolean
): string[] {
  if (!after) return [`the whole record (job ${before.job})`]
  if (after.job !== before.job) {
    return replaceable(before.job)
      ? []
      : [`job ${before.job}, replaced by ${after.job} while it could still take prompts`]
  }
  const lost: string[] = []
  if (after.followUps < before.followUps)
    lost.push(`follow-ups ${before.followUps} -> ${after.followUps}`)
  if (before.handedOff !== undefined && after.handedOff !== before.handedOff)
    lost.push(`the hand-off of ${before.handedOff}`)
  const end = before.end
  if (end) {
    const now = after.end
    const later = now !== undefined && (now.run !== end.run || now.attempt > end.attempt)
    if (!now) lost.push(`the end (${end.event}, ${end.did}) of run ${end.run}`)
    else if (!later) {
      if (now.event !== end.event || now.did !== end.did)
        lost.push(`the end's ${end.event}/${end.did}, now ${now.event}/${now.did}`)
      const undone = end.done.filter((step) => !now.done.includes(step))
      if (undone.length > 0) lost.push(`the end's done writes: ${undone.join(', ')}`)
      if (end.docs !== undefined && now.docs !== end.docs) lost.push(`the end's docs ${end.docs}`)
    }
  }
  return lost
}
