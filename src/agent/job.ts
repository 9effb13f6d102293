// The agent job as the service returns it, checked at the boundary so the rest of
// the action never meets `undefined` ids or statuses.

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'

const TERMINAL_STATUSES = ['completed', 'archived', 'failed']
const KNOWN_STATUSES = ['active', ...TERMINAL_STATUSES]

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
  return TERMINAL_STATUSES.includes(status)
}

export function isKnownStatus(status: string): boolean {
  return KNOWN_STATUSES.includes(status)
}

/** A status is one word (`active`, or whatever a newer service calls it); it too reaches an output. */
const PLAIN_STATUS = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

function whyNotAJob(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not a JSON object'
  const { id, status, prLink } = body as Record<string, unknown>
  if (typeof id !== 'string' || id.trim() === '') return 'no "id"'
  if (!isPlainId(id)) return 'an "id" that is not a plain identifier'
  if (typeof status !== 'string' || status.trim() === '') return 'no "status"'
  if (!PLAIN_STATUS.test(status)) return 'a "status" that is not one plain word'
  if (prLink != null && typeof prLink !== 'string') return '"prLink" is not a string'
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
    // A link that is not exactly a pull request is none (see pull-request-link.ts).
    prLink: parsePullRequestLink(record.prLink as string | null | undefined)?.link ?? null,
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
