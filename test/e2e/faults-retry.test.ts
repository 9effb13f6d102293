// Faults a real network and a busy service produce: rate limits, server errors,
// resets, refused connections, hangs and slow bodies. The bundled action runs
// against the local stand-in; each case checks the exit code, the error text, the
// outputs and how many requests the service received.

import { runAction } from '../support/run-action.js'
import { startStandIn, type StandIn } from '../support/stand-in.js'
import {
  closedPort,
  count,
  failure,
  inputsFor,
  PROJECT,
  retryLines,
  strayCommands,
  withStandIn
} from '../support/faults-kit.js'

const JOBS_PATH = /^\/v2\/agent\/[^/]+\/job$/
const MAY_HAVE_CREATED = 'a job may have been created anyway'

/** Milliseconds between consecutive requests of `method`. */
function gaps(standIn: StandIn, method: 'GET' | 'POST'): number[] {
  const times = standIn.requests
    .filter((request) => request.method === method)
    .map((request) => request.at)
  return times.slice(1).map((at, index) => at - (times[index] as number))
}

describe('rate limits (429)', () => {
  it.concurrent('waits the Retry-After seconds, then creates the job once', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({
        method: 'POST',
        fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }
      })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
      expect(count(standIn.requests, 'POST')).toBe(2)
      expect(count(standIn.requests, 'GET')).toBe(1)
      expect(standIn.jobIds()).toHaveLength(1)
      expect(gaps(standIn, 'POST')[0]).toBeGreaterThanOrEqual(950)
      expect(retryLines(run)).toEqual([
        expect.stringMatching(/^Retrying in 1s \(attempt 2\): Rate limited/)
      ])
    })
  })

  it.concurrent('waits until a Retry-After HTTP date, then polls again', async () => {
    await withStandIn({}, async (standIn) => {
      // HTTP dates have whole seconds; far enough ahead to be later than the first poll.
      const until = new Date(Date.now() + 2500).toUTCString()
      standIn.inject({
        method: 'GET',
        fault: { kind: 'status', status: 429, headers: { 'retry-after': until } }
      })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(2)
      const retried = standIn.requests.filter((request) => request.method === 'GET')[1]
      expect(retried?.at).toBeGreaterThanOrEqual(Date.parse(until))
    })
  })

  it.concurrent('backs off when no Retry-After comes, with growing waits', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', times: 2, fault: { kind: 'status', status: 429 } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(count(standIn.requests, 'POST')).toBe(3)
      expect(standIn.jobIds()).toHaveLength(1)
      // Equal jitter from poll-interval (100ms): at least 50ms, then at least 100ms.
      const [first, second] = gaps(standIn, 'POST') as [number, number]
      expect(first).toBeGreaterThanOrEqual(50)
      expect(second).toBeGreaterThanOrEqual(100)
      expect(retryLines(run)).toHaveLength(2)
    })
  })

  it.concurrent(
    'gives up creating after five rate-limited attempts, saying it was rate limited',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'POST',
          times: 10,
          fault: { kind: 'status', status: 429, body: { error: 'Too many requests' } }
        })
        const run = await runAction({ inputs: inputsFor(standIn.url) })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain('Rate limited: POST /v2/agent/proj-test/job answered 429.')
        expect(error).toContain('The service said: "Too many requests"')
        expect(error).not.toContain(MAY_HAVE_CREATED)
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
        expect(count(standIn.requests, 'POST')).toBe(5)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )

  it.concurrent.each([
    ['the create', 'POST' as const],
    ['a poll', 'GET' as const]
  ])('fails at once when Retry-After on %s outlasts the timeout', async (_, method) => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({
        method,
        fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }
      })
      const run = await runAction({ inputs: inputsFor(standIn.url, { timeout: '10s' }) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain(
        'Rate limited, and the service asked to wait 1h, longer than the timeout leaves'
      )
      expect(error).not.toContain(MAY_HAVE_CREATED)
      // No sleep: far sooner than the 10s timeout, and no retry.
      expect(run.durationMs).toBeLessThan(5000)
      expect(retryLines(run)).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(method === 'GET' ? 1 : 0)
      if (method === 'GET') {
        const id = standIn.jobIds()[0] as string
        expect(error).toContain(`job-id: ${id}`)
        expect(error).toContain('raise poll-interval')
        expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
      } else {
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
      }
    })
  })
})

