// What the action did to the docs pull request when its code pull request closed or
// reopened: a field of the pull request's record (pr-record.ts), so a re-run of the same
// workflow run, and a later reopen, act once. Pure.

import { parsePullRequestLink } from '../common/pull-request-link.js'
import { record as object, RUN_ID } from './workflow-run.js'

/** The code pull request's event: closed and merged, closed without merging, reopened. */
export type EndEvent = 'merged' | 'closed' | 'reopened'
/** One write on the docs pull request. */
export type EndStep = 'comment' | 'close' | 'reopen' | 'label' | 'unlabel' | 'hand-off'
/** What a run did to the docs pull request (the `docs-pr-action` output). */
export type DocsPrAction = 'merged-note' | 'closed' | 'kept' | 'reopened' | 'unkept' | 'none'

export interface PullRequestEnd {
  event: EndEvent
  /** The workflow run (and attempt) that handled the event. */
  run: string
  attempt: number
  /** The docs pull request it acted on. */
  docs: string
  did: DocsPrAction
  /** The writes that GitHub accepted, so a re-run does not repeat them. */
  done: EndStep[]
}

const EVENTS: readonly string[] = ['merged', 'closed', 'reopened']
const STEPS: readonly string[] = ['comment', 'close', 'reopen', 'label', 'unlabel', 'hand-off']
const ACTIONS: readonly string[] = ['merged-note', 'closed', 'kept', 'reopened', 'unkept', 'none']

/** The field as a record holds it, or undefined when anything in it is not as written here. */
export function parseEnd(value: unknown): PullRequestEnd | undefined {
  const fields = object(value)
  if (!fields) return undefined
  const { event, run, attempt, docs, did, done } = fields
  if (typeof event !== 'string' || !EVENTS.includes(event)) return undefined
  if (typeof run !== 'string' || !RUN_ID.test(run)) return undefined
  if (typeof attempt !== 'number' || !Number.isInteger(attempt) || attempt < 1) return undefined
  if (typeof docs !== 'string' || parsePullRequestLink(docs)?.link !== docs) return undefined
  if (typeof did !== 'string' || !ACTIONS.includes(did)) return undefined
  if (!Array.isArray(done) || !done.every((s) => typeof s === 'string' && STEPS.includes(s))) {
    return undefined
  }
  return {
    event: event as EndEvent,
    run,
    attempt,
    docs,
    did: did as DocsPrAction,
    done: done as EndStep[]
  }
}
