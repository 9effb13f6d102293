// The check run at the end: its conclusion and title from the outcome, its summary the
// job summary, its details link the docs pull request.

import { parsePullRequestLink } from '../../common/pull-request-link.js'
import type { DocsCheckRun } from '../../github/check-run.js'
import type { Outcome } from '../execute/outcome.js'
import { checkOutcome } from './check-outcome.js'

export async function completeCheckRun(
  checkRun: DocsCheckRun,
  outcome: Outcome,
  summary: string,
  budgetMs: number
): Promise<void> {
  const { conclusion, title } = checkOutcome({
    ending: outcome.ending,
    ...(outcome.waitEnd ? { waitEnd: outcome.waitEnd } : {}),
    cancelled: outcome.cancelled !== undefined,
    ...(outcome.job ? { job: outcome.job } : {})
  })
  const link = outcome.job?.prLink
  await checkRun.complete(
    {
      conclusion,
      title,
      summary: summary || outcome.ending.message,
      ...(outcome.jobId ? { jobId: outcome.jobId } : {}),
      ...(link && parsePullRequestLink(link) && /^https:\/\//i.test(link)
        ? { detailsUrl: link }
        : {})
    },
    budgetMs
  )
}
