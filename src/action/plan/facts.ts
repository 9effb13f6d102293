// The facts a plan is made from, gathered with reads only: the command's check, the
// pull request's record and its job as the service sees it, the job that opened a
// docs pull request, an earlier attempt's job. Nothing is sent and nothing written.

import * as core from '@actions/core'
import { isNotFound } from '../../agent/http-errors.js'
import type { AgentJob } from '../../agent/job.js'
import type { Clock } from '../../common/clock.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import type { DocsCheckRun } from '../../github/check-run.js'
import { PullRequestThread } from '../../github/pr-thread.js'
import { tokenIdentity } from '../../github/token-identity.js'
import { BUDGETS, within } from '../budgets.js'
import type { RunEvent } from '../shell/event.js'
import type { Settings } from '../shell/inputs.js'
import { BRANCH_EVENTS, gatherBranchFacts, notABranch, type BranchFacts } from './branch-facts.js'
import { checkCommand, settingsForCommand, type CheckedCommand } from './command-gate.js'
import { followEarlierJob, type Facts, type RecordedJob, type RunIdentity } from './plan.js'

/** How facts read a job: the run's Agent Jobs calls, with their retries (execute/job-calls.ts). */
export interface JobReader {
  read(jobId: string): Promise<AgentJob>
}

export interface GatherContext {
  event: RunEvent
  settings: Settings
  /** Undefined in a dry run without api-key: nothing is read from the service. */
  calls: JobReader | undefined
  userAgent: string
  clock: Clock
  deadline: number
  signal: AbortSignal
  checkRun?: DocsCheckRun
}

export interface Gathered {
  facts: Facts
  /** The settings the run goes on with (a command's prompt in place of the workflow's). */
  settings: Settings
  /** The pull request's comment thread, when the run keeps a record there. */
  thread?: PullRequestThread
  /** The command, as checked, on a command event. */
  command?: CheckedCommand
}

/** The run's identity as records hold it (digits; 0 when the runner did not say). */
function runIdentity(event: RunEvent): RunIdentity {
  const runId = /^\d{1,20}$/.test(event.run.runId) ? event.run.runId : '0'
  return { runId, runAttempt: event.run.runAttempt }
}

export async function gatherFacts(ctx: GatherContext): Promise<Gathered> {
  const run = runIdentity(ctx.event)
  let settings = ctx.settings
  let command: CheckedCommand | undefined
  if (ctx.event.commandEvent) {
    command = await checkCommand(settings, ctx.event, {
      userAgent: ctx.userAgent,
      budgetMs: Math.min(BUDGETS.commandCheck, settings.timeoutMs)
    })
    if (command.verdict.kind !== 'taken' || command.prompt === undefined) {
      return {
        facts: { run, reuseJob: settings.reuseJob, command: command.verdict },
        settings,
        command
      }
    }
    settings = settingsForCommand(settings, command.prompt)
  }
  const left = (budgetMs: number): number => within(budgetMs, ctx.deadline, ctx.clock.now())
  const thread = settings.prComment
    ? await PullRequestThread.open({
        run: ctx.event.run,
        ...(settings.githubToken ? { token: settings.githubToken } : {}),
        userAgent: ctx.userAgent,
        projectId: settings.projectId,
        signal: ctx.signal,
        budgetMs: left(BUDGETS.pullRequestThread)
      })
    : undefined
  const facts: Facts = {
    run,
    reuseJob: settings.reuseJob,
    ...(command ? { command: command.verdict } : {})
  }
  const gathered = (more: Partial<Facts>): Gathered => ({
    facts: { ...facts, ...more },
    settings,
    ...(thread ? { thread } : {}),
    ...(command ? { command } : {})
  })
  if (settings.mode !== 'create') {
    return gathered({ named: { jobId: settings.jobId, send: settings.mode === 'message' } })
  }
  if (command?.docsJobCandidates && command.command && ctx.calls) {
    const here = { repository: ctx.event.run.repository, number: command.command.pullNumber }
    const opener = await jobThatOpened(ctx.calls, here, command.docsJobCandidates)
    if (opener) return gathered({ docsOpener: opener })
  }
  if (thread) {
    const record = thread.record
    if (!record || !settings.reuseJob) return gathered({ pullRequest: record ? { record } : {} })
    core.info(
      `Pull request #${thread.number} has job ${safeLine(record.jobId)} (project ${safeLine(settings.projectId)}); looking it up.`
    )
    const recorded = await lookUp(ctx.calls, record.jobId, (link) =>
      thread.docsPullRequestState(link, left(BUDGETS.docsPullRequestState))
    )
    return gathered({ pullRequest: { record, recorded } })
  }
  const branch = await branchFacts(ctx, settings, command !== undefined)
  if (branch === 'deleted' || branch === 'tag') return gathered({ notABranch: branch })
  if (branch) return gathered({ branch })
  if (ctx.checkRun?.isRerunOutsidePullRequest()) {
    const earlier = await earlierAttempt(ctx.calls, ctx.checkRun, left(BUDGETS.earlierAttempt))
    return gathered(earlier ? { earlierAttempt: earlier } : {})
  }
  return gathered({})
}

