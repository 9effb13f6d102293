// What can go wrong with one call to the service, and when to retry it. Each failure gets one
// line that says what happened and what to do. Text from the server is untrusted: print it
// through safeLine.

import type { RunClock } from '../common/clock.js'
import { formatDuration } from '../common/duration.js'
import {
  CancelledError,
  DeadlineError,
  causes,
  messageOf,
  proxyRefusal
} from '../common/run-errors.js'
import { redact } from '../common/safe-text.js'

/** Redacted before it is cut, so no prefix of a secret survives the cut. */
function redactAndCut(text: string, max: number): string {
  const redacted = redact(text)
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted
}

export class ApiError extends Error {
  /** The service's own words in the body, if any, redacted. Untrusted: print through safeLine. */
  readonly serverMessage: string | undefined

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    said: string | undefined,
    readonly retryAfterMs: number | undefined
  ) {
    const serverMessage = said?.trim() ? redactAndCut(said, 500) : undefined
    const saying = serverMessage ? `: ${serverMessage}` : ''
    super(`${method} ${path} answered ${status}${saying}`)
    this.name = 'ApiError'
    this.serverMessage = serverMessage
  }
}

// A certificate the machine does not trust, or one not made for the host. Nothing was sent, and
// repeating cannot help.
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)|^ERR_TLS_|^ERR_SSL_/
// Connection failures: they happen before a byte of the request is sent.
const NOT_SENT =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT|EHOSTUNREACH|ENETUNREACH)$/
// undici's timers for the answer's headers and body.
const TIMEOUT = /^UND_ERR_(?:HEADERS|BODY)_TIMEOUT$/

/** The most telling code in an error and its causes, and whether the request may have gone out. */
export function classifyNetworkError(error: unknown): { code: string; maybeReceived: boolean } {
  const proxy = proxyRefusal(error)
  if (proxy !== undefined) {
    return { code: `PROXY_${proxy}`, maybeReceived: false }
  }
  const codes = causes(error).flatMap(({ code }) => (typeof code === 'string' ? [code] : []))
  // A certificate code tells more than the connection failure it caused.
  const certificate = codes.find((code) => CERTIFICATE.test(code))
  const notSent = certificate ?? codes.find((code) => NOT_SENT.test(code))
  if (notSent) {
    return { code: notSent, maybeReceived: false }
  }
  if (codes.some((code) => TIMEOUT.test(code))) {
    return { code: 'TIMEOUT', maybeReceived: true }
  }
  return { code: codes[0] ?? 'network error', maybeReceived: true }
}

/** The exchange broke before a full answer arrived. */
export class NetworkError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** ECONNREFUSED, ECONNRESET, TIMEOUT, PROXY_407 (a proxy refused a tunnel), a certificate code, … */
    readonly code: string,
    /** False only when the request cannot have reached the service. */
    readonly maybeReceived: boolean
  ) {
    const what = code === 'TIMEOUT' ? 'no answer in time' : code
    super(`${method} ${path} failed: ${what}`)
    this.name = 'NetworkError'
  }
}

export class BadResponseError extends Error {
  /** The start of the body, redacted. Untrusted: print through safeLine. */
  readonly excerpt: string

  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly reason: string,
    body: string
  ) {
    super(`${method} ${path} answered ${status} with ${reason}`)
    this.name = 'BadResponseError'
    this.excerpt = redactAndCut(body, 120)
  }
}

/** The service answered 404: the project or the job does not exist (any more). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

// Retrying one call. A poll (GET) is safe to repeat. A create or message (POST) is repeated only
// when the service cannot have acted on it.

export interface Backoff {
  baseMs: number
  maxMs: number
  /** In [0, 1): injected so tests can pin the jitter. */
  random?: () => number
}

/** The delay before retry number `attempt` (1-based): doubling, capped, with jitter. */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  const doublings = Math.max(0, attempt - 1)
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** doublings)
  // "Equal jitter": at least half the delay, so retries never bunch up at zero.
  const random = backoff.random ?? Math.random
  const jitter = (random() * exponential) / 2
  return Math.round(exponential / 2 + jitter)
}

/**
 * Whether attempt number `attempt` may be followed by another. A write (POST) is tried 5 times at
 * most. A read is tried 3 times at most when the answer is not a job.
 */
