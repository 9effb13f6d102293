// What can go wrong with one HTTP exchange, as values the retry policy and the messages read.

import { redact } from '../common/safe-text.js'

/** Redacted before it is cut, so no prefix of a secret survives the cut. */
export function redactAndCut(text: string, max: number): string {
  const redacted = redact(text)
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted
}

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    /** The `error` text of the body, if any. Untrusted: print through safeLine. */
    readonly serverMessage: string | undefined,
    readonly retryAfterMs: number | undefined
  ) {
    super(`${method} ${path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`)
    this.name = 'ApiError'
  }
}

// A certificate the machine does not trust (or that does not fit the host): nothing was
// sent, and repeating will not help.
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)|^ERR_TLS_|^ERR_SSL_/

export function isCertificateCode(code: string): boolean {
  return CERTIFICATE_CODE.test(code)
}

/** The status with which the proxy refused to open a tunnel, for a `PROXY_<status>` code. */
export function proxyRefusal(code: string): number | undefined {
  const match = /^PROXY_(\d{3})$/.exec(code)
  return match ? Number(match[1]) : undefined
}

/** The exchange broke before a full answer arrived. */
export class NetworkError extends Error {
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
    this.permanent = isCertificateCode(code) || proxyRefusal(code) === 407
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
