// Faults a real network and a busy service produce: rate limits, server errors,
// resets, refused connections, hangs and slow bodies (a hung create here also shows
// that a request that was sent still earns "a job may have been created"). The bundled action runs
// against the local stand-in; each case checks the exit code, the error text, the
// outputs and how many requests the service received. One case of each kind runs
// here, for the wiring; every row is decided in test/agent/faults-in-process.test.ts.

import { runAction } from '../support/run-action.js'
import {
  count,
  failure,
  gaps,
  inputsFor,
  MAY_HAVE_CREATED,
  PROJECT,
  retryLines,
  strayCommands,
  withStandIn
} from '../support/faults-kit.js'

const JOBS_PATH = /^\/v2\/agent\/[^/]+\/job$/

// A rate-limited create and polls answered 502 are both retried until the job completes:
// one run shows both, each with its own wait.
describe('rate limits (429) and server errors (5xx)', () => {
  it.concurrent(
    'waits the Retry-After seconds, then creates the job once; retries polls answered 502 from a gateway, in HTML, then completes',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'POST',
          fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }
        })
        standIn.inject({
          method: 'GET',
          times: 2,
          fault: { kind: 'raw', status: 502, text: '<html><h1>502 Bad Gateway</h1></html>' }
        })
        const run = await runAction({ inputs: inputsFor(standIn.url) })

        expect(run.exitCode).toBe(0)
        expect(run.outputs).toMatchObject({
          'job-id': standIn.jobIds()[0],
          status: 'completed',
          'pr-number': '100'
        })
        expect(count(standIn.requests, 'POST')).toBe(2)
        expect(count(standIn.requests, 'GET')).toBe(3)
        expect(standIn.jobIds()).toHaveLength(1)
        expect(gaps(standIn, 'POST')[0]).toBeGreaterThanOrEqual(950)
        expect(retryLines(run)).toEqual([
          expect.stringMatching(/^Retrying in 1s \(attempt 2\): Rate limited/),
          expect.stringContaining('answered 502'),
          expect.stringContaining('answered 502')
        ])
        // Backoff from poll-interval (100ms) even when Retry-After says 0: never a busy loop.
        expect(Math.min(...gaps(standIn, 'GET'))).toBeGreaterThanOrEqual(50)
        expect(strayCommands(run.stdout)).toEqual([])
      })
    }
  )

  it.concurrent(
    'does not repeat a follow-up message answered 503, and names the job it may have reached',
    async () => {
      await withStandIn({}, async (standIn) => {
        const created = await fetch(`${standIn.url}/v2/agent/${PROJECT}/job`, {
          method: 'POST',
          headers: { authorization: 'Bearer mint_test_key', 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'fast: first' })
        })
        const { id } = (await created.json()) as { id: string }
        standIn.inject({
          method: 'POST',
          path: /\/message$/,
          fault: { kind: 'status', status: 503 }
        })
        const run = await runAction({
          inputs: inputsFor(standIn.url, { 'job-id': id, prompt: 'And the changelog' })
        })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(`answered 503`)
        expect(error).toContain(`The message may have reached job '${id}' anyway`)
        expect(run.outputs['job-id']).toBe(id)
        expect(
          standIn.requests.filter((request) => request.path.endsWith('/message'))
        ).toHaveLength(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )
})

describe('answers that never come', () => {
  it.concurrent('ends a hung poll at the timeout, naming the job', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', fault: { kind: 'hang' } })
      const run = await runAction({ inputs: inputsFor(standIn.url, { timeout: '1500ms' }) })
      const id = standIn.jobIds()[0] as string

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toMatch(
        new RegExp(
          `^Timed out after 1\\.5s waiting for job ${id} \\(last status: active\\)\\. .*job-id: ${id}`
        )
      )
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
      // At the 1.5 s timeout, not when the harness kills a hung run at 30 s; the margin is
      // for a busy machine.
      expect(run.durationMs).toBeGreaterThanOrEqual(1400)
      expect(run.durationMs).toBeLessThan(10_000)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  it.concurrent('ends a hung create at the timeout, warning that the job may exist', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', fault: { kind: 'hang' } })
      const run = await runAction({ inputs: inputsFor(standIn.url, { timeout: '1500ms' }) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain('The timeout passed before the service answered.')
      expect(error).toContain(MAY_HAVE_CREATED)
      expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
      expect(run.durationMs).toBeLessThan(10_000)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(standIn.requests.filter((request) => JOBS_PATH.test(request.path))).toHaveLength(1)
    })
  })
})
