// Everything the run tells the world once the job is settled, in one order written
// once: the docs pull request (read, handed off, back-linked), then the outputs, the
// job summary and the last line, then side by side the pull request comment, the check
// run and the command's reaction. Each reads the same outcome; each is best effort
// with its own budget from budgets.ts, so none can lose another's output.

import type { DocsCheckRun } from '../../github/check-run.js'
import { withHandedOff } from '../../github/pr-record.js'
import type { PullRequestThread } from '../../github/pr-thread.js'
import { runUrl, type WorkflowRun } from '../../github/workflow-run.js'
import * as core from '@actions/core'
import { BUDGETS } from '../budgets.js'
import type { Outcome } from '../execute/outcome.js'
import type { Settings } from '../shell/inputs.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import type { BranchDashboard } from './branch-dashboard.js'
import { completeCheckRun } from './check-run.js'
import { reactToEnding, type CommandReplyOptions } from './command-replies.js'
import { renderComment } from './comment-body.js'
import { linkDocsPullRequest, readAndHandOff } from './docs-pull-request.js'
import { sameRepository } from '../plan/facts.js'
import { announceEnding, writeOutputs } from './outputs.js'
import { summaryMarkdown, writeSummary } from './summary.js'

export interface PublishContext {
  settings: Settings
  run: WorkflowRun
  userAgent: string
  startedAt: number
  now: () => number
  deadline: number
  signal: AbortSignal
  thread?: PullRequestThread
  checkRun?: DocsCheckRun
  /** A command taken from a comment: it gets its reaction. */
  command?: CommandReplyOptions
  /** A branch's run: its dashboard issue. */
  dashboard?: BranchDashboard
}

export async function publishOutcome(ctx: PublishContext, outcome: Outcome): Promise<void> {
  const { settings } = ctx
  const cancelled = outcome.cancelled !== undefined
  const prLink = outcome.job?.prLink ?? undefined
  // Once per docs pull request (the record says when): reviewers, labels, back-link.
  const alreadyHandedOff =
    prLink !== undefined &&
    (outcome.record?.handedOff === prLink || ctx.dashboard?.alreadyHandedOff(prLink) === true)
  // On a branch, `author` means the authors of the covered changes (asked below).
  const handOffSettings = ctx.dashboard
    ? { ...settings, docsPrReviewers: settings.docsPrReviewers.filter((r) => r.kind !== 'author') }
    : settings
  // Nothing was sent (nothing new): the docs pull request did not change either.
  const quiet = cancelled || outcome.skipped === true
  const { pr: docs, handedOff } = quiet
    ? { pr: undefined, handedOff: false }
    : await readAndHandOff({
        settings: handOffSettings,
        run: ctx.run,
        job: outcome.job,
        budgetMs: Math.min(BUDGETS.docsPullRequest, ctx.deadline - ctx.now()),
        signal: ctx.signal,
        userAgent: ctx.userAgent,
        alreadyHandedOff
      })
  const backLink =
    alreadyHandedOff || quiet
      ? 'skipped'
      : await linkDocsPullRequest({
          settings,
          run: ctx.run,
          job: outcome.job,
          readable: docs !== undefined,
          userAgent: ctx.userAgent,
          budgetMs: BUDGETS.backLink
        })
  if (ctx.dashboard && prLink && docs) {
    await branchHandOff(ctx, ctx.dashboard, outcome, prLink, docs, handedOff)
  }
  const asked = settings.docsPrReviewers.length > 0 || settings.docsPrLabels.length > 0
  const record =
    outcome.record && prLink && !alreadyHandedOff && backLink !== 'retry' && (handedOff || !asked)
      ? withHandedOff(outcome.record, prLink)
      : outcome.record

  writeOutputs(outcome, docs)
  const summary = summaryMarkdown({
    outcome,
    ...(docs ? { docs } : {}),
    durationMs: ctx.now() - ctx.startedAt,
    ...(settings.mode === 'wait' ? {} : { prompt: settings.prompt })
  })
  await writeSummary(summary)
  announceEnding(outcome)

  // After the outputs, so a comment or check run that fails loses nothing.
  const last = (budget: { normal: number; cancelled: number }): number =>
    cancelled ? budget.cancelled : budget.normal
  const afterwards: Promise<unknown>[] = []
  if (ctx.thread && record) {
    const body = renderComment(
      {
        jobId: record.jobId,
        ...(outcome.job ? { job: outcome.job } : {}),
        ending: outcome.ending,
        ...(outcome.did ? { did: outcome.did } : {}),
        ...(docs ? { docs } : {})
      },
      ctx.thread.run
    )
    afterwards.push(ctx.thread.save(record, body, last(BUDGETS.prComment)))
  } else if (ctx.thread) {
    core.debug('pr-comment: no agent job was started or named; no comment.')
  }
  if (ctx.dashboard && outcome.jobId) {
    afterwards.push(
      ctx.dashboard.save(
        {
          jobId: outcome.jobId,
          sent: outcome.sent !== undefined,
          ...(prLink
            ? { docsPullRequest: { link: prLink, ...(docs ? { state: docsState(docs) } : {}) } }
            : {}),
          ...(outcome.job ? { jobStatus: outcome.job.status } : {}),
          note: outcome.did ?? outcome.ending.message
        },
        last(BUDGETS.dashboard),
        new Date(ctx.now())
      )
    )
  }
  if (ctx.checkRun) {
    afterwards.push(completeCheckRun(ctx.checkRun, outcome, summary, last(BUDGETS.checkRunEnd)))
  }
  if (ctx.command) {
    const command = { ...ctx.command, budgetMs: last(BUDGETS.reaction) }
    afterwards.push(reactToEnding(command, outcome.ending, outcome.job))
  }
  await Promise.all(afterwards)
}

