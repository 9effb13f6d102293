// What can go wrong with one HTTP exchange, as values the retry policy and the
// messages can reason about.

/** The service answered with a 4xx or 5xx status. */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    /** The `error` text of the body, when the body had one. */
    readonly serverMessage: string | undefined,
    /** From a Retry-After header, when one came. */
    readonly retryAfterMs: number | undefined
  ) {
    super(`${method} ${path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`)
    this.name = 'ApiError'
  }
}

/** The exchange broke before a full answer arrived. */
export class NetworkError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** ECONNREFUSED, ECONNRESET, TIMEOUT, … */
    readonly code: string,
    /** False only when the request cannot have reached the service. */
    readonly maybeReceived: boolean
  ) {
    super(`${method} ${path} failed: ${code === 'TIMEOUT' ? 'no answer in time' : code}`)
    this.name = 'NetworkError'
  }
}

/** A 2xx answer whose body is not what the API promises. */
export class BadResponseError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly reason: string,
    /** The start of the body, for the message. Untrusted: print through safeLine. */
    readonly excerpt: string
  ) {
    super(`${method} ${path} answered ${status} with ${reason}`)
    this.name = 'BadResponseError'
  }
}

/** The run was cancelled (SIGINT/SIGTERM) while the exchange was under way. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled')
    this.name = 'CancelledError'
  }
}

/** The step's overall timeout ran out while the exchange was under way. */
export class DeadlineError extends Error {
  constructor() {
    super('the timeout ran out')
    this.name = 'DeadlineError'
  }
}
