// What can go wrong with one call to the service, when to retry it, and one line for each
// failure: what happened, what to do. Server text is untrusted: print through safeLine.

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
    super(`${method} ${path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`)
    this.name = 'ApiError'
    this.serverMessage = serverMessage
  }
}

// A certificate the machine does not trust (or not the host's): nothing sent, no use repeating.
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)|^ERR_TLS_|^ERR_SSL_/
// Connection failures before a request byte is sent; undici's header and body timers.
const NOT_SENT =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT|EHOSTUNREACH|ENETUNREACH)$/
const TIMEOUT = /^UND_ERR_(?:HEADERS|BODY)_TIMEOUT$/

/** The most telling code in an error and its causes, and whether the request may have gone out. */
export function classifyNetworkError(error: unknown): { code: string; maybeReceived: boolean } {
  const proxy = proxyRefusal(error)
  if (proxy !== undefined) return { code: `PROXY_${proxy}`, maybeReceived: false }
  const codes = causes(error).flatMap(({ code }) => (typeof code === 'string' ? [code] : []))
  const notSent =
    codes.find((code) => CERTIFICATE.test(code)) ?? codes.find((code) => NOT_SENT.test(code))
  if (notSent) return { code: notSent, maybeReceived: false }
  if (codes.some((code) => TIMEOUT.test(code))) return { code: 'TIMEOUT', maybeReceived: true }
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
    super(`${method} ${path} failed: ${code === 'TIMEOUT' ? 'no answer in time' : code}`)
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

// Retrying one call: a poll (GET) is safe to repeat; a create or message (POST) is repeated
// only when the service cannot have acted on it.

export interface Backoff {
  baseMs: number
  maxMs: number
  /** In [0, 1): injected so tests can pin the jitter. */
  random?: () => number
}

/** The delay before retry number `attempt` (1-based): doubling, capped, with jitter. */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1))
  // "Equal jitter": at least half the delay, so retries never bunch up at zero.
  return Math.round(exponential / 2 + ((backoff.random ?? Math.random)() * exponential) / 2)
}

/** Whether attempt `attempt` may be followed by another: 5 at most for a write, 3 bad answers. */
export function isRetryable(error: unknown, method: string, attempt: number): boolean {
  const api = error instanceof ApiError ? error.status : undefined
  // Repeating cannot help an untrusted certificate, or a proxy that wants credentials.
  const network =
    error instanceof NetworkError && !CERTIFICATE.test(error.code) && error.code !== 'PROXY_407'
  if (method === 'POST') {
    return attempt < 5 && (api === 429 || (network && !error.maybeReceived))
  }
  if (api !== undefined) return api === 429 || api === 408 || api >= 500
  return network || (error instanceof BadResponseError && attempt < 3)
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
      if (!isRetryable(error, method, attempt)) throw error
      // Retry-After is the least we wait, and the backoff still applies: `Retry-After: 0`
      // cannot turn the retries into a busy loop.
      const suggested = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0
      const delay = Math.max(suggested, backoffDelay(backoff, attempt), 1)
      if (clock.now() + delay >= deadline) throw new RetryWouldOutlastTimeoutError(error, delay)
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
  const what = `${error.method} ${error.path} answered ${error.status}.${said ? ` The service said: "${said}".` : ''}`
  switch (error.status) {
    case 400:
      return `The service rejected the request: ${what} Check the prompt (it must not be empty).`
    case 401:
      return `The API key was not accepted: ${what} Pass a current admin API key (mint_<secret>) from a secret; keys are made on the API keys page of the Mintlify dashboard.`
    case 403:
      return `The API key may not do this: ${what} Either the key has an IP allowlist (GitHub-hosted runners' addresses change: widen the allowlist or use a runner with a fixed address), or its scope is read-only (creating jobs and sending messages need write scope).`
    case 404:
      // On a job's path the service's own text says which it did not find: "Project not found".
      return context.endpoint === 'create' || (/project/i.test(said) && !/job/i.test(said))
        ? `Project '${context.projectId}' was not found: ${what} Check the project-id input.`
        : `Job '${context.jobId ?? ''}' was not found in project '${context.projectId}': ${what} Check the job-id and project-id inputs.`
    case 429:
      return `Rate limited: ${what} ${error.method === 'GET' ? 'Poll less often (raise poll-interval and max-poll-interval)' : 'The service allows 100 jobs and follow-up messages per project per hour; spread runs out'} or raise the timeout.`
    default:
      return error.status >= 500
        ? `The service failed: ${what} This is usually temporary; try again later.`
        : `Unexpected answer: ${what}`
  }
}

