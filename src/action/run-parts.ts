// What one run is built from: the clock and deadline, cancellation, the Agent Jobs
// calls, the job's owner, the check run, and the context the publishers share.

import { systemClock, type Clock } from '../common/clock.js'
import { DocsCheckRun } from '../github/check-run.js'
import { readDocsPullRequestState } from '../github/pr-thread.js'
import { BUDGETS, within } from './budgets.js'
import type { ExecuteContext } from './execute/executor.js'
import type { Outcome } from './execute/outcome.js'
import { JobCalls } from './execute/job-calls.js'
import { JobOwner } from './execute/job-owner.js'
import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import { commitsPromptSection } from '../github/commits-prompt.js'
import { pullsOf } from '../github/branch-commits.js'
import { appendBlock } from '../github/context-block.js'
import type { Gathered, GatherContext } from './plan/facts.js'
import type { Plan } from './plan/plan.js'
import { BranchDashboard } from './publish/branch-dashboard.js'
import { promptComposer } from './plan/prompt.js'
import { replyToRefusal, type CommandReplyOptions } from './publish/command-replies.js'
import { publishDryRun } from './publish/dry-run.js'
import { announceToRunner } from './publish/outputs.js'
import { progressHooks, type PublishContext } from './publish/publish.js'
import { listenForCancellation, type Cancellation } from './shell/cancellation.js'
import type { RunEvent } from './shell/event.js'
import type { Started } from './shell/start.js'
import { ACTION_NAME, ACTION_VERSION } from './shell/version.js'

export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

export interface RunParts extends Started {
  event: RunEvent
  clock: Clock
  startedAt: number
  deadline: number
  cancellation: Cancellation
  calls: JobCalls
  owner: JobOwner
  checkRun?: DocsCheckRun
}

export function assemble(event: RunEvent, started: Started): RunParts {
  const { settings } = started
  const clock = systemClock
  const startedAt = clock.now()
  const deadline = startedAt + settings.timeoutMs
  const cancellation = listenForCancellation()
  const signal = cancellation.signal
  const common = { userAgent: USER_AGENT, signal }
  return {
    ...started,
    event,
    clock,
    startedAt,
    deadline,
    cancellation,
    calls: new JobCalls({ ...started, ...common, clock, deadline }),
    owner: new JobOwner(announceToRunner),
    ...(settings.checkRun
      ? {
          checkRun: new DocsCheckRun({
            run: event.run,
            ...(settings.githubToken ? { token: settings.githubToken } : {}),
            projectId: settings.projectId,
            ...common
          })
        }
      : {})
  }
}

export function gatherContext(parts: RunParts): GatherContext {
  const { event, settings, calls, clock, deadline, checkRun } = parts
  // A dry run without api-key reads nothing from the service.
  const reader = settings.dryRun && settings.apiKey === '' ? undefined : calls
  return {
    event,
    settings,
    calls: reader,
    userAgent: USER_AGENT,
    clock,
    deadline,
    signal: parts.cancellation.signal,
    ...(checkRun ? { checkRun } : {})
  }
}

/** Where a command's replies and reactions go, once its command was read and a token is there. */
export function commandReplies(
  parts: RunParts,
  gathered?: Gathered
): CommandReplyOptions | undefined {
  const command = gathered?.command?.command
  const token = parts.settings.githubToken
  if (!command || !token) return undefined
  const repository = parts.event.run.repository
  return { command, repository, token, userAgent: USER_AGENT, budgetMs: BUDGETS.commandCheck }
}

/** A branch's run keeps its dashboard; undefined for every other run. */
export function branchDashboard(
  parts: RunParts,
  gathered: Gathered,
  plan: Plan
): BranchDashboard | undefined {
  const facts = gathered.facts.branch
  const token = parts.settings.githubToken
  if (!facts || !token) return undefined
  const run = parts.event.run
  return new BranchDashboard(
    { token, userAgent: USER_AGENT, repository: run.repository },
    {
      facts,
      plan,
      projectId: parts.settings.projectId,
      run,
      identity: gathered.facts.run
    }
  )
}

export function publishContext(
  parts: RunParts,
  gathered?: Gathered,
  dashboard?: BranchDashboard
): PublishContext {
  const command = commandReplies(parts, gathered)
  return {
    settings: gathered?.settings ?? parts.settings,
    run: parts.event.run,
    userAgent: USER_AGENT,
    startedAt: parts.startedAt,
    now: () => parts.clock.now(),
    deadline: parts.deadline,
    signal: parts.cancellation.signal,
    ...(gathered?.thread ? { thread: gathered.thread } : {}),
    ...(parts.checkRun ? { checkRun: parts.checkRun } : {}),
    ...(command ? { command } : {}),
    ...(dashboard ? { dashboard } : {})
  }
}

