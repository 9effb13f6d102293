// The check run's conclusion and title from the way the run ended: pure, so every
// combination is unit-tested.

import { parsePullRequestLink } from '../../common/pull-request-link.js'
import type { CheckConclusion } from '../../github/check-run.js'
import type { Outcome } from '../execute/outcome.js'

/** `cancelled`: the run was (SIGINT/SIGTERM). */
export type RunEnd = Pick<Outcome, 'ending' | 'waitEnd' | 'job'> & { cancelled: boolean }

export function checkOutcome(end: RunEnd): { conclusion: CheckConclusion; title: string } {
  const { job } = end
  const id = job?.id ? ` ${job.id}` : ''
  const is = (conclusion: CheckConclusion, title: string) => ({ conclusion, title })
  if (end.cancelled || end.waitEnd === 'cancelled') {
    return is('cancelled', `Cancelled while waiting for docs job${id}`)
  }
  if (end.waitEnd === 'timeout') return is('timed_out', `Timed out waiting for docs job${id}`)
  if (end.ending.conclusion === 'failed') {
    if (job?.status === 'failed') return is('failure', `Docs job${id} failed`)
    if (job?.status === 'completed' && !job.prLink) {
      return is('failure', `Docs job${id} changed nothing, and a pull request was required`)
    }
    return is('failure', 'The docs step failed')
  }
  if (job?.status === 'completed') {
    const pr = parsePullRequestLink(job.prLink)
    if (pr)
      return is('success', `Docs job${id} completed: pull request ${pr.repository}#${pr.number}`)
    return job.prLink
      ? is('success', `Docs job${id} completed`)
      : is('neutral', `Docs job${id} changed nothing`)
  }
  if (job?.status === 'archived') {
    return is('neutral', `Docs job${id} was archived before it completed`)
  }
  // wait: false: the job goes on; the check does not stay in progress for ever.
  return is('neutral', `Not waited for: docs job${id} is ${job?.status ?? 'unknown'}`)
}
