// The check run's conclusion and title from the way the run ended: pure, so every
// combination is unit-tested.

import type { AgentJob } from '../../agent/job.js'
import type { WaitEnd } from '../../agent/wait-for-job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import type { CheckConclusion } from '../../github/check-run.js'
import type { Ending } from '../execute/outcome.js'

export interface RunEnd {
  ending: Ending
  /** How the wait ended, when there was one. */
  waitEnd?: WaitEnd
  /** The run was cancelled (SIGINT/SIGTERM). */
  cancelled: boolean
  job?: AgentJob
}

export function checkOutcome(end: RunEnd): { conclusion: CheckConclusion; title: string } {
  const { job } = end
  const id = job?.id ? ` ${job.id}` : ''
  if (end.cancelled || end.waitEnd === 'cancelled') {
    return { conclusion: 'cancelled', title: `Cancelled while waiting for docs job${id}` }
  }
  if (end.waitEnd === 'timeout') {
    return { conclusion: 'timed_out', title: `Timed out waiting for docs job${id}` }
  }
  if (end.ending.conclusion === 'failed') {
    if (job?.status === 'failed') return { conclusion: 'failure', title: `Docs job${id} failed` }
    if (job?.status === 'completed' && !job.prLink) {
      return {
        conclusion: 'failure',
        title: `Docs job${id} changed nothing, and a pull request was required`
      }
    }
    return { conclusion: 'failure', title: 'The docs step failed' }
  }
  if (job?.status === 'completed') {
    const pr = parsePullRequestLink(job.prLink)
    if (pr) {
      return {
        conclusion: 'success',
        title: `Docs job${id} completed: pull request ${pr.repository}#${pr.number}`
      }
    }
    if (!job.prLink) return { conclusion: 'neutral', title: `Docs job${id} changed nothing` }
    return { conclusion: 'success', title: `Docs job${id} completed` }
  }
  if (job?.status === 'archived') {
    return { conclusion: 'neutral', title: `Docs job${id} was archived before it completed` }
  }
  // wait: false: the job goes on; the check does not stay in progress for ever.
  return {
    conclusion: 'neutral',
    title: `Not waited for: docs job${id} is ${job?.status ?? 'unknown'}`
  }
}
