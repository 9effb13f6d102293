// The faults of test/e2e/faults-*.test.ts, one row each, decided where they are
// decided: the client modules (AgentApi with its retry policy, waitForJob) wired as the
// run context (src/action/shell/context.ts) wires them, against the same stand-in over
// HTTP on 127.0.0.1, and the line describeError (or endingFor) makes of what went wrong.
// The bundled action runs a few of each kind end to end, to prove the wiring: the exit
// code, the outputs, the log.
//
// The cases that mostly wait (for a timeout, for a Retry-After date) are
// startedWithFile, so they do not hold up the describe blocks after theirs.

import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import {
  BadResponseError,
  describeError,
  type Endpoint,
  type ErrorContext
} from '../../src/agent/http-errors.js'
import { createDispatcher, proxyFor } from '../../src/agent/dispatcher.js'
import { AgentApi } from '../../src/agent/http.js'
import type { AgentJob } from '../../src/agent/job.js'
import { waitForJob } from '../../src/agent/wait-for-job.js'
import { endingFor } from '../../src/action/execute/job-owner.js'
import { systemClock } from '../../src/common/clock.js'
import { formatDuration } from '../../src/common/duration.js'
import { parsePullRequestLink } from '../../src/common/pull-request-link.js'
import { registerSecret } from '../../src/common/safe-text.js'
import type { ConnectProxy, ConnectProxyOptions } from '../support/connect-proxy.js'
import {
  closedPort,
  count,
  gaps,
  KEY,
  MAY_HAVE_CREATED,
  PROJECT,
  SHORT_JOB,
  withProxy,
  withStandIn
} from '../support/faults-kit.js'
import { startedWithFile } from '../support/fixtures.js'
import { startStandIn, type Fault, type StandIn } from '../support/stand-in.js'
import { makeCertificates, type TestCertificates } from '../support/tls.js'

const OTHER_JOB = 'a job other than the one asked about'
const CREATE_PATH = `/v2/agent/${PROJECT}/job`
// poll-interval and max-poll-interval of the end-to-end runs (faults-kit's inputsFor).
const BACKOFF = { baseMs: 100, maxMs: 400 }

interface Options {
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  apiKey?: string
  projectId?: string
  jobId?: string
  prompt?: string
  backoff?: { baseMs: number; maxMs: number }
  /** Told of each retry, after it is recorded (the test may start a service here). */
  onRetry?: () => void
}

interface Retry {
  /** The line main.ts logs for the retry (always with the context of a read). */
  why: string
  delayMs: number
}

interface Outcome {
  job?: AgentJob
  error?: unknown
  /** describeError's line for the error, in the context main.ts builds for the mode. */
  line?: string
  retries: Retry[]
  elapsedMs: number
}

/** One call of `endpoint`, retried by its kind, as main.ts makes it. */
async function call(url: string, endpoint: Endpoint, options: Options = {}): Promise<Outcome> {
  const env = options.env ?? {}
  const baseUrl = new URL(url)
  const dispatcher = createDispatcher(env)
  const projectId = options.projectId ?? PROJECT
  const proxy = proxyFor(env, baseUrl)
  const context: ErrorContext = {
    endpoint,
    projectId,
    host: baseUrl.host,
    ...(proxy === undefined ? {} : { proxy }),
    ...(options.jobId === undefined ? {} : { jobId: options.jobId })
  }
  const retries: Retry[] = []
  const started = Date.now()
  const api = new AgentApi({
    baseUrl,
    apiKey: options.apiKey ?? KEY,
    userAgent: 'mintlify-agent-job-action/test',
    clock: systemClock,
    projectId,
    dispatcher,
    deadline: started + (options.timeoutMs ?? 15_000),
    backoff: options.backoff ?? BACKOFF,
    onRetry: (error, _attempt, delayMs) => {
      retries.push({ why: describeError(error, { ...context, endpoint: 'get' }), delayMs })
      options.onRetry?.()
    }
  })
  const jobId = options.jobId ?? ''
  const prompt = options.prompt ?? SHORT_JOB
  try {
    const job = await (endpoint === 'create'
      ? api.createJob(prompt)
      : endpoint === 'message'
        ? api.sendMessage(jobId, prompt)
        : api.getJob(jobId))
    return { job, retries, elapsedMs: Date.now() - started }
  } catch (error) {
    return {
      error,
      line: describeError(error, context),
      retries,
      elapsedMs: Date.now() - started
    }
  } finally {
    await dispatcher.destroy()
  }
}

/** A job created without faults, and the time to let its 50 ms of work pass. */
async function created(standIn: StandIn, prompt = SHORT_JOB): Promise<AgentJob> {
  const { job } = await call(standIn.url, 'create', { prompt })
  if (!job) throw new Error('the stand-in did not create the job')
  await new Promise((resolve) => setTimeout(resolve, 100))
  return job
}

