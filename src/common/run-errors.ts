// How a whole run can be cut short, whatever it was doing at the time: the
// clock's sleep, an HTTP exchange or a GitHub call all stop with these.

/** The run was cancelled (SIGINT/SIGTERM) while the exchange was under way. */
export class CancelledError extends Error {
  constructor(
    /** Whether a request had begun to leave the machine when it happened. */
    readonly requestSent = false
  ) {
    super('cancelled')
    this.name = 'CancelledError'
  }
}

/** The step's overall timeout ran out while the exchange was under way. */
export class DeadlineError extends Error {
  constructor(
    /** Whether a request had begun to leave the machine when it happened. */
    readonly requestSent = false
  ) {
    super('the timeout ran out')
    this.name = 'DeadlineError'
  }
}

/** The message of anything thrown: an Error's message, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * GitHub could not tell the run what it must know to send (a record, the commits to
 * tell) for a reason other than a missing permission: the run sends nothing and fails
 * with this one line, and the next run picks the work up.
 */
export class StateUnknownError extends Error {
  constructor(what: string, reason: string) {
    super(
      `Could not read ${what} (${reason}), so nothing was sent to the agent: sending now could start a second job or tell commits twice or not at all. The next run picks the work up.`
    )
    this.name = 'StateUnknownError'
  }
}
