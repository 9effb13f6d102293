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

// Retry-After in the two forms RFC 9110 allows and no other: delay-seconds, or an HTTP-date in
// one of its three spellings (checked here, then read by Date.parse). Anything else is absent.
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
  const text = value?.replace(/^[ \t]+|[ \t]+$/g, '') ?? '' // only the whitespace HTTP allows
  const [, ...days] = HTTP_DATE.exec(text) ?? []
  // A leap second reads as the second before; asctime names no zone but means GMT.
  const date = Date.parse(`${text.replace(':60 ', ':59 ')}${days[2] ? ' GMT' : ''}`)
  // Date.parse moves a day the month lacks (30 Feb) into the next month: that is no date.
  const dated = new Date(date).getUTCDate() === Number(days.find(Boolean)) ? date - now : NaN
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : dated
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS)
}

// Sets `exchange.sent` as the request begins to leave: undici calls onConnect once the connection
// (with any proxy tunnel and TLS) is up, just before it writes. What fails before never arrived.
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
  if (id === '.' || id === '..') throw new Error(`'${id}' cannot be used as an id in a URL path`)
  return encodeURIComponent(id)
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
    const once = async (): Promise<AgentJob> => {
      const { status, body: json, text } = await this.requestJson(method, path, body)
      const job = parseJob(json)
      if (typeof job === 'object' && (jobId ?? job.id) === job.id) return job
      const reason =
        typeof job === 'object'
          ? `a job other than the one asked about (job ${job.id})`
          : `something that is not an agent job (${job})`
      // The excerpt is cut from the text as it came, so no shape of JSON can make it costly.
      throw new BadResponseError(method, path, status, reason, text)
    }
    const { backoff } = this.options
    return backoff ? withRetry(once, method, { ...this.options, backoff }) : once()
  }

  /** `path` is relative to the base URL and already encoded, e.g. `/v2/agent/p/job`. */
  async requestJson(method: 'GET' | 'POST', path: string, sent?: unknown) {
    const { baseUrl, apiKey, userAgent, requestTimeoutMs = 30_000, deadline } = this.options
    const { clock, signal: cancel } = this.options
    if (cancel?.aborted) throw new CancelledError()
    const remaining = deadline - clock.now()
    if (remaining <= 0) throw new DeadlineError()
    // One limit for the whole exchange (connect, headers and body), never past the deadline.
    const limit = Math.min(requestTimeoutMs, remaining)
    const timeout = AbortSignal.timeout(limit)
    const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout
    const exchange = { sent: false }
    const dispatcher = watchSending(this.options.dispatcher ?? getGlobalDispatcher(), exchange)
    const json = sent === undefined ? undefined : JSON.stringify(sent)
    const url = new URL(baseUrl.pathname.replace(/\/+$/, '') + path, baseUrl.origin)
    try {
      const pending = dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          'user-agent': userAgent,
          ...(json === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: json,
        signal,
        // A backstop only: the signal above is what ends a slow exchange.
        headersTimeout: limit + 1000,
        bodyTimeout: limit + 1000
      })
      // undici honours an abort only once the request is on a connection, not while a proxy
      // tunnel is still being opened: race the signal, and drop a body that comes too late.
      void pending.then(
        ({ body }) => signal.aborted && discard(body),
        () => undefined
      )
      const aborted = once(signal, 'abort').then(() => Promise.reject(new Error('aborted')))
      const { statusCode: status, headers, body: stream } = await Promise.race([pending, aborted])
      const bad = (reason: string, body: string): BadResponseError =>
        new BadResponseError(method, path, status, reason, body)
      const max = this.options.maxBodyBytes ?? 1024 * 1024
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if ((size += chunk.length) > max || Number(headers['content-length']) > max) {
          discard(stream)
          throw bad(`a body larger than ${Math.round(max / 1024)} KiB (a job is far smaller)`, '')
        }
        chunks.push(chunk)
      }
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      let parsed = true
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        parsed = false
      }
      if (status >= 400) {
        // The service's own words: `{"error": "…"}`, or what a gateway sends instead.
        const json = body as { error?: { message?: unknown }; message?: unknown } | null | undefined
        const said = [json?.error, json?.error?.message, json?.message].find(
          (v) => typeof v === 'string'
        )
        const retryAfterMs = parseRetryAfter([headers['retry-after']].flat()[0], clock.now())
        throw new ApiError(method, path, status, parsed ? said : text, retryAfterMs)
      }
      // undici does not follow redirects, and a redirected API key is not one we want to send.
      const where = typeof headers.location === 'string' ? headers.location : ''
      if (status >= 300) throw bad('a redirect, which this action does not follow', where)
      if (!parsed || body === undefined) {
        throw bad(parsed ? 'an empty body' : 'a body that is not JSON', text)
      }
      return { status, body, text } // `text`: the body as it came, for excerpts in messages
    } catch (error) {
      if (cancel?.aborted) throw new CancelledError(exchange.sent)
      if (error instanceof ApiError || error instanceof BadResponseError) throw error
      if (clock.now() >= deadline || (timeout.aborted && limit === remaining)) {
        throw new DeadlineError(exchange.sent)
      }
      if (timeout.aborted) throw new NetworkError(method, path, 'TIMEOUT', exchange.sent)
      const { code, maybeReceived } = classifyNetworkError(error)
      // Whatever the error, a request that never began to leave cannot have arrived.
      throw new NetworkError(method, path, code, exchange.sent && maybeReceived)
    }
  }
}
