// dry-run: true. What the run would do and the exact text it would send, in a log
// group and the job summary; the outputs name the job it would use. Nothing is sent to
// the Agent Jobs API and nothing is written to GitHub.

import * as core from '@actions/core'
import { ACTION_TITLE } from '../../common/action-title.js'
import { safeLine, safeMarkdown } from '../../common/safe-text.js'
import type { Plan } from '../plan/plan.js'
import { setOutput } from './outputs.js'
import { promptBlock, writeSummary } from './summary.js'

/** The decision, in one sentence. */
export function wouldDo(plan: Plan): string {
  switch (plan.action) {
    case 'skip':
      return `Nothing to do (${plan.reason}).`
    case 'refuse':
      return plan.reply === 'usage'
        ? "Would reply with the command's usage: it has no instruction after the trigger phrase."
        : `Would refuse the command (${plan.reason}) and say so on the pull request.`
    case 'create':
      return plan.replaces
        ? `Would create a new job, replacing job ${plan.replaces} (${plan.reason}).`
        : 'Would create a new job.'
    case 'follow-up':
      return `Would send the prompt to job ${plan.jobId} as a follow-up.`
    case 'wait-then-follow-up':
      return `Would wait for job ${plan.jobId} to finish its earlier prompt, then send the prompt to it.`
    case 'watch':
      return plan.how === 'Following'
        ? `Would follow job ${plan.jobId}, which an earlier attempt of this run started; nothing would be sent.`
        : `Would wait for job ${plan.jobId}; nothing would be sent.`
    case 'resume':
      return `Would resume job ${plan.jobId}, which an earlier attempt of this run started; nothing would be sent.`
    case 'report':
      return `Would report job ${plan.jobId} as it is; nothing would be sent.`
    case 'decline':
      return plan.message
    case 'nothing-new':
      return 'Nothing new on the branch since the last commit that reached the agent: nothing would be sent.'
  }
}

/** The job the run would use: empty when it would create one (or do nothing). */
function jobOf(plan: Plan): string {
  return 'jobId' in plan ? (plan.jobId ?? '') : ''
}

export async function publishDryRun(plan: Plan, prompt: string | undefined): Promise<void> {
  const decision = wouldDo(plan)
  core.startGroup('Dry run: what this run would do')
  core.info(safeLine(decision, 1000))
  if (prompt !== undefined) {
    core.info('The exact text it would send to the agent:')
    for (const line of prompt.split(/\r?\n/)) core.info(`  ${safeLine(line, 4000)}`)
  }
  core.endGroup()
  setOutput('job-id', jobOf(plan))
  setOutput('status', '')
  setOutput('created', 'false')
  setOutput('skipped', String(plan.action === 'nothing-new'))
  const parts = [
    `### ${ACTION_TITLE} (dry run)\n`,
    `${safeMarkdown(decision, 1000)}\n`,
    'Nothing was sent to the Agent Jobs API and nothing was written to GitHub.\n'
  ]
  if (prompt !== undefined) parts.push(promptBlock('The text it would send', prompt))
  await writeSummary(parts.join('\n') + '\n')
  core.info('Dry run: nothing was sent to the Agent Jobs API and nothing was written to GitHub.')
}
