// The facts a plan is made from, gathered with reads only: the pull request's record and its
// job, the job that opened a docs pull request, a branch's ledger, an earlier attempt's job.
// Nothing is sent; only a branch's older records are retired once found (dashboard.ts).

import * as core from '@actions/core'
import type { AgentJob } from '../../agent/job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import {
  olderBase,
  readCandidates,
  type CoveredCommit,
  type ReadCandidates
} from '../../github/branch-commits.js'
import { untold } from '../../github/branch-record.js'
import { findDashboards, settleRace } from '../../github/dashboard.js'
import { PullRequestThread, readPullRequestState } from '../../github/pr-thread.js'
import { sourcePullRequests } from '../../github/source-pulls.js'
import { isAgentAccount } from '../../github/agent-work.js'
import {
  pullRequestEnded,
  pullRequestOf,
  asObject,
  recordedRunId,
  sameRepository,
  text
} from '../../github/workflow-run.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import type { CheckedCommand } from './command-gate.js'
import { agentOpened, commitsApart } from './apart.js'
import { AGENTS_OWN } from './docs-fate.js'
import { endOf, jobOf, type BranchFacts, type Facts } from './plan.js'
import { docsStateOf, lookUp, type JobReader } from './reads.js'

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
  if (command && command.verdict.kind !== 'taken') {
    return { facts, command }
  }
  // A dry run without api-key reads nothing from the service.
  const calls = settings.dryRun && settings.apiKey === '' ? undefined : ctx.calls
  const budgetMs = ctx.left(BUDGETS.pullRequestThread)
  const thread = settings.prComment
    ? await PullRequestThread.open(ctx.github, event.run, settings.projectId, budgetMs)
    : undefined
  const gathered = (more: Partial<Facts>) => ({ facts: { ...facts, ...more }, thread, command })
  if (settings.mode !== 'create') {
    return gathered({ named: { jobId: settings.jobId, send: settings.mode === 'message' } })
  }
  const opener =
    calls && command ? await jobThatOpened(calls, event.run.repository, command) : undefined
  if (opener) {
    return gathered({ docsOpener: opener })
  }
  const own = await agentsOwn(ctx, calls, thread)
  if (own) {
    return gathered({ agentsOwn: own })
  }
  if (command) {
    const ended = pullRequestEnded(event.run.payload)
    if (ended) {
      facts.ended = ended
    }
  }
  if (thread) {
    const record = thread.record
    // A re-run, or a run about to replace its job, may come after the pull request ended.
    const endedNow = async (pullRequest: NonNullable<Facts['pullRequest']>) => {
      const now = await codePullEnded(ctx, thread)
      return now ? gathered({ pullRequest, ended: now }) : undefined
    }
    // A re-run's payload is the first attempt's: a command's "open" may be stale too.
    const reRun = event.run.runAttempt > 1
    if (!record || !settings.reuseJob) {
      const pullRequest = record ? { record } : {}
      // An end run met the end with no job recorded: a run that starts late sends nothing.
      const endedAlone = record ? undefined : thread.ended?.event
      if (endedAlone && endedAlone !== 'reopened' && !command) {
        return gathered({ pullRequest, ended: endedAlone })
      }
      const endedSince = reRun ? await endedNow(pullRequest) : undefined
      return endedSince ?? gathered({ pullRequest })
    }
    const job = safeLine(record.job)
    const project = safeLine(settings.projectId)
    core.info(`Pull request #${thread.number} has job ${job} (project ${project}); looking it up.`)
    const recorded = await lookUp(calls, record.job, ctx)
    const docs = recorded.kind === 'unread' ? undefined : recorded.docsPullRequest
    const replacing = endOf(recorded) !== undefined || (docs !== undefined && docs !== 'open')
    const pullRequest = { record, recorded }
    const readTheEnd = reRun || (!command && replacing)
    const ended = readTheEnd ? await endedNow(pullRequest) : undefined
    return ended ?? gathered({ pullRequest })
  }
  if (!command && settings.reuseJob) {
    const branch = await branchFacts(ctx, calls)
    if (branch === 'deleted' || branch === 'tag') {
      return gathered({ notABranch: branch })
    }
    if (branch) {
      return gathered({ branch })
    }
  }
  const rerun = ctx.checkRun?.isRerunOutsidePullRequest()
  return gathered({ earlierAttempt: rerun ? await earlierAttempt(ctx, calls) : undefined })
}

