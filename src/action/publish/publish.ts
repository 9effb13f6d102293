// What the run tells the world once the job is settled, in order: the docs pull request
// (read, handed off, back-linked), the outputs, summary and last line, then side by side the
// comment, dashboard, check run and reaction, each best effort with its own budget.

import * as core from '@actions/core'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import type { PullRequestThread } from '../../github/pr-thread.js'
import { runUrl } from '../../github/workflow-run.js'
import type { Progress } from '../execute/executor.js'
import type { Outcome } from '../execute/outcome.js'
import type { Gathered } from '../plan/facts.js'
import { handOffOf, recordAfterHandOff, type HandOff } from '../plan/hand-off.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import type { BranchDashboard } from './branch-dashboard.js'
import { completeCheckRun } from './check-run.js'
import { reactToEnding, repliesOf } from './command-replies.js'
import { renderComment } from './comment-body.js'
import { linkDocsPullRequest, readAndHandOff } from './docs-pull-request.js'
import { announceEnding, writeOutputs } from './outputs.js'
import { summaryMarkdown, writeSummary } from './summary.js'

export async function publishOutcome(
  ctx: RunContext,
  gathered: Gathered | undefined,
  outcome: Outcome,
  dashboard?: BranchDashboard
): Promise<void> {
  const { settings } = ctx
  const handOff = handOffOf(settings, outcome, dashboard && gathered?.facts.branch)
  const timeLeft = ctx.deadline > ctx.clock.now()
  const { pr: docs, handedOff } =
    handOff.quiet || !timeLeft
      ? { pr: undefined, handedOff: false }
      : await readAndHandOff(ctx, outcome.job, handOff)
  const backLink =
    handOff.already || handOff.quiet
      ? 'skipped'
      : await linkDocsPullRequest(ctx, outcome.job, docs !== undefined)
  if (dashboard && handOff.link && docs) {
    await branchHandOff(ctx, dashboard, outcome, handOff, docs, handedOff)
  }
  const record = recordAfterHandOff(outcome.record, handOff, settings, { handedOff, backLink })

  writeOutputs(outcome, docs)
  const summary = summaryMarkdown({
    outcome,
    ...(docs ? { docs } : {}),
    durationMs: ctx.clock.now() - ctx.startedAt,
    ...(settings.mode === 'wait' ? {} : { prompt: settings.prompt })
  })
  await writeSummary(summary)
  announceEnding(outcome)

  // After the outputs, so a comment or check run that fails loses nothing.
  const afterwards: Promise<unknown>[] = []
  const thread = gathered?.thread
  if (thread && record) {
    const body = renderComment(
      { ...outcome, jobId: record.jobId, ...(docs ? { docs } : {}) },
      thread.run
    )
    afterwards.push(thread.save(record, body, ctx.last(BUDGETS.prComment)))
  } else if (thread) {
    core.debug('pr-comment: no agent job was started or named; no comment.')
  }
  if (dashboard && outcome.jobId) {
    const link = handOff.link
    const state: 'merged' | 'closed' | 'open' | undefined =
      docs && (docs.merged ? 'merged' : docs.state === 'closed' ? 'closed' : 'open')
    const view = {
      jobId: outcome.jobId,
      sent: outcome.sent !== undefined,
      ...(link ? { docsPullRequest: { link, ...(state ? { state } : {}) } } : {}),
      ...(outcome.job ? { jobStatus: outcome.job.status } : {}),
      note: outcome.did ?? outcome.ending.message
    }
    afterwards.push(dashboard.save(view, ctx.last(BUDGETS.dashboard), new Date(ctx.clock.now())))
  }
  if (ctx.checkRun) {
    const budgetMs = ctx.last(BUDGETS.checkRunEnd)
    afterwards.push(completeCheckRun(ctx.checkRun, outcome, summary, budgetMs))
  }
  const replies = repliesOf(ctx, gathered)
  if (replies) {
    const budgetMs = ctx.last(BUDGETS.reaction)
    afterwards.push(reactToEnding({ ...replies, budgetMs }, outcome.ending, outcome.job))
  }
  await Promise.all(afterwards)
}

/** A branch's docs pull request: the hand-off recorded, its authors asked, the update noted. */
async function branchHandOff(
  ctx: RunContext,
  dashboard: BranchDashboard,
  outcome: Outcome,
  handOff: HandOff,
  docs: DocsPullRequest,
  handedOff: boolean
): Promise<void> {
  const link = handOff.link as string
  if (handedOff) dashboard.handedOff(link)
  const session = docsSession(ctx, link, 'write')
  if (!session) return
  const budgetMs = ctx.left(BUDGETS.docsPullRequest)
  if (docs.state === 'open' && handOff.askAuthors) {
    await dashboard.askAuthors(session, link, docs.author?.login, outcome.jobId ?? '', budgetMs)
  }
  if (outcome.sent !== undefined) {
    await dashboard.noteUpdate(session, link, runUrl(ctx.event.run), budgetMs)
  }
}

/** How the run shows its job while it works: the check run in progress, the early record. */
export function progressOf(
  ctx: RunContext,
  thread: PullRequestThread | undefined,
  dashboard: BranchDashboard | undefined
): Progress {
  return {
    async started(jobId) {
      if (ctx.checkRun && ctx.deadline > ctx.clock.now()) {
        await ctx.checkRun.start(jobId, ctx.left(BUDGETS.checkRunCall))
      }
    },
    async settled(job, did, sent, record) {
      if (thread && record) {
        const message = 'The job is working; this comment is updated when this run ends.'
        const ending = { conclusion: 'succeeded' as const, message }
        const body = renderComment({ jobId: record.jobId, job, did, ending }, thread.run)
        await thread.save(record, body, BUDGETS.earlyRecord, { early: true })
      }
      if (dashboard) {
        const view = { jobId: job.id, sent, jobStatus: job.status, note: did }
        await dashboard.save(view, BUDGETS.dashboard.normal, new Date(ctx.clock.now()))
      }
    }
  }
}
