// The HTTP client alone, against the local stand-in: the limits that are too long
// to show through the bundled action (the per-request time limit is 30 s there),
// and how each kind of failure is classified for the retry policy and the messages.

import type { Dispatcher } from 'undici'
import { createDispatcher } from '../../src/agent/dispatcher.js'
import { ApiError, BadResponseError, NetworkError } from '../../src/agent/http-errors.js'
import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'
import { classifyNetworkError, HttpClient, type HttpClientOptions } from '../../src/agent/http.js'
import { isRetryable } from '../../src/agent/retry.js'
import { registerSecret } from '../../src/common/safe-text.js'
import { closedPort, KEY, withStandIn } from '../support/faults-kit.js'
import type { Fault } from '../support/stand-in.js'

const JOBS = '/v2/agent/proj-test/job'

interface Client {
  http: HttpClient
  dispatcher: Dispatcher
}

function client(url: string, options: Partial<HttpClientOptions> = {}): Client {
  const dispatcher = createDispatcher({})
  const http = new HttpClient({
    baseUrl: new URL(url),
    apiKey: KEY,
    userAgent: 'test',
    dispatcher,
    ...options
  })
  return { http, dispatcher }
}

/** Runs `body` with a client of the stand-in, whose dispatcher is destroyed afterwards. */
async function withClient(
  fault: Fault | undefined,
  options: Partial<HttpClientOptions>,
  body: (http: HttpClient, requests: () => number) => Promise<void>
): Promise<void> {
  await withStandIn({}, async (standIn) => {
    if (fault) standIn.inject({ fault })
    const { http, dispatcher } = client(standIn.url, options)
    try {
      await body(http, () => standIn.requests.length)
    } finally {
      await dispatcher.destroy()
    }
  })
}

const create = (http: HttpClient, deadlineMs: number, signal?: AbortSignal): Promise<unknown> =>
  http.requestJson('POST', JOBS, {
    body: { prompt: 'x' },
    deadline: Date.now() + deadlineMs,
    ...(signal ? { signal } : {})
  })

describe('time limits', () => {
  it.concurrent.each<[string, Fault]>([
    ['an answer that never comes', { kind: 'hang' }],
    ['a body that trickles in', { kind: 'slow-body', intervalMs: 100 }]
  ])(
    'ends %s at the per-request limit, as a timeout the service may have seen',
    async (_, fault) => {
      await withClient(fault, { requestTimeoutMs: 300 }, async (http, requests) => {
        const error = await create(http, 10_000).catch((caught: unknown) => caught)

        expect(error).toBeInstanceOf(NetworkError)
        expect(error).toMatchObject({ code: 'TIMEOUT', maybeReceived: true })
        // A poll that timed out is retried; a create is not (it may have been acted on).
        expect(isRetryable(error, 'read', 1)).toBe(true)
        expect(isRetryable(error, 'write', 1)).toBe(false)
        expect(requests()).toBe(1)
      })
    }
  )

  it.concurrent('ends a request at the overall deadline when that comes first', async () => {
    await withClient({ kind: 'hang' }, { requestTimeoutMs: 30_000 }, async (http, requests) => {
      const started = Date.now()
      await expect(create(http, 300)).rejects.toBeInstanceOf(DeadlineError)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(requests()).toBe(1)
    })
  })

  it.concurrent('sends nothing once the deadline has passed', async () => {
    await withClient(undefined, {}, async (http, requests) => {
      await expect(create(http, 0)).rejects.toBeInstanceOf(DeadlineError)
      expect(requests()).toBe(0)
    })
  })

  it.concurrent('stops a request under way as soon as the run is cancelled', async () => {
    await withClient({ kind: 'hang' }, {}, async (http, requests) => {
      const controller = new AbortController()
      const pending = create(http, 10_000, controller.signal)
      // Once the request has reached the service.
      for (let i = 0; i < 100 && requests() === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10))
      controller.abort()
      await expect(pending).rejects.toBeInstanceOf(CancelledError)
      expect(requests()).toBe(1)
    })
  })
})

