// The one HTTP client: base URL, headers, per-request time limit, body size cap,
// and the mapping of every failure to the errors in http-errors.ts.

import { request, type Dispatcher } from 'undici'
import {
  ApiError,
  BadResponseError,
  CancelledError,
  DeadlineError,
  NetworkError
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
}

export interface RequestOptions {
  body?: unknown
  /** Absolute time (ms, on the client's clock) after which nothing may run. */
  deadline: number
  /** Aborted when the run is cancelled. */
  signal?: AbortSignal
}

// Connection failures that happen before a request byte is sent.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH'])

function errorCode(error: unknown): string {
  const direct = (error as { code?: unknown }).code
  if (typeof direct === 'string') return direct
  const cause = (error as { cause?: { code?: unknown } }).cause
  return typeof cause?.code === 'string' ? cause.code : 'network error'
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
  async requestJson(method: 'GET' | 'POST', path: string, options: RequestOptions): Promise<JsonResponse> {
    const remaining = options.deadline - this.now()
    if (options.signal?.aborted) throw new CancelledError()
    if (remaining <= 0) throw new DeadlineError()
    const limit = Math.min(this.requestTimeoutMs, remaining)
    const timeout = AbortSignal.timeout(limit)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    const url = new URL(this.basePath + path, this.options.baseUrl.origin)

    try {
      const response = await request(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          'user-agent': this.options.userAgent,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' })
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        dispatcher: this.options.dispatcher,
        signal,
        headersTimeout: limit,
        bodyTimeout: limit
      })
      const text = await this.readCapped(response, method, path)
      return this.interpret(method, path, response, text)
    } catch (error) {
      if (options.signal?.aborted) throw new CancelledError()
      if (error instanceof ApiError || error instanceof BadResponseError) throw error
      if (timeout.aborted) {
        if (this.now() >= options.deadline) throw new DeadlineError()
        throw new NetworkError(method, path, 'TIMEOUT', true)
      }
      const code = errorCode(error)
      throw new NetworkError(method, path, code, !NOT_SENT_CODES.has(code))
    }
  }

  private async readCapped(response: Dispatcher.ResponseData, method: string, path: string): Promise<string> {
    const declared = Number(response.headers['content-length'])
    const tooLarge = (): BadResponseError =>
      new BadResponseError(method, path, response.statusCode, `a body larger than ${this.maxBodyBytes} bytes`, '')
    if (declared > this.maxBodyBytes) {
      response.body.destroy()
      throw tooLarge()
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length
      if (size > this.maxBodyBytes) {
        response.body.destroy()
        throw tooLarge()
      }
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  private interpret(method: string, path: string, response: Dispatcher.ResponseData, text: string): JsonResponse {
    const status = response.statusCode
    let body: unknown
    let parsed = true
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = false
    }
    if (status >= 400) {
      const message = (body as { error?: unknown } | undefined)?.error
      const serverMessage = typeof message === 'string' ? message : parsed ? undefined : text.slice(0, 200) || undefined
      const retryAfter = response.headers['retry-after']
      const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, this.now())
      throw new ApiError(method, path, status, serverMessage, retryAfterMs)
    }
    if (!parsed || body === undefined) {
      throw new BadResponseError(method, path, status, parsed ? 'an empty body' : 'a body that is not JSON', text.slice(0, 120))
    }
    return { status, body }
  }
}