/** The record a branch run keeps: `record-key`, else the workflow's file (or name). */
export function recordKey(settings: Settings, run: RunEvent['run']): string {
  return settings.recordKey ?? (run.workflowFile || run.workflow || 'workflow')
}

/**
 * A push, scheduled or manual run keeps one job per branch. A deleted branch or a tag
 * keeps none: the run sends nothing, and says why.
 */
async function branchFacts(
  ctx: GatherContext,
  settings: Settings,
  isCommand: boolean
): Promise<BranchFacts | 'deleted' | 'tag' | undefined> {
  const { run } = ctx.event
  if (isCommand || !settings.reuseJob) return undefined
  if (!(BRANCH_EVENTS as readonly string[]).includes(run.eventName)) return undefined
  const not = notABranch(run)
  if (not) return not
  if (!settings.githubToken || !run.repository) return undefined
  const token = settings.githubToken
  const access = {
    token,
    userAgent: ctx.userAgent,
    repository: run.repository,
    signal: ctx.signal,
    budgetMs: within(BUDGETS.branchReads, ctx.deadline, ctx.clock.now())
  }
  return gatherBranchFacts({
    access,
    docsToken: settings.docsToken ?? token,
    run,
    identity: await tokenIdentity(access),
    key: recordKey(settings, run),
    projectId: settings.projectId,
    now: new Date(ctx.clock.now()),
    lookUp: (jobId) => lookUp(ctx.calls, jobId),
    // A dry run writes nothing, older records included.
    ...(settings.dryRun
      ? {}
      : { retire: settings.docsToken ? { docsToken: settings.docsToken } : {} })
  })
}

/** A job as the service sees it: found, or gone (404). Other errors throw. */
async function lookUp(
  calls: JobReader | undefined,
  jobId: string,
  docsState?: (link: string) => Promise<'open' | 'merged' | 'closed' | undefined>
): Promise<RecordedJob> {
  if (!calls) return { kind: 'unread' }
  let job: AgentJob
  try {
    job = await calls.read(jobId)
  } catch (error) {
    if (isNotFound(error)) return { kind: 'gone' }
    throw error
  }
  if (!docsState || job.status !== 'completed' || !job.prLink) return { kind: 'found', job }
  const docsPullRequest = await docsState(job.prLink)
  return { kind: 'found', job, ...(docsPullRequest ? { docsPullRequest } : {}) }
}

/**
 * The job that opened the docs pull request: the first candidate whose pull request,
 * as the service reports it, is this one. A back-link is only a claim; this is the proof.
 */
async function jobThatOpened(
  calls: JobReader | undefined,
  here: { repository: string; number: number },
  candidates: string[]
): Promise<AgentJob | undefined> {
  const name = `${here.repository}#${here.number}`
  for (const id of candidates) {
    const recorded = await lookUp(calls, id)
    if (recorded.kind === 'unread') return undefined
    if (recorded.kind === 'gone') {
      core.info(`A back-link names job ${safeLine(id)}, which does not exist; not following it.`)
      continue
    }
    const opened = parsePullRequestLink(recorded.job.prLink)
    if (
      opened &&
      opened.number === here.number &&
      sameRepository(opened.repository, here.repository)
    ) {
      core.info(
        `Pull request ${safeLine(name)} is the docs pull request of job ${safeLine(id)}: the command goes to that job.`
      )
      return recorded.job
    }
    core.info(
      `A back-link names job ${safeLine(id)}, whose pull request is not ${safeLine(name)}; not following it.`
    )
  }
  return undefined
}

/** owner/name compared as GitHub does: in any case. */
export function sameRepository(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/** A re-run of a push or scheduled run: the job its earlier attempt's check run names. */
async function earlierAttempt(
  calls: JobReader | undefined,
  checkRun: DocsCheckRun,
  budgetMs: number
): Promise<Facts['earlierAttempt']> {
  const jobId = await checkRun.findEarlierJob(budgetMs)
  if (!jobId) {
    core.info('Re-run: no check run of an earlier attempt names a job; creating one.')
    return undefined
  }
  const recorded = await lookUp(calls, jobId)
  if (recorded.kind === 'unread') {
    core.info(`Re-run: the earlier attempt's check run names job ${safeLine(jobId)}.`)
  } else if (recorded.kind === 'gone') {
    core.info(
      `Re-run: the earlier attempt's job ${safeLine(jobId)} no longer exists; creating a new job.`
    )
  } else if (!followEarlierJob(recorded.job.status)) {
    core.info(
      `Re-run: the earlier attempt's job ${safeLine(jobId)} is ${safeLine(recorded.job.status)}; creating a new job.`
    )
  } else {
    core.info(
      `Re-run: following job ${safeLine(jobId)} (${safeLine(recorded.job.status)}), which the earlier attempt started, instead of creating another.`
    )
  }
  return { jobId, recorded }
}