describe('answers', () => {
  it.concurrent('refuses a body larger than the cap from its declared length', async () => {
    await withClient(undefined, { maxBodyBytes: 64 }, async (http) => {
      const error = await create(http, 5000).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(BadResponseError)
      expect(error).toMatchObject({ status: 201, excerpt: '' })
      expect((error as BadResponseError).reason).toContain('a body larger than')
    })
  })

  it.concurrent('does not follow a redirect (it would carry the key elsewhere)', async () => {
    const fault: Fault = {
      kind: 'status',
      status: 302,
      headers: { location: 'https://elsewhere.example/login' }
    }
    await withClient(fault, {}, async (http, requests) => {
      const error = await create(http, 5000).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(BadResponseError)
      expect(error).toMatchObject({ status: 302, excerpt: 'https://elsewhere.example/login' })
      expect(requests()).toBe(1)
    })
  })

  it.concurrent.each<[string, unknown, string | undefined]>([
    ['the API\'s {"error": "…"}', { error: 'Project not found' }, 'Project not found'],
    [
      'a gateway\'s {"message": "…"}',
      { message: 'Endpoint request timed out' },
      'Endpoint request timed out'
    ],
    [
      'a nested {"error": {"message": "…"}}',
      { error: { code: 7, message: 'Quota exceeded' } },
      'Quota exceeded'
    ],
    ['JSON without a message', { code: 7 }, undefined]
  ])('takes the server message from %s', async (_, body, expected) => {
    await withClient({ kind: 'status', status: 502, body }, {}, async (http) => {
      const error = await create(http, 5000).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).serverMessage).toBe(expected)
    })
  })

  it.concurrent('redacts a secret in a long error text before cutting it', async () => {
    const secret = `mint_${'s3'.repeat(30)}`
    registerSecret(secret)
    const fault: Fault = { kind: 'raw', status: 500, text: `${'e'.repeat(480)}${secret}` }
    await withClient(fault, {}, async (http) => {
      const error = (await create(http, 5000).catch((caught: unknown) => caught)) as ApiError
      expect(error.serverMessage).toBe(`${'e'.repeat(480)}***`)
    })
  })
})

describe('connections that fail', () => {
  it.concurrent(
    'reports a refused connection as one the service never saw, so even a create may be repeated',
    async () => {
      const port = await closedPort()
      const { http, dispatcher } = client(`http://127.0.0.1:${port}`)
      try {
        const error = await create(http, 5000).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(NetworkError)
        expect(error).toMatchObject({
          code: 'ECONNREFUSED',
          maybeReceived: false,
          permanent: false
        })
        expect(isRetryable(error, 'write', 1)).toBe(true)
        expect(isRetryable(error, 'read', 1)).toBe(true)
      } finally {
        await dispatcher.destroy()
      }
    }
  )

  it.concurrent('reports a reset as one the service may have seen', async () => {
    await withClient({ kind: 'reset' }, {}, async (http, requests) => {
      const error = await create(http, 5000).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(NetworkError)
      expect(error).toMatchObject({ maybeReceived: true, permanent: false })
      expect(isRetryable(error, 'read', 1)).toBe(true)
      expect(isRetryable(error, 'write', 1)).toBe(false)
      expect(requests()).toBe(1)
    })
  })

  it.each<[string, unknown, { code: string; maybeReceived: boolean }]>([
    [
      "undici's refused tunnel",
      Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), {
        code: 'UND_ERR_ABORTED'
      }),
      { code: 'PROXY_407', maybeReceived: false }
    ],
    [
      'a certificate error under a socket error',
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('x'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' })
      }),
      { code: 'SELF_SIGNED_CERT_IN_CHAIN', maybeReceived: false }
    ],
    [
      'a wrong host name in the certificate',
      Object.assign(new Error('x'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }),
      { code: 'ERR_TLS_CERT_ALTNAME_INVALID', maybeReceived: false }
    ],
    [
      'a failed DNS lookup',
      Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
      { code: 'ENOTFOUND', maybeReceived: false }
    ],
    [
      'a connect timeout',
      Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
      { code: 'UND_ERR_CONNECT_TIMEOUT', maybeReceived: false }
    ],
    [
      "undici's headers timeout",
      Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }),
      { code: 'TIMEOUT', maybeReceived: true }
    ],
    [
      'a socket closed mid-answer',
      Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      { code: 'UND_ERR_SOCKET', maybeReceived: true }
    ],
    ['something without a code', new Error('odd'), { code: 'network error', maybeReceived: true }]
  ])('classifies %s', (_, error, expected) => {
    expect(classifyNetworkError(error)).toEqual(expected)
  })

  it.each<[string, boolean]>([
    ['SELF_SIGNED_CERT_IN_CHAIN', true],
    ['CERT_HAS_EXPIRED', true],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', true],
    ['PROXY_407', true],
    ['PROXY_502', false],
    ['ECONNREFUSED', false]
  ])('treats %s as permanent: %s', (code, permanent) => {
    const error = new NetworkError('GET', JOBS, code, false)
    expect(error.permanent).toBe(permanent)
    expect(isRetryable(error, 'read', 1)).toBe(!permanent)
  })
})