export function isRetryable(error: unknown, method: string, attempt: number): boolean {
  const status = error instanceof ApiError ? error.status : undefined
  // Repeating cannot help an untrusted certificate, or a proxy that wants credentials.
  const network =
    error instanceof NetworkError && !CERTIFICATE.test(error.code) && error.code !== 'PROXY_407'
  if (method === 'POST') {
    if (attempt >= 5) {
      return false
    }
    const neverArrived = network && !error.maybeReceived
    return status === 429 || neverArrived
  }
  if (status !== undefined) {
    return status === 429 || status === 408 || status >= 500
  }
  if (network) {
    return true
  }
  return error instanceof BadResponseError && attempt < 3
}

/** A retry would have to wait past the step's timeout; carries the last error. */
export class RetryWouldOutlastTimeoutError extends Error {
  constructor(
    readonly lastError: unknown,
    readonly waitMs: number
  ) {
    super('retrying would outlast the timeout')
    this.name = 'RetryWouldOutlastTimeoutError'
  }
}

/** How a client retries, within the run it serves. */
export interface RetryPolicy extends RunClock {
  backoff: Backoff
  /** Told of each failure retried, and the wait. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void
}

export async function withRetry<T>(
  call: () => Promise<T>,
  method: string,
  { backoff, clock, deadline, signal, onRetry }: RetryPolicy
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (!isRetryable(error, method, attempt)) {
        throw error
      }
      // Retry-After is the least we wait, and the backoff still applies: `Retry-After: 0`
      // cannot turn the retries into a busy loop.
      const suggested = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0
      const delay = Math.max(suggested, backoffDelay(backoff, attempt), 1)
      if (clock.now() + delay >= deadline) {
        throw new RetryWouldOutlastTimeoutError(error, delay)
      }
      onRetry?.(error, attempt, delay)
      await clock.sleep(delay, signal)
    }
  }
}

export type Endpoint = 'create' | 'message' | 'get'

/** `proxy`: the one requests to the service go through (`host:port`), when there is one. */
export type ErrorContext = {
  endpoint: Endpoint
  projectId: string
  jobId?: string
  host: string
  proxy?: string
}

function apiErrorLine(error: ApiError, context: ErrorContext): string {
  const said = error.serverMessage ?? ''
  const quoted = said ? ` The service said: "${said}".` : ''
  const what = `${error.method} ${error.path} answered ${error.status}.${quoted}`
  switch (error.status) {
    case 400:
      return `The service rejected the request: ${what} Check the prompt (it must not be empty).`
    case 401:
      return (
        `The API key was not accepted: ${what} ` +
        'Pass a current admin API key (mint_<secret>) from a secret; ' +
        'keys are made on the API keys page of the Mintlify dashboard.'
      )
    case 403:
      return (
        `The API key may not do this: ${what} ` +
        "Either the key has an IP allowlist (GitHub-hosted runners' addresses change: " +
        'widen the allowlist or use a runner with a fixed address), ' +
        'or its scope is read-only (creating jobs and sending messages need write scope).'
      )
    case 404:
      return notFoundLine(what, said, context)
    case 429: {
      const advice =
        error.method === 'GET'
          ? 'Poll less often (raise poll-interval and max-poll-interval)'
          : 'The service allows 100 jobs and follow-up messages per project per hour; spread runs out'
      return `Rate limited: ${what} ${advice} or raise the timeout.`
    }
    default:
      if (error.status >= 500) {
        return `The service failed: ${what} This is usually temporary; try again later.`
      }
      return `Unexpected answer: ${what}`
  }
}

/** A 404: the project, or the job. */
function notFoundLine(what: string, said: string, context: ErrorContext): string {
  // On a job's path, the service's own text says which it did not find: "Project not found".
  const saysProject = /project/i.test(said) && !/job/i.test(said)
  if (context.endpoint === 'create' || saysProject) {
    return `Project '${context.projectId}' was not found: ${what} Check the project-id input.`
  }
  const job = `Job '${context.jobId ?? ''}' was not found in project '${context.projectId}'`
  return `${job}: ${what} Check the job-id and project-id inputs.`
}

function networkLine({ method, path, code, maybeReceived }: NetworkError, context: ErrorContext) {
  const { host, proxy } = context
  const call = `${method} ${path}`
  const proxyStatus = /^PROXY_(\d{3})$/.exec(code)?.[1]
  if (proxyStatus !== undefined) {
    const theProxy = proxy ? `The proxy ${proxy}` : 'The proxy'
    const what = proxyStatus === '407' ? 'wants credentials' : `answered ${proxyStatus}`
    return (
      `${theProxy} would not open a tunnel to ${host} for ${call}: it ${what}. ` +
      'Check HTTPS_PROXY / HTTP_PROXY (user:password in the proxy URL for 407), ' +
      'or list the host in NO_PROXY.'
    )
  }
  if (CERTIFICATE.test(code)) {
    return (
      `The TLS certificate of ${host} is not trusted (${code}) for ${call}. ` +
      "Behind a TLS-inspecting proxy or with a private CA, set NODE_EXTRA_CA_CERTS to the CA's " +
      'PEM file; otherwise check base-url.'
    )
  }
  const check = 'Check the network and proxy settings (HTTPS_PROXY, NO_PROXY).'
  if (!maybeReceived) {
    const why = code === 'TIMEOUT' ? 'no connection in time' : code
    // Through a proxy, the only connection this machine opens is to the proxy.
    if (proxy) {
      return (
        `Could not reach the proxy ${proxy} (${why}) for ${call} to ${host}. ` +
        'Check HTTPS_PROXY / HTTP_PROXY, or list the host in NO_PROXY.'
      )
    }
    return (
      `Could not reach ${host} (${why}) for ${call}. ` +
      'Check the network, proxy settings (HTTPS_PROXY, NO_PROXY) and base-url.'
    )
  }
  if (code === 'TIMEOUT') {
    return `${host} gave no answer in time to ${call}. ${check}`
  }
  return `The connection to ${host} broke before the answer to ${call} arrived (${code}). ${check}`
}

function baseLine(error: unknown, context: ErrorContext): string {
  if (error instanceof ApiError) {
    return apiErrorLine(error, context)
  }
  if (error instanceof NetworkError) {
    return networkLine(error, context)
  }
  if (error instanceof BadResponseError) {
    const excerpt = error.excerpt ? `: ${JSON.stringify(error.excerpt)}` : ''
    return `${error.message}${excerpt}. Is base-url pointing at the Agent Jobs API?`
  }
  if (error instanceof RetryWouldOutlastTimeoutError) {
    return gaveUpLine(error, context)
  }
  if (error instanceof CancelledError) {
    return 'The run was cancelled.'
  }
  if (error instanceof DeadlineError) {
    return 'The timeout passed before the service answered.'
  }
  return `Unexpected error: ${messageOf(error)}`
}

/** Retrying stopped because the next try would come after the timeout. */
function gaveUpLine(error: RetryWouldOutlastTimeoutError, context: ErrorContext): string {
  const { lastError: last, waitMs } = error
  const inTime = formatDuration(waitMs)
  if (last instanceof ApiError && last.status === 429) {
    const wait =
      last.retryAfterMs === undefined ? 'the next try would be in' : 'the service asked to wait'
    return (
      `Rate limited, and ${wait} ${inTime}, longer than the timeout leaves; ` +
      `stopped now instead of sleeping past it. ${apiErrorLine(last, context)}`
    )
  }
  const gaveUp = `Gave up retrying: the next try (in ${inTime}) would come after the timeout.`
  return `${gaveUp} ${baseLine(last, context)}`
}

/** Whether a failed create or message may still have reached the service. */
export function mayHaveReachedService(error: unknown): boolean {
  const last = error instanceof RetryWouldOutlastTimeoutError ? error.lastError : error
  if (last instanceof ApiError) {
    return last.status >= 500
  }
  if (last instanceof NetworkError) {
    return last.maybeReceived
  }
  // Cut short: only when a request had begun to leave (not while sleeping or connecting).
  if (last instanceof DeadlineError || last instanceof CancelledError) {
    return last.requestSent
  }
  return last instanceof BadResponseError
}

export function describeError(error: unknown, context: ErrorContext): string {
  const line = baseLine(error, context)
  if (context.endpoint === 'get' || !mayHaveReachedService(error)) {
    return line
  }
  if (context.endpoint === 'create') {
    return (
      line +
      ' The request may have reached the service, so a job may have been created anyway: ' +
      `before running again, look for a new agent job of project '${context.projectId}' ` +
      'in the Mintlify dashboard (or a new pull request in the docs repository), ' +
      'so as not to start a second one.'
    )
  }
  const jobId = context.jobId ?? ''
  return `${line} The message may have reached job '${jobId}' anyway: check the job before sending it again.`
}