/**
 * The exact text the run sends for the plan it carries out (built once, when first
 * asked for): a branch's run tells the agent, after the workflow's prompt, the commits
 * that plan tells.
 */
export function promptFor(
  parts: RunParts,
  gathered: Gathered,
  dashboard?: BranchDashboard
): (plan: Plan) => Promise<string> {
  const { clock, deadline } = parts
  const settings = gathered.settings
  const branch = gathered.facts.branch
  const prompt = settings.mode === 'wait' ? '' : settings.prompt
  return (plan) => {
    const coverage = dashboard?.select(plan)
    const withCommits =
      branch && coverage
        ? appendBlock(
            prompt,
            commitsPromptSection(branch.branch, coverage, pullsOf(branch.pulls, coverage.commits))
          )
        : prompt
    return promptComposer(settings, withCommits, {
      run: parts.event.run,
      userAgent: USER_AGENT,
      signal: parts.cancellation.signal,
      budgetMs: () => within(BUDGETS.workflowContext, deadline, clock.now())
    })()
  }
}

export function executeContext(
  parts: RunParts,
  gathered: Gathered,
  dashboard?: BranchDashboard
): ExecuteContext {
  const { clock, deadline } = parts
  const settings = gathered.settings
  const signal = parts.cancellation.signal
  const docsToken = settings.docsToken ?? settings.githubToken
  return {
    settings,
    calls: parts.calls,
    owner: parts.owner,
    clock,
    startedAt: parts.startedAt,
    deadline,
    signal,
    projectId: settings.projectId,
    run: gathered.facts.run,
    hooks: progressHooks(publishContext(parts, gathered, dashboard)),
    promptToSend: promptFor(parts, gathered, dashboard),
    ...(gathered.thread ? { pullRequest: { previous: gathered.thread.record } } : {}),
    ...(gathered.facts.branch ? { branch: true } : {}),
    ...(docsToken
      ? {
          docsState: (link: string) =>
            readDocsPullRequestState(
              {
                token: docsToken,
                userAgent: USER_AGENT,
                signal,
                budgetMs: within(BUDGETS.docsPullRequestState, deadline, clock.now())
              },
              parts.event.run,
              link
            )
        }
      : {})
  }
}

/** The endpoint an unexpected failure is described against: the one the inputs asked for. */
export function endpointOf(settings: Started['settings']): {
  endpoint: 'create' | 'message' | 'get'
  jobId?: string
} {
  if (settings.mode === 'create') return { endpoint: 'create' }
  return { endpoint: settings.mode === 'message' ? 'message' : 'get', jobId: settings.jobId }
}

/** A cancelled run fails, whatever the job did, and says which signal came. */
export function withCancellation(parts: RunParts, outcome: Outcome): Outcome {
  const reason = parts.cancellation.reason
  if (!reason) return outcome
  const ending =
    outcome.ending.conclusion === 'failed'
      ? outcome.ending
      : {
          conclusion: 'failed' as const,
          message: `Cancelled (${reason}). ${outcome.ending.message}`
        }
  return { ...outcome, ending, cancelled: reason }
}

/** A run that does nothing with a job (skipped, refused, or a dry run): what it says instead. */
export async function publishWithoutJob(
  parts: RunParts,
  gathered: Gathered,
  plan: Plan
): Promise<void> {
  const sends = ['create', 'follow-up', 'wait-then-follow-up'].includes(plan.action)
  core.setOutput('triggered', String(parts.event.commandEvent && sends))
  // A deleted branch or a tag's run: nothing to send, and the log says why.
  if (plan.action === 'skip' && gathered.facts.notABranch) {
    core.info(safeLine(`Nothing was sent: ${plan.reason}.`, 1000))
    core.setOutput('skipped', 'true')
    core.setOutput('created', 'false')
  }
  if (parts.settings.dryRun) {
    const dashboard = branchDashboard(parts, gathered, plan)
    await publishDryRun(plan, sends ? await promptFor(parts, gathered, dashboard)(plan) : undefined)
    return
  }
  const replies = commandReplies(parts, gathered)
  if (plan.action === 'refuse' && replies) {
    await replyToRefusal(replies, plan, parts.settings.triggerPhrase)
  }
}
