// The executor, in process with the job's owner and a wait on a virtual clock: a job
// that ended badly while the run waited for it is what the outcome reports (its id,
// status and link), whatever path ends the run.

import { carryOut, type JobRun } from '../../../src/action/execute/executor.js'
import { JobOwner } from '../../../src/action/execute/job-owner.js'
import type { RunContext } from '../../../src/action/shell/context.js'
import { outputValues } from '../../../src/action/publish/summary.js'
import type { AgentJob } from '../../../src/agent/job.js'
import { FakeClock } from '../../support/fake-clock.js'

const LINK = 'https://github.com/acme/docs/pull/100'

function context(answers: AgentJob[]): { ctx: RunContext; run: JobRun; sent: string[] } {
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
  } as unknown as RunContext['calls']
  const ctx = {
    host: { env: {} },
    settings: {
      wait: true,
      requirePr: false,
      timeoutMs: 60_000,
      pollIntervalMs: 1000,
      maxPollIntervalMs: 5000,
      projectId: 'proj-test'
    },
    calls,
    clock: new FakeClock(),
    startedAt: 0,
    deadline: 60_000,
    signal: new AbortController().signal,
    cancelled: () => undefined
  } as unknown as RunContext
  const run: JobRun = {
    owner: new JobOwner(() => undefined, ctx),
    prompt: () => Promise.resolve('Fix the typo'),
    settled: () => Promise.resolve(),
    gathered: { facts: { run: { runId: '4242', runAttempt: 1 }, reuseJob: true } }
  }
  return { ctx, run, sent }
}

describe("a docs pull request's job that ended badly", () => {
  it.each(['failed', 'archived'])(
    'is reported as it is when it was already %s: the command is declined, nothing sent',
    async (status) => {
      const opener: AgentJob = { id: 'job_1', status, prLink: LINK }
      const { ctx, run, sent } = context([opener])
      const outcome = await carryOut(ctx, run, {
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
      const { ctx, run, sent } = context([working, ended])
      const outcome = await carryOut(ctx, run, {
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
