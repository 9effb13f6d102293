// AgentApi against a real HTTP server on 127.0.0.1, one scripted answer per test:
// what it sends, how it reads answers, the limits on every request (too long to show
// through the bundled action, where a request may take 30 s), and how each failure
// is classified for the retry policy and the messages.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Agent } from 'undici'
import {
  ApiError,
  BadResponseError,
  classifyNetworkError,
  isRetryable,
  NetworkError
} from '../../src/agent/http-errors.js'
import { systemClock, type Clock } from '../../src/common/clock.js'
import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'
import { AgentApi, type AgentApiOptions } from '../../src/agent/http.js'
import { registerSecret } from '../../src/common/safe-text.js'
import { closedPort } from '../support/faults-kit.js'

const KEY = 'mint_test_secret'
const USER_AGENT = 'mintlify-agent-job-action/1.0.0'
const PATH = '/v2/agent/proj/job/job_1'

interface Received {
  method: string
  /** The request target exactly as it arrived. */
  url: string
  headers: IncomingMessage['headers']
  body: string
}

type Answer = (res: ServerResponse, req: IncomingMessage) => void

let server: Server
let origin: string
let answer: Answer
const received: Received[] = []
const sockets = new Set<Socket>()
const agent = new Agent()

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers
    })
    res.end(text)
  }

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      })
      answer(res, req)
    })
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

beforeEach(() => {
  received.length = 0
  answer = json(200, { id: 'job_1', status: 'active' })
})

afterAll(async () => {
  await agent.close()
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function client(options: Partial<AgentApiOptions> = {}): AgentApi {
  return new AgentApi({
    baseUrl: new URL(origin),
    apiKey: KEY,
    userAgent: USER_AGENT,
    clock: systemClock,
    projectId: 'proj',
    dispatcher: agent,
    deadline: Date.now() + 10_000,
    ...options
  })
}

const frozen = (now: number): Clock => ({ ...systemClock, now: () => now })

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the request succeeded')
    },
    (error: unknown) => error
  )
}

describe('AgentApi requests', () => {
  it('sends the key as a bearer token, asks for JSON and names itself', async () => {
    const response = await client().requestJson('GET', PATH)
    expect(response).toEqual({
      status: 200,
      body: { id: 'job_1', status: 'active' },
      text: '{"id":"job_1","status":"active"}'
    })
    const [request] = received
    expect(request).toMatchObject({ method: 'GET', url: PATH, body: '' })
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      accept: 'application/json',
      'user-agent': USER_AGENT
    })
    expect(request?.headers['content-type']).toBeUndefined()
  })

  it("goes through undici's global dispatcher when none is given", async () => {
    const direct = new AgentApi({
      baseUrl: new URL(origin),
      apiKey: KEY,
      userAgent: USER_AGENT,
      clock: systemClock,
      projectId: 'p',
      deadline: Date.now() + 10_000
    })
    const response = await direct.requestJson('GET', PATH)
    expect(response.body).toEqual({ id: 'job_1', status: 'active' })
    expect(received).toHaveLength(1)
  })

  it('sends a JSON body with its content type', async () => {
    answer = json(201, { id: 'job_2', status: 'active' })
    const prompt = 'Line one.\nLine "two" — ünïcode.'
    const response = await client().requestJson('POST', '/v2/agent/proj/job', { prompt })
    expect(response.status).toBe(201)
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual({ prompt })
  })

  it.each([
    ['no path', '', PATH],
    ['a path prefix', '/gateway/mintlify', `/gateway/mintlify${PATH}`],
    ['a path prefix with a trailing slash', '/gateway/mintlify/', `/gateway/mintlify${PATH}`],
    ['a root path', '/', PATH]
  ])('joins a base URL with %s to the request path', async (_, prefix, expected) => {
    await client({ baseUrl: new URL(`${origin}${prefix}`) }).requestJson('GET', PATH)
    expect(received.map((request) => request.url)).toEqual([expected])
  })
})

