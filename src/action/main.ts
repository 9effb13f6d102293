// The run, as a flow: the event (read once by the entry) → one run context (the settings
// read) → the command's check → facts → plan → execution → outcome → publishing. Each
// phase takes the context and returns a value; this file says their order.

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { withWorkflowContext } from '../github/context-block.js'
import type { EndEvent } from '../github/pr-record.js'
import { react } from '../github/pr-thread.js'
import { UNREADABLE_PAYLOAD } from '../github/workflow-run.js'
import { carryOut } from './execute/executor.js'
import { JobOwner, type Ending, type Outcome } from './execute/job-owner.js'
import { checkCommand, type CheckedCommand } from './plan/command-gate.js'
import { gatherFacts, type Gathered } from './plan/facts.js'
import { planRun, type Plan } from './plan/plan.js'
import { BranchDashboard } from './publish/branch-dashboard.js'
import { announceToRunner, setOutputs } from './publish/summary.js'
import { publishOutcome, publishWithoutJob, settledOf } from './publish/publish.js'
import { BUDGETS, openRun, type RunContext } from './shell/context.js'
import type { RunEvent } from './shell/event.js'
import type { Host } from './shell/host.js'
import { endPullRequest, pullRequestEnd } from './end-run.js'

/** The run of the step `event` started, on what `host` gives it: env, clock, outputs, summary. */
export async function run(event: RunEvent, host: Host): Promise<void> {
  const opened = openRun(event, host)
  if (opened === 'untriggered') {
    setOutputs(host, { triggered: 'false' })
    return
  }
  if (!opened) {
    return
  }
  if (event.run.payloadUnreadable) {
    core.warning(UNREADABLE_PAYLOAD)
  }
  // The check gives the run its settings: a context is never changed, so the run gets its own.
  const gate = event.commandEvent ? await checkCommand(opened) : undefined
  const ctx: RunContext = gate ? { ...opened, settings: gate.settings } : opened
  const command = gate?.checked
  try {
    // The code pull request closed or reopened: its docs pull request follows, nothing is sent.
    const ended = pullRequestEnd(event)
    if (ended) {
      await endRun(ctx, ended)
    } else {
      await runJob(ctx, command)
    }
  } finally {
    await ctx.dispatcher.destroy()
  }
}

/** The end of the code pull request followed; the runner's cancellation is let go after it. */
async function endRun(ctx: RunContext, ended: EndEvent): Promise<void> {
  try {
    await endPullRequest(ctx, ended)
  } finally {
    ctx.release()
  }
}

/** Facts, plan and execution, then the outcome published; a run without a job ends sooner. */
async function runJob(ctx: RunContext, command?: CheckedCommand): Promise<void> {
  const { settings, event } = ctx
  const owner = new JobOwner((id, how) => announceToRunner(ctx.host, id, how), ctx)
  let gathered: Gathered | undefined
  let dashboard: BranchDashboard | undefined
  let outcome: Outcome
  try {
    gathered = await gatherFacts(ctx, command)
    const { facts, thread } = gathered
    const plan = planRun(facts)
    const sends = ['create', 'follow-up', 'wait-then-follow-up'].includes(plan.action)
    const hasJob = plan.action !== 'skip' && plan.action !== 'refuse'
    const works = hasJob && !settings.dryRun
    // A command triggered a job when the run works with one, or (a dry run) would send it one.
    const triggered = event.commandEvent && (works || sends)
    setOutputs(ctx.host, { triggered: String(triggered) })
    if (facts.branch && ctx.github) {
      dashboard = new BranchDashboard(ctx, ctx.github, facts.branch, plan)
    }
    // The text sent for a plan: the prompt, on a branch the commits it tells, the workflow context.
    const prompt = async (plan: Plan): Promise<string> => {
      const base = settings.mode === 'wait' ? '' : settings.prompt
      const commits = dashboard?.select(plan)
      const text = commits ? `${base}\n\n${commits}` : base
      if (!settings.includeContext) {
        return text
      }
      return withWorkflowContext(text, ctx.github, event.run, ctx.left(BUDGETS.workflowContext))
    }
    if (!works) {
      // A dry run shows the text it would have sent.
      const shown = sends && settings.dryRun
      const text = shown ? await prompt(plan) : undefined
      await publishWithoutJob(ctx, gathered, plan, text)
      // A command after an unmerged close finishes a close that waited for the job.
      const closing = plan.action === 'refuse' && plan.reply === 'closed'
      const endWaiting = thread?.record?.end?.pending
      if (closing && endWaiting && !settings.dryRun) {
        await endPullRequest(ctx, 'closed')
      }
      return
    }
    const taken = gathered.command?.command
    if (taken && ctx.github) {
      await react(ctx.github, taken, 'eyes', BUDGETS.commandCheck)
    }
    const settled = settledOf(ctx, thread, dashboard)
    outcome = await carryOut(ctx, { owner, settled, prompt, gathered }, plan)
  } catch (error) {
    dashboard = undefined
    outcome = owner.outcome(failure(error, ctx, gathered))
  } finally {
    ctx.release()
  }
  await publishOutcome(ctx, gathered, outcome, dashboard)
}

/** How an error that escaped the phases ends the step. */
function failure(error: unknown, ctx: RunContext, gathered?: Gathered): Ending {
  // Expected: GitHub could not say what the run must know; nothing was sent.
  if (error instanceof StateUnknownError) {
    return { conclusion: 'failed', message: error.message }
  }
  // Not an expected failure: say so plainly, keep the stack for debug logs.
  const stack = error instanceof Error ? error.stack : undefined
  core.debug(stack ? safeLine(stack, 4000) : String(error))
  // Gathering facts only reads: a failure there sent nothing, whatever the inputs ask.
  const { settings } = ctx
  const jobId = gathered && settings.mode !== 'create' ? settings.jobId : undefined
  const endpoint = !gathered || settings.mode === 'wait' ? 'get' : settings.mode
  return ctx.calls.failure(error, endpoint, jobId)
}
