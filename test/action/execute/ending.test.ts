// How the step ends for every way the wait can end.

import { endingFor } from '../../../src/action/execute/job-owner.js'
import { ApiError, NetworkError } from '../../../src/agent/http-errors.js'
import type { WaitResult } from '../../../src/agent/wait-for-job.js'
import { job } from '../../support/fixtures.js'

const context = {
  endpoint: 'get' as const,
  projectId: 'proj',
  jobId: 'job_1',
  host: 'api.example.com'
}
const end = (result: WaitResult, requirePr = false) => endingFor(result, requirePr, context, '30m')
const PR = 'https://github.com/acme/docs/pull/7'

describe('endingFor', () => {
  it.each<[string, WaitResult, boolean, string, RegExp]>([
    [
      'completed with a PR',
      { end: 'terminal', job: job('completed', PR), polls: 3 },
      false,
      'succeeded',
      /^Job job_1 completed: https:\/\/github\.com\/acme\/docs\/pull\/7$/
    ],
    [
      'completed with a PR, PR required',
      { end: 'terminal', job: job('completed', PR), polls: 3 },
      true,
      'succeeded',
      /completed: https/
    ],
    [
      'completed without a PR',
      { end: 'terminal', job: job('completed'), polls: 3 },
      false,
      'succeeded',
      /completed without a pull request \(the agent changed no files\)\.$/
    ],
    [
      'completed without a PR, PR required',
      { end: 'terminal', job: job('completed'), polls: 3 },
      true,
      'failed',
      /without a pull request .* require-pr is true\.$/
    ],
    [
      'failed',
      { end: 'terminal', job: job('failed'), polls: 3 },
      false,
      'failed',
      /^Job job_1 failed: the agent hit an unrecoverable error\.$/
    ],
    [
      'archived',
      { end: 'terminal', job: job('archived'), polls: 3 },
      false,
      'warned',
      /^Job job_1 was archived before it completed\.$/
    ],
    [
      'timeout',
      { end: 'timeout', job: job('active'), polls: 9 },
      false,
      'failed',
      /^Timed out after 30m waiting for job job_1 \(last status: active\)\. It keeps running on api\.example\.com \(project proj\); to follow it later, run this action with job-id: job_1\./
    ],
    [
      'timeout before any answer',
      { end: 'timeout', polls: 0 },
      false,
      'failed',
      /waiting for job job_1 \(last status: unknown\)/
    ],
    [
      'cancelled',
      { end: 'cancelled', job: job('active'), polls: 2 },
      false,
      'failed',
      /^Cancelled while waiting for job job_1 \(last status: active\)\. The service has no cancel endpoint: It keeps running/
    ]
  ])('%s', (_, result, requirePr, conclusion, message) => {
    const ending = end(result, requirePr)
    expect(ending.conclusion).toBe(conclusion)
    expect(ending.message).toMatch(message)
  })

  it('says how to follow the job when polling broke off', () => {
    const error = new NetworkError('GET', '/v2/agent/proj/job/job_1', 'ECONNRESET', true)
    const ending = end({ end: 'error', job: job('active'), polls: 4, error })
    expect(ending.conclusion).toBe('failed')
    expect(ending.message).toMatch(
      /^Stopped waiting for job job_1 \(last status: active\): .*ECONNRESET.* run this action with job-id: job_1\.$/
    )
  })

  it('does not say a job the service no longer knows keeps running', () => {
    const error = new ApiError(
      'GET',
      '/v2/agent/proj/job/job_1',
      404,
      'Agent job not found',
      undefined
    )
    const ending = end({ end: 'error', job: job('active'), polls: 4, error })
    expect(ending.message).toMatch(/was not found/)
    expect(ending.message).not.toMatch(/keeps running/)
  })
})
