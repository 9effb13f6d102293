// What the run tells the world once the job is settled, in order: the docs pull request (followed,
// linked back to the job); the outputs, summary and last line; then side by side the comment,
// the dashboard, the check run and the reaction; last, the failure of a prompt not recorded.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine, safeMarkdown } from '../../common/safe-text.js'
import { ACTION_TITLE, type CheckConclusion, type CompletedCheck } from '../../github/check-run.js'
import type { Command } from '../../github/command.js'
import { followDocsPullRequest } from '../../github/docs-pull-request.js'
import { writeBackLink } from '../../github/back-links.js'
import { pullRequestState, react, replyToCommand } from '../../github/pr-thread.js'
import type { PullRequestThread } from '../../github/pr-thread.js'
import type { GitHubSession } from '../../github/session.js'
import type { JobRun } from '../execute/executor.js'
import type { Outcome } from '../execute/job-owner.js'
import type { Gathered } from '../plan/facts.js'
import { handOffOf, type HandOff } from '../plan/docs-fate.js'
import type { Plan } from '../plan/plan.js'
import { wouldDo } from '../plan/words.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import type { BranchDashboard } from './branch-dashboard.js'
import { outputValues, promptBlock, renderComment } from './summary.js'
import { setOutputs, summaryMarkdown, writeSummary } from './summary.js'

export async function publishOutcome(
  ctx: RunContext,
  gathered: Gathered | undefined,
  outcome: Outcome,
  dashboard?: BranchDashboard
): Promise<void> {
  const { settings } = ctx
  const branch = dashboard ? gathered?.facts.branch : undefined
  const handOff = handOffOf(ctx, outcome, branch)
  const { link, ref } = handOff
  const { pr: docs, handedOff } = await followDocs(ctx, handOff)
  const backLink = await linkDocsPullRequest(ctx, handOff, docs !== undefined)
  if (dashboard && docs) {
    await dashboard.followDocs(outcome, handOff, docs, handedOff)
  }
  const record = handOff.recorded(handedOff, backLink)

  setOutputs(ctx.host, outputValues(outcome, docs))
  const prompt = settings.mode === 'wait' ? undefined : settings.prompt
  const summary = summaryMarkdown(outcome, ctx.clock.now() - ctx.startedAt, docs, prompt)
  await writeSummary(ctx.host, summary)
  const say = { failed: core.setFailed, warned: core.warning, succeeded: core.info }
  say[outcome.ending.conclusion](safeLine(outcome.ending.message, 2000))

  // These come after the outputs, so a comment or check run that fails loses nothing. Each is
  // best effort.
  const thread = gathered?.thread
  const command = gathered?.command?.command
  if (thread && !record) {
    core.debug('pr-comment: no agent job was started or named; no comment.')
  }
  let comment: Promise<unknown> | undefined
  if (thread && record) {
    const body = renderComment({ ...outcome, jobId: record.job, docs }, thread.run)
    comment = thread.save(record, body, ctx.last(BUDGETS.prComment))
  }
  const state = docs ? pullRequestState(docs) : undefined
  const view = link ? { link, state } : undefined
  const board = dashboard?.save({ ...outcome, docs: view }, ctx.last(BUDGETS.dashboard))
  const linkIsHttps = ref ? /^https:\/\//i.test(ref.link) : false
  const check = {
    ...checkOutcome(outcome),
    summary: summary || outcome.ending.message,
    jobId: outcome.jobId,
    detailsUrl: linkIsHttps ? link : undefined
  }
  const checkRun = ctx.checkRun?.complete(check, ctx.last(BUDGETS.checkRunEnd))
  let reaction: Promise<void> | undefined
  if (command && ctx.github) {
    reaction = reactToEnding(ctx.github, command, outcome, ctx.last(BUDGETS.reaction))
  }
  await Promise.all([comment, board, checkRun, reaction])
  // Told but not recorded: a failure, so that a person sees what the next run may tell again.
  const unrecorded = dashboard?.unrecorded()
  if (unrecorded) {
    core.setFailed(safeLine(unrecorded, 2000))
    await failCheck(ctx, check, unrecorded)
  }
}

