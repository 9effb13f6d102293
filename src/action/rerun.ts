// A re-run of a push or scheduled run (same run id, later attempt) must not start a
// second job for the same prompt: the check run its earlier attempt left on the
// commit names the job, and that job is followed unless it cannot deliver any more.

import * as core from '@actions/core'
import { ApiError } from '../agent/http-errors.js'
import type { AgentJob } from '../agent/job.js'
import { safeLine } from '../common/safe-text.js'
import type { DocsCheckRun } from '../github/check-run.js'

/** active (or unknown) -> wait for it; completed -> report it; failed/archived -> start again. */
export function followEarlierJob(status: string): boolean {
  return status !== 'failed' && status !== 'archived'
}

/** The earlier attempt's job to follow, or undefined to create a job as usual. */
export async function earlierAttemptJob(options: {
  checkRun: DocsCheckRun
  budgetMs: number
  getJob: (id: string) => Promise<AgentJob>
}): Promise<AgentJob | undefined> {
  if (!options.checkRun.isRerunOutsidePullRequest()) return undefined
  const jobId = await options.checkRun.findEarlierJob(options.budgetMs)
  if (!jobId) {
    core.info('Re-run: no check run of an earlier attempt names a job; creating one.')
    return undefined
  }
  let job: AgentJob
  try {
    job = await options.getJob(jobId)
  } catch (error) {
    // Only a job that is gone is replaced; any other failure must not start a second job.
    if (!(error instanceof ApiError && error.status === 404)) throw error
    core.info(
      `Re-run: the earlier attempt's job ${safeLine(jobId)} no longer exists; creating a new job.`
    )
    return undefined
  }
  if (!followEarlierJob(job.status)) {
    core.info(
      `Re-run: the earlier attempt's job ${safeLine(jobId)} is ${safeLine(job.status)}; creating a new job.`
    )
    return undefined
  }
  core.info(
    `Re-run: following job ${safeLine(jobId)} (${safeLine(job.status)}), which the earlier attempt started, instead of creating another.`
  )
  return job
}
