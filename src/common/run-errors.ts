// How a whole run can be cut short, whatever it was doing: a sleep, an HTTP exchange or a GitHub
// call. `requestSent` says whether a request had begun to leave the machine by then.
// Also: how a thrown error reads, on either side.

function cutShort(name: string, message: string) {
  return class extends Error {
    constructor(readonly requestSent = false) {
      super(message)
      this.name = name
    }
  }
}

/** The run was cancelled (SIGINT/SIGTERM). */
export const CancelledError = cutShort('CancelledError', 'cancelled')
/** The step's overall timeout ran out. */
export const DeadlineError = cutShort('DeadlineError', 'the timeout ran out')

/** The message of anything thrown: an Error's message, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** An error and its causes, a few deep, as plain objects: undici's may come from another realm. */
export function causes(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: object[] = []
  let current = error
  while (chain.length < 5 && typeof current === 'object' && current !== null) {
    chain.push(current)
    current = (current as Error).cause
  }
  return chain
}

// The status with which a proxy refused to open a tunnel, found a few causes down. undici says
// "Proxy response (407) !== 200 when HTTP Tunneling", under fetch's wrappers too.
export function proxyRefusal(error: unknown): number | undefined {
  const texts = causes(error).map(({ message }) => (typeof message === 'string' ? message : ''))
  const matches = texts.map((text) => /Proxy response \((\d{3})\)/.exec(text))
  const status = matches.find(Boolean)?.[1]
  if (status === undefined) {
    return undefined
  }
  return Number(status)
}

/** The last sentence of a StateUnknownError's message. */
export const NEXT_RUN = 'The next run picks the work up.'

/** GitHub could not tell what the run must know to send, for a reason other than permission. */
export class StateUnknownError extends Error {
  constructor(what: string, reason: string) {
    super(
      `Could not read ${what} (${reason}), so nothing was sent to the agent: ` +
        `sending now could start a second job or tell commits twice or not at all. ${NEXT_RUN}`
    )
    this.name = 'StateUnknownError'
  }
}