/** Waits for `job` as watchJob does (polls retried as reads), and how the step would end. */
async function watch(
  standIn: StandIn,
  job: AgentJob,
  timeoutMs = 15_000
): Promise<{ message: string; end: string; last?: AgentJob; unknown: string[]; ms: number }> {
  const dispatcher = createDispatcher({})
  const started = Date.now()
  const deadline = started + timeoutMs
  const api = new AgentApi({
    baseUrl: new URL(standIn.url),
    apiKey: KEY,
    userAgent: 'mintlify-agent-job-action/test',
    clock: systemClock,
    projectId: PROJECT,
    dispatcher,
    deadline,
    backoff: BACKOFF
  })
  const unknown: string[] = []
  try {
    const result = await waitForJob(
      { clock: systemClock, deadline },
      {
        poll: () => api.getJob(job.id),
        initial: job,
        schedule: { firstMs: BACKOFF.baseMs, maxMs: BACKOFF.maxMs },
        startedAt: started,
        on: (event) => event.kind === 'unknown' && unknown.push(event.job.status)
      }
    )
    const context: ErrorContext = {
      endpoint: 'get',
      projectId: PROJECT,
      host: new URL(standIn.url).host,
      jobId: job.id
    }
    const ending = endingFor(result, false, context, formatDuration(timeoutMs))
    return {
      message: ending.message,
      end: result.end,
      ...(result.job ? { last: result.job } : {}),
      unknown,
      ms: Date.now() - started
    }
  } finally {
    await dispatcher.destroy()
  }
}

