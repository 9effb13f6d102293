// The agent job as the service returns it. It is checked at the boundary, so the rest of the
// action never meets an `undefined` id or status.

import { isPlainId } from '../common/plain-id.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'

export interface AgentJob {
  id: string
  /** `active`, a terminal status, or whatever else a newer (or older) service sends. */
  status: string
  prLink: string | null
  model?: string
  source?: { repository?: string; ref?: string | null }
  createdAt?: string
  archivedAt?: string | null
}

export const isTerminal = (status: string): boolean =>
  ['completed', 'archived', 'failed'].includes(status)

export const isKnownStatus = (status: string): boolean => status === 'active' || isTerminal(status)

/** A status is one word (`active`, or whatever a newer service calls it); it too reaches an output. */
const PLAIN_STATUS = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** The fields among `keys` that are strings, or null for the `nullable` one. */
function strings(from: object, keys: string[], nullable: string): Record<string, unknown> {
  const kept = Object.entries(from).filter(([key, value]) => {
    if (!keys.includes(key)) {
      return false
    }
    return typeof value === 'string' || (value === null && key === nullable)
  })
  return Object.fromEntries(kept)
}

/** The agent job in `body`, keeping the fields we know; or why `body` is not one. */
export function parseJob(body: unknown): AgentJob | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'not a JSON object'
  }
  const { id, status, prLink, source } = body as Record<string, unknown>
  if (typeof id !== 'string' || id.trim() === '') {
    return 'no "id"'
  }
  if (!isPlainId(id)) {
    return 'an "id" that is not a plain identifier'
  }
  if (typeof status !== 'string' || status.trim() === '') {
    return 'no "status"'
  }
  if (!PLAIN_STATUS.test(status)) {
    return 'a "status" that is not one plain word'
  }
  if (prLink != null && typeof prLink !== 'string') {
    return '"prLink" is not a string'
  }
  const optional = strings(body, ['model', 'createdAt', 'archivedAt'], 'archivedAt')
  const hasSource = typeof source === 'object' && source !== null
  const sourcePart = hasSource ? { source: strings(source, ['repository', 'ref'], 'ref') } : {}
  return {
    ...optional,
    ...sourcePart,
    id,
    status,
    // A link that is not exactly a pull request is none (see pull-request-link.ts).
    prLink: parsePullRequestLink(prLink)?.link ?? null
  }
}
