// Answers that must not be trusted, through the bundled action against the local
// stand-in: an answer about another job, pull request links that are not exactly one,
// a `wait: false` run whose one answer says `failed`, a key the runner could not mask
// and a summary that cannot be written. Each case checks the exit code, the error
// text, the outputs and how many requests the service received. One case of each
// kind runs here, for the wiring; every row (and ids and statuses that are not plain
// words, pathological JSON, a Retry-After in a form RFC 9110 does not allow) is
// decided in test/agent/faults-in-process.test.ts.

import { runAction } from '../support/run-action.js'
import {
  count,
  everywhereVisible,
  failure,
  inputsFor,
  KEY,
  PROJECT,
  retryLines,
  withStandIn
} from '../support/faults-kit.js'

const OTHER_JOB = 'a job other than the one asked about'

// An answer about another job and a summary that cannot be written both leave the step
// green with the job followed to its end: one run shows both.
describe('an answer about another job, and a job summary that cannot be written', () => {
  it.concurrent(
    'retries the bad poll without a new job-id, and warns once about the summary',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'GET',
          fault: { kind: 'patch', fields: { id: 'job_intruder' } }
        })
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { GITHUB_STEP_SUMMARY: '/nonexistent-folder/summary.md' }
        })

        const id = standIn.jobIds()[0] as string
        expect(run.exitCode).toBe(0)
        // The answer about another job is a bad answer on a poll: retried.
        expect(retryLines(run)).toHaveLength(1)
        expect(retryLines(run)[0]).toContain(`${OTHER_JOB} (job job_intruder)`)
        expect(run.outputHistory['job-id']?.every((value) => value === id)).toBe(true)
        expect(run.outputs).toMatchObject({ 'job-id': id, status: 'completed' })
        expect(run.stdout).not.toMatch(/Following agent job job_intruder/)
        // The summary that cannot be written is a warning, and the step still follows the job.
        const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain('Could not write the job summary (GITHUB_STEP_SUMMARY)')
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(2)
      })
    }
  )
})

describe('pull request links', () => {
  // The stand-in's own link is https://github.com/acme/docs/pull/<n>; these replace it on the final poll.
  // A link that is no pull request (Markdown that closes a link, and the other rows of
  // test/agent/faults-in-process.test.ts) leaves the outputs, the job output and the summary
  // without one: shown through the bundle by a link with a line break (faults-answers.test.ts).
  it.concurrent.each<[string, string, Record<string, string>]>([
    [
      'a query that would run a command',
      'https://github.com/acme/docs/pull/7?x=$(id)',
      {
        'pr-link': 'https://github.com/acme/docs/pull/7',
        'pr-number': '7',
        'pr-repository': 'acme/docs'
      }
    ]
  ])('reads a prLink with %s as exactly one pull request, or none', async (_, link, outputs) => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', fault: { kind: 'patch', fields: { prLink: link } } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ status: 'completed', ...outputs })
      // Nothing a shell, an expression or Markdown would act on, however the link was encoded.
      for (const name of ['pr-link', 'pr-number', 'pr-repository']) {
        expect(run.outputs[name]).not.toMatch(/[$`'"\\;|<>()[\]{}\s%]/)
      }
      const job = JSON.parse(run.outputs.job ?? '') as { prLink: string | null }
      expect(job.prLink ?? '').toBe(outputs['pr-link'])
      expect(run.summary).not.toContain('evil.example"')
      expect(run.summary).not.toContain('<a href="http://')
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})

describe('wait: false', () => {
  it.concurrent('fails the step when the one answer already says failed', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', fault: { kind: 'patch', fields: { status: 'failed' } } })
      const run = await runAction({ inputs: inputsFor(standIn.url, { wait: 'false' }) })

      const id = standIn.jobIds()[0] as string
      expect(run.exitCode).toBe(1)
      expect(failure(run)).toBe(`Job ${id} failed: the agent hit an unrecoverable error.`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'failed' })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(0)
    })
  })

  it.concurrent('fails the step when a single read of a job finds it failed', async () => {
    await withStandIn({}, async (standIn) => {
      // A job that failed before this run (failing while waited for: faults-messages.test.ts),
      // at once: a run in process reads it sooner than a fresh process would.
      const created = await fetch(`${standIn.url}/v2/agent/${PROJECT}/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'fail: fast: x' })
      })
      const { id } = (await created.json()) as { id: string }
      const run = await runAction({
        inputs: inputsFor(standIn.url, { prompt: '', 'job-id': id, wait: 'false' })
      })

      expect(run.exitCode).toBe(1)
      expect(failure(run)).toContain(`Job ${id} failed`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'failed' })
      // The create above, and one read by the run.
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  // That an active job's one answer still succeeds: test/e2e/action.test.ts ('wait: false').
})

describe('the API key', () => {
  it.concurrent.each([
    // The other characters: test/action/inputs.test.ts.
    ['a non-breaking space', 'mint_abc\u00a0def123']
  ])('is refused before any request when it holds %s, without echoing it', async (_, key) => {
    await withStandIn({ apiKey: key }, async (standIn) => {
      const run = await runAction({ inputs: inputsFor(standIn.url, { 'api-key': key }) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toMatch(
        /^Input 'api-key' must be one token of the form mint_<secret>, in visible ASCII/
      )
      expect(error).not.toMatch(/may have been created|connection/)
      expect(everywhereVisible(run)).not.toContain('abc')
      expect(run.outputs).toEqual({})
      expect(standIn.requests).toEqual([])
    })
  })
})
