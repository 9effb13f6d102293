// Whatever the service answers, in whatever order, every publisher names the same job,
// status and link as the step's last log line: the outputs, the job summary, the pull
// request comment and the check run all read the one outcome the job's owner builds.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { JobOwner } from '../../../src/action/execute/job-owner.js'
import type { RunContext } from '../../../src/action/shell/context.js'
import { checkOutcome } from '../../../src/action/publish/publish.js'
import { outputValues } from '../../../src/action/publish/summary.js'
import {
  pullRequestCell,
  renderComment,
  statusCell,
  summaryMarkdown
} from '../../../src/action/publish/summary.js'
import type { AgentJob } from '../../../src/agent/job.js'
import { parsePullRequestLink } from '../../../src/common/pull-request-link.js'
import { FakeClock } from '../../support/fake-clock.js'
import { pullRequestRun } from '../../support/fixtures.js'
import { assertIncludes, runs } from '../../support/properties.js'

const STATUSES = ['active', 'completed', 'failed', 'archived', 'pending'] as const

const answer = fc.record({
  status: fc.constantFrom(...STATUSES),
  prLink: fc.option(
    fc.integer({ min: 1, max: 999 }).map((n) => `https://github.com/acme/docs/pull/${n}`),
    { nil: null }
  )
})

const silent = () => undefined

/** Runs the answers through the real wait: the first as the message's answer, the rest as polls. */
async function outcomeOf(answers: Omit<AgentJob, 'id'>[], wait: boolean, afterMessage: boolean) {
  const clock = new FakeClock()
  let served: AgentJob | undefined
  let next = 1
  const job = (i: number): AgentJob => ({
    id: 'job_1',
    ...(answers[Math.min(i, answers.length - 1)] as Omit<AgentJob, 'id'>)
  })
  const calls = {
    read: () => {
      served = job(next++)
      return Promise.resolve(served)
    },
    context: (endpoint: 'get') => ({
      endpoint,
      projectId: 'proj-test',
      host: 'api.mintlify.com',
      jobId: 'job_1'
    })
  } as unknown as RunContext['calls']
  const ctx = {
    host: { env: {} },
    settings: {
      wait,
      requirePr: false,
      timeoutMs: 60_000,
      pollIntervalMs: 1000,
      maxPollIntervalMs: 5000
    },
    calls,
    clock,
    startedAt: 0,
    deadline: 60_000,
    signal: new AbortController().signal,
    cancelled: () => undefined
  } as unknown as RunContext
  const first = job(0)
  const owner = new JobOwner(silent, ctx)
  const ending = await owner.finish(first.id, first, afterMessage)
  return { outcome: owner.outcome(ending), lastAnswer: served ?? first }
}

describe('one outcome for every publisher', () => {
  it('names the same job, status and link everywhere as the last answer and the log line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (answers, wait, afterMessage) => {
          const { outcome, lastAnswer } = await outcomeOf(answers, wait, afterMessage)
          const job = outcome.job as AgentJob
          // The owner reports the last answer the service gave (as working on a message
          // that was not waited on, unless that answer already failed).
          const pending = !wait && afterMessage && lastAnswer.status !== 'failed'
          // Plain objects of three defined fields on both sides: nothing toEqual would ignore.
          assert.deepEqual(job, pending ? { ...lastAnswer, status: 'active' } : lastAnswer)

          const outputs = outputValues(outcome, undefined)
          const link = parsePullRequestLink(job.prLink)
          assert.equal(outputs['job-id'], 'job_1')
          assert.equal(outputs.status, job.status)
          assert.equal(outputs['pr-link'], link?.link ?? '')
          const published = JSON.parse(outputs.job) as Partial<AgentJob>
          assert.equal(published.status, job.status)
          assert.equal(published.prLink, job.prLink)

          const summary = summaryMarkdown(outcome, 0)
          const comment = renderComment(
            { jobId: 'job_1', job, ending: outcome.ending },
            pullRequestRun()
          )
          for (const text of [summary, comment]) {
            assertIncludes(text, statusCell(job.status))
            assertIncludes(text, pullRequestCell(job.prLink, text === comment ? 'none' : '—'))
          }
          const check = checkOutcome({
            ending: outcome.ending,
            waitEnd: outcome.waitEnd,
            cancelled: false,
            job
          })
          // The step's last line names the same link as every other place.
          if (
            job.status === 'completed' &&
            link &&
            outcome.ending.conclusion === 'succeeded' &&
            wait
          ) {
            assert.equal(outcome.ending.message, `Job job_1 completed: ${job.prLink}`)
            assert.equal(
              check.title,
              `Docs job job_1 completed: pull request ${link.repository}#${link.number}`
            )
          }
          if (outcome.ending.message.includes('https://github.com/')) {
            assertIncludes(outcome.ending.message, link?.link ?? 'no link')
          }
        }
      ),
      runs(200)
    )
  })
})