describe('server errors (5xx)', () => {
  it.concurrent.each([
    ['500 with a JSON error', { kind: 'status' as const, status: 500 }],
    [
      '503 with Retry-After 0',
      { kind: 'status' as const, status: 503, headers: { 'retry-after': '0' } }
    ],
    [
      '502 from a gateway, in HTML',
      { kind: 'raw' as const, status: 502, text: '<html><h1>502 Bad Gateway</h1></html>' }
    ]
  ])('retries polls answered %s, then completes', async (_, fault) => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', times: 2, fault })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({
        'job-id': standIn.jobIds()[0],
        status: 'completed',
        'pr-number': '100'
      })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(3)
      expect(retryLines(run)).toHaveLength(2)
      expect(retryLines(run)[0]).toContain(`answered ${fault.status}`)
      // Backoff from poll-interval (100ms) even when Retry-After says 0: never a busy loop.
      expect(Math.min(...gaps(standIn, 'GET'))).toBeGreaterThanOrEqual(50)
      expect(strayCommands(run.stdout)).toEqual([])
    })
  })

  it.concurrent.each([
    [
      '500 with a JSON error',
      { kind: 'status' as const, status: 500, body: { error: 'Internal error' } }
    ],
    [
      '502 from a gateway, in HTML',
      { kind: 'raw' as const, status: 502, text: '<html>Bad Gateway</html>' }
    ]
  ])(
    'does not repeat a create answered %s, and says where to look for the job',
    async (_, fault) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault })
        const run = await runAction({ inputs: inputsFor(standIn.url) })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(
          `The service failed: POST /v2/agent/proj-test/job answered ${fault.status}.`
        )
        expect(error).toContain(MAY_HAVE_CREATED)
        expect(error).toContain(`agent job of project '${PROJECT}' in the Mintlify dashboard`)
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
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

describe('broken connections', () => {
  it.concurrent('retries a poll whose connection is reset', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', times: 2, fault: { kind: 'reset' } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(3)
      expect(retryLines(run)).toHaveLength(2)
    })
  })

  it.concurrent('does not repeat a create whose connection is reset after sending', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', fault: { kind: 'reset' } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain(
        `The connection to 127.0.0.1:${standIn.port} broke before the answer to POST`
      )
      expect(error).toContain(MAY_HAVE_CREATED)
      expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(retryLines(run)).toEqual([])
    })
  })

  it.concurrent(
    'repeats a create whose connection was refused, and creates the job once the service is up',
    async () => {
      const port = await closedPort()
      let standIn: Promise<StandIn> | undefined
      const run = await runAction({
        inputs: inputsFor(`http://127.0.0.1:${port}`, {
          'poll-interval': '200ms',
          'max-poll-interval': '1s'
        }),
        // The service comes up while the action waits to retry.
        onStdout: (text) => {
          if (!standIn && text.includes('Retrying in '))
            standIn = startStandIn({ port, jobDurationMs: 50 })
        }
      })
      const service = await (standIn ?? Promise.reject(new Error('the action never retried')))
      try {
        expect(run.exitCode).toBe(0)
        expect(run.outputs).toMatchObject({ 'job-id': service.jobIds()[0], status: 'completed' })
        expect(retryLines(run)[0]).toContain('Could not reach')
        expect(retryLines(run)[0]).toContain('ECONNREFUSED')
        expect(run.stdout).not.toContain(MAY_HAVE_CREATED)
        expect(count(service.requests, 'POST')).toBe(1)
        expect(service.jobIds()).toHaveLength(1)
      } finally {
        await service.close()
      }
    }
  )

  it.concurrent(
    'gives up on a refused create after five attempts without calling it unsafe',
    async () => {
      const port = await closedPort()
      const run = await runAction({ inputs: inputsFor(`http://127.0.0.1:${port}`) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain(
        `Could not reach 127.0.0.1:${port} (ECONNREFUSED) for POST /v2/agent/proj-test/job`
      )
      expect(error).toContain('HTTPS_PROXY')
      expect(error).not.toContain(MAY_HAVE_CREATED)
      // Five attempts: four retries.
      expect(retryLines(run)).toHaveLength(4)
      expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
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
      expect(error).toContain(`Timed out after 1.5s waiting for job ${id} (last status: active)`)
      expect(error).toContain(`job-id: ${id}`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
      expect(run.durationMs).toBeGreaterThanOrEqual(1400)
      expect(run.durationMs).toBeLessThan(6000)
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
      expect(run.durationMs).toBeLessThan(6000)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(standIn.requests.filter((request) => JOBS_PATH.test(request.path))).toHaveLength(1)
    })
  })

  it.concurrent('ends a body that trickles in past the timeout, naming the job', async () => {
    await withStandIn({}, async (standIn) => {
      // About 250 bytes at one byte per 200 ms: most of a minute.
      standIn.inject({ method: 'GET', fault: { kind: 'slow-body', intervalMs: 200 } })
      const run = await runAction({ inputs: inputsFor(standIn.url, { timeout: '1500ms' }) })
      const id = standIn.jobIds()[0] as string

      expect(run.exitCode).toBe(1)
      expect(failure(run)).toContain(`Timed out after 1.5s waiting for job ${id}`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
      expect(run.durationMs).toBeLessThan(6000)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  it.concurrent('reads a slow body that ends in time', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', fault: { kind: 'slow-body', intervalMs: 2 } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(count(standIn.requests, 'GET')).toBe(1)
      expect(retryLines(run)).toEqual([])
    })
  })
})
