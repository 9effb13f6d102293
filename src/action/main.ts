// The run, as a flow: the event (read once by the entry) → settings → facts → plan →
// execute → publish. Each step lives in its own folder (shell, plan, execute, publish);
// this file only says their order and owns the step's conclusion. Nothing runs on import.

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { UNREADABLE_PAYLOAD } from '../github/workflow-run.js'
import { execute } from './execute/executor.js'
import type { Outcome } from './execute/outcome.js'
import { gatherFacts, type Gathered } from './plan/facts.js'
import { planRun } from './plan/plan.js'
import { acknowledge } from './publish/command-replies.js'
import { publishOutcome } from './publish/publish.js'
import type { RunEvent } from './shell/event.js'
import { start } from './shell/start.js'
import { endPullRequest, pullRequestEnd } from './pr-end.js'
import type { BranchDashboard } from './publish/branch-dashboard.js'
import {
  assemble,
  branchDashboard,
  commandReplies,
  endpointOf,
  executeContext,
  gatherContext,
  publishWithoutJob,
  publishContext,
  type RunParts,
  withCancellation
} from './run-parts.js'

export async function run(event: RunEvent, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const started = start(event, env)
  if (!started) return
  // The code pull request closed or reopened: its docs pull request follows, nothing is sent.
  const ended = pullRequestEnd(event)
  if (ended) return endPullRequest(event, ended, started)
  if (event.run.payloadUnreadable) core.warning(UNREADABLE_PAYLOAD)
  const parts = assemble(event, started)
  try {
    const { gathered, outcome, dashboard } = await planAndExecute(parts)
    if (outcome) {
      await publishOutcome(
        publishContext(parts, gathered, dashboard),
        withCancellation(parts, outcome)
      )
    }
  } finally {
    await parts.dispatcher.destroy()
  }
}

/** Facts, plan, execution; undefined outcome when the plan was to do nothing. */
async function planAndExecute(
  parts: RunParts
): Promise<{ gathered?: Gathered; outcome?: Outcome; dashboard?: BranchDashboard }> {
  let gathered: Gathered | undefined
  try {
    gathered = await gatherFacts(gatherContext(parts))
    const plan = planRun(gathered.facts)
    if (plan.action === 'skip' || plan.action === 'refuse' || parts.settings.dryRun) {
      await publishWithoutJob(parts, gathered, plan)
      return { gathered }
    }
    core.setOutput('triggered', String(parts.event.commandEvent))
    const replies = commandReplies(parts, gathered)
    if (replies) await acknowledge(replies)
    const dashboard = branchDashboard(parts, gathered, plan)
    const outcome = await execute(executeContext(parts, gathered, dashboard), plan)
    return { gathered, outcome, ...(dashboard ? { dashboard } : {}) }
  } catch (error) {
    if (error instanceof StateUnknownError) {
      // Expected: GitHub could not say what the run must know; nothing was sent.
      const ending = { conclusion: 'failed' as const, message: error.message }
      return { ...(gathered ? { gathered } : {}), outcome: parts.owner.outcome(ending) }
    }
    // Not an expected failure: say so plainly, keep the stack for debug logs.
    core.debug(error instanceof Error && error.stack ? safeLine(error.stack, 4000) : String(error))
    // Gathering facts only reads: a failure there sent nothing, whatever the inputs ask.
    const { endpoint, jobId } = gathered
      ? endpointOf(parts.settings)
      : { endpoint: 'get' as const, jobId: undefined }
    return {
      ...(gathered ? { gathered } : {}),
      outcome: parts.owner.outcome(parts.calls.failure(error, endpoint, jobId))
    }
  } finally {
    parts.cancellation.dispose()
  }
}
