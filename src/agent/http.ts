// The one HTTP client: base URL, headers, per-request time limit, body size cap,
// and the mapping of every failure to the errors in http-errors.ts.

import { DecoratorHandler, getGlobalDispatcher, request, type Dispatcher } from 'undici'
import { CancelledError, DeadlineError } from '../common/run-errors.js'
import { ApiError, BadResponseError, isCertificateCode, NetworkError } from './http-errors.js'
import { parseRetryAfter } from './retry-after.js'
import { redact } from '../common/safe-text.js'

export interface HttpClientOptions {
  baseUrl: URL
  apiKey: string
  userAgent: string
  dispatcher?: Dispatcher
  /** A job is a few hundred bytes; anything near this is not a job. */
  maxBodyBytes?: number
  /** The longest one request may take, however much of the overall timeout is left. */
  requestTimeoutMs?: number
  now?: () => number
}

export interface JsonResponse {
  status: number
  body: unknown
  /** The body as it came, for excerpts in messages. */
  text: string
}

export interface RequestOptions {
  body?: unknown
  /** Absolute time (ms, on the client's clock) after which nothing may run. */
  deadline: number
  /** Aborted when the run is cancelled. */
  signal?: AbortSignal
}

// Connection failures that happen before a request byte is sent.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH'
])
// undici's own header and body timers: the answer did not come in time.
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
const SERVER_MESSAGE_CHARS = 500

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

/** The most telling code in an error and its causes, and whether the request may have gone out. */
export function classifyNetworkError(error: unknown): { code: string; maybeReceived: boolean } {
  const message = error instanceof Error ? error.message : ''
  // undici reports a refused CONNECT as "Proxy response (407) !== 200 when HTTP Tunneling".
  const proxy = /Proxy response \((\d{3})\)/.exec(message)
  if (proxy) return { code: `PROXY_${proxy[1] ?? ''}`, maybeReceived: false }
  const codes: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = codeOf(current)
    if (code) codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  const certificate = codes.find(isCertificateCode)
  if (certificate) return { code: certificate, maybeReceived: false }
  const notSent = codes.find((code) => NOT_SENT_CODES.has(code))
  if (notSent) return { code: notSent, maybeReceived: false }
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return { code: 'TIMEOUT', maybeReceived: true }
  return { code: codes[0] ?? 'network error', maybeReceived: true }
}

/** The service's own words in an error body: `{"error": "…"}`, or what a gateway sends instead. */
function serverMessageOf(body: unknown, parsed: boolean, text: string): string | undefined {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const nested =
    typeof record.error === 'object' && record.error !== null
      ? (record.error as Record<string, unknown>)
      : {}
  const candidate = [record.error, nested.message, record.message].find(
    (value) => typeof value === 'string'
  )
  const message = typeof candidate === 'string' ? candidate : parsed ? undefined : text
  if (message === undefined || message.trim() === '') return undefined
  // Redact before cutting, so no prefix of a secret survives the cut.
  const redacted = redact(message)
  return redacted.length > SERVER_MESSAGE_CHARS
    ? `${redacted.slice(0, SERVER_MESSAGE_CHARS)}…`
    : redacted
}

/**
 * Tells `onSent` when the request begins to leave: undici calls onConnect just before
 * it writes the request to the socket, after the connection (and any proxy tunnel or
 * TLS handshake) is up. An exchange that fails before then cannot have reached the
 * service, whatever the error says.
 */
function watchSending(dispatcher: Dispatcher, onSent: () => void): Dispatcher {
  // undici's own pass-through handler; its published types omit the methods it has.
  const PassThrough = DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandlers) => {
    onConnect(abort: (error?: Error) => void): void
  }
  class Watched extends PassThrough {
    override onConnect(abort: (error?: Error) => void): void {
      onSent()
      super.onConnect(abort)
    }
  }
  return dispatcher.compose(
    (dispatch) => (options, handler) => dispatch(options, new Watched(handler))
  )
}

/**
 * The request's answer, or a rejection as soon as `signal` aborts. undici honours an
 * abort only once the request is on a connection: while a proxy tunnel is still being
 * opened (a proxy that accepts and never answers), it would wait on past the timeout.
 */
function untilAborted(
  pending: Promise<Dispatcher.ResponseData>,
  signal: AbortSignal
): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    // Kept as they are (undici's and Node's errors carry the codes read later), even
    // from another realm, where instanceof Error would say no.
    const asError = (reason: unknown): Error =>
      typeof reason === 'object' && reason !== null ? (reason as Error) : new Error(String(reason))
    const onAbort = (): void => reject(asError(signal.reason))
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    pending.then(
      (response) => {
        signal.removeEventListener('abort', onAbort)
        // Too late: the caller has moved on, so nobody will read this body.
        if (signal.aborted) discard(response.body)
        else resolve(response)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(asError(error))
      }
    )
  })
}

