// What a run does to the docs pull request when its code pull request is closed, merged
// or reopened: pure, from the record, the event and the docs pull request as GitHub
// shows it. Re-runs of the same workflow run repeat no write; older runs do nothing.

import type { PullRequestRecord } from '../../github/pr-record.js'
import type { DocsPrAction, EndEvent, EndStep, PullRequestEnd } from '../../github/pr-end-record.js'

export type DocsState = 'open' | 'closed' | 'merged'
/** What the comment on the docs pull request says. */
export type NoteKind = 'merged' | 'closed' | 'kept' | 'foreign' | 'unverified' | 'reopened'
export type OnClose = 'close' | 'keep'

export interface EndFacts {
  event: EndEvent
  run: { id: string; attempt: number }
  record: PullRequestRecord
  /** The job's docs pull request, as read once; undefined when unread or none. */
  jobLink: string | undefined
  onClose: OnClose
  /** docs-pr-reviewers or docs-pr-labels are set. */
  handOffAsked: boolean
}

/** The docs pull request as GitHub shows it; `foreign` says whose commit follows the agent's. */
export interface DocsView {
  state: DocsState
  foreign?: string
}

export interface EndPlan {
  /** What the run does when every step succeeds. */
  action: DocsPrAction
  link?: string
  /** The writes to make now, in order. */
  steps: EndStep[]
  note?: NoteKind
  /** One line for the log: why. */
  why: string
  /** This run's record of the end (absent: leave the record as it is). */
  record?: boolean
}

/** The docs pull request the event is about: the one closed for a reopen, else the job's. */
export function docsLinkFor(facts: EndFacts): string | undefined {
  if (facts.event === 'reopened') return facts.record.end?.docs
  return facts.jobLink ?? facts.record.handedOff
}

function newer(a: string, b: string): boolean {
  return BigInt(a) > BigInt(b)
}

/** A re-run of the run that already handled this event: the writes it made. */
function earlierAttempt(facts: EndFacts): PullRequestEnd | undefined {
  const end = facts.record.end
  return end && end.run === facts.run.id && end.event === facts.event ? end : undefined
}

/** Whether a later run already used the record (a re-run of an older event). */
export function stale(facts: EndFacts): boolean {
  const runs = [facts.record.runId, ...(facts.record.end ? [facts.record.end.run] : [])]
  return /^\d+$/.test(facts.run.id) && runs.some((run) => newer(run, facts.run.id))
}

const none = (why: string, link?: string, record = true): EndPlan => ({
  action: 'none',
  steps: [],
  why,
  ...(link ? { link } : {}),
  record
})

/** The plan for the docs pull request at `link` as GitHub shows it (undefined: unread). */
export function decideEnd(facts: EndFacts, docs: DocsView | undefined): EndPlan {
  const link = docsLinkFor(facts)
  if (stale(facts)) return none('a later workflow run has already used this record', link, false)
  if (!link) {
    return facts.event === 'reopened'
      ? none('the action did not close its docs pull request', undefined, false)
      : none('the job has no docs pull request', undefined, false)
  }
  if (!docs) return none('the docs pull request could not be read', link)
  const earlier = earlierAttempt(facts)
  const done = earlier?.docs === link ? earlier.done : []
  // The state before this run's own earlier attempt changed it.
  let state = docs.state
  if (state === 'closed' && done.includes('close')) state = 'open'
  if (state === 'open' && done.includes('reopen')) state = 'closed'
  const plan = planFor(facts, link, { ...docs, state })
  const steps = plan.steps.filter((step) => !done.includes(step))
  if (plan.steps.length > 0 && steps.length === 0) {
    return none(`attempt ${earlier?.attempt ?? 1} of this workflow run already did it`, link, false)
  }
  return { ...plan, steps }
}

function planFor(facts: EndFacts, link: string, docs: DocsView): EndPlan {
  const base = { link, record: true }
  if (facts.event === 'reopened') {
    const closedByUs =
      facts.record.end?.event === 'closed' && facts.record.end.done.includes('close')
    if (!closedByUs) return none('the action did not close its docs pull request', link)
    if (docs.state !== 'closed') return none(`the docs pull request is ${docs.state}`, link)
    return {
      ...base,
      action: 'reopened',
      steps: ['reopen', 'comment'],
      note: 'reopened',
      why: 'the action closed it when the code pull request closed'
    }
  }
  if (docs.state !== 'open') return none(`the docs pull request is already ${docs.state}`, link)
  if (facts.event === 'merged') {
    const handOff = facts.handOffAsked && facts.record.handedOff !== link
    return {
      ...base,
      action: 'merged-note',
      steps: handOff ? ['comment', 'hand-off'] : ['comment'],
      note: 'merged',
      why: 'the code pull request was merged'
    }
  }
  const keep = (note: NoteKind, why: string, label = false): EndPlan => ({
    ...base,
    action: 'kept',
    steps: label ? ['comment', 'label'] : ['comment'],
    note,
    why
  })
  if (facts.onClose === 'keep') return keep('kept', 'docs-pr-on-close is keep', true)
  if (facts.jobLink !== link || facts.record.handedOff !== link) {
    return keep(
      'unverified',
      facts.jobLink === undefined
        ? 'the job could not be read, so the action cannot tell it opened this docs pull request'
        : 'the record does not name this docs pull request as the job’s'
    )
  }
  if (docs.foreign) return keep('foreign', docs.foreign)
  return {
    ...base,
    action: 'closed',
    steps: ['close', 'comment'],
    note: 'closed',
    why: 'the code pull request was closed without merging'
  }
}

/** The main write of an action: without it, the run did not do what it planned. */
const MAIN: Record<DocsPrAction, EndStep | undefined> = {
  'merged-note': 'comment',
  closed: 'close',
  kept: 'comment',
  reopened: 'reopen',
  none: undefined
}

/** What the run did, and the record of it, once its writes were made (or refused). */
export function endOf(
  facts: EndFacts,
  plan: EndPlan,
  doneNow: readonly EndStep[]
): { action: DocsPrAction; end?: PullRequestEnd } {
  const main = MAIN[plan.action]
  const earlier = earlierAttempt(facts)
  const before = earlier?.docs === plan.link ? earlier : undefined
  const done = [...new Set([...(before?.done ?? []), ...doneNow])]
  const complete = main !== undefined && done.includes(main)
  const action = complete && doneNow.length > 0 ? plan.action : 'none'
  if (!plan.record || !plan.link) return { action }
  return {
    action,
    end: {
      event: facts.event,
      run: facts.run.id,
      attempt: facts.run.attempt,
      docs: plan.link,
      did: complete ? plan.action : (before?.did ?? 'none'),
      done
    }
  }
}