describe('AgentApi maps answers to errors', () => {
  it.each([
    [400, 'prompt must be at least 1 character'],
    [401, 'Invalid or missing API key'],
    [403, 'Forbidden'],
    [404, 'Agent job not found'],
    [429, 'Too many requests'],
    [500, 'Internal error'],
    [503, 'Unavailable']
  ])('turns %d into an ApiError with the server message', async (status, message) => {
    answer = json(status, { error: message })
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      method: 'GET',
      path: PATH,
      status,
      serverMessage: message,
      retryAfterMs: undefined
    })
    expect((error as ApiError).message).toBe(`GET ${PATH} answered ${status}: ${message}`)
  })

  it('keeps the start of a non-JSON error body as the message', async () => {
    const html = `<html><body>Bad gateway ${'x'.repeat(2000)}</body></html>`
    answer = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end(html)
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toMatchObject({ status: 502 })
    const message = (error as ApiError).serverMessage ?? ''
    expect(message.startsWith('<html><body>Bad gateway xxx')).toBe(true)
    expect(message.length).toBeLessThan(html.length)
  })

  it('has no server message when a JSON error body has no error text', async () => {
    answer = json(500, { detail: 'something else' })
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toMatchObject({ status: 500, serverMessage: undefined })
  })

  it.each<[string, unknown, string | undefined]>([
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
    answer = json(502, body)
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).serverMessage).toBe(expected)
  })

  it('redacts a secret in a long error text before cutting it', async () => {
    const secret = `mint_${'s3'.repeat(30)}`
    registerSecret(secret)
    answer = (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(`${'e'.repeat(480)}${secret}`)
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect((error as ApiError).serverMessage).toBe(`${'e'.repeat(480)}***`)
  })

  it('does not follow a redirect (it would carry the key elsewhere)', async () => {
    answer = (res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/login' })
      res.end()
    }
    const error = await failure(client().requestJson('POST', '/v2/agent/proj/job', {}))
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ status: 302, excerpt: 'https://elsewhere.example/login' })
    expect(received).toHaveLength(1)
  })

  it('quotes nothing for a redirect without a location', async () => {
    answer = (res) => {
      res.writeHead(301)
      res.end()
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ status: 301, excerpt: '' })
  })

  it('reads Retry-After given in seconds', async () => {
    answer = json(429, { error: 'slow down' }, { 'retry-after': '7' })
    const error = await failure(client().requestJson('POST', '/v2/agent/proj/job', {}))
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7000 })
  })

  it('reads Retry-After given as an HTTP date, against the client clock', async () => {
    const now = Date.parse('2026-11-22T00:00:00Z')
    answer = json(503, { error: 'maintenance' }, { 'retry-after': 'Sun, 22 Nov 2026 00:00:30 GMT' })
    const error = await failure(
      client({ clock: frozen(now), deadline: now + 10_000 }).requestJson('GET', PATH)
    )
    expect(error).toMatchObject({ status: 503, retryAfterMs: 30_000 })
  })

  it('reads the first Retry-After when the header comes twice', async () => {
    answer = (res) => {
      res.setHeader('retry-after', ['7', '9'])
      json(429, { error: 'slow down' })(res, undefined as never)
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7000 })
  })

  it('ignores an unreadable Retry-After', async () => {
    answer = json(429, { error: 'slow down' }, { 'retry-after': 'soon-ish' })
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toMatchObject({ status: 429, retryAfterMs: undefined })
  })

  it('turns a 2xx body that is not JSON into a BadResponseError with an excerpt', async () => {
    const html = `<!doctype html><title>Login</title>${'y'.repeat(300)}`
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(html)
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ status: 200, reason: 'a body that is not JSON' })
    const excerpt = (error as BadResponseError).excerpt
    expect(excerpt.startsWith('<!doctype html><title>Login</title>yyy')).toBe(true)
    expect(excerpt.length).toBeLessThan(html.length)
  })

  it('turns an empty 2xx body into a BadResponseError', async () => {
    answer = (res) => {
      res.writeHead(204)
      res.end()
    }
    const error = await failure(client().requestJson('GET', PATH))
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ status: 204, reason: 'an empty body' })
  })

  it('accepts a body exactly at the size cap', async () => {
    const text = JSON.stringify({ id: 'job_1', status: 'active', pad: 'z'.repeat(100) })
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    }
    const response = await client({ maxBodyBytes: Buffer.byteLength(text) }).requestJson(
      'GET',
      PATH
    )
    expect(response.body).toMatchObject({ id: 'job_1' })
  })

  it('refuses a body larger than the cap when its length is declared', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5000 })
      res.end('a'.repeat(5000))
    }
    const error = await failure(client({ maxBodyBytes: 1000 }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(BadResponseError)
    expect(error).toMatchObject({ status: 200, excerpt: '' })
    expect((error as BadResponseError).reason).toMatch(/larger than/)
  })

  it('refuses a chunked body once it grows past the cap', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      // No content-length: sent chunked, and it never ends on its own.
      const timer = setInterval(() => res.write('b'.repeat(512)), 5)
      res.once('close', () => clearInterval(timer))
    }
    const error = await failure(client({ maxBodyBytes: 4000 }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(BadResponseError)
    expect((error as BadResponseError).reason).toMatch(/larger than/)
  })
})

