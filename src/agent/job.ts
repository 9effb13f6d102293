// The agent job as the service returns it, checked at the boundary so the rest of
// the action never meets `undefined` ids or statuses.

export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const
export const KNOWN_STATUSES = ['active', ...TERMINAL_STATUSES] as const

export interface AgentJob {
  id: string
  /** One of KNOWN_STATUSES, or whatever else a newer (or older) service sends. */
  status: string
  prLink: string | null
  model?: string
  source?: { repository?: string; ref?: string | null }
  createdAt?: string
  archivedAt?: string | null
}

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status)
}

export function isKnownStatus(status: string): boolean {
  return (KNOWN_STATUSES as readonly string[]).includes(status)
}

/**
 * A link later steps can use as it is: http(s), no whitespace or control characters.
 * Anything else is treated as no link, so `${{ steps.x.outputs.pr-link }}` pasted
 * into a script can never carry a second command.
 */
// eslint-disable-next-line no-control-regex
const SAFE_LINK = /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f"'`$\\<>]+$/i

function isSafeLink(value: unknown): value is string {
  return typeof value === 'string' && SAFE_LINK.test(value)
}

/** Why a body is not a job, or undefined when it is one. */
function whyNotAJob(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not a JSON object'
  const record = body as Record<string, unknown>
  if (typeof record.id !== 'string' || record.id.trim() === '') return 'no "id"'
  if (typeof record.status !== 'string' || record.status.trim() === '') return 'no "status"'
  if (record.prLink != null && typeof record.prLink !== 'string') return '"prLink" is not a string'
  return undefined
}

export class NotAJobError extends Error {
  constructor(readonly reason: string) {
    super(`the response is not an agent job (${reason})`)
    this.name = 'NotAJobError'
  }
}

/** The job in `body`, keeping the fields we know; throws NotAJobError otherwise. */
export function parseJob(body: unknown): AgentJob {
  const reason = whyNotAJob(body)
  if (reason) throw new NotAJobError(reason)
  const record = body as Record<string, unknown>
  const source =
    typeof record.source === 'object' && record.source !== null
      ? (record.source as Record<string, unknown>)
      : undefined
  return {
    id: record.id as string,
    status: record.status as string,
    prLink: isSafeLink(record.prLink) ? record.prLink : null,
    ...(typeof record.model === 'string' ? { model: record.model } : {}),
    ...(source
      ? {
          source: {
            ...(typeof source.repository === 'string' ? { repository: source.repository } : {}),
            ...(typeof source.ref === 'string' || source.ref === null ? { ref: source.ref } : {})
          }
        }
      : {}),
    ...(typeof record.createdAt === 'string' ? { createdAt: record.createdAt } : {}),
    ...(typeof record.archivedAt === 'string' || record.archivedAt === null
      ? { archivedAt: record.archivedAt }
      : {})
  }
}