function networkLine({ method, path, code, maybeReceived }: NetworkError, context: ErrorContext) {
  const { host, proxy } = context
  const call = `${method} ${path}`
  const proxyStatus = /^PROXY_(\d{3})$/.exec(code)?.[1]
  if (proxyStatus !== undefined) {
    const what = proxyStatus === '407' ? 'wants credentials' : `answered ${proxyStatus}`
    return `${proxy ? `The proxy ${proxy}` : 'The proxy'} would not open a tunnel to ${host} for ${call}: it ${what}. Check HTTPS_PROXY / HTTP_PROXY (user:password in the proxy URL for 407), or list the host in NO_PROXY.`
  }
  if (CERTIFICATE.test(code)) {
    return `The TLS certificate of ${host} is not trusted (${code}) for ${call}. Behind a TLS-inspecting proxy or with a private CA, set NODE_EXTRA_CA_CERTS to the CA's PEM file; otherwise check base-url.`
  }
  const check = 'Check the network and proxy settings (HTTPS_PROXY, NO_PROXY).'
  if (!maybeReceived) {
    const why = code === 'TIMEOUT' ? 'no connection in time' : code
    // Through a proxy, the only connection this machine opens is to the proxy.
    return proxy
      ? `Could not reach the proxy ${proxy} (${why}) for ${call} to ${host}. Check HTTPS_PROXY / HTTP_PROXY, or list the host in NO_PROXY.`
      : `Could not reach ${host} (${why}) for ${call}. Check the network, proxy settings (HTTPS_PROXY, NO_PROXY) and base-url.`
  }
  return code === 'TIMEOUT'
    ? `${host} gave no answer in time to ${call}. ${check}`
    : `The connection to ${host} broke before the answer to ${call} arrived (${code}). ${check}`
}

function baseLine(error: unknown, context: ErrorContext): string {
  if (error instanceof ApiError) return apiErrorLine(error, context)
  if (error instanceof NetworkError) return networkLine(error, context)
  if (error instanceof BadResponseError) {
    const excerpt = error.excerpt ? `: ${JSON.stringify(error.excerpt)}` : ''
    return `${error.message}${excerpt}. Is base-url pointing at the Agent Jobs API?`
  }
  if (error instanceof RetryWouldOutlastTimeoutError) {
    const { lastError: last, waitMs } = error
    if (last instanceof ApiError && last.status === 429) {
      const wait =
        last.retryAfterMs === undefined ? 'the next try would be in' : 'the service asked to wait'
      return `Rate limited, and ${wait} ${formatDuration(waitMs)}, longer than the timeout leaves; stopped now instead of sleeping past it. ${apiErrorLine(last, context)}`
    }
    return `Gave up retrying: the next try (in ${formatDuration(waitMs)}) would come after the timeout. ${baseLine(last, context)}`
  }
  if (error instanceof CancelledError) return 'The run was cancelled.'
  if (error instanceof DeadlineError) return 'The timeout passed before the service answered.'
  return `Unexpected error: ${messageOf(error)}`
}

/** Whether a failed create or message may still have reached the service. */
export function mayHaveReachedService(error: unknown): boolean {
  const last = error instanceof RetryWouldOutlastTimeoutError ? error.lastError : error
  if (last instanceof ApiError) return last.status >= 500
  if (last instanceof NetworkError) return last.maybeReceived
  // Cut short: only when a request had begun to leave (not while sleeping or connecting).
  if (last instanceof DeadlineError || last instanceof CancelledError) return last.requestSent
  return last instanceof BadResponseError
}

export function describeError(error: unknown, context: ErrorContext): string {
  const line = baseLine(error, context)
  if (context.endpoint === 'get' || !mayHaveReachedService(error)) return line
  const warning =
    context.endpoint === 'create'
      ? ` The request may have reached the service, so a job may have been created anyway: before running again, look for a new agent job of project '${context.projectId}' in the Mintlify dashboard (or a new pull request in the docs repository), so as not to start a second one.`
      : ` The message may have reached job '${context.jobId ?? ''}' anyway: check the job before sending it again.`
  return line + warning
}
