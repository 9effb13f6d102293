// A branch run's facts: its ledger from the dashboard issue, the recorded job, the commits
// it weighs and which are untold. Reads only, but older records are retired once found.

import { olderBase, readCandidates, type ReadCandidates } from '../../github/branch-commits.js'
import { sourcePullRequests } from '../../github/source-pulls.js'
import { MAX_ENDED, untold } from '../../github/branch-record.js'
import { findDashboards, retireDashboard, saveDashboard } from '../../github/dashboard.js'
import { readPullRequestState } from '../../github/pr-thread.js'
import { record as objectOf, text } from '../../github/workflow-run.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import { hasEnded, recordedStatus, type BranchFacts, type RecordedJob } from './plan.js'

/** A push, scheduled or manual run keeps one job per branch; a deleted branch or a tag none. */
export async function branchFacts(
  ctx: RunContext,
  lookUp: (jobId: string) => Promise<RecordedJob>
): Promise<BranchFacts | 'deleted' | 'tag' | undefined> {
  const { run } = ctx.event
  const { settings } = ctx
  if (!['push', 'schedule', 'workflow_dispatch'].includes(run.eventName)) return undefined
  const payload = objectOf(run.payload)
  if (run.eventName === 'push' && payload?.deleted === true) return 'deleted'
  const branch = /^refs\/heads\/(.+)$/.exec(text(payload?.ref) ?? run.ref)?.[1]
  if (branch === undefined) return 'tag'
  const session = ctx.github
  if (!session?.repository) return undefined
  const budgetMs = ctx.left(BUDGETS.branchReads)
  const key = settings.recordKey ?? (run.workflowFile || run.workflow || 'workflow')
  // The dashboards are looked up by their author: the account the token writes as.
  const identity = await session.identity(budgetMs)
  const dashboardKey = { projectId: settings.projectId, branch, key, identity }
  const { winner, others: older, denied } = await findDashboards(session, dashboardKey, budgetMs)
  let record = winner?.record
  let recorded = record ? await lookUp(record.jobId) : undefined
  let base = record?.base
  let others: BranchFacts['others'] = []
  for (const other of older) {
    if (base && other.record.base)
      base = await olderBase(session, base, other.record.base, budgetMs)
    const job = await lookUp(other.record.jobId)
    const link = job.kind === 'found' ? job.job.prLink : null
    others.push({ ...other, ...(link ? { docsPullRequest: link } : {}) })
  }
  // Older records are absorbed at once (the winner takes their base and lists their jobs as
  // ended), then closed once the winner is written: a run that fails later loses nothing.
  if (winner && others.length > 0 && !settings.dryRun) {
    const lost = others.map((other) => ({ id: other.record.jobId, why: 'lost-race' as const }))
    const ended = [...winner.record.ended, ...lost].slice(-MAX_ENDED)
    const absorbed = { ...winner.record, base, ended }
    const view = { ...run, record: absorbed }
    const saved = await saveDashboard(session, winner.issue.number, view, budgetMs)
    if (saved.kind === 'saved') {
      for (const other of others) {
        const docs = docsSession(ctx, other.docsPullRequest, 'write')
        await retireDashboard(session, other, winner.issue, budgetMs, docs)
      }
      record = absorbed
      others = []
    }
  }
  // At the head the record says is all told, with its job alive: no commit to read.
  const alive = recorded?.kind === 'found' && !['failed', 'archived'].includes(recorded.job.status)
  const told = record?.seen === run.sha && alive && others.length === 0
  const input = { ...run, branch, base, now: new Date(ctx.clock.now()) }
  const candidates: ReadCandidates = told
    ? { since: [], event: [], unread: 0, origin: 'since-record' }
    : await readCandidates(session, input, budgetMs)
  const fresh = untold(record, candidates)
  const freshIfEnded = record ? untold(record, candidates, new Set([record.jobId])) : fresh
  // Whether the job's docs pull request was merged or closed decides which job, and
  // whether a job that ended had delivered its commits (then it gives none back).
  if (fresh.length > 0 || (hasEnded(recorded) && freshIfEnded.length > 0)) {
    const link =
      recorded?.kind === 'found'
        ? recordedStatus(recorded) === 'active'
          ? null
          : recorded.job.prLink
        : (record?.docs ?? record?.handedOff ?? null)
    const docs = docsSession(ctx, link, 'read')
    const state = link ? await readPullRequestState(docs, link, budgetMs) : undefined
    if (state && (recorded?.kind === 'found' || recorded?.kind === 'gone'))
      recorded = { ...recorded, docsPullRequest: state }
  }
  // The source pull requests of what may be told: a job that failed, or that may fail
  // while the run waits for it, gives its commits back.
  const weighed = !record || recordedStatus(recorded) !== 'completed' ? freshIfEnded : fresh
  return {
    branch,
    key,
    ...(winner ? { issue: winner.issue.number, record } : {}),
    recorded,
    others,
    denied: denied !== undefined,
    candidates,
    fresh,
    freshIfEnded,
    pulls: await sourcePullRequests(session, weighed, budgetMs)
  }
}