/** A branch's docs pull request: the hand-off recorded, its authors asked, the update noted. */
async function branchHandOff(
  ctx: PublishContext,
  dashboard: BranchDashboard,
  outcome: Outcome,
  prLink: string,
  docs: DocsPullRequest,
  handedOff: boolean
): Promise<void> {
  if (handedOff) dashboard.handedOff(prLink)
  // A token that reaches the docs pull request: docs-token, or the docs in this repository.
  const here = sameRepository(docs.repository, ctx.run.repository)
  const token = ctx.settings.docsToken ?? (here ? ctx.settings.githubToken : undefined)
  if (!token) return
  const access = {
    token,
    userAgent: ctx.userAgent,
    signal: ctx.signal,
    budgetMs: Math.max(1, Math.min(BUDGETS.docsPullRequest, ctx.deadline - ctx.now()))
  }
  if (docs.state === 'open' && ctx.settings.docsPrReviewers.some((r) => r.kind === 'author')) {
    await dashboard.askAuthors(access, prLink, docs.author?.login, outcome.jobId ?? '')
  }
  if (outcome.sent !== undefined) await dashboard.noteUpdate(access, prLink, runUrl(ctx.run))
}

function docsState(docs: DocsPullRequest): 'open' | 'merged' | 'closed' {
  if (docs.merged) return 'merged'
  return docs.state === 'closed' ? 'closed' : 'open'
}

/** The hooks the executor calls while it works: the check run in progress, the early record. */
export function progressHooks(ctx: PublishContext) {
  return {
    async jobStarted(jobId: string): Promise<void> {
      const left = ctx.deadline - ctx.now()
      if (ctx.checkRun && left > 0)
        await ctx.checkRun.start(jobId, Math.min(BUDGETS.checkRunCall, left))
    },
    ...(ctx.thread
      ? {
          async recordEarly(
            record: NonNullable<Outcome['record']>,
            job: NonNullable<Outcome['job']>,
            did: string
          ): Promise<void> {
            const thread = ctx.thread as PullRequestThread
            const body = renderComment(
              {
                jobId: record.jobId,
                job,
                did,
                ending: {
                  conclusion: 'succeeded',
                  message: 'The job is working; this comment is updated when this run ends.'
                }
              },
              thread.run
            )
            await thread.save(record, body, BUDGETS.earlyRecord, { early: true })
          }
        }
      : {}),
    ...(ctx.dashboard
      ? {
          async branchSettled(job: NonNullable<Outcome['job']>, did: string, sent: boolean) {
            const dashboard = ctx.dashboard as BranchDashboard
            await dashboard.save(
              { jobId: job.id, sent, jobStatus: job.status, note: did },
              BUDGETS.dashboard.normal,
              new Date(ctx.now())
            )
          }
        }
      : {})
  }
}
