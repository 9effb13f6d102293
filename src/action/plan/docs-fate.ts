// The docs pull request's fate, pure: handed to reviewers when a run ends, followed when its code
// pull request ends or reopens (re-runs repeat no write; older runs do nothing), as recorded.

import type { AgentJob } from '../../agent/job.js'
import { parsePullRequestLink, type PullRequestRef } from '../../common/pull-request-link.js'
import type { BranchRecord } from '../../github/branch-record.js'
import type { ReviewerSpec } from '../../github/docs-pull-request.js'
import type { DocsPrAction, EndEvent, EndStep, PullRequestRecord } from '../../github/pr-record.js'
import { onSameServer, sameRepository } from '../../github/workflow-run.js'
import type { RunContext } from '../shell/context.js'
import type { RunIdentity } from './plan.js'

export interface EndFacts {
  event: EndEvent
  run: RunIdentity
  record: PullRequestRecord
  /** The job's docs pull request, as read once; undefined when unread or none. */
  jobLink: string | undefined
  onClose: 'close' | 'keep'
  handOffAsked: boolean
  /** When the job was created, as the service says; and whether it still works (after a wait). */
  jobCreatedAt?: string
  jobWorking?: boolean
  /** Set when the job was not read: its read failed, or a dry run without api-key skips it. */
  jobUnread?: 'failed' | 'dry-run'
}

/** The docs pull request as GitHub shows it; `foreign` says whose commit follows the agent's;
 * `byAgent`: the docs agent opened it, as `agentOpened` judges (its account, or a proven back-link). */
export type DocsView = {
  state: 'open' | 'closed' | 'merged'
  foreign?: string | undefined
  pr?: { author: { login: string; type: string }; createdAt?: string }
  byAgent?: boolean
}

/** The writes left to make for `action`; `outcome(done)`: what the run did, and the record to keep. */
export interface EndPlan {
  action: DocsPrAction
  link?: string
  steps: EndStep[]
  why: string
  /** What the run could not follow, so that someone may have to do it by hand (`byHand`). */
  unfollowed?: 'docs' | 'job' | 'working'
  outcome: (doneNow: readonly EndStep[]) => { action: DocsPrAction; record?: PullRequestRecord }
}

/** The docs pull request the event is about: the one closed for a reopen, else the job's. */
export function docsLinkFor(facts: EndFacts): string | undefined {
  if (facts.event === 'reopened') {
    return facts.record.end?.docs
  }
  return facts.jobLink ?? facts.record.handedOff
}

const NOT_CLOSED = 'the action did not close its docs pull request'
export const WORKING_WHY =
  'its docs job is still working, so the docs pull request is closed once the job ends ' +
  '(by a re-run of this workflow run, or a command on the pull request)'

/** Why the job's docs pull request is unknown, or not known to be the job's, when the job was not read. */
export function unreadWhy(unread: 'failed' | 'dry-run'): string {
  return unread === 'failed'
    ? 'the job could not be read'
    : 'a dry run without api-key does not read the job'
}
const NOT_YET = 'its docs job is still working, so its docs pull request is not known yet'
const UNREAD_DOCS = 'the docs pull request could not be read'

/** Why a pull request gets no docs job: the docs agent opened it. */
export const AGENTS_OWN = 'was opened by the docs agent, whose own work never starts or feeds a job'

/** Why the job did not open the docs pull request: someone else did, or it came before the job. */
function notTheJobs(docs: DocsView, jobCreatedAt?: string): string | undefined {
  const author = docs.pr?.author
  if (author && !docs.byAgent) {
    return `it was opened by ${author.login}, not by the account the docs agent writes as`
  }
  // An unknown time parses as NaN, which is never earlier.
  const opened = Date.parse(docs.pr?.createdAt ?? '')
  const created = Date.parse(jobCreatedAt ?? '')
  if (opened < created) {
    return 'it was opened before the job was created'
  }
  return undefined
}

/**
 * On a reopen, what the close before did that the reopen undoes. A re-run of the reopen finds its
 * own earlier attempt in the record, not the close it answers.
 */
function undoing({ record, run }: EndFacts): { labelled: boolean; closed: boolean } {
  const end = record.end
  const earlier = end?.run === run.runId && end.event === 'reopened'
  const closing = end?.event === 'closed' ? end.done : []
  const unkeptBefore = earlier && end.did === 'unkept'
  const reopenedBefore = earlier && end.did === 'reopened'
  return {
    labelled: unkeptBefore || closing.includes('label'),
    closed: reopenedBefore || closing.includes('close')
  }
}

/**
 * What to do by hand when the run could not follow the docs pull request (`plan.unfollowed`), as
 * one sentence. `label` is the label a kept docs pull request carries.
 */
