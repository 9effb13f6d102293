// The Agent Jobs API's three endpoints over one HTTP client: base URL, headers, a time limit
// per request, a cap on the body, every failure mapped to the errors of http-errors.ts.

import { once } from 'node:events'
import { DecoratorHandler, getGlobalDispatcher, type Dispatcher } from 'undici'
import type { RunClock } from '../common/clock.js'
import { CancelledError, DeadlineError } from '../common/run-errors.js'
import { ApiError, BadResponseError, classifyNetworkError, NetworkError } from './http-errors.js'
import { withRetry, type RetryPolicy } from './http-errors.js'
import { parseJob, type AgentJob } from './job.js'

/** The run's deadline and cancellation bound every call; without a backoff, each is made once. */
export type AgentApiOptions = RunClock &
  Partial<RetryPolicy> & {
    baseUrl: URL
    apiKey: string
    userAgent: string
    projectId: string
    dispatcher?: Dispatcher
    /** A job is a few hundred bytes; anything near this is not a job. */
    maxBodyBytes?: number
    /** The longest one request may take, however much of the overall timeout is left. */
    requestTimeoutMs?: number
  }

// Retry-After comes in the two forms RFC 9110 allows and no other: delay-seconds, or an
// HTTP-date. An HTTP-date has three spellings; this pattern checks them and Date.parse reads
// them. Anything else counts as no header.
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)'
const HTTP_DATE = new RegExp(
  `^(?:${DAY}, (\\d\\d) ${MONTH} \\d{4} ${TIME} GMT` + // Sun, 06 Nov 1994 08:49:37 GMT
    `|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (\\d\\d)-${MONTH}-\\d\\d ${TIME} GMT` +
    `|${DAY} ${MONTH} ([ \\d]\\d) ${TIME} \\d{4})$` // Sun Nov  6 08:49:37 1994
)
/** Longer than any step may run: a bigger value means the same (wait past the timeout). */
const MAX_RETRY_AFTER_MS = 7 * 24 * 3_600_000

/** Milliseconds to wait, or undefined when the header is absent or not in a form RFC 9110 allows. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  // Only the whitespace HTTP allows around a value is trimmed.
  const text = value?.replace(/^[ \t]+|[ \t]+$/g, '') ?? ''
  const isSeconds = /^\d+$/.test(text)
  const ms = isSeconds ? Number(text) * 1000 : httpDateTime(text) - now
  if (Number.isNaN(ms)) {
    return undefined
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS)
}

/** The time an HTTP-date names, in epoch milliseconds; NaN when the text is not an HTTP-date. */
function httpDateTime(text: string): number {
  const [, ...days] = HTTP_DATE.exec(text) ?? []
  // A leap second reads as the second before.
  const withoutLeapSecond = text.replace(':60 ', ':59 ')
  // The asctime spelling (the third) names no zone but means GMT.
  const zone = days[2] ? ' GMT' : ''
  const time = Date.parse(`${withoutLeapSecond}${zone}`)
  // Date.parse moves a day the month lacks (30 Feb) into the next month: that is no date.
  const dayOfMonth = Number(days.find(Boolean))
  if (new Date(time).getUTCDate() !== dayOfMonth) {
    return NaN
  }
  return time
}

// undici calls onConnect once the connection (with any proxy tunnel and TLS) is up, just before
// it writes the request. Setting `exchange.sent` there tells a failure before it (the request
// never arrived) from a failure after.
function watchSending(dispatcher: Dispatcher, exchange: { sent: boolean }): Dispatcher {
  // undici's own pass-through handler; its published types omit the methods it has.
  const PassThrough = DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandlers) => {
    onConnect(abort: (error?: Error) => void): void
  }
  class Watched extends PassThrough {
    override onConnect(abort: (error?: Error) => void): void {
      exchange.sent = true
      super.onConnect(abort)
    }
  }
  return dispatcher.compose(
    (dispatch) => (options, handler) => dispatch(options, new Watched(handler))
  )
}

