// A re-run of a push or scheduled run: which earlier job it follows, and when it may
// start another. The check run's lookup is given as its answers (a job id or none).

import { ApiError } from '../../src/agent/http-errors.js'
import type { AgentJob } from '../../src/agent/job.js'
import type { DocsCheckRun } from '../../src/github/check-run.js'
import { earlierAttemptJob } from '../../src/action/rerun.js'

/** A check run that is (or is not) on a re-run and names `jobId`. */
function checkRun(rerun: boolean, jobId: string | undefined): DocsCheckRun {
  return {
    isRerunOutsidePullRequest: () => rerun,
    findEarlierJob: () => Promise.resolve(jobId)
  } as unknown as DocsCheckRun
}

const job = (status: string): AgentJob => ({ id: 'job_1', status, prLink: null })

describe('earlierAttemptJob', () => {
  it.each([
    ['active', 'job_1'],
    ['completed', 'job_1'],
    ['failed', undefined],
    ['archived', undefined]
  ])('follows a job that is %s: %s', async (status, expected) => {
    const found = await earlierAttemptJob({
      checkRun: checkRun(true, 'job_1'),
      budgetMs: 1000,
      getJob: () => Promise.resolve(job(status))
    })
    expect(found?.id).toBe(expected)
  })

  it('is not a re-run on a first attempt: nothing is looked up', async () => {
    let asked = 0
    const found = await earlierAttemptJob({
      checkRun: checkRun(false, 'job_1'),
      budgetMs: 1000,
      getJob: () => {
        asked++
        return Promise.resolve(job('active'))
      }
    })
    expect(found).toBeUndefined()
    expect(asked).toBe(0)
  })

  it('starts again only when the earlier job is gone (404)', async () => {
    const found = await earlierAttemptJob({
      checkRun: checkRun(true, 'job_1'),
      budgetMs: 1000,
      getJob: () => Promise.reject(new ApiError('GET', '/job/job_1', 404, 'not found', undefined))
    })
    expect(found).toBeUndefined()
  })

  it('does not start a second job when the earlier one cannot be read for now (503)', async () => {
    const unavailable = new ApiError('GET', '/job/job_1', 503, 'unavailable', undefined)
    await expect(
      earlierAttemptJob({
        checkRun: checkRun(true, 'job_1'),
        budgetMs: 1000,
        getJob: () => Promise.reject(unavailable)
      })
    ).rejects.toBe(unavailable)
  })
})