export function byHand(facts: EndFacts, plan: EndPlan, label: string): string | undefined {
  if (!plan.unfollowed) {
    return undefined
  }
  if (plan.unfollowed === 'working') {
    return (
      'Once the job has opened its docs pull request, re-run this workflow run ' +
      'to tell it that it is ready to merge, or tell its reviewers by hand.'
    )
  }
  const ref = parsePullRequestLink(plan.link)
  const name = ref ? `${ref.repository}#${ref.number}` : 'the job’s docs pull request'
  const todo = todoByHand(facts, name, label)
  if (!todo) {
    return undefined
  }
  if (plan.unfollowed === 'job' && facts.jobUnread === 'failed') {
    return `Re-run this workflow run once the Agent Jobs API answers, or ${todo}.`
  }
  return `${todo.charAt(0).toUpperCase()}${todo.slice(1)}.`
}

/** The write the run could not make, as a task for a person; undefined when nothing is left. */
function todoByHand(facts: EndFacts, name: string, label: string): string | undefined {
  if (facts.event === 'merged') {
    return `tell the reviewers of ${name} by hand that it is ready to review and merge`
  }
  if (facts.event === 'reopened') {
    const { labelled, closed } = undoing(facts)
    if (labelled) {
      return `remove the label ${label} from ${name} by hand`
    }
    if (closed) {
      return `reopen ${name} by hand`
    }
    return undefined
  }
  if (facts.onClose === 'keep') {
    return (
      `label ${name} ${label} by hand ` +
      'and tell its reviewers that the code pull request was closed'
    )
  }
  return `close ${name} by hand if its changes are no longer needed`
}

/** The plan for the docs pull request at `link` (docsLinkFor's) as GitHub shows it (undefined: unread). */
export function decideEnd(facts: EndFacts, link: string | undefined, docs?: DocsView): EndPlan {
  const { event, record } = facts
  const { runId, runAttempt } = facts.run
  // A re-run of the run that already handled this event, and the writes it made.
  const sameEvent = record.end?.run === runId && record.end.event === event
  const earlier = sameEvent ? record.end : undefined
  const before = earlier?.docs === link ? earlier : undefined
  const done = before?.done ?? []
  const plan = (action: DocsPrAction, all: EndStep[], why: string, keep = true): EndPlan => {
    const steps = all.filter((step) => !done.includes(step))
    if (all.length > 0 && steps.length === 0) {
      return none(`attempt ${before?.attempt ?? 1} of this workflow run already did it`, false)
    }
    const outcome = (doneNow: readonly EndStep[]): ReturnType<EndPlan['outcome']> => {
      const union = [...new Set([...done, ...doneNow])]
      // Done when its first (main) write is: a refused note after a close is still a close.
      const complete = all.slice(0, 1).some((main) => union.includes(main))
      const now = complete && doneNow.length > 0 ? action : 'none'
      // Nothing worth recording: a plan that keeps no record, or no docs pull request to name.
      const nothingToRecord = !link && !pending
      if (!keep || nothingToRecord) {
        return { action: now }
      }
      const did = complete ? action : (before?.did ?? 'none')
      const docs = link ? { docs: link } : {}
      const later = pending ? { pending: true as const } : {}
      const end = { event, run: runId, attempt: runAttempt, ...docs, did, done: union, ...later }
      const handedOff = doneNow.includes('hand-off') ? link : record.handedOff
      return { action: now, record: { ...record, end, handedOff } }
    }
    return { action, link, steps, why, outcome }
  }
  const none = (why: string, keep = true) => plan('none', [], why, keep)
  // Closed unmerged while its job works on: the close waits for the job's end (a later run).
  const pending = event === 'closed' && facts.jobWorking === true
  const runs = [record.run, record.end?.run ?? '0']
  // A close left pending is finished by whichever run meets it, the re-run its line asks for too.
  const finishing = event === 'closed' && record.end?.pending === true
  if (!finishing && runs.some((id) => BigInt(id) > BigInt(runId))) {
    return none('a later workflow run has already used this record', false)
  }
  if (pending) {
    return none(WORKING_WHY)
  }
  const unfollowed = (why: string, what: EndPlan['unfollowed']) => ({
    ...none(why),
    unfollowed: what
  })
  if (!link) {
    if (event === 'reopened') {
      return none(NOT_CLOSED)
    }
    if (facts.jobUnread) {
      const why = `${unreadWhy(facts.jobUnread)}, so its docs pull request is not known`
      return unfollowed(why, 'job')
    }
    if (facts.jobWorking) {
      return unfollowed(NOT_YET, 'working')
    }
    return none('the job has no docs pull request')
  }
  if (!docs) {
    return unfollowed(UNREAD_DOCS, 'docs')
  }
  // The state before this run's own earlier attempt changed it.
  let state = docs.state
  if (state === 'closed' && done.includes('close')) {
    state = 'open'
  }
  if (state === 'open' && done.includes('reopen')) {
    state = 'closed'
  }
  if (event === 'reopened') {
    const { labelled, closed } = undoing(facts)
    if (!labelled && !closed) {
      return none(NOT_CLOSED)
    }
    // The state the close left it in; anything else, someone changed it since.
    const leftAs = labelled ? 'open' : 'closed'
    if (state !== leftAs) {
      return none(`the docs pull request is ${state}`)
    }
    const what = labelled ? 'labelled' : 'closed'
    const why = `the action ${what} it when the code pull request closed`
    if (labelled) {
      return plan('unkept', ['unlabel', 'comment'], why)
    }
    return plan('reopened', ['reopen', 'comment'], why)
  }
  // Told once, nothing else: a docs pull request already merged or closed stays as it is.
  if (state !== 'open') {
    return plan('noted', ['comment'], `the docs pull request is already ${state}`)
  }
  if (event === 'merged') {
    const handOffDue = facts.handOffAsked && record.handedOff !== link
    const handOff: EndStep[] = handOffDue ? ['hand-off'] : []
    return plan('merged-note', ['comment', ...handOff], 'the code pull request was merged')
  }
  if (facts.onClose === 'keep') {
    return plan('kept', ['comment', 'label'], 'docs-pr-on-close is keep')
  }
  if (facts.jobUnread) {
    const why = `${unreadWhy(facts.jobUnread)}, ${UNSURE}`
    return { ...plan('kept', ['comment'], why), unfollowed: 'job' }
  }
  const kept = keptWhy(facts, link, docs)
  if (kept) {
    return plan('kept', ['comment'], kept)
  }
  return plan('closed', ['close', 'comment'], 'the code pull request was closed without merging')
}

