// The check run's conclusion and title for every way a run can end.

import { checkOutcome } from '../../../src/action/publish/publish.js'
import type { AgentJob } from '../../../src/agent/job.js'

const job = (status: string, prLink: string | null = null): AgentJob => ({
  id: 'job_1',
  status,
  prLink
})
const ok = { conclusion: 'succeeded' as const, message: '' }
const failed = { conclusion: 'failed' as const, message: '' }

describe('checkOutcome', () => {
  it.each([
    [
      'a docs pull request',
      {
        ending: ok,
        waitEnd: 'terminal',
        cancelled: false,
        job: job('completed', 'https://github.com/acme/docs/pull/3')
      },
      'success',
      'Docs job job_1 completed: pull request acme/docs#3'
    ],
    [
      'no change',
      { ending: ok, waitEnd: 'terminal', cancelled: false, job: job('completed') },
      'neutral',
      'Docs job job_1 changed nothing'
    ],
    [
      'no change with require-pr',
      { ending: failed, waitEnd: 'terminal', cancelled: false, job: job('completed') },
      'failure',
      'Docs job job_1 changed nothing, and a pull request was required'
    ],
    [
      'a failed job',
      { ending: failed, waitEnd: 'terminal', cancelled: false, job: job('failed') },
      'failure',
      'Docs job job_1 failed'
    ],
    [
      'an archived job',
      {
        ending: { ...ok, conclusion: 'warned' as const },
        waitEnd: 'terminal',
        cancelled: false,
        job: job('archived')
      },
      'neutral',
      'Docs job job_1 was archived before it completed'
    ],
    [
      'the timeout',
      { ending: failed, waitEnd: 'timeout', cancelled: false, job: job('active') },
      'timed_out',
      'Timed out waiting for docs job job_1'
    ],
    [
      'a cancelled wait',
      { ending: failed, waitEnd: 'cancelled', cancelled: false, job: job('active') },
      'cancelled',
      'Cancelled while waiting for docs job job_1'
    ],
    [
      'a cancellation after the wait',
      { ending: failed, waitEnd: 'terminal', cancelled: true, job: job('completed') },
      'cancelled',
      'Cancelled while waiting for docs job job_1'
    ],
    [
      'a failed creation',
      { ending: failed, waitEnd: undefined, cancelled: false, job: undefined },
      'failure',
      'The docs step failed'
    ],
    [
      'not waiting',
      { ending: ok, waitEnd: undefined, cancelled: false, job: job('active') },
      'neutral',
      'Not waited for: docs job job_1 is active'
    ]
  ] as const)('%s', (_, end, conclusion, title) => {
    expect(checkOutcome(end)).toEqual({ conclusion, title })
  })
})
