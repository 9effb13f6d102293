// A re-run of a push or scheduled run: which earlier job the facts name, and that a
// job that cannot be read for now stops the run instead of starting a second job. The
// check run's lookup is given as its answers (a job id or none); the plan test says
// what the run then does with these facts.

import { gatherFacts } from '../../../src/action/plan/facts.js'
import type { JobReader } from '../../../src/action/plan/reads.js'
import type { RunContext } from '../../../src/action/shell/context.js'
import { readSettings } from '../../../src/action/shell/inputs.js'
import { ApiError } from '../../../src/agent/http-errors.js'
import type { AgentJob } from '../../../src/agent/job.js'
import { systemClock } from '../../../src/common/clock.js'
import type { DocsCheckRun } from '../../../src/github/check-run.js'
import { job, workflowRun } from '../../support/fixtures.js'

/** A check run that is (or is not) on a re-run and names `jobId`. */
function checkRun(rerun: boolean, jobId: string | undefined): DocsCheckRun {
  return {
    isRerunOutsidePullRequest: () => rerun,
    findEarlierJob: () => Promise.resolve(jobId)
  } as unknown as DocsCheckRun
}

const settings = readSettings(
  (name) =>
    ({
      'api-key': 'mint_key',
      'project-id': 'proj-test',
      prompt: 'Document it',
      'pr-comment': 'false'
    })[name] ?? ''
)

async function factsFor(rerun: boolean, read: (id: string) => Promise<AgentJob>) {
  let asked = 0
  const calls = {
    read: (id: string) => {
      asked++
      return read(id)
    }
  } satisfies JobReader
  const ctx = {
    event: {
      run: workflowRun({ runAttempt: 2 }),
      pullRequest: undefined,
      commandEvent: false,
      command: undefined
    },
    settings,
    calls,
    clock: systemClock,
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
    checkRun: checkRun(rerun, 'job_1'),
    left: (budgetMs: number) => budgetMs
  } as unknown as RunContext
  const gathered = await gatherFacts(ctx)
  return { facts: gathered.facts, asked }
}

describe('the facts of a re-run outside a pull request', () => {
  it.each(['active', 'completed', 'failed', 'archived'])(
    "names the earlier attempt's %s job as the service sees it",
    async (status) => {
      const { facts } = await factsFor(true, () => Promise.resolve(job(status)))
      expect(facts.earlierAttempt).toEqual({
        jobId: 'job_1',
        recorded: { kind: 'found', job: job(status) }
      })
    }
  )

  it('is not a re-run on a first attempt: nothing is looked up', async () => {
    const { facts, asked } = await factsFor(false, () => Promise.resolve(job('active')))
    expect(facts.earlierAttempt).toBeUndefined()
    expect(asked).toBe(0)
  })

  it('says the earlier job is gone when the service answers 404', async () => {
    const { facts } = await factsFor(true, () =>
      Promise.reject(new ApiError('GET', '/job/job_1', 404, 'not found', undefined))
    )
    expect(facts.earlierAttempt).toEqual({ jobId: 'job_1', recorded: { kind: 'gone' } })
  })

  it('does not start a second job when the earlier one cannot be read for now (503)', async () => {
    const unavailable = new ApiError('GET', '/job/job_1', 503, 'unavailable', undefined)
    await expect(factsFor(true, () => Promise.reject(unavailable))).rejects.toBe(unavailable)
  })
})