const UNSURE = 'so the action cannot tell it opened this docs pull request'

/** Why a close keeps the docs pull request at `link` open; undefined when it is the job's own. */
function keptWhy(facts: EndFacts, link: string, docs: DocsView): string | undefined {
  if (facts.jobLink === undefined) {
    return `the job names no docs pull request, ${UNSURE}`
  }
  // Handed off before, or read from GitHub with its author: either ties it to the job.
  const unproven = facts.record.handedOff !== link && !docs.pr
  if (facts.jobLink !== link || unproven) {
    return 'the record does not name this docs pull request as the job’s'
  }
  return notTheJobs(docs, facts.jobCreatedAt) ?? docs.foreign
}

/** What the run does with the job's docs pull request at its end (nothing when nothing was sent
 * or it was cancelled); on a branch, `author` means the changes' authors, asked apart. */
export function handOffOf(
  ctx: Pick<RunContext, 'settings' | 'docs' | 'github' | 'event'>,
  end: { job?: AgentJob; record?: PullRequestRecord; skipped?: boolean; cancelled?: string },
  branch?: { record?: BranchRecord }
): HandOff {
  const { docsPrReviewers: all, docsPrLabels: labels, prComment } = ctx.settings
  const { run } = ctx.event
  const link = end.job?.prLink ?? undefined
  const ref = parsePullRequestLink(link)
  const reviewers = branch ? all.filter((r) => r.kind !== 'author') : all
  const askAuthors = !!branch && all.some((r) => r.kind === 'author')
  const asked = reviewers.length > 0 || labels.length > 0
  const quiet = end.cancelled !== undefined || end.skipped === true
  const already =
    link !== undefined && [end.record?.handedOff, branch?.record?.handedOff].includes(link)
  // Only docs-token reaches another repository (for the back-link: writes there).
  const reachable = !!ctx.docs || (!!ref && sameRepository(ref.repository, run.repository))
  // Nothing asked of a docs repository elsewhere (public, say): a refused read is a debug line.
  const justTrying = !asked && !reachable
  const follow = !quiet && !!ref && (!justTrying || !!ctx.github)
  let where: HandOff['backLink'] = reachable ? 'write' : 'away'
  if (ref && !onSameServer(ref.link, run)) {
    where = 'elsewhere'
  }
  const backLink = !already && !quiet && prComment && ref ? where : undefined
  // The record names it as handed off once reviewers and labels were requested (or none
  // asked) and the back-link is there or cannot be written; else a later run retries.
  const recorded = (handedOff: boolean, linked: 'done' | 'retry' | 'skipped') => {
    const finished = linked !== 'retry' && (handedOff || !asked)
    if (end.record && link && !already && finished) {
      return { ...end.record, handedOff: link }
    }
    return end.record
  }
  const asks = { link, already, reviewers, labels, justTrying, asked, ref, jobId: end.job?.id }
  return { ...asks, askAuthors, follow, backLink, recorded }
}

/** The hand-off of the job's docs pull request, as handOffOf decides it. */
export interface HandOff {
  /** The job's docs pull request, as the job names it. */
  link: string | undefined
  ref: PullRequestRef | undefined
  jobId: string | undefined
  /** The record (the pull request's or the branch's) names it as handed off already. */
  already: boolean
  /** The reviewers and labels to request (on a branch, the authors apart: `askAuthors`). */
  reviewers: readonly ReviewerSpec[]
  labels: readonly string[]
  askAuthors: boolean
  /** Reviewers or labels are asked for. */
  asked: boolean
  /** Nothing asked, and no session reaches it: a refused read is a debug line. */
  justTrying: boolean
  /** Read the docs pull request and follow it (request, label, update). */
  follow: boolean
  /** Where the back-link goes: written, on another server, or out of the tokens' reach. */
  backLink: 'write' | 'elsewhere' | 'away' | undefined
  /** The pull request's record to keep once the hand-off was tried. */
  recorded: (
    handedOff: boolean,
    linked: 'done' | 'retry' | 'skipped'
  ) => PullRequestRecord | undefined
}
