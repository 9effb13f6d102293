// The pull request's record of its docs job: a `pr` marker in the action's comment, keyed
// by the Mintlify project, and which comment to believe (only a trusted account's).

import { isDeepStrictEqual } from 'node:util'
import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { StateUnknownError } from '../common/run-errors.js'
import * as marker from './marker.js'
import { ACTIONS_BOT, RUN_ID } from './workflow-run.js'

const EVENTS = ['merged', 'closed', 'reopened'] as const
const STEPS = ['comment', 'close', 'reopen', 'label', 'unlabel', 'hand-off'] as const
const ACTIONS = ['merged-note', 'noted', 'closed', 'kept', 'reopened', 'unkept', 'none'] as const
/** The code pull request's event: closed and merged, closed without merging, reopened. */
export type EndEvent = (typeof EVENTS)[number]
/** One write on the docs pull request. */
export type EndStep = (typeof STEPS)[number]
/** What a run did to the docs pull request (the `docs-pr-action` output). */
export type DocsPrAction = (typeof ACTIONS)[number]

export interface ThreadComment {
  id: number
  body?: string | null
  user?: { login?: string; type?: string } | null
}

export function formatRecord({ handedOff, end, ...ids }: PullRequestRecord): string {
  return marker.writeMarker('pr', { ...ids, handedOff, end })
}

/** The first well-formed record in `body`: a marker on any line. */
export function parseRecord(body: string | null | undefined): PullRequestRecord | undefined {
  return marker.readRecords('pr', body, (value) => marker.fields(value, RECORD, true))[0]
}

const link = (v: unknown) => typeof v === 'string' && v.length <= 1000 && !!parsePullRequestLink(v)
// The project goes into URL paths: one token, not `.` or `..`.
const RECORD = {
  project: marker.matches(/^(?!\.\.?$)\S{1,500}$/),
  job: marker.when<string>(isPlainId),
  run: marker.matches(RUN_ID),
  attempt: marker.upTo(999_999_999, 1),
  followUps: marker.upTo(999_999),
  /** The docs pull request whose reviewers and labels were already requested. */
  handedOff: marker.optional(marker.when<string>(link)),
  /** Who wrote it: the author GitHub reported when the action last wrote the comment. */
  by: marker.optional(marker.writer),
  // A malformed end is left aside, not the record.
  end: (value: unknown) => parseEnd(value) ?? marker.ABSENT
}
const END = {
  event: marker.oneOf(EVENTS),
  run: marker.matches(RUN_ID),
  attempt: marker.upTo(Infinity, 1),
  docs: marker.optional(marker.pullLink),
  did: marker.oneOf(ACTIONS),
  done: marker.listOf(Infinity, marker.oneOf(STEPS)),
  /** Closed unmerged while the job still worked: the next run that meets the record closes. */
  pending: marker.optional(marker.when<true>((v) => v === true))
}
/**
 * What the action did to the docs pull request when the code pull request closed or reopened;
 * `done`: the writes GitHub accepted (so a re-run does not repeat them).
 */
export type PullRequestEnd = marker.Read<typeof END>

/**
 * `run` and `attempt`: the workflow run that last created or messaged the job;
 * `followUps`: how many follow-up messages this pull request has sent to the job.
 */
export type PullRequestRecord = marker.Read<typeof RECORD>

/** The end as a record holds it, or undefined when anything in it is not as written here. */
export const parseEnd = (value: unknown) => marker.fields(value, END, true)

/**
 * An end met with no job recorded: the project and the end alone, so that a run that starts
 * late (no concurrency group) sends nothing for a pull request that ended.
 */
export type EndOnlyRecord = { project: string; end: PullRequestEnd; by?: string }
const END_ONLY = { project: RECORD.project, end: parseEnd, by: RECORD.by }

export const formatEndOnly = ({ project, end, by }: EndOnlyRecord): string =>
  marker.writeMarker('pr', { project, end, by })

/** The first end-only record in `body`; a full record is not one. */
export function parseEndOnly(body: string | null | undefined): EndOnlyRecord | undefined {
  return marker.readRecords('pr', body, (value) => marker.fields(value, END_ONLY))[0]
}

/**
 * The record a run leaves once its job is known: counts and hand-off carry over while the job
 * stays.
 */
export function nextRecord(
  previous: PullRequestRecord | undefined,
  next: { projectId: string; jobId: string; runId: string; runAttempt: number; sent: boolean }
): PullRequestRecord {
  const { projectId, jobId, runId, runAttempt, sent } = next
  const same = previous?.job === jobId ? previous : undefined
  // What the pull request's end did stays known while the job does: a reopen needs it.
  const followUps = (same?.followUps ?? 0) + (sent ? 1 : 0)
  return { ...same, project: projectId, job: jobId, run: runId, attempt: runAttempt, followUps }
}

