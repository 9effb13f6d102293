// How the step ends, from the way the wait for the job ended: pure, so every
// combination is unit-tested.

import { describeError, type ErrorContext } from '../../agent/describe-error.js'
import { isNotFound } from '../../agent/http-errors.js'
import type { Ending } from './outcome.js'
import type { WaitResult } from '../../agent/wait-for-job.js'

/** The step's conclusion from the way the wait ended. */
export function endingFor(
  result: WaitResult,
  requirePr: boolean,
  context: ErrorContext,
  timeout: string
): Ending {
  const job = result.job
  const id = job?.id ?? context.jobId ?? ''
  const resume = `It keeps running on ${context.host} (project ${context.projectId}); to follow it later, run this action with job-id: ${id}.`
  switch (result.end) {
    case 'cancelled':
      return {
        conclusion: 'failed',
        message: `Cancelled while waiting for job ${id} (last status: ${job?.status ?? 'unknown'}). The service has no cancel endpoint: ${resume}`
      }
    case 'timeout':
      return {
        conclusion: 'failed',
        message: `Timed out after ${timeout} waiting for job ${id} (last status: ${job?.status ?? 'unknown'}). ${resume} Raise the timeout input if jobs take longer.`
      }
    case 'error': {
      // A job the service does not know is not running anywhere.
      const gone = isNotFound(result.error)
      return {
        conclusion: 'failed',
        message: `Stopped waiting for job ${id} (last status: ${job?.status ?? 'unknown'}): ${describeError(result.error, context)}${gone ? '' : ` ${resume}`}`
      }
    }
    case 'terminal':
      break
  }
  const status = job?.status
  if (status === 'failed') {
    return {
      conclusion: 'failed',
      message: `Job ${id} failed: the agent hit an unrecoverable error.`
    }
  }
  if (status === 'archived') {
    return { conclusion: 'warned', message: `Job ${id} was archived before it completed.` }
  }
  if (!job?.prLink) {
    const message = `Job ${id} completed without a pull request (the agent changed no files).`
    return requirePr
      ? { conclusion: 'failed', message: `${message} require-pr is true.` }
      : { conclusion: 'succeeded', message }
  }
  return { conclusion: 'succeeded', message: `Job ${id} completed: ${job.prLink}` }
}
