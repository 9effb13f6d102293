// The one HTTP client of the Agent Jobs API: base URL, headers, a time limit per request,
// a cap on the body, and every failure mapped to the errors of http-errors.ts.

import { DecoratorHandler, getGlobalDispatcher, request, type Dispatcher } from 'undici'
import { CancelledError, DeadlineError } from '../common/run-errors.js'
import {
  ApiError,
  BadResponseError,
  isCertificateCode,
  NetworkError,
  redactAndCut
} from './http-errors.js'
import { parseRetryAfter } from './retry-after.js'

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
  /** Absolute time (on the client's clock) after which nothing may run. */
  deadline: number
  signal?: AbortSignal
}

// Connection failures before a request byte is sent; undici's header and body timers.
const NOT_SENT =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT|EHOSTUNREACH|ENETUNREACH)$/
const TIMEOUT = /^UND_ERR_(?:HEADERS|BODY)_TIMEOUT$/

/** The most telling code in an error and its causes, and whether the request may have gone out. */
export function classifyNetworkError(error: unknown): { code: string; maybeReceived: boolean } {
  // undici reports a refused CONNECT as "Proxy response (407) !== 200 when HTTP Tunneling".
  const proxy = /Proxy response \((\d{3})\)/.exec(error instanceof Error ? error.message : '')
  if (proxy) return { code: `PROXY_${proxy[1] ?? ''}`, maybeReceived: false }
  const codes: string[] = []
  for (let e = error, depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown }
    if (typeof code === 'string') codes.push(code)
    e = cause
  }
  const notSent = codes.find(isCertificateCode) ?? codes.find((code) => NOT_SENT.test(code))
  if (notSent) return { code: notSent, maybeReceived: false }
  if (codes.some((code) => TIMEOUT.test(code))) return { code: 'TIMEOUT', maybeReceived: true }
  return { code: codes[0] ?? 'network error', maybeReceived: true }
}

/** The service's own words in an error body: `{"error": "…"}`, or what a gateway sends instead. */
function serverMessageOf(body: unknown, parsed: boolean, text: string): string | undefined {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const nested = (
    typeof record.error === 'object' && record.error !== null ? record.error : {}
  ) as {
    message?: unknown
  }
  const found = [record.error, nested.message, record.message].find((v) => typeof v === 'string')
  const message = typeof found === 'string' ? found : parsed ? undefined : text
  return message?.trim() ? redactAndCut(message, 500) : undefined
}

/**
 * Tells `onSent` when the request begins to leave: undici calls onConnect just before it
 * writes to the socket, once the connection (and any proxy tunnel or TLS) is up. An
 * exchange that fails before then cannot have reached the service, whatever the error says.
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
 * The answer, or a rejection as soon as `signal` aborts: undici honours an abort only once
 * the request is on a connection, not while a proxy tunnel is still being opened.
 */
function untilAborted(
  pending: Promise<Dispatcher.ResponseData>,
  signal: AbortSignal
): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    // Kept as they are, for the codes read later, even from another realm (no instanceof).
    const asError = (reason: unknown): Error =>
      typeof reason === 'object' && reason !== null ? (reason as Error) : new Error(String(reason))
    const onAbort = (): void => reject(asError(signal.reason))
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    pending.then(
      (response) => {
        signal.removeEventListener('abort', onAbort)
        // Too late: nobody will read this body.
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

/** Drops a body unread. Its 'error' event on destroy would crash the process unheard. */
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
    const json = options.body === undefined ? {} : { 'content-type': 'application/json' }
    const exchange = { sent: false } // an object, so the type checker sees the callback's change
    const dispatcher = watchSending(this.options.dispatcher ?? getGlobalDispatcher(), () => {
      exchange.sent = true
    })
    try {
      const pending = request(new URL(this.basePath + path, this.options.baseUrl.origin), {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          'user-agent': this.options.userAgent,
          ...json
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        dispatcher,
        signal,
        // A backstop only: the signal above is what ends a slow exchange.
        headersTimeout: limit + 1000,
        bodyTimeout: limit + 1000
      })
      return await this.answer(method, path, await untilAborted(pending, signal))
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

  private async answer(
    method: string,
    path: string,
    response: Dispatcher.ResponseData
  ): Promise<JsonResponse> {
    const status = response.statusCode
    const bad = (reason: string, body: string): BadResponseError =>
      new BadResponseError(method, path, status, reason, body)
    const size = `${Math.round(this.maxBodyBytes / 1024)} KiB`
    const text = await readCapped(response, this.maxBodyBytes, () =>
      bad(`a body larger than ${size} (a job is far smaller)`, '')
    )
    let body: unknown
    let parsed = true
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = false
    }
    if (status >= 400) {
      const retryAfterMs = parseRetryAfter([response.headers['retry-after']].flat()[0], this.now())
      throw new ApiError(method, path, status, serverMessageOf(body, parsed, text), retryAfterMs)
    }
    // undici does not follow redirects, and a redirected API key is not one we want to send.
    const where = typeof response.headers.location === 'string' ? response.headers.location : ''
    if (status >= 300) throw bad('a redirect, which this action does not follow', where)
    if (!parsed || body === undefined) {
      throw bad(parsed ? 'an empty body' : 'a body that is not JSON', text)
    }
    return { status, body, text }
  }
}

/** The body as text; past `max` bytes, it is dropped and `tooLarge()` thrown. */
async function readCapped(
  response: Dispatcher.ResponseData,
  max: number,
  tooLarge: () => Error
): Promise<string> {
  const fail = (): Error => {
    discard(response.body)
    return tooLarge()
  }
  if (Number(response.headers['content-length']) > max) throw fail()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw fail()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