/**
 * `ours`, built from the record as this run `read` it, on top of what it last `wrote`: each
 * field it left as it read it is as last written (a later write keeps what an earlier merged in).
 */
export function rebased(
  read: PullRequestRecord | undefined,
  wrote: PullRequestRecord | undefined,
  ours: PullRequestRecord
): PullRequestRecord {
  // A record of another job starts afresh (nextRecord): nothing of the last write carries over.
  if (!wrote || read === wrote || ours.job !== wrote.job) {
    return ours
  }
  const keys = new Set([...Object.keys(ours), ...Object.keys(wrote)]) as Set<
    keyof PullRequestRecord
  >
  const kept = [...keys].map((key) => {
    const unchanged = isDeepStrictEqual(ours[key], read?.[key])
    return [key, unchanged ? wrote[key] : ours[key]] as const
  })
  return Object.fromEntries(kept.filter(([, value]) => value !== undefined)) as PullRequestRecord
}

/**
 * The fields that name the run that last wrote for the job, taken together from one side: a
 * re-run finds its earlier attempt by both `run` and `attempt`, and the job goes with them.
 */
const RUN_FIELDS = ['job', 'run', 'attempt'] as const
type RunFields = Pick<PullRequestRecord, (typeof RUN_FIELDS)[number]>

/**
 * Whose job, run and attempt the merge keeps: the side that moved the job (ours when both did),
 * else ours when this run wrote for the job since `base`, else theirs.
 */
function runSide(base: PullRequestRecord | undefined, ours: RunFields, theirs: RunFields) {
  if (ours.job !== base?.job) {
    return ours
  }
  if (theirs.job !== base.job) {
    return theirs
  }
  const oursWrote = RUN_FIELDS.some((key) => ours[key] !== base[key])
  return oursWrote ? ours : theirs
}

/**
 * The record a run writes when `theirs` was written since it read `base`: each field this run
 * left as it read it takes the value written since, so no run drops another's facts (the job,
 * run and attempt from one side: runSide); a count of the same job adds both runs' increments.
 */
export function mergeRecords(
  base: PullRequestRecord | undefined,
  ours: PullRequestRecord,
  theirs: PullRequestRecord
): PullRequestRecord {
  const keys = new Set([...Object.keys(ours), ...Object.keys(theirs)]) as Set<
    keyof PullRequestRecord
  >
  const kept = [...keys].map((key) => {
    const unchanged = isDeepStrictEqual(ours[key], base?.[key])
    return [key, unchanged ? theirs[key] : ours[key]] as const
  })
  const merged = Object.fromEntries(kept.filter(([, value]) => value !== undefined))
  const { job, run, attempt } = runSide(base, ours, theirs)
  const followUps = mergedFollowUps(base, ours, theirs)
  return { ...merged, job, run, attempt, followUps } as PullRequestRecord
}

/**
 * Follow-ups count the messages to one job: both runs' when all three name it, else those of
 * the job the merged record keeps (the one a run changed it to).
 */
function mergedFollowUps(
  base: PullRequestRecord | undefined,
  ours: PullRequestRecord,
  theirs: PullRequestRecord
): number {
  if (!base || ours.job !== base.job) {
    return ours.followUps
  }
  if (theirs.job !== base.job) {
    return theirs.followUps
  }
  return Math.max(0, ours.followUps + theirs.followUps - base.followUps)
}

/**
 * A named login, of the kind it must be (an app writes as a Bot, a personal token as a User).
 * Trusting any `[bot]` login would let any app point the pull request at its own job.
 */
export function isTrustedAuthor(user: ThreadComment['user'], trusted = ACTIONS_BOT): boolean {
  const kind = trusted.endsWith('[bot]') ? 'Bot' : 'User'
  return user?.login === trusted && user.type === kind
}

/**
 * The comments' pages (oldest first), searched for this project's record, from a trusted
 * author only (asked once there is a candidate); at most `maxPages`.
 */
export async function findComment(
  pages: AsyncIterable<{ data: readonly ThreadComment[]; headers: { link?: string } }>,
  projectId: string,
  what: string,
  maxPages: number,
  trusted: () => Promise<string | undefined>
) {
  let seen = 0
  for await (const { data, headers } of pages) {
    for (const { id: commentId, body, user } of data) {
      const record = parseRecord(body)
      if (record?.project === projectId && isTrustedAuthor(user, await trusted())) {
        return { commentId, record }
      }
    }
    seen++
    if (seen < maxPages) {
      continue
    }
    // At the page limit: the search ends here, and is unknown only when more pages follow.
    if (!/rel="next"/.test(headers.link ?? '')) {
      break
    }
    throw new StateUnknownError(what, `there are more than ${maxPages} pages of them`)
  }
  return undefined
}
