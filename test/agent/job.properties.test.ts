// Properties of job validation and of the one place that reads a job answer: any
// JSON at all (deep, huge, odd) either is a job about what was asked, with plain
// ids and a plain pull request link, or is a bad answer with a bounded excerpt and a
// one-line message. Nothing else escapes, and no shape of JSON makes the work unbounded.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { anyText, assertIncludes, runs, webUrl } from '../support/properties.js'
import { BadResponseError, describeError } from '../../src/agent/http-errors.js'
import { AgentApi } from '../../src/agent/http.js'
import { systemClock } from '../../src/common/clock.js'
import { isPlainId } from '../../src/common/plain-id.js'
import { parseJob } from '../../src/agent/job.js'
import { parsePullRequestLink } from '../../src/common/pull-request-link.js'

const RUNS = runs(300)
const ASKED = 'job_asked'

/** An API whose every answer is `text`, as the HTTP client would hand it over. */
function answering(text: string): AgentApi {
  const api = new AgentApi({
    baseUrl: new URL('http://127.0.0.1'),
    apiKey: 'mint_key',
    userAgent: 'test',
    clock: systemClock,
    projectId: 'proj',
    deadline: Number.MAX_SAFE_INTEGER
  })
  api.requestJson = (): ReturnType<AgentApi['requestJson']> => {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return Promise.reject(new BadResponseError('GET', '/x', 200, 'a body that is not JSON', text))
    }
    return Promise.resolve({ status: 200, body: body as object, text })
  }
  return api
}

const deep = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('[]', '{}'))
  .map(([depth, pair]) =>
    pair === '[]'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
  )
const jobLike = fc.record(
  {
    id: fc.oneof(fc.constant(ASKED), anyText(), fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/)),
    status: fc.oneof(fc.constantFrom('active', 'completed', 'failed', 'running'), anyText()),
    prLink: fc.oneof(
      fc.constant(null),
      webUrl(),
      fc.string(),
      fc.constant('https://github.com/acme/docs/pull/7')
    ),
    source: fc.jsonValue({ maxDepth: 3 }),
    model: fc.jsonValue({ maxDepth: 2 })
  },
  { requiredKeys: [] }
)
const anyAnswer = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  jobLike.map((job) => JSON.stringify(job)),
  deep.map((nested) => `{"id":"${ASKED}","status":"active","source":${nested}}`),
  deep,
  fc
    .integer({ min: 0, max: 200_000 })
    .map((n) => `{"id":"${ASKED}","status":"active","items":[${'0,'.repeat(n)}0]}`)
)

describe('parseJob (properties)', () => {
  it('returns a job or a reason it is none, for any JSON value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), jobLike), (value) => {
        const job = parseJob(value)
        if (typeof job === 'object') assert.equal(typeof job.id, 'string')
        else assert.equal(typeof job, 'string')
      }),
      RUNS
    )
  })

  it('accepts exactly the plain ids and one-word statuses, and keeps only a pull request link', () => {
    fc.assert(
      fc.property(jobLike, (value) => {
        const plain =
          isPlainId(value.id) &&
          typeof value.status === 'string' &&
          /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(value.status)
        const job = parseJob(value)
        if (typeof job === 'string') {
          assert.equal(plain, false, 'a plain job refused')
          return
        }
        assert.equal(plain, true, 'a job that is not plain accepted')
        assert.equal(job.id, value.id)
        assert.equal(job.prLink, parsePullRequestLink(value.prLink)?.link ?? null)
      }),
      RUNS
    )
  })
})

describe('reading a job answer (properties)', () => {
  it('gives the job asked about, or a bad answer with a bounded excerpt and a one-line message', async () => {
    await fc.assert(
      fc.asyncProperty(anyAnswer, async (text) => {
        const outcome = await answering(text)
          .getJob(ASKED)
          .then(
            (job) => ({ job }),
            (error: unknown) => ({ error })
          )
        if ('job' in outcome) {
          assert.equal(outcome.job.id, ASKED)
          return
        }
        const error = outcome.error
        assert.ok(
          error instanceof BadResponseError,
          'failed with something other than a bad answer'
        )
        assert.ok(error.excerpt.length <= 121, 'excerpt longer than 121 characters')
        const line = describeError(error, { endpoint: 'create', projectId: 'proj', host: 'h' })
        assert.ok(line.length < 1000, 'message of 1000 characters or more')
        assert.doesNotMatch(line, /[\n\r]/)
        assertIncludes(line, 'may have been created')
      }),
      runs(150)
    )
  })

  it('never takes an answer about another job for the one asked about', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/), async (other) => {
        fc.pre(other !== ASKED)
        const api = answering(JSON.stringify({ id: other, status: 'completed', prLink: null }))
        await expect(api.getJob(ASKED)).rejects.toThrow('a job other than the one asked about')
        await expect(api.sendMessage(ASKED, 'more')).rejects.toThrow(
          'a job other than the one asked about'
        )
      }),
      RUNS
    )
  })
})