const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`
const DEEP: Fault = { kind: 'raw', contentType: 'application/json', text: deep(100_000) }

describe('a create answered 2xx with something that is not a job', () => {
  it.concurrent.each<[string, Fault, string[]]>([
    [
      'HTML instead of JSON',
      { kind: 'raw', text: '<html><body>Sign in to the gateway</body></html>' },
      ['a body that is not JSON: "<html><body>Sign in to the gateway</body></html>"']
    ],
    ['an empty body', { kind: 'raw', text: '' }, ['an empty body']],
    [
      'a JSON array',
      { kind: 'raw', text: '[]', contentType: 'application/json' },
      ['not a JSON object']
    ],
    ['a job without an id', { kind: 'patch', fields: { id: null } }, ['no "id"']],
    ['a job without a status', { kind: 'patch', fields: { status: '' } }, ['no "status"']],
    [
      'a body over the size cap',
      { kind: 'huge', bytes: 4 * 1024 * 1024 },
      ['a body larger than 1024 KiB']
    ],
    [
      'a Content-Length over the size cap',
      { kind: 'huge', bytes: 4 * 1024 * 1024, declared: true },
      ['a body larger than 1024 KiB']
    ],
    [
      'an id with a command substitution',
      { kind: 'patch', fields: { id: 'job_$(curl evil)' } },
      ['answered 201', 'not a plain identifier']
    ],
    [
      'an id with a line break',
      { kind: 'patch', fields: { id: 'job_1\n::add-mask::x' } },
      ['answered 201', 'not a plain identifier']
    ],
    [
      'an id with a quote',
      { kind: 'patch', fields: { id: "job_1'; rm -rf ~; '" } },
      ['answered 201', 'not a plain identifier']
    ],
    [
      'a status with a line break',
      { kind: 'patch', fields: { status: 'active\n::warning::x' } },
      ['answered 201', 'not one plain word']
    ],
    [
      'a status with an expression',
      { kind: 'patch', fields: { status: '${{ secrets.X }}' } },
      ['answered 201', 'not one plain word']
    ],
    [
      'JSON nested a hundred thousand deep',
      DEEP,
      ['answered 200 with something that is not an agent job']
    ],
    [
      'a job whose source is nested a hundred thousand deep, with no id',
      {
        kind: 'raw',
        contentType: 'application/json',
        text: `{"status":"active","source":${deep(100_000)}}`
      },
      ['answered 200 with something that is not an agent job']
    ],
    [
      'JSON: an array of two hundred thousand items',
      { kind: 'raw', contentType: 'application/json', text: `[${'0,'.repeat(200_000)}0]` },
      ['answered 200 with something that is not an agent job']
    ]
  ])(
    'fails on %s, quoting the status, warning that a job may exist, never repeated',
    async (_, fault, phrases) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault })
        const outcome = await call(standIn.url, 'create')

        expect(outcome.error).toBeInstanceOf(BadResponseError)
        const line = outcome.line ?? ''
        expect(line).toContain(`POST ${CREATE_PATH} answered 20`)
        for (const phrase of phrases) expect(line).toContain(phrase)
        expect(line).toContain('Is base-url pointing at the Agent Jobs API?')
        expect(line).toContain(MAY_HAVE_CREATED)
        // One line, short whatever the body; JSON escapes keep a line break out of it.
        expect(line).not.toMatch(/[\n\r]/)
        expect(line.length).toBeLessThan(1500)
        expect(line).not.toMatch(/call stack|RangeError|Unexpected error|undefined/)
        expect(outcome.retries).toEqual([])
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )
})

describe('a poll answered with something that is not this job', () => {
  it.concurrent.each<[string, Fault, number, string]>([
    ['HTML', { kind: 'raw', text: '<html>maintenance</html>' }, 2, 'a body that is not JSON'],
    [
      'a job without a status',
      { kind: 'patch', fields: { status: null } },
      2,
      'not an agent job (no "status")'
    ],
    [
      'a body over the size cap',
      { kind: 'huge', bytes: 4 * 1024 * 1024 },
      2,
      'a body larger than 1024 KiB'
    ],
    [
      'a Content-Length over the size cap',
      { kind: 'huge', bytes: 4 * 1024 * 1024, declared: true },
      2,
      'a body larger than 1024 KiB'
    ],
    ['JSON nested a hundred thousand deep', DEEP, 1, 'not an agent job'],
    [
      'another job',
      { kind: 'patch', fields: { id: 'job_intruder' } },
      1,
      `${OTHER_JOB} (job job_intruder)`
    ]
  ])('tolerates %s, retried as a bad read, and reads the job', async (_, fault, times, why) => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({ method: 'GET', times, fault })
      const outcome = await call(standIn.url, 'get', { jobId: job.id })

      expect(outcome.error).toBeUndefined()
      expect(outcome.job).toMatchObject({ id: job.id, status: 'completed' })
      expect(outcome.retries).toHaveLength(times)
      for (const retry of outcome.retries) expect(retry.why).toContain(why)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(times + 1)
    })
  })

  it.concurrent('stops waiting when every poll answers for another job', async () => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({
        method: 'GET',
        times: 3,
        fault: { kind: 'patch', fields: { id: 'job_intruder' } }
      })
      const waited = await watch(standIn, job)

      expect(waited.end).toBe('error')
      expect(waited.message).toContain(`Stopped waiting for job ${job.id} (last status: active)`)
      expect(waited.message).toContain(OTHER_JOB)
      // The intruder never becomes the job: the last job seen is the one created.
      expect(waited.last).toMatchObject({ id: job.id, status: 'active' })
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(3)
    })
  })

  it.concurrent('refuses an answer about another job to a follow-up message', async () => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({
        method: 'POST',
        path: /\/message$/,
        fault: { kind: 'patch', fields: { id: 'job_intruder' } }
      })
      const outcome = await call(standIn.url, 'message', {
        jobId: job.id,
        prompt: 'And the limits.'
      })

      expect(outcome.error).toBeInstanceOf(BadResponseError)
      expect(outcome.line).toContain(OTHER_JOB)
      expect(outcome.line).toContain(`The message may have reached job '${job.id}' anyway`)
      expect(outcome.retries).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(2)
    })
  })
})

describe('statuses the action does not know', () => {
  it.concurrent(
    'keeps polling through an undocumented status, telling once, to the end',
    async () => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn, 'running: slow:600: Document it')
        const waited = await watch(standIn, job)

        expect(waited.end).toBe('terminal')
        expect(waited.last?.status).toBe('completed')
        expect(waited.unknown).toEqual(['running'])
        expect(count(standIn.requests, 'GET')).toBeGreaterThanOrEqual(2)
      })
    }
  )

  it.concurrent(
    'still ends at the timeout when an unknown status never changes',
    startedWithFile(async () => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn)
        standIn.inject({
          method: 'GET',
          times: 1000,
          fault: { kind: 'patch', fields: { status: 'pending' } }
        })
        const waited = await watch(standIn, job, 2000)

        expect(waited.end).toBe('timeout')
        expect(waited.message).toContain(
          `Timed out after 2s waiting for job ${job.id} (last status: pending)`
        )
        expect(waited.unknown).toEqual(['pending'])
        // Polls back off toward max-poll-interval (400ms): a handful in 2s, not hundreds.
        expect(count(standIn.requests, 'GET')).toBeGreaterThanOrEqual(3)
        expect(count(standIn.requests, 'GET')).toBeLessThanOrEqual(20)
      })
    })
  )
})

describe('4xx answers, never retried', () => {
  it.concurrent.each<[string, Endpoint, Options, Fault | undefined, string[]]>([
    [
      '400 on create',
      'create',
      {},
      { kind: 'status', status: 400, body: { error: 'prompt must be at least 1 character' } },
      [
        `The service rejected the request: POST ${CREATE_PATH} answered 400.`,
        'The service said: "prompt must be at least 1 character"'
      ]
    ],
    [
      '401 for a wrong key',
      'create',
      { apiKey: 'mint_revoked0000' },
      undefined,
      [
        'The API key was not accepted',
        'answered 401',
        'Invalid or missing API key',
        'admin API key (mint_<secret>)'
      ]
    ],
    [
      '403 on create',
      'create',
      {},
      { kind: 'status', status: 403, body: { error: 'Forbidden' } },
      ['The API key may not do this', 'answered 403', 'IP allowlist', 'read-only', 'write scope']
    ],
    [
      '404 for an unknown project',
      'create',
      { projectId: 'proj-missing' },
      undefined,
      ["Project 'proj-missing' was not found", 'Check the project-id input']
    ],
    [
      '404 for an unknown project on a follow-up',
      'message',
      { projectId: 'proj-missing', jobId: 'job_abc', prompt: 'More' },
      undefined,
      ["Project 'proj-missing' was not found", 'Project not found']
    ],
    [
      '404 for an unknown job on a follow-up',
      'message',
      { jobId: 'job_missing', prompt: 'More' },
      undefined,
      [`Job 'job_missing' was not found in project '${PROJECT}'`, 'Agent job not found']
    ],
    [
      '404 for an unknown job to wait on',
      'get',
      { jobId: 'job_missing' },
      undefined,
      [`Job 'job_missing' was not found in project '${PROJECT}'`]
    ]
  ])(
    'fails at once on %s, with a message that helps',
    async (_, endpoint, options, fault, phrases) => {
      await withStandIn({}, async (standIn) => {
        const method = endpoint === 'get' ? 'GET' : 'POST'
        if (fault) standIn.inject({ method, fault })
        const outcome = await call(standIn.url, endpoint, options)

        expect(outcome.error).toBeDefined()
        for (const phrase of phrases) expect(outcome.line).toContain(phrase)
        expect(outcome.line).not.toContain(MAY_HAVE_CREATED)
        expect(outcome.retries).toEqual([])
        expect(standIn.requests).toHaveLength(1)
        expect(standIn.requests[0]?.method).toBe(method)
      })
    }
  )
})

describe('a poll answered 4xx', () => {
  it.concurrent.each([401, 403, 404])(
    'stops waiting at once when a poll is answered %d',
    async (status) => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn)
        standIn.inject({
          method: 'GET',
          fault: { kind: 'status', status, body: { error: `Injected ${status}` } }
        })
        const waited = await watch(standIn, job)

        expect(waited.end).toBe('error')
        expect(waited.message).toContain(`GET ${CREATE_PATH}/${job.id} answered ${status}.`)
        expect(waited.last).toMatchObject({ id: job.id, status: 'active' })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    }
  )
})

describe('a service that echoes the API key', () => {
  // Long enough that a cut in the middle of it would still leave a recognisable prefix.
  const LONG_KEY = `mint_${'k3y'.repeat(20)}`
  const FRAGMENT = /k3yk3yk3y/
  // As main.ts does with the api-key input, before anything is sent.
  beforeAll(() => registerSecret(LONG_KEY))

  it.concurrent.each<[string, 'POST' | 'GET', Fault]>([
    [
      'in the error of a 500 on create',
      'POST',
      { kind: 'status', status: 500, body: { error: `upstream rejected Bearer ${LONG_KEY}` } }
    ],
    [
      'in a 401 that is not JSON, across the cut',
      'POST',
      { kind: 'raw', status: 401, text: `${'x'.repeat(470)}${LONG_KEY} tail` }
    ],
    [
      'in a 2xx that is not JSON, across the cut',
      'POST',
      { kind: 'raw', text: `<p>${'y'.repeat(100)}${LONG_KEY}</p>` }
    ],
    [
      'in a 2xx JSON that is not a job, across the cut',
      'POST',
      {
        kind: 'raw',
        contentType: 'application/json',
        text: JSON.stringify({ note: 'x'.repeat(95), echo: LONG_KEY })
      }
    ],
    [
      'in the error of a 503 on a poll',
      'GET',
      { kind: 'status', status: 503, body: { error: `token ${LONG_KEY} is throttled` } }
    ]
  ])('never shows the key when it comes back %s', async (_, method, fault) => {
    await withStandIn({ apiKey: LONG_KEY }, async (standIn) => {
      const job =
        method === 'GET' ? (await call(standIn.url, 'create', { apiKey: LONG_KEY })).job : undefined
      // A poll is retried (two echoes in the retry log, then it reads the job); a create fails at once.
      standIn.inject({ method, times: method === 'GET' ? 2 : 1, fault })
      const outcome = await call(
        standIn.url,
        method === 'GET' ? 'get' : 'create',
        job ? { apiKey: LONG_KEY, jobId: job.id } : { apiKey: LONG_KEY }
      )

      const shown = [outcome.line ?? '', ...outcome.retries.map((retry) => retry.why)]
      expect(shown.filter(Boolean)).toHaveLength(method === 'GET' ? 2 : 1)
      const visible = shown.join('\n')
      expect(visible).not.toContain(LONG_KEY)
      expect(visible).not.toMatch(FRAGMENT)
      expect(visible).toContain('***')
      if (method === 'GET') expect(outcome.job?.status).toBe('completed')
      else expect(outcome.error).toBeDefined()
      expect(count(standIn.requests, method)).toBe(method === 'GET' ? 3 : 1)
    })
  })
})

describe('rate limits (429)', () => {
  it.concurrent(
    'waits until a Retry-After HTTP date, then polls again',
    startedWithFile(async () => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn)
        // HTTP dates have whole seconds; far enough ahead to be later than the first poll.
        const until = new Date(Date.now() + 2500).toUTCString()
        standIn.inject({
          method: 'GET',
          fault: { kind: 'status', status: 429, headers: { 'retry-after': until } }
        })
        const outcome = await call(standIn.url, 'get', { jobId: job.id })

        expect(outcome.job).toMatchObject({ id: job.id, status: 'completed' })
        expect(count(standIn.requests, 'GET')).toBe(2)
        const retried = standIn.requests.filter((request) => request.method === 'GET')[1]
        expect(retried?.at).toBeGreaterThanOrEqual(Date.parse(until))
      })
    })
  )

  it.concurrent('backs off a create when no Retry-After comes, with growing waits', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({ method: 'POST', times: 2, fault: { kind: 'status', status: 429 } })
      const outcome = await call(standIn.url, 'create')

      expect(outcome.job?.id).toBe(standIn.jobIds()[0])
      expect(count(standIn.requests, 'POST')).toBe(3)
      expect(standIn.jobIds()).toHaveLength(1)
      // Equal jitter from poll-interval (100ms): at least 50ms, then at least 100ms.
      const [first, second] = gaps(standIn, 'POST') as [number, number]
      expect(first).toBeGreaterThanOrEqual(50)
      expect(second).toBeGreaterThanOrEqual(100)
      expect(outcome.retries).toHaveLength(2)
    })
  })

  it.concurrent.each([
    ['an ISO date years away', '2099-01-01T00:00:00Z'],
    ['a date without its weekday, years away', '01 Jan 2099 00:00:00 GMT'],
    ['words', 'in an hour or so'],
    ['a negative number', '-5']
  ])(
    'treats a Retry-After of %s (not a form RFC 9110 allows) as absent, and backs off as usual',
    async (_, value) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'POST',
          fault: { kind: 'status', status: 429, headers: { 'retry-after': value } }
        })
        const outcome = await call(standIn.url, 'create')

        // A lenient parser would read a wait far past the timeout and fail at once.
        expect(outcome.job?.id).toBe(standIn.jobIds()[0])
        expect(outcome.retries).toHaveLength(1)
        expect(outcome.retries[0]?.why).toMatch(/^Rate limited/)
        expect(outcome.retries[0]?.delayMs).toBeLessThan(1000)
        expect(count(standIn.requests, 'POST')).toBe(2)
      })
    }
  )

  it.concurrent(
    'gives up creating after five rate-limited attempts, saying it was rate limited',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({
          method: 'POST',
          times: 10,
          fault: { kind: 'status', status: 429, body: { error: 'Too many requests' } }
        })
        const outcome = await call(standIn.url, 'create')

        expect(outcome.line).toContain(`Rate limited: POST ${CREATE_PATH} answered 429.`)
        expect(outcome.line).toContain('The service said: "Too many requests"')
        expect(outcome.line).not.toContain(MAY_HAVE_CREATED)
        expect(count(standIn.requests, 'POST')).toBe(5)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )

  it.concurrent('fails a create at once when Retry-After outlasts the timeout', async () => {
    await withStandIn({}, async (standIn) => {
      standIn.inject({
        method: 'POST',
        fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }
      })
      const outcome = await call(standIn.url, 'create', { timeoutMs: 10_000 })

      expect(outcome.line).toContain(
        'Rate limited, and the service asked to wait 1h, longer than the timeout leaves'
      )
      expect(outcome.line).not.toContain(MAY_HAVE_CREATED)
      // No sleep: far sooner than the 10s timeout, and no retry.
      expect(outcome.elapsedMs).toBeLessThan(5000)
      expect(outcome.retries).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(1)
    })
  })

  it.concurrent(
    'stops waiting at once when Retry-After on a poll outlasts the timeout',
    async () => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn)
        standIn.inject({
          method: 'GET',
          fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }
        })
        const waited = await watch(standIn, job, 10_000)

        expect(waited.message).toContain(
          'Rate limited, and the service asked to wait 1h, longer than the timeout leaves'
        )
        expect(waited.message).toContain(`job-id: ${job.id}`)
        expect(waited.message).toContain('raise poll-interval')
        expect(waited.last).toMatchObject({ id: job.id, status: 'active' })
        expect(waited.ms).toBeLessThan(5000)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    }
  )
})

describe('server errors (5xx) and broken connections', () => {
  it.concurrent.each<[string, Fault, string]>([
    ['500 with a JSON error', { kind: 'status', status: 500 }, 'answered 500'],
    [
      '503 with Retry-After 0',
      { kind: 'status', status: 503, headers: { 'retry-after': '0' } },
      'answered 503'
    ],
    [
      '502 from a gateway, in HTML',
      { kind: 'raw', status: 502, text: '<html><h1>502 Bad Gateway</h1></html>' },
      'answered 502'
    ],
    ['a reset connection', { kind: 'reset' }, 'broke before the answer']
  ])('retries polls answered %s, then reads the job', async (_, fault, why) => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({ method: 'GET', times: 2, fault })
      const outcome = await call(standIn.url, 'get', { jobId: job.id })

      expect(outcome.job).toMatchObject({ id: job.id, status: 'completed' })
      expect(outcome.job?.prLink).toMatch(/\/pull\/\d+$/)
      expect(count(standIn.requests, 'GET')).toBe(3)
      expect(outcome.retries).toHaveLength(2)
      expect(outcome.retries[0]?.why).toContain(why)
      // Backoff from poll-interval (100ms) even when Retry-After says 0: never a busy loop.
      expect(Math.min(...gaps(standIn, 'GET'))).toBeGreaterThanOrEqual(50)
    })
  })

  it.concurrent.each<[string, Fault, string]>([
    [
      '500 with a JSON error',
      { kind: 'status', status: 500, body: { error: 'Internal error' } },
      `The service failed: POST ${CREATE_PATH} answered 500.`
    ],
    [
      '502 from a gateway, in HTML',
      { kind: 'raw', status: 502, text: '<html>Bad Gateway</html>' },
      `The service failed: POST ${CREATE_PATH} answered 502.`
    ],
    ['a reset connection after sending', { kind: 'reset' }, 'broke before the answer to POST']
  ])(
    'does not repeat a create answered %s, and says where to look for the job',
    async (_, fault, what) => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault })
        const outcome = await call(standIn.url, 'create')

        expect(outcome.line).toContain(what)
        if (fault.kind === 'reset')
          expect(outcome.line).toContain(`The connection to 127.0.0.1:${standIn.port} broke`)
        expect(outcome.line).toContain(MAY_HAVE_CREATED)
        expect(outcome.line).toContain(
          `agent job of project '${PROJECT}' in the Mintlify dashboard`
        )
        expect(outcome.retries).toEqual([])
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )

  it.concurrent(
    'repeats a refused create, and creates the job once the service is up',
    async () => {
      const port = await closedPort()
      let service: Promise<StandIn> | undefined
      const outcome = await call(`http://127.0.0.1:${port}`, 'create', {
        backoff: { baseMs: 200, maxMs: 1000 },
        // The service comes up while the client waits to retry.
        onRetry: () => {
          service ??= startStandIn({ port, jobDurationMs: 50 })
        }
      })
      const standIn = await (service ?? Promise.reject(new Error('the client never retried')))
      try {
        expect(outcome.job?.id).toBe(standIn.jobIds()[0])
        expect(outcome.retries[0]?.why).toContain('Could not reach')
        expect(outcome.retries[0]?.why).toContain('ECONNREFUSED')
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(standIn.jobIds()).toHaveLength(1)
      } finally {
        await standIn.close()
      }
    }
  )

  it.concurrent(
    'gives up on a refused create after five attempts without calling it unsafe',
    async () => {
      const port = await closedPort()
      const outcome = await call(`http://127.0.0.1:${port}`, 'create')

      expect(outcome.line).toContain(
        `Could not reach 127.0.0.1:${port} (ECONNREFUSED) for POST ${CREATE_PATH}`
      )
      expect(outcome.line).toContain('HTTPS_PROXY')
      expect(outcome.line).not.toContain(MAY_HAVE_CREATED)
      // Five attempts: four retries.
      expect(outcome.retries).toHaveLength(4)
    }
  )
})