/**
 * How the run's pull request ended, read now (one GitHub call); undefined while it is open or
 * the token may not see it. StateUnknownError when GitHub cannot say.
 */
export async function codePullEnded(
  ctx: RunContext,
  thread: PullRequestThread
): Promise<'merged' | 'closed' | undefined> {
  const { run } = ctx.event
  const code = `${run.serverUrl}/${run.repository}/pull/${thread.number}`
  const budget = ctx.left(BUDGETS.docsPullRequestState)
  const now = await readPullRequestState(ctx.github, code, budget, 'code')
  return now === 'open' ? undefined : now
}

/**
 * Why the run's pull request gets no job: opened by the docs agent's account, or a job's docs
 * pull request by its back-link (trusted, or proven by the job).
 */
async function agentsOwn(
  ctx: RunContext,
  calls: JobReader | undefined,
  thread: PullRequestThread | undefined
): Promise<string | undefined> {
  const { run, pullRequest } = ctx.event
  if (pullRequest === undefined) {
    return undefined
  }
  const link = `${run.serverUrl}/${run.repository}/pull/${pullRequest}`
  const pr = pullRequestOf(run.payload)
  const links = () => Promise.resolve(thread?.backLinks ?? [])
  const opened = await agentOpened(calls, pr?.user, links, link, text(pr?.created_at))
  if (!opened) {
    return undefined
  }
  const byAgent = isAgentAccount(pr?.user)
  const whose = byAgent
    ? AGENTS_OWN
    : "is a docs job's own docs pull request, whose work never starts or feeds a job"
  const why = `pull request #${pullRequest} ${whose}`
  // A command there goes to the job that opened it; where that job is not known yet, nowhere.
  return ctx.event.commandEvent ? `${why}, and the job that opened it is not known yet` : why
}

/**
 * The job that opened the docs pull request: the first candidate whose pull request,
 * as the service reports it, is this one. A back-link is only a claim; this is the proof.
 */