/**
 * The check run, completed with the outcome, says what the step says when the dashboard lost a
 * told prompt: failed, with the reason first. Not when cancelled: the runner shows that.
 */
async function failCheck(
  ctx: RunContext,
  check: CompletedCheck,
  unrecorded: string
): Promise<void> {
  if (!ctx.checkRun || ctx.cancelled()) {
    return
  }
  const title = check.conclusion === 'failure' ? check.title : 'The docs step failed'
  const summary = `${safeMarkdown(unrecorded, 2000)}\n\n${check.summary}`
  const failed: CompletedCheck = { ...check, conclusion: 'failure', title, summary }
  await ctx.checkRun.complete(failed, ctx.last(BUDGETS.checkRunEnd))
}

/** The docs pull request the job opened, followed while the run has time left. */
async function followDocs(ctx: RunContext, handOff: HandOff) {
  const timeLeft = ctx.deadline > ctx.clock.now()
  if (!handOff.follow || !timeLeft) {
    return { pr: undefined, handedOff: false }
  }
  const session = docsSession(ctx, handOff.link, 'read')
  const budget = ctx.left(BUDGETS.docsPullRequest)
  return followDocsPullRequest(session, ctx.event.run, handOff, budget)
}

/** A settled job shown while it works: the early record and comment, the dashboard. */
export function settledOf(
  ctx: RunContext,
  thread: PullRequestThread | undefined,
  dashboard: BranchDashboard | undefined
): JobRun['settled'] {
  return async (job, did, sent, record) => {
    if (thread && record) {
      const message = 'The job is working; this comment is updated when this run ends.'
      const ending = { conclusion: 'succeeded' as const, message }
      const body = renderComment({ jobId: record.job, job, did, ending }, thread.run)
      await thread.save(record, body, BUDGETS.earlyRecord, true)
    }
    await dashboard?.save({ jobId: job.id, job, did, sent }, BUDGETS.dashboard.normal)
  }
}

/** A run without a job: skipped, refused (with a reply), or a dry run (nothing written to GitHub). */
export async function publishWithoutJob(
  ctx: RunContext,
  gathered: Gathered,
  plan: Plan,
  prompt?: string
): Promise<void> {
  // Nothing to send: a deleted branch, a tag, the agent's own pull request, or a pull request
  // that ended since the run started. The log says why. A comment that was no command was
  // logged already.
  const { command } = gathered.facts
  const toldAlready = command !== undefined && 'reason' in command
  if (plan.action === 'skip' && !toldAlready) {
    core.info(safeLine(`Nothing was sent: ${plan.reason}.`, 1000))
    setOutputs(ctx.host, { skipped: 'true', created: 'false' })
  }
  const taken = gathered.command?.command
  if (!ctx.settings.dryRun) {
    const phrase = ctx.settings.triggerPhrase
    if (plan.action === 'refuse' && taken && ctx.github) {
      await replyToCommand(ctx.github, taken, phrase, plan, BUDGETS.commandCheck)
    }
    return
  }
  const decision = wouldDo(plan)
  core.startGroup('Dry run: what this run would do')
  core.info(safeLine(decision, 1000))
  if (prompt !== undefined) {
    core.info('The exact text it would send to the agent:')
    for (const line of prompt.split(/\r?\n/)) {
      core.info(`  ${safeLine(line, 4000)}`)
    }
  }
  core.endGroup()
  const jobId = 'jobId' in plan ? (plan.jobId ?? '') : ''
  const skipped = String(plan.action === 'nothing-new')
  setOutputs(ctx.host, { 'job-id': jobId, status: '', created: 'false', skipped })
  const nothing = 'was sent to the Agent Jobs API and nothing was written to GitHub.'
  const block = prompt === undefined ? '' : `\n${promptBlock('The text it would send', prompt)}`
  const said = `${safeMarkdown(decision, 1000)}\n\nNothing ${nothing}\n${block}\n`
  await writeSummary(ctx.host, `### ${ACTION_TITLE} (dry run)\n\n${said}`)
  core.info(`Dry run: nothing ${nothing}`)
}

