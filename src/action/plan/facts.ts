// The facts a plan is made from, gathered with reads only: the pull request's record
// and its job as the service sees it, the job that opened a docs pull request, a
// branch's ledger, an earlier attempt's job. Nothing is sent and nothing written.

import * as core from '@actions/core'
import { isNotFound } from '../../agent/http-errors.js'
import type { AgentJob } from '../../agent/job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import { PullRequestThread, readPullRequestState } from '../../github/pr-thread.js'
import { recordedRunId, sameRepository } from '../../github/workflow-run.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import { branchFacts } from './branch-facts.js'
import type { CheckedCommand } from './command-gate.js'
import { followEarlierJob, type Facts, type RecordedJob } from './plan.js'

export type JobReader = Pick<RunContext['calls'], 'read'>

/** `thread`: the pull request's comment thread, when the run keeps a record there. */
export interface Gathered {
  facts: Facts
  thread?: PullRequestThread
  command?: CheckedCommand
}

export async function gatherFacts(ctx: RunContext, command?: CheckedCommand): Promise<Gathered> {
  const { event, settings } = ctx
  const run = { runId: recordedRunId(event.run), runAttempt: event.run.runAttempt }
  const facts: Facts = { run, reuseJob: settings.reuseJob, command: command?.verdict }
  if (command && command.verdict.kind !== 'taken') return { facts, command }
  // A dry run without api-key reads nothing from the service.
  const calls = settings.dryRun && settings.apiKey === '' ? undefined : ctx.calls
  const budgetMs = ctx.left(BUDGETS.pullRequestThread)
  const thread = settings.prComment
    ? await PullRequestThread.open(ctx.github, event.run, settings.projectId, budgetMs)
    : undefined
  const gathered = (more: Partial<Facts>): Gathered => {
    return { facts: { ...facts, ...more }, thread, command }
  }
  if (settings.mode !== 'create') {
    return gathered({ named: { jobId: settings.jobId, send: settings.mode === 'message' } })
  }
  if (command?.docsJobCandidates && command.command && calls) {
    const here = { repository: event.run.repository, number: command.command.pullNumber }
    const opener = await jobThatOpened(calls, here, command.docsJobCandidates)
    if (opener) return gathered({ docsOpener: opener })
  }
  if (thread) {
    const record = thread.record
    if (!record || !settings.reuseJob) return gathered({ pullRequest: record ? { record } : {} })
    core.info(
      `Pull request #${thread.number} has job ${safeLine(record.jobId)} (project ${safeLine(settings.projectId)}); looking it up.`
    )
    const recorded = await lookUp(calls, record.jobId, (link) => docsStateOf(ctx, link))
    return gathered({ pullRequest: { record, recorded } })
  }
  if (!command && settings.reuseJob) {
    const branch = await branchFacts(ctx, (jobId) => lookUp(calls, jobId))
    if (branch === 'deleted' || branch === 'tag') return gathered({ notABranch: branch })
    if (branch) return gathered({ branch })
  }
  const rerun = ctx.checkRun?.isRerunOutsidePullRequest()
  return gathered({ earlierAttempt: rerun ? await earlierAttempt(ctx, calls) : undefined })
}

/** Whether a docs pull request was merged or closed, through the docs token. */
export function docsStateOf(
  ctx: RunContext,
  link: string
): Promise<'open' | 'merged' | 'closed' | undefined> {
  const session = docsSession(ctx, link, 'read')
  return readPullRequestState(session, link, ctx.left(BUDGETS.docsPullRequestState))
}

/** A job as the service sees it: found, or gone (404). Other errors throw. */
async function lookUp(
  calls: JobReader | undefined,
  jobId: string,
  docsState?: (link: string) => Promise<'open' | 'merged' | 'closed' | undefined>
): Promise<RecordedJob> {
  if (!calls) return { kind: 'unread' }
  const job = await calls.read(jobId).catch((error: unknown) => {
    if (isNotFound(error)) return undefined
    throw error
  })
  if (!job) return { kind: 'gone' }
  const docs = docsState && job.status === 'completed' && job.prLink
  const docsPullRequest = docs ? await docsState(docs) : undefined
  return { kind: 'found', job, docsPullRequest }
}

/**
 * The job that opened the docs pull request: the first candidate whose pull request,
 * as the service reports it, is this one. A back-link is only a claim; this is the proof.
 */
async function jobThatOpened(
  calls: JobReader,
  here: { repository: string; number: number },
  candidates: string[]
): Promise<AgentJob | undefined> {
  const name = safeLine(`${here.repository}#${here.number}`)
  for (const id of candidates) {
    const recorded = await lookUp(calls, id)
    const job = recorded.kind === 'found' ? recorded.job : undefined
    const opened = parsePullRequestLink(job?.prLink)
    const shown = safeLine(id)
    const isHere = opened?.number === here.number
    if (job && isHere && sameRepository(opened.repository, here.repository)) {
      core.info(
        `Pull request ${name} is the docs pull request of job ${shown}: the command goes to that job.`
      )
      return job
    }
    const which = job ? `whose pull request is not ${name}` : 'which does not exist'
    core.info(`A back-link names job ${shown}, ${which}; not following it.`)
  }
  return undefined
}

/** A re-run of a push or scheduled run: the job its earlier attempt's check run names. */
async function earlierAttempt(
  ctx: RunContext,
  calls: JobReader | undefined
): Promise<Facts['earlierAttempt']> {
  const jobId = await ctx.checkRun?.findEarlierJob(ctx.left(BUDGETS.earlierAttempt))
  if (!jobId) {
    core.info('Re-run: no check run of an earlier attempt names a job; creating one.')
    return undefined
  }
  const recorded = await lookUp(calls, jobId)
  const id = safeLine(jobId)
  const status = recorded.kind === 'found' ? safeLine(recorded.job.status) : ''
  core.info(
    recorded.kind === 'unread'
      ? `Re-run: the earlier attempt's check run names job ${id}.`
      : recorded.kind === 'gone'
        ? `Re-run: the earlier attempt's job ${id} no longer exists; creating a new job.`
        : !followEarlierJob(status)
          ? `Re-run: the earlier attempt's job ${id} is ${status}; creating a new job.`
          : `Re-run: following job ${id} (${status}), which the earlier attempt started, instead of creating another.`
  )
  return { jobId, recorded }
}