describe('answers that come slowly', () => {
  it.concurrent(
    'ends a body that trickles in past the timeout, naming the job',
    startedWithFile(async () => {
      await withStandIn({}, async (standIn) => {
        const job = await created(standIn)
        // About 250 bytes at one byte per 200 ms: most of a minute.
        standIn.inject({ method: 'GET', fault: { kind: 'slow-body', intervalMs: 200 } })
        const waited = await watch(standIn, job, 1500)

        expect(waited.end).toBe('timeout')
        expect(waited.message).toContain(`Timed out after 1.5s waiting for job ${job.id}`)
        expect(waited.last).toMatchObject({ id: job.id, status: 'active' })
        expect(waited.ms).toBeLessThan(6000)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    })
  )

  it.concurrent('reads a slow body that ends in time', async () => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({ method: 'GET', fault: { kind: 'slow-body', intervalMs: 2 } })
      const outcome = await call(standIn.url, 'get', { jobId: job.id })

      expect(outcome.job).toMatchObject({ id: job.id, status: 'completed' })
      expect(outcome.retries).toEqual([])
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})

describe('pull request links', () => {
  // The stand-in's own link is https://github.com/acme/docs/pull/<n>; these replace it.
  const NONE = { link: null, number: '', repository: '' }
  const SEVEN = {
    link: 'https://github.com/acme/docs/pull/7',
    number: '7',
    repository: 'acme/docs'
  }
  it.concurrent.each<[string, string, { link: string | null; number: string; repository: string }]>(
    [
      ['a query that would run a command', 'https://github.com/acme/docs/pull/7?x=$(id)', SEVEN],
      ['a fragment', 'https://github.com/acme/docs/pull/7#discussion', SEVEN],
      [
        'a percent-encoded dollar in the owner',
        'https://github.com/ac%24%28id%29me/docs/pull/7',
        NONE
      ],
      ['an encoded slash in the repository', 'https://github.com/acme/do%2Fcs/pull/7', NONE],
      ['a path after the number', 'https://github.com/acme/docs/pull/7/files', NONE],
      ['plain http', 'http://github.com/acme/docs/pull/7', NONE],
      [
        'Markdown that closes a link',
        'https://github.com/acme/docs/pull/7)](https://evil.example',
        NONE
      ]
    ]
  )('reads a prLink with %s as exactly one pull request, or none', async (_, link, expected) => {
    await withStandIn({}, async (standIn) => {
      const job = await created(standIn)
      standIn.inject({ method: 'GET', fault: { kind: 'patch', fields: { prLink: link } } })
      const outcome = await call(standIn.url, 'get', { jobId: job.id })

      expect(outcome.job?.prLink).toBe(expected.link)
      // What publish/outputs.ts makes the pr-number and pr-repository outputs of.
      const pr = parsePullRequestLink(outcome.job?.prLink ?? null)
      expect(pr ? String(pr.number) : '').toBe(expected.number)
      expect(pr?.repository ?? '').toBe(expected.repository)
      // Nothing a shell, an expression or Markdown would act on, however the link was encoded.
      for (const value of [expected.link ?? '', expected.number, expected.repository])
        expect(value).not.toMatch(/[$`'"\\;|<>()[\]{}\s%]/)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })
})

describe('proxies', () => {
  let certificates: TestCertificates
  beforeAll(() => {
    certificates = makeCertificates()
  })
  afterAll(() => {
    certificates.remove()
  })

  /** A proxy and a stand-in (https when asked), both closed afterwards. */
  const withProxyTo = (
    { https, ...proxyOptions }: ConnectProxyOptions & { https?: boolean },
    body: (standIn: StandIn, proxy: ConnectProxy) => Promise<void>
  ): Promise<void> =>
    withProxy(
      proxyOptions,
      https ? { tls: { key: certificates.key, cert: certificates.cert } } : {},
      body
    )

  it.concurrent('tunnels a plain-http loopback service through HTTP_PROXY', async () => {
    await withProxyTo({}, async (standIn, proxy) => {
      const job = await call(standIn.url, 'create', {
        env: { HTTP_PROXY: proxy.url },
        prompt: 'fast: Document it'
      })
      const read = await call(standIn.url, 'get', {
        env: { HTTP_PROXY: proxy.url },
        jobId: job.job?.id ?? ''
      })

      expect(read.error).toBeUndefined()
      expect(read.job?.id).toBe(job.job?.id)
      expect(proxy.tunnels.map((tunnel) => tunnel.target)).toContain(`127.0.0.1:${standIn.port}`)
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  it.concurrent.each([
    ['NO_PROXY', '127.0.0.1'],
    ['no_proxy', 'example.com, 127.0.0.1'],
    ['NO_PROXY', '*']
  ])('goes direct when %s=%j covers the service', async (variable, value) => {
    await withProxyTo({}, async (standIn, proxy) => {
      const env = { HTTP_PROXY: proxy.url, [variable]: value }
      const outcome = await call(standIn.url, 'create', { env })

      expect(outcome.job?.id).toBe(standIn.jobIds()[0])
      expect(proxy.tunnels).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(1)
    })
  })

  it.concurrent(
    'does not blame an unreachable proxy when NO_PROXY sends the service direct',
    async () => {
      const port = await closedPort()
      await withStandIn({}, async (standIn) => {
        const env = { HTTP_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '127.0.0.1' }
        const job = await call(standIn.url, 'create', { env })
        const read = await call(standIn.url, 'get', { env, jobId: job.job?.id ?? '' })

        expect(read.error).toBeUndefined()
        expect(read.job?.id).toBe(job.job?.id)
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    }
  )

  it.concurrent(
    'names an unreachable proxy with its host and port, and retries the create (it never left)',
    async () => {
      const port = await closedPort()
      await withStandIn({}, async (standIn) => {
        const outcome = await call(standIn.url, 'create', {
          env: { HTTP_PROXY: `http://user:pw@127.0.0.1:${port}` }
        })

        expect(outcome.line).toMatch(
          new RegExp(
            `^Could not reach the proxy 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\) for POST /v2/agent/proj-test/job to 127\\.0\\.0\\.1:${standIn.port}\\.`
          )
        )
        expect(outcome.line).not.toContain('may have been created')
        expect(outcome.line).not.toContain('pw')
        expect(outcome.retries).toHaveLength(4)
        expect(standIn.requests).toEqual([])
      })
    }
  )

  it.concurrent(
    'never says a job may have been created when the timeout ends a create still at a silent proxy',
    startedWithFile(async () => {
      const sockets = new Set<Socket>()
      let connections = 0
      const silent: Server = createServer((socket) => {
        connections++
        sockets.add(socket)
        socket.on('error', () => undefined)
      })
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      try {
        await withStandIn({}, async (standIn) => {
          const port = (silent.address() as AddressInfo).port
          const outcome = await call(standIn.url, 'create', {
            env: { HTTP_PROXY: `http://127.0.0.1:${port}` },
            timeoutMs: 1500
          })

          expect(outcome.line).toBe('The timeout passed before the service answered.')
          expect(connections).toBe(1)
          expect(standIn.requests).toEqual([])
        })
      } finally {
        for (const socket of sockets) socket.destroy()
        await new Promise<void>((resolve) => silent.close(() => resolve()))
      }
    })
  )

  it.concurrent(
    'fails at once, without retrying, when the proxy wants credentials (407)',
    async () => {
      await withProxyTo({ refuseWith: 407, https: true }, async (standIn, proxy) => {
        const outcome = await call(standIn.url, 'create', { env: { HTTPS_PROXY: proxy.url } })

        expect(outcome.line).toContain(
          `The proxy 127.0.0.1:${proxy.port} would not open a tunnel to 127.0.0.1:${standIn.port} for POST /v2/agent/proj-test/job: it wants credentials`
        )
        expect(outcome.line).not.toContain('may have been created')
        expect(outcome.retries).toEqual([])
        expect(proxy.tunnels).toHaveLength(1)
        expect(standIn.requests).toEqual([])
      })
    }
  )

  it.concurrent(
    'repeats a create the proxy could not tunnel (502), as nothing reached the service',
    async () => {
      await withProxyTo({ refuseWith: 502, https: true }, async (standIn, proxy) => {
        const outcome = await call(standIn.url, 'create', { env: { HTTPS_PROXY: proxy.url } })

        expect(outcome.line).toContain(`The proxy 127.0.0.1:${proxy.port} would not open a tunnel`)
        expect(outcome.line).toContain('it answered 502')
        expect(outcome.line).not.toContain('may have been created')
        expect(proxy.tunnels).toHaveLength(5)
        expect(outcome.retries).toHaveLength(4)
        expect(standIn.requests).toEqual([])
      })
    }
  )

  // This process does not trust the test CA (NODE_EXTRA_CA_CERTS is read when Node starts;
  // the bundled runs in test/e2e/faults-network.test.ts trust it): the https stand-in's
  // certificate is untrusted here, as it is on a runner without the variable.
  it.concurrent.each(['HTTPS_PROXY', 'https_proxy'])(
    'fails at once on an untrusted certificate behind the proxy named by %s, pointing at NODE_EXTRA_CA_CERTS',
    async (variable) => {
      await withProxyTo({ https: true }, async (standIn, proxy) => {
        const outcome = await call(standIn.url, 'create', { env: { [variable]: proxy.url } })

        expect(outcome.line).toContain(
          `The TLS certificate of 127.0.0.1:${standIn.port} is not trusted`
        )
        expect(outcome.line).toContain('NODE_EXTRA_CA_CERTS')
        // Nothing was sent, so nothing may have been created, and repeating cannot help.
        expect(outcome.line).not.toContain('may have been created')
        expect(outcome.retries).toEqual([])
        expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual([`127.0.0.1:${standIn.port}`])
        expect(standIn.requests).toEqual([])
      })
    }
  )

  it('refuses a malformed proxy URL naming the variable, never its password', () => {
    const create = (): unknown => createDispatcher({ HTTPS_PROXY: 'http://user:hunter22@[bad' })
    expect(create).toThrow('HTTPS_PROXY is not a proxy URL')
    expect(create).not.toThrow(/hunter22/)
  })
})