export function checkOutcome(
  end: Pick<Outcome, 'ending' | 'waitEnd' | 'job'> & { cancelled?: boolean | NodeJS.Signals }
): { conclusion: CheckConclusion; title: string } {
  const { job } = end
  const id = job?.id ? ` ${job.id}` : ''
  const is = (conclusion: CheckConclusion, title: string) => ({ conclusion, title })
  if (end.cancelled || end.waitEnd === 'cancelled') {
    return is('cancelled', `Cancelled while waiting for docs job${id}`)
  }
  if (end.waitEnd === 'timeout') {
    return is('timed_out', `Timed out waiting for docs job${id}`)
  }
  if (end.ending.conclusion === 'failed') {
    if (job?.status === 'failed') {
      return is('failure', `Docs job${id} failed`)
    }
    if (job?.status === 'completed' && !job.prLink) {
      return is('failure', `Docs job${id} changed nothing, and a pull request was required`)
    }
    return is('failure', 'The docs step failed')
  }
  if (job?.status === 'completed') {
    const pr = parsePullRequestLink(job.prLink)
    if (pr) {
      return is('success', `Docs job${id} completed: pull request ${pr.repository}#${pr.number}`)
    }
    if (job.prLink) {
      return is('success', `Docs job${id} completed`)
    }
    return is('neutral', `Docs job${id} changed nothing`)
  }
  if (job?.status === 'archived') {
    return is('neutral', `Docs job${id} was archived before it completed`)
  }
  // wait: false: the job goes on; the check does not stay in progress for ever.
  return is('neutral', `Not waited for: docs job${id} is ${job?.status ?? 'unknown'}`)
}

/** 🚀 when the job completed, 😕 when it failed, timed out or was cancelled; nothing while it runs on. */
export async function reactToEnding(
  session: GitHubSession,
  command: Command,
  { ending, job }: Pick<Outcome, 'ending' | 'job'>,
  budgetMs: number
): Promise<void> {
  const completed = job?.status === 'completed' && ending.conclusion !== 'failed'
  const wentWrong =
    ending.conclusion === 'failed' || job?.status === 'failed' || job?.status === 'archived'
  if (completed) {
    await react(session, command, 'rocket', budgetMs)
  } else if (wentWrong) {
    await react(session, command, 'confused', budgetMs)
  }
}

/**
 * The back-link that commands on the docs pull request use. Says 'done' when it is there or
 * cannot be written, 'retry' when a later run should try again, and 'skipped' when the hand-off
 * wants none.
 */
async function linkDocsPullRequest(ctx: RunContext, handOff: HandOff, readable: boolean) {
  const { backLink, link, ref, jobId } = handOff
  const { run } = ctx.event
  if (!backLink || !jobId || !ref) {
    return 'skipped'
  }
  if (backLink === 'elsewhere') {
    const where = `is not on ${safeLine(run.serverUrl)}`
    core.info(`Docs pull request ${safeLine(link)} ${where}; no back-link.`)
  } else if (backLink === 'away') {
    // Only commands on the docs pull request need the link: a debug line, not a warning.
    core.debug(
      `docs back-link: docs pull request ${safeLine(link)} is in another repository ` +
        'and docs-token is empty, so it gets no link to its job ' +
        'and commands given on it cannot find the job. ' +
        'Set docs-token to a token with pull-requests: write there.'
    )
  }
  if (backLink !== 'write') {
    return 'done'
  }
  // A token that cannot read the docs pull request cannot comment on it. One that can read it
  // here can write too (docs-token, or github-token in this repository).
  const session = docsSession(ctx, link, 'write')
  if (!readable || !session) {
    return 'retry'
  }
  const owner = { jobId, projectId: ctx.settings.projectId }
  const written = await writeBackLink(session, run, owner, ref, BUDGETS.backLink)
  return written ? 'done' : 'retry'
}
