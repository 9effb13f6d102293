// The docs pull request's fate, pure: handed to reviewers when a run ends, followed when its code
// pull request ends or reopens (re-runs repeat no write; older runs do nothing), as recorded.

import type { AgentJob } from '../../agent/job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { isAgentAccount } from '../../github/agent-work.js'
import type { BranchRecord } from '../../github/branch-record.js'
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
}

/** The docs pull request as GitHub shows it; `foreign` says whose commit follows the agent's. */
export type DocsView = {
  state: 'open' | 'closed' | 'merged'
  foreign?: string | undefined
  pr?: { author: { login: string; type: string }; createdAt?: string }
}

/** The writes left to make for `action`; `outcome(done)`: what the run did, and the record to keep. */
export interface EndPlan {
  action: DocsPrAction
  link?: string
  steps: EndStep[]
  why: string
  outcome: (doneNow: readonly EndStep[]) => { action: DocsPrAction; record?: PullRequestRecord }
}

/** The docs pull request the event is about: the one closed for a reopen, else the job's. */
export function docsLinkFor(facts: EndFacts): string | undefined {
  if (facts.event === 'reopened') return facts.record.end?.docs
  return facts.jobLink ?? facts.record.handedOff
}

const NOT_CLOSED = 'the action did not close its docs pull request'
export const WORKING_WHY =
  'its docs job is still working, so the docs pull request is closed once the job ends (by a re-run of this workflow run, or a command on the pull request)'

/** Why a pull request gets no docs job: the docs agent opened it. */
export const AGENTS_OWN = 'was opened by the docs agent, whose own work never starts or feeds a job'

/** Why the job did not open the docs pull request: someone else did, or it came before the job. */
function notTheJobs(docs: DocsView, jobCreatedAt?: string): string | undefined {
  const author = docs.pr?.author
  if (author && !isAgentAccount(author))
    return `it was opened by ${author.login}, not by the account the docs agent writes as`
  const opened = Date.parse(docs.pr?.createdAt ?? '')
  if (opened < Date.parse(jobCreatedAt ?? '')) return 'it was opened before the job was created'
  return undefined
}

/** The plan for the docs pull request at `link` (docsLinkFor's) as GitHub shows it (undefined: unread). */
export function decideEnd(facts: EndFacts, link: string | undefined, docs?: DocsView): EndPlan {
  const { event, record } = facts
  const { runId, runAttempt } = facts.run
  // A re-run of the run that already handled this event, and the writes it made.
  const earlier = record.end?.run === runId && record.end.event === event ? record.end : undefined
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
      if (!keep || (!link && !pending)) return { action: now }
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
  if (runs.some((id) => BigInt(id) > BigInt(runId))) {
    return none('a later workflow run has already used this record', false)
  }
  if (pending) return none(WORKING_WHY)
  if (!link) return none(event === 'reopened' ? NOT_CLOSED : 'the job has no docs pull request')
  if (!docs) return none('the docs pull request could not be read')
  // The state before this run's own earlier attempt changed it.
  let state = docs.state
  if (state === 'closed' && done.includes('close')) state = 'open'
  if (state === 'open' && done.includes('reopen')) state = 'closed'
  if (event === 'reopened') {
    // A re-run finds its own earlier attempt in the record, not the close it answers.
    const closing = record.end?.event === 'closed' ? record.end.done : []
    const labelled = earlier?.did === 'unkept' || closing.includes('label')
    const closed = earlier?.did === 'reopened' || closing.includes('close')
    if (!labelled && !closed) return none(NOT_CLOSED)
    if (state !== (labelled ? 'open' : 'closed')) return none(`the docs pull request is ${state}`)
    const why = `the action ${labelled ? 'labelled' : 'closed'} it when the code pull request closed`
    if (labelled) return plan('unkept', ['unlabel', 'comment'], why)
    return plan('reopened', ['reopen', 'comment'], why)
  }
  // Told once, nothing else: a docs pull request already merged or closed stays as it is.
  if (state !== 'open')
    return plan('noted', ['comment'], `the docs pull request is already ${state}`)
  if (event === 'merged') {
    const handOff: EndStep[] = facts.handOffAsked && record.handedOff !== link ? ['hand-off'] : []
    return plan('merged-note', ['comment', ...handOff], 'the code pull request was merged')
  }
  if (facts.onClose === 'keep')
    return plan('kept', ['comment', 'label'], 'docs-pr-on-close is keep')
  const kept =
    facts.jobLink === undefined
      ? 'the job could not be read, so the action cannot tell it opened this docs pull request'
      : facts.jobLink !== link || (record.handedOff !== link && !docs.pr)
        ? 'the record does not name this docs pull request as the job’s'
        : (notTheJobs(docs, facts.jobCreatedAt) ?? docs.foreign)
  if (kept) return plan('kept', ['comment'], kept)
  return plan('closed', ['close', 'comment'], 'the code pull request was closed without merging')
}

/** What the run does with the job's docs pull request at its end (nothing when nothing was sent
 * or it was cancelled); on a branch, `author` means the changes' authors, asked apart. */
export function handOffOf(
  ctx: Pick<RunContext, 'settings' | 'docs' | 'github' | 'event'>,
  end: { job?: AgentJob; record?: PullRequestRecord; skipped?: boolean; cancelled?: string },
  branch?: { record?: BranchRecord }
) {
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
  const where = ref && !onSameServer(ref.link, run) ? 'elsewhere' : reachable ? 'write' : 'away'
  const backLink = !already && !quiet && prComment && ref ? where : undefined
  // The record names it as handed off once reviewers and labels were requested (or none
  // asked) and the back-link is there or cannot be written; else a later run retries.
  const recorded = (handedOff: boolean, linked: 'done' | 'retry' | 'skipped') =>
    end.record && link && !already && linked !== 'retry' && (handedOff || !asked)
      ? { ...end.record, handedOff: link }
      : end.record
  const asks = { link, already, reviewers, labels, justTrying, asked, ref, jobId: end.job?.id }
  return { ...asks, askAuthors, follow, backLink, recorded }
}
export type HandOff = ReturnType<typeof handOffOf>