async function jobThatOpened(
  calls: JobReader,
  repository: string,
  { command, docsJobCandidates }: CheckedCommand
): Promise<AgentJob | undefined> {
  const number = command?.pullNumber ?? 0
  const name = safeLine(`${repository}#${number}`)
  for (const id of docsJobCandidates ?? []) {
    const job = jobOf(await lookUp(calls, id))
    const opened = parsePullRequestLink(job?.prLink)
    const shown = safeLine(id)
    if (job && opened?.number === number && sameRepository(opened.repository, repository)) {
      core.info(
        `Pull request ${name} is the docs pull request of job ${shown}: ` +
          'the command goes to that job.'
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
  if (recorded.kind === 'unread') {
    core.info(`Re-run: the earlier attempt's check run names job ${id}.`)
  } else if (recorded.kind === 'gone') {
    core.info(`Re-run: the earlier attempt's job ${id} no longer exists; creating a new job.`)
  } else if (endOf(recorded)) {
    core.info(`Re-run: the earlier attempt's job ${id} is ${status}; creating a new job.`)
  } else {
    core.info(
      `Re-run: following job ${id} (${status}), which the earlier attempt started, ` +
        'instead of creating another.'
    )
  }
  return { jobId, recorded }
}

/** A push, scheduled or manual run keeps one job per branch; a deleted branch or a tag none. */
async function branchFacts(
  ctx: RunContext,
  calls: JobReader | undefined
): Promise<BranchFacts | 'deleted' | 'tag' | undefined> {
  const { settings } = ctx
  const { run } = ctx.event
  if (!['push', 'schedule', 'workflow_dispatch'].includes(run.eventName)) {
    return undefined
  }
  const payload = asObject(run.payload)
  if (run.eventName === 'push' && payload?.deleted === true) {
    return 'deleted'
  }
  const branch = /^refs\/heads\/(.+)$/.exec(text(payload?.ref) ?? run.ref)?.[1]
  if (branch === undefined) {
    return 'tag'
  }
  const session = ctx.github
  if (!session?.repository) {
    return undefined
  }
  const budgetMs = ctx.left(BUDGETS.branchReads)
  const key = settings.recordKey ?? (run.workflowFile || run.workflow || 'workflow')
  // The dashboards are looked up by their author: the account the token writes as (when GitHub
  // will not say, learned from the issues: the bot whose record names it).
  const identity = await session.identity(budgetMs)
  const dashboardKey = { projectId: settings.projectId, branch, key, identity }
  const { winner, others: older, denied } = await findDashboards(session, dashboardKey, budgetMs)
  let record = winner?.record
  let recorded = record ? await lookUp(calls, record.job) : undefined
  let base = record?.base
  let others: BranchFacts['others'] = []
  let unlabelled = winner?.unlabelled === true
  for (const other of older) {
    if (base && other.record.base) {
      base = await olderBase(session, base, other.record.base, budgetMs)
    }
    const link = jobOf(await lookUp(calls, other.record.job))?.prLink
    const retired: BranchFacts['others'][number] = { ...other }
    if (link) {
      retired.docsPullRequest = link
    }
    others.push(retired)
  }
  // The winner takes the older records' base (the oldest), and their jobs.
  if (winner && others.length > 0 && !settings.dryRun) {
    const docs = (link?: string) => docsSession(ctx, link, 'write')
    const won = { ...run, ...winner, record: { ...winner.record, base } }
    const settled = await settleRace(session, won, others, budgetMs, docs)
    if (settled) {
      record = settled.record
      others = []
      unlabelled = !settled.relabelled
    }
  }
  // At the head the record says is all told, with its job alive: no commit to read.
  const alive = recorded?.kind === 'found' && !endOf(recorded)
  const told = record?.seen === run.sha && alive && others.length === 0
  const input = { ...run, branch, base, now: new Date(ctx.clock.now()) }
  const candidates: ReadCandidates = told
    ? { since: [], event: [], unread: 0, origin: 'since-record' }
    : await readCandidates(session, input, budgetMs)
  const fresh = untold(record, candidates)
  const freshIfEnded = record ? untold(record, candidates, new Set([record.job])) : fresh
  // Whether the job's docs pull request was merged or closed decides which job, and
  // whether a job that ended had delivered its commits (then it gives none back).
  if (fresh.length > 0 || (endOf(recorded) && freshIfEnded.length > 0)) {
    const job = jobOf(recorded)
    let link: string | null | undefined = record?.docs ?? record?.handedOff
    if (job) {
      link = job.status === 'active' ? undefined : job.prLink
    }
    const state = link ? await docsStateOf(ctx, link) : undefined
    if (state && (recorded?.kind === 'found' || recorded?.kind === 'gone')) {
      recorded = { ...recorded, docsPullRequest: state }
    }
  }
  // The source pull requests of what may be told: a job that failed, or that may fail
  // while the run waits for it, gives its commits back.
  const weighed = jobOf(recorded)?.status !== 'completed' ? freshIfEnded : fresh
  const pulls = await sourcePullRequests(session, weighed, budgetMs)
  const apart = await commitsApart(ctx, calls, session, record, weighed, pulls, budgetMs)
  const away = new Set(apart.map((commit) => commit.sha))
  const toTell = (commits: CoveredCommit[]) => commits.filter((commit) => !away.has(commit.sha))
  const dashboard = winner ? { issue: winner.issue.number, record } : {}
  const relabel = unlabelled ? { unlabelled: true as const } : {}
  return {
    branch,
    key,
    ...dashboard,
    ...relabel,
    recorded,
    others,
    denied: denied !== undefined,
    candidates,
    fresh: toTell(fresh),
    freshIfEnded: toTell(freshIfEnded),
    apart,
    pulls
  }
}
