// What a run does to the docs pull request when its code pull request is closed, merged
// or reopened: pure, from the record, the event and the docs pull request as GitHub
// shows it. Re-runs of the same workflow run repeat no write; older runs do nothing.

import type { DocsPrAction, EndEvent, EndStep } from '../../github/pr-record.js'
import type { PullRequestEnd, PullRequestRecord } from '../../github/pr-record.js'

export interface EndFacts {
  event: EndEvent
  run: { id: string; attempt: number }
  record: PullRequestRecord
  /** The job's docs pull request, as read once; undefined when unread or none. */
  jobLink: string | undefined
  onClose: 'close' | 'keep'
  /** docs-pr-reviewers or docs-pr-labels are set. */
  handOffAsked: boolean
}

/** The docs pull request as GitHub shows it; `foreign` says whose commit follows the agent's. */
export type DocsView = { state: 'open' | 'closed' | 'merged'; foreign?: string | undefined }

/** The writes to make now for `action` (not done without `main`); `record`: keep this end. */
export interface EndPlan {
  action: DocsPrAction
  link?: string
  steps: EndStep[]
  main?: EndStep
  why: string
  record: boolean
}

/** The docs pull request the event is about: the one closed for a reopen, else the job's. */
export function docsLinkFor(facts: EndFacts): string | undefined {
  if (facts.event === 'reopened') return facts.record.end?.docs
  return facts.jobLink ?? facts.record.handedOff
}

/** A re-run of the run that already handled this event: the writes it made. */
function earlierAttempt({ record, run, event }: EndFacts): PullRequestEnd | undefined {
  return record.end?.run === run.id && record.end.event === event ? record.end : undefined
}

const none = (why: string, link?: string, record = true): EndPlan => {
  return { action: 'none', steps: [], why, link, record }
}
const NOT_CLOSED = 'the action did not close its docs pull request'

/** The plan for the docs pull request at `link` as GitHub shows it (undefined: unread). */
export function decideEnd(facts: EndFacts, docs: DocsView | undefined): EndPlan {
  const link = docsLinkFor(facts)
  const { id } = facts.run
  const runs = [facts.record.runId, facts.record.end?.run ?? '0']
  // A later run already used the record: a re-run of an older event does nothing.
  if (/^\d+$/.test(id) && runs.some((run) => BigInt(run) > BigInt(id))) {
    return none('a later workflow run has already used this record', link, false)
  }
  if (!link) {
    const why = facts.event === 'reopened' ? NOT_CLOSED : 'the job has no docs pull request'
    return none(why, undefined, false)
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
  const { event, record } = facts
  const act = (action: DocsPrAction, steps: EndStep[], why: string): EndPlan => {
    return { action, link, steps, main: steps[0], why, record: true }
  }
  if (event === 'reopened') {
    // A re-run finds its own earlier attempt in the record, not the close it answers.
    const again = earlierAttempt(facts)?.did
    const closing = record.end?.event === 'closed' ? record.end.done : []
    const state = `the docs pull request is ${docs.state}`
    if (again === 'unkept' || closing.includes('label')) {
      if (docs.state !== 'open') return none(state, link)
      const why = 'the action labelled it when the code pull request closed'
      return act('unkept', ['unlabel', 'comment'], why)
    }
    if (again !== 'reopened' && !closing.includes('close')) return none(NOT_CLOSED, link)
    if (docs.state !== 'closed') return none(state, link)
    const why = 'the action closed it when the code pull request closed'
    return act('reopened', ['reopen', 'comment'], why)
  }
  if (docs.state !== 'open') return none(`the docs pull request is already ${docs.state}`, link)
  if (event === 'merged') {
    const steps: EndStep[] = facts.handOffAsked && record.handedOff !== link ? ['hand-off'] : []
    return act('merged-note', ['comment', ...steps], 'the code pull request was merged')
  }
  if (facts.onClose === 'keep') return act('kept', ['comment', 'label'], 'docs-pr-on-close is keep')
  if (facts.jobLink !== link || record.handedOff !== link) {
    const why =
      facts.jobLink === undefined
        ? 'the job could not be read, so the action cannot tell it opened this docs pull request'
        : 'the record does not name this docs pull request as the job’s'
    return act('kept', ['comment'], why)
  }
  if (docs.foreign) return act('kept', ['comment'], docs.foreign)
  return act('closed', ['close', 'comment'], 'the code pull request was closed without merging')
}

/** What the run did, and the record of it, once its writes were made (or refused). */
export function endOf(
  facts: EndFacts,
  plan: EndPlan,
  doneNow: readonly EndStep[]
): { action: DocsPrAction; end?: PullRequestEnd } {
  const earlier = earlierAttempt(facts)
  const before = earlier?.docs === plan.link ? earlier : undefined
  const done = [...new Set([...(before?.done ?? []), ...doneNow])]
  const complete = plan.main !== undefined && done.includes(plan.main)
  const action = complete && doneNow.length > 0 ? plan.action : 'none'
  if (!plan.record || !plan.link) return { action }
  const { event, run } = facts
  const did = complete ? plan.action : (before?.did ?? 'none')
  return { action, end: { event, run: run.id, attempt: run.attempt, docs: plan.link, did, done } }
}
