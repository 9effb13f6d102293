// What can go wrong with one HTTP exchange, as values the retry policy and the messages read.

import { proxyRefusal } from '../common/run-errors.js'
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
  const codes: string[] = []
  for (let e = error, depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown }
    if (typeof code === 'string') codes.push(code)
    e = cause
  }
  const notSent =
    codes.find((code) => CERTIFICATE.test(code)) ?? codes.find((code) => NOT_SENT.test(code))
  if (notSent) return { code: notSent, maybeReceived: false }
  if (codes.some((code) => TIMEOUT.test(code))) return { code: 'TIMEOUT', maybeReceived: true }
  return { code: codes[0] ?? 'network error', maybeReceived: true }
}

/** The exchange broke before a full answer arrived. */
export class NetworkError extends Error {
  readonly certificate: boolean
  /** The status with which a proxy refused to open a tunnel (code `PROXY_<status>`). */
  readonly proxyStatus: number | undefined
  /** Repeating cannot help: an untrusted certificate, or a proxy that wants credentials. */
  readonly permanent: boolean

  constructor(
    readonly method: string,
    readonly path: string,
    /** ECONNREFUSED, ECONNRESET, TIMEOUT, PROXY_407, a certificate code, … */
    readonly code: string,
    /** False only when the request cannot have reached the service. */
    readonly maybeReceived: boolean
  ) {
    super(`${method} ${path} failed: ${code === 'TIMEOUT' ? 'no answer in time' : code}`)
    this.name = 'NetworkError'
    this.certificate = CERTIFICATE.test(code)
    const proxy = /^PROXY_(\d{3})$/.exec(code)?.[1]
    this.proxyStatus = proxy === undefined ? undefined : Number(proxy)
    this.permanent = this.certificate || this.proxyStatus === 407
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
