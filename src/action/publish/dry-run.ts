// A run that does nothing with a job: skipped, refused, or a dry run (what it would do
// and the exact text it would send, in a log group and the job summary). Nothing is
// sent to the Agent Jobs API, and a dry run writes nothing to GitHub.

import * as core from '@actions/core'
import { ACTION_TITLE } from '../../common/action-title.js'
import { safeLine, safeMarkdown } from '../../common/safe-text.js'
import type { Gathered } from '../plan/facts.js'
import type { Plan } from '../plan/plan.js'
import { wouldDo } from '../plan/words.js'
import type { RunContext } from '../shell/context.js'
import { replyToRefusal, repliesOf } from './command-replies.js'
import { setOutput } from './outputs.js'
import { promptBlock, writeSummary } from './summary.js'

export async function publishWithoutJob(
  ctx: RunContext,
  gathered: Gathered,
  plan: Plan,
  promptFor: (plan: Plan) => Promise<string> | undefined
): Promise<void> {
  // A deleted branch or a tag's run: nothing to send, and the log says why.
  if (plan.action === 'skip' && gathered.facts.notABranch) {
    core.info(safeLine(`Nothing was sent: ${plan.reason}.`, 1000))
    setOutput('skipped', 'true')
    setOutput('created', 'false')
  }
  if (!ctx.settings.dryRun) {
    const replies = repliesOf(ctx, gathered)
    if (plan.action === 'refuse' && replies) {
      await replyToRefusal(replies, plan, ctx.settings.triggerPhrase)
    }
    return
  }
  const prompt = await promptFor(plan)
  const decision = wouldDo(plan)
  core.startGroup('Dry run: what this run would do')
  core.info(safeLine(decision, 1000))
  if (prompt !== undefined) {
    core.info('The exact text it would send to the agent:')
    for (const line of prompt.split(/\r?\n/)) core.info(`  ${safeLine(line, 4000)}`)
  }
  core.endGroup()
  // The job the run would use: empty when it would create one (or do nothing).
  setOutput('job-id', 'jobId' in plan ? (plan.jobId ?? '') : '')
  setOutput('status', '')
  setOutput('created', 'false')
  setOutput('skipped', String(plan.action === 'nothing-new'))
  const nothing = 'Nothing was sent to the Agent Jobs API and nothing was written to GitHub.'
  const parts = [
    `### ${ACTION_TITLE} (dry run)\n`,
    `${safeMarkdown(decision, 1000)}\n`,
    `${nothing}\n`
  ]
  if (prompt !== undefined) parts.push(promptBlock('The text it would send', prompt))
  await writeSummary(parts.join('\n') + '\n')
  core.info(`Dry run: ${nothing.charAt(0).toLowerCase()}${nothing.slice(1)}`)
}
