// What a run did with its job, in one sentence for the log, the comment and the
// dashboard: from the plan it carried out. Pure.

import type { CreateReason, Plan } from './plan.js'

const WHY: Record<Exclude<CreateReason, 'no-record' | 'reuse-off'>, string> = {
  failed: 'failed',
  archived: 'was archived',
  gone: 'no longer exists (the service answered 404)',
  'docs-merged': 'has its docs pull request already merged',
  'docs-closed': 'has its docs pull request already closed'
}

function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`
}

/**
 * What the run did, in one sentence for the log and the comment. `busy` is set when a
 * follow-up came after waiting for the job; `attempt` is the run's attempt.
 */
export function describeDecision(
  decision: Plan,
  jobId: string,
  options: { busy?: boolean; attempt?: number; scope?: 'pull request' | 'branch' } = {}
): string {
  switch (decision.action) {
    case 'create':
      if (decision.reason === 'no-record')
        return `Created job ${jobId} for this ${options.scope ?? 'pull request'}.`
      if (decision.reason === 'reuse-off') {
        return `Created a new job ${jobId} (reuse-job: false); later runs use it.`
      }
      return `Created a new job ${jobId}: the recorded job ${decision.replaces ?? ''} ${WHY[decision.reason]}.`
    case 'follow-up':
    case 'wait-then-follow-up': {
      const sent = `sent the ${ordinal(decision.followUp ?? 1)} follow-up for this ${options.scope ?? 'pull request'} to job ${jobId}`
      return options.busy
        ? `Waited for job ${jobId} to finish an earlier prompt, then ${sent}.`
        : `${sent.charAt(0).toUpperCase()}${sent.slice(1)}.`
    }
    case 'resume':
      return `Re-run (attempt ${options.attempt ?? '?'}): resumed job ${jobId}, which the earlier attempt started; the prompt was not sent again.`
    case 'report':
      return `Re-run (attempt ${options.attempt ?? '?'}): job ${jobId} from the earlier attempt had already ended; reported as it is, the prompt was not sent again.`
    case 'nothing-new':
      return decision.jobId
        ? `Nothing new since the last commit that reached job ${decision.jobId}: nothing was sent.`
        : 'No commit to tell the agent about: nothing was sent.'
    case 'watch':
    case 'decline':
    case 'skip':
    case 'refuse':
      return ''
  }
}
