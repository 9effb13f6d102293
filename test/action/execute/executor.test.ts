// The executor, in process with the job's owner and a wait on a virtual clock: a job
// that ended badly while the run waited for it is what the outcome reports (its id,
// status and link), whatever path ends the run.

import { execute, type ExecuteContext } from '../../../src/action/execute/executor.js'
import type { JobCalls } from '../../../src/action/execute/job-calls.js'
import { JobOwner } from '../../../src/action/execute/job-owner.js'
import { outputValues } from '../../../src/action/publish/outputs.js'
import type { AgentJob } from '../../../src/agent/job.js'
import { FakeClock } from '../../support/fake-clock.js'

const LINK = 'https://github.com/acme/docs/pull/100'

function context(answers: AgentJob[]): { ctx: ExecuteContext; sent: string[] } {
  const sent: string[] = []
  let i = 0
  const calls = {
    read: () => Promise.resolve(answers[Math.min(i++, answers.length - 1)] as AgentJob),
    message: (id: string, prompt: string) => {
      sent.push(`${id}: ${prompt}`)
      return Promise.resolve(answers.at(-1) as AgentJob)
    },
    create: () => Promise.reject(new Error('no job may be created here')),
    context: (endpoint: 'get', jobId?: string) => ({
      endpoint,
      projectId: 'proj-test',
      host: 'api.mintlify.com',
      ...(jobId ? { jobId } : {})
    })
  } as unknown as JobCalls
  const ctx: ExecuteContext = {
    settings: {
      wait: true,
      requirePr: false,
      timeoutMs: 60_000,
      pollIntervalMs: 1000,
      maxPollIntervalMs: 5000
    },
    calls,
    owner: new JobOwner({ jobNamed: () => undefined, jobCreated: () => undefined }),
    clock: new FakeClock(),
    startedAt: 0,
    deadline: 60_000,
    signal: new AbortController().signal,
    projectId: 'proj-test',
    run: { runId: '4242', runAttempt: 1 },
    promptToSend: () => Promise.resolve('Fix the typo'),
    hooks: { jobStarted: () => Promise.resolve() }
  }
  return { ctx, sent }
}

describe("a docs pull request's job that ended badly", () => {
  it.each(['failed', 'archived'])(
    'is reported as it is when it was already %s: the command is declined, nothing sent',
    async (status) => {
      const opener: AgentJob = { id: 'job_1', status, prLink: LINK }
      const { ctx, sent } = context([opener])
      const outcome = await execute(ctx, {
        action: 'wait-then-follow-up',
        jobId: 'job_1',
        via: 'docs-opener',
        job: opener
      })

      expect(sent).toEqual([])
      expect(outcome.ending.conclusion).toBe('warned')
      expect(outputValues(outcome, undefined)).toMatchObject({
        'job-id': 'job_1',
        status,
        'pr-link': LINK
      })
    }
  )

  it.each(['failed', 'archived'])(
    'is reported as it is when it became %s while the command waited',
    async (status) => {
      const working: AgentJob = { id: 'job_1', status: 'active', prLink: null }
      const ended: AgentJob = { id: 'job_1', status, prLink: LINK }
      const { ctx, sent } = context([working, ended])
      const outcome = await execute(ctx, {
        action: 'wait-then-follow-up',
        jobId: 'job_1',
        via: 'docs-opener',
        job: working
      })

      expect(sent).toEqual([])
      expect(outcome.ending.message).toContain(`is ${status}: the command was not sent`)
      expect(outputValues(outcome, undefined)).toMatchObject({
        'job-id': 'job_1',
        status,
        'pr-link': LINK
      })
      expect(outcome.polls).toBeGreaterThan(0)
    }
  )
})