/** Drops a body unread. Its 'error' event on destroy would crash the process unheard. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined)
  body.destroy()
}

/** One path segment; `.` and `..` would be read as steps up the path even when encoded. */
function segment(id: string): string {
  if (id === '.' || id === '..') {
    throw new Error(`'${id}' cannot be used as an id in a URL path`)
  }
  return encodeURIComponent(id)
}

/**
 * The body as text, or a thrown error from `tooLarge` once it grows past `max` bytes (or says it
 * will, in its content-length). The body is dropped then, unread.
 */
async function readCapped(
  stream: Dispatcher.ResponseData['body'],
  declaredLength: number,
  max: number,
  tooLarge: () => Error
): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max || declaredLength > max) {
      discard(stream)
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The body read as JSON: an empty body is `undefined`, and `parsed` is false for one that is not JSON. */
function parseBody(text: string): { parsed: boolean; body: unknown } {
  if (text === '') {
    return { parsed: true, body: undefined }
  }
  try {
    return { parsed: true, body: JSON.parse(text) }
  } catch {
    return { parsed: false, body: undefined }
  }
}

/** The service's own words in an error answer: `{"error": "…"}`, or what a gateway sends instead. */
function serviceWords(body: unknown): string | undefined {
  const json = body as { error?: { message?: unknown }; message?: unknown } | null | undefined
  const candidates = [json?.error, json?.error?.message, json?.message]
  return candidates.find((v): v is string => typeof v === 'string')
}

export class AgentApi {
  constructor(private readonly options: AgentApiOptions) {}

  /** POST /v2/agent/{projectId}/job: 201 with the new, active job. */
  createJob(prompt: string): Promise<AgentJob> {
    return this.call('POST', { prompt })
  }

  /** POST /v2/agent/{projectId}/job/{id}/message: 200 with the job. */
  sendMessage(jobId: string, prompt: string): Promise<AgentJob> {
    return this.call('POST', { prompt }, jobId, '/message')
  }

  /** GET /v2/agent/{projectId}/job/{id}: 200 with the job. */
  getJob(jobId: string): Promise<AgentJob> {
    return this.call('GET', undefined, jobId)
  }

  /** The job in a 2xx answer, retried by the policy; a BadResponseError for any other body. */
  private async call(method: 'GET' | 'POST', body?: unknown, jobId?: string, suffix = '') {
    const jobs = `/v2/agent/${segment(this.options.projectId)}/job`
    const path = jobId === undefined ? jobs : `${jobs}/${segment(jobId)}${suffix}`
    const attempt = async (): Promise<AgentJob> => {
      const { status, body: json, text } = await this.requestJson(method, path, body)
      const job = parseJob(json)
      // The excerpt is cut from the text as it came, so no shape of JSON can make it costly.
      if (typeof job !== 'object') {
        const reason = `something that is not an agent job (${job})`
        throw new BadResponseError(method, path, status, reason, text)
      }
      const askedFor = jobId ?? job.id
      if (job.id !== askedFor) {
        const reason = `a job other than the one asked about (job ${job.id})`
        throw new BadResponseError(method, path, status, reason, text)
      }
      return job
    }
    const { backoff } = this.options
    if (!backoff) {
      return attempt()
    }
    return withRetry(attempt, method, { ...this.options, backoff })
  }

  /**
   * One exchange. `path` is relative to the base URL and already encoded, e.g. `/v2/agent/p/job`.
   * Returns `text`, the body as it came, for excerpts in messages.
   */
  async requestJson(method: 'GET' | 'POST', path: string, sent?: unknown) {
    const { baseUrl, apiKey, userAgent, requestTimeoutMs = 30_000, deadline } = this.options
    const { clock, signal: cancel } = this.options
    if (cancel?.aborted) {
      throw new CancelledError()
    }
    const remaining = deadline - clock.now()
    if (remaining <= 0) {
      throw new DeadlineError()
    }
    // One limit for the whole exchange (connect, headers and body), never past the deadline.
    const limit = Math.min(requestTimeoutMs, remaining)
    const timeout = AbortSignal.timeout(limit)
    const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout
    const exchange = { sent: false }
    const dispatcher = watchSending(this.options.dispatcher ?? getGlobalDispatcher(), exchange)
    const json = sent === undefined ? undefined : JSON.stringify(sent)
    const url = new URL(baseUrl.pathname.replace(/\/+$/, '') + path, baseUrl.origin)
    const headers: Record<string, string> = {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json',
      'user-agent': userAgent
    }
    if (json !== undefined) {
      headers['content-type'] = 'application/json'
    }
    try {
      const pending = dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method,
        headers,
        body: json,
        signal,
        // A backstop only: the signal above is what ends a slow exchange.
        headersTimeout: limit + 1000,
        bodyTimeout: limit + 1000
      })
      // undici honours an abort only once the request is on a connection, not while a proxy
      // tunnel is still being opened. So the signal is raced here, and a body that comes after
      // it is dropped.
      const dropIfLate = ({ body }: Dispatcher.ResponseData) => {
        if (signal.aborted) {
          discard(body)
        }
      }
      void pending.then(dropIfLate, () => undefined)
      const aborted = once(signal, 'abort').then(() => Promise.reject(new Error('aborted')))
      const response = await Promise.race([pending, aborted])
      return await this.readAnswer(method, path, response)
    } catch (error) {
      if (cancel?.aborted) {
        throw new CancelledError(exchange.sent)
      }
      if (error instanceof ApiError || error instanceof BadResponseError) {
        throw error
      }
      // When the request's limit was the time left to the run, its timeout is the deadline.
      const deadlinePassed = clock.now() >= deadline || (timeout.aborted && limit === remaining)
      if (deadlinePassed) {
        throw new DeadlineError(exchange.sent)
      }
      if (timeout.aborted) {
        throw new NetworkError(method, path, 'TIMEOUT', exchange.sent)
      }
      const { code, maybeReceived } = classifyNetworkError(error)
      // Whatever the error, a request that never began to leave cannot have arrived.
      throw new NetworkError(method, path, code, exchange.sent && maybeReceived)
    }
  }

  /** A 2xx answer's JSON body; an ApiError for 4xx and 5xx, a BadResponseError for anything else. */
  private async readAnswer(
    method: 'GET' | 'POST',
    path: string,
    response: Dispatcher.ResponseData
  ) {
    const { statusCode: status, headers, body: stream } = response
    const bad = (reason: string, body: string): BadResponseError =>
      new BadResponseError(method, path, status, reason, body)
    const max = this.options.maxBodyBytes ?? 1024 * 1024
    const tooLarge = () =>
      bad(`a body larger than ${Math.round(max / 1024)} KiB (a job is far smaller)`, '')
    const declaredLength = Number(headers['content-length'])
    const text = await readCapped(stream, declaredLength, max, tooLarge)
    const { parsed, body } = parseBody(text)
    if (status >= 400) {
      const said = parsed ? serviceWords(body) : text
      const retryAfter = [headers['retry-after']].flat()[0]
      const retryAfterMs = parseRetryAfter(retryAfter, this.options.clock.now())
      throw new ApiError(method, path, status, said, retryAfterMs)
    }
    // undici does not follow redirects, and a redirected API key is not one we want to send.
    if (status >= 300) {
      const where = typeof headers.location === 'string' ? headers.location : ''
      throw bad('a redirect, which this action does not follow', where)
    }
    if (!parsed) {
      throw bad('a body that is not JSON', text)
    }
    if (body === undefined) {
      throw bad('an empty body', text)
    }
    return { status, body, text }
  }
}