describe('AgentApi bounds every request', () => {
  const hang: Answer = () => undefined

  it('gives up on a server that never answers after requestTimeoutMs', async () => {
    answer = hang
    const error = await failure(client({ requestTimeoutMs: 200 }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'TIMEOUT', maybeReceived: true })
    // A poll that timed out is retried; a create is not (it may have been acted on).
    expect(isRetryable(error, 'GET', 1)).toBe(true)
    expect(isRetryable(error, 'POST', 1)).toBe(false)
  })

  it('gives up on a body that stops arriving after requestTimeoutMs', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"id":')
    }
    const error = await failure(client({ requestTimeoutMs: 200 }).requestJson('GET', PATH))
    expect(error).toMatchObject({ code: 'TIMEOUT', maybeReceived: true })
  })

  it('gives up on a body that trickles in after requestTimeoutMs, however often bytes come', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => res.write(' '), 20)
      res.once('close', () => clearInterval(timer))
    }
    const started = Date.now()
    const error = await failure(client({ requestTimeoutMs: 200 }).requestJson('GET', PATH))
    expect(error).toMatchObject({ code: 'TIMEOUT', maybeReceived: true })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('stops at the overall deadline when it comes before requestTimeoutMs', async () => {
    answer = hang
    const error = await failure(
      client({ requestTimeoutMs: 30_000, deadline: Date.now() + 200 }).requestJson('GET', PATH)
    )
    expect(error).toBeInstanceOf(DeadlineError)
    expect(received).toHaveLength(1)
  })

  it.each([
    ['has passed', -1],
    ['is now', 0]
  ])('sends nothing when the deadline %s', async (_, offset) => {
    const now = Date.now()
    const error = await failure(
      client({ clock: frozen(now), deadline: now + offset }).requestJson('GET', PATH)
    )
    expect(error).toBeInstanceOf(DeadlineError)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toEqual([])
  })

  it('stops with CancelledError when the run is cancelled mid-request', async () => {
    const controller = new AbortController()
    answer = () => controller.abort()
    const error = await failure(client({ signal: controller.signal }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(CancelledError)
    expect(received).toHaveLength(1)
  })

  it('stops with CancelledError when the cancel carries a reason that is not an Error', async () => {
    const controller = new AbortController()
    answer = () => controller.abort('the runner said stop')
    const error = await failure(client({ signal: controller.signal }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(CancelledError)
    expect(received).toHaveLength(1)
  })

  it('sends nothing when the run is already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(client({ signal: controller.signal }).requestJson('GET', PATH))
    expect(error).toBeInstanceOf(CancelledError)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toEqual([])
  })

  it('reports a refused connection as one the service cannot have received', async () => {
    const port = await closedPort()
    const error = await failure(
      client({ baseUrl: new URL(`http://127.0.0.1:${port}`) }).requestJson(
        'POST',
        '/v2/agent/proj/job',
        { prompt: 'x' }
      )
    )
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({
      method: 'POST',
      code: 'ECONNREFUSED',
      maybeReceived: false
    })
    // The service never saw it, so even a create may be repeated.
    expect(isRetryable(error, 'POST', 1)).toBe(true)
    expect(isRetryable(error, 'GET', 1)).toBe(true)
  })

  it('reports a connection reset after the request as one the service may have received', async () => {
    answer = (_res, req) => req.socket.destroy()
    const error = await failure(client().requestJson('POST', '/v2/agent/proj/job', { prompt: 'x' }))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ method: 'POST', maybeReceived: true })
    expect(isRetryable(error, 'GET', 1)).toBe(true)
    expect(isRetryable(error, 'POST', 1)).toBe(false)
    expect(received).toHaveLength(1)
  })
})

describe('network errors', () => {
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
    const error = new NetworkError('GET', PATH, code, false)
    expect(isRetryable(error, 'GET', 1)).toBe(!permanent)
    expect(isRetryable(error, 'POST', 1)).toBe(!permanent)
  })
})
