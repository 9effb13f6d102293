// What the action did to the docs pull request when its code pull request closed or
// reopened: a field of the pull request's record (pr-record.ts), so a re-run of the same
// workflow run, and a later reopen, act once. Pure.

import { fields, listOf, matches, oneOf, pullLink, upTo } from './marker.js'
import { RUN_ID } from './workflow-run.js'

const EVENTS = ['merged', 'closed', 'reopened'] as const
const STEPS = ['comment', 'close', 'reopen', 'label', 'unlabel', 'hand-off'] as const
const ACTIONS = ['merged-note', 'closed', 'kept', 'reopened', 'unkept', 'none'] as const
/** The code pull request's event: closed and merged, closed without merging, reopened. */
export type EndEvent = (typeof EVENTS)[number]
/** One write on the docs pull request. */
export type EndStep = (typeof STEPS)[number]
/** What a run did to the docs pull request (the `docs-pr-action` output). */
export type DocsPrAction = (typeof ACTIONS)[number]

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

const END = {
  event: oneOf(EVENTS),
  run: matches(RUN_ID),
  attempt: upTo(Infinity, 1),
  docs: pullLink,
  did: oneOf(ACTIONS),
  done: listOf(Infinity, oneOf(STEPS))
}

/** The field as a record holds it, or undefined when anything in it is not as written here. */
export function parseEnd(value: unknown): PullRequestEnd | undefined {
  return fields<PullRequestEnd>(value, END, true)
}