/** Drops a body unread. undici reports a destroyed body as an 'error' event, which
 * nothing would listen to any more: without the listener it would crash the process. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined)
  body.destroy()
}

export class HttpClient {
  private readonly basePath: string
  private readonly maxBodyBytes: number
  private readonly requestTimeoutMs: number
  private readonly now: () => number

  constructor(private readonly options: HttpClientOptions) {
    this.basePath = options.baseUrl.pathname.replace(/\/+$/, '')
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000
    this.now = options.now ?? Date.now
  }

  /** `path` is relative to the base URL and already encoded, e.g. `/v2/agent/p/job`. */
  async requestJson(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions
  ): Promise<JsonResponse> {
    if (options.signal?.aborted) throw new CancelledError()
    const remaining = options.deadline - this.now()
    if (remaining <= 0) throw new DeadlineError()
    // One limit for the whole exchange (connect, headers and body), never past the deadline.
    const boundByDeadline = remaining <= this.requestTimeoutMs
    const limit = Math.min(this.requestTimeoutMs, remaining)
    const timeout = AbortSignal.timeout(limit)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    const url = new URL(this.basePath + path, this.options.baseUrl.origin)
    // An object, so the type checker sees the callback's change.
    const exchange = { sent: false }
    const dispatcher = watchSending(this.options.dispatcher ?? getGlobalDispatcher(), () => {
      exchange.sent = true
    })

    try {
      const response = await untilAborted(
        request(url, {
          method,
          headers: {
            authorization: `Bearer ${this.options.apiKey}`,
            accept: 'application/json',
            'user-agent': this.options.userAgent,
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' })
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
          dispatcher,
          signal,
          // A backstop only: the signal above is what ends a slow exchange.
          headersTimeout: limit + 1000,
          bodyTimeout: limit + 1000
        }),
        signal
      )
      const text = await this.readCapped(response, method, path)
      return this.interpret(method, path, response, text)
    } catch (error) {
      if (options.signal?.aborted) throw new CancelledError(exchange.sent)
      if (error instanceof ApiError || error instanceof BadResponseError) throw error
      if (timeout.aborted || this.now() >= options.deadline) {
        if (boundByDeadline || this.now() >= options.deadline)
          throw new DeadlineError(exchange.sent)
        throw new NetworkError(method, path, 'TIMEOUT', exchange.sent)
      }
      const { code, maybeReceived } = classifyNetworkError(error)
      // Whatever the error, a request that never began to leave cannot have arrived.
      throw new NetworkError(method, path, code, exchange.sent && maybeReceived)
    }
  }

  private async readCapped(
    response: Dispatcher.ResponseData,
    method: string,
    path: string
  ): Promise<string> {
    const declared = Number(response.headers['content-length'])
    const tooLarge = (): BadResponseError =>
      new BadResponseError(
        method,
        path,
        response.statusCode,
        `a body larger than ${Math.round(this.maxBodyBytes / 1024)} KiB (a job is far smaller)`,
        ''
      )
    if (declared > this.maxBodyBytes) {
      discard(response.body)
      throw tooLarge()
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length
      if (size > this.maxBodyBytes) {
        discard(response.body)
        throw tooLarge()
      }
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  private interpret(
    method: string,
    path: string,
    response: Dispatcher.ResponseData,
    text: string
  ): JsonResponse {
    const status = response.statusCode
    let body: unknown
    let parsed = true
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = false
    }
    if (status >= 400) {
      const retryAfter = response.headers['retry-after']
      const retryAfterMs = parseRetryAfter(
        Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        this.now()
      )
      throw new ApiError(method, path, status, serverMessageOf(body, parsed, text), retryAfterMs)
    }
    if (status >= 300) {
      // undici does not follow redirects, and a redirected API key is not one we want to send.
      const location = response.headers.location
      const where = typeof location === 'string' ? location : ''
      throw new BadResponseError(
        method,
        path,
        status,
        'a redirect, which this action does not follow',
        where
      )
    }
    if (!parsed || body === undefined) {
      throw new BadResponseError(
        method,
        path,
        status,
        parsed ? 'an empty body' : 'a body that is not JSON',
        text
      )
    }
    return { status, body, text }
  }
}
