// The one codec of the records the action keeps on GitHub: `<!-- mintlify-agent:KIND
// BASE64URL-JSON -->` on a line of its own (base64url cannot close the comment), and the
// field readers that every record's strict parse is written with.

import { parsePullRequestLink } from '../common/pull-request-link.js'
import { record as object } from './workflow-run.js'

export type MarkerKind = 'pr' | 'branch' | 'check' | 'back-link'

const MAX_ENCODED = 40_000
const LINE = /^<!-- mintlify-agent:(pr|branch|check|back-link) ([A-Za-z0-9_-]{1,40000}) -->\r?$/

export function writeMarker(kind: MarkerKind, value: object): string {
  return `<!-- mintlify-agent:${kind} ${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')} -->`
}

/** The JSON that `encoded` holds; undefined unless it is base64url as written here. */
export function decode(encoded: string): unknown {
  const text = Buffer.from(encoded, 'base64url').toString('utf8')
  if (Buffer.from(text, 'utf8').toString('base64url') !== encoded) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Every well-formed marker of `kind` in `body`, decoded, in the order they stand. */
export function readMarkers(kind: MarkerKind, body: string | null | undefined): unknown[] {
  const found: unknown[] = []
  for (const line of (body ?? '').split('\n')) {
    if (line.length > MAX_ENCODED + 40 || !line.startsWith('<!-- mintlify-agent:')) continue
    const match = LINE.exec(line)
    const value = match?.[1] === kind ? decode(match[2] as string) : undefined
    if (value !== undefined) found.push(value)
  }
  return found
}

export function firstLine(body: string | null | undefined): string {
  return (body ?? '').split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
}

/** The named groups of an earlier version's marker, URI-decoded; undefined when one cannot be. */
export function readOldMarker(
  pattern: RegExp,
  line: string
): Record<string, string | undefined> | undefined {
  const groups = pattern.exec(line)?.groups
  if (!groups) return undefined
  try {
    return Object.fromEntries(
      Object.entries(groups).map(([name, value]) => [name, value && decodeURIComponent(value)])
    )
  } catch {
    return undefined
  }
}

/** A field's reader: the value to keep, ABSENT, or undefined when it is malformed. */
export type Field = (value: unknown) => unknown
export const ABSENT = Symbol('absent')

export function when(check: (value: unknown) => boolean): Field {
  return (value) => (check(value) ? value : undefined)
}
export const matches = (pattern: RegExp): Field =>
  when((value) => typeof value === 'string' && pattern.test(value))
export const oneOf = (values: readonly unknown[]): Field => when((value) => values.includes(value))
export const upTo = (max: number, min = 0): Field =>
  when((n) => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max)
export function optional(field: Field): Field {
  return (value) => (value === undefined ? ABSENT : field(value))
}
export function listOf(max: number, item: Field): Field {
  return (value) => {
    const parsed = Array.isArray(value) && value.length <= max ? value.map(item) : [undefined]
    return parsed.every((v) => v !== undefined) ? parsed : undefined
  }
}
/** A reader of the fields of `shape`, none other. */
export function shape(of: Record<string, Field>): Field {
  return (value) => fields(value, of)
}

export const isSha = (value: unknown): value is string =>
  typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value)
export const sha = when(isSha)
/** A whole number from 1 up, as GitHub numbers issues and pull requests. */
export const positive = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) >= 1 ? (value as number) : undefined
export const pullLink = when((v) => typeof v === 'string' && parsePullRequestLink(v)?.link === v)

/**
 * The fields of `shape`, each read by its reader, in its order; undefined when one is
 * malformed, or when `value` has a field not in the shape or `extra` (any, when true).
 */
export function fields<T extends object>(
  value: unknown,
  shape: { [K in keyof T]-?: Field },
  extra: readonly string[] | true = []
): T | undefined {
  const json = object(value)
  const known = (name: string): boolean =>
    extra === true || Object.hasOwn(shape, name) || extra.includes(name)
  if (!json || !Object.keys(json).every(known)) return undefined
  const read: Record<string, unknown> = {}
  for (const [name, field] of Object.entries<Field>(shape)) {
    const parsed = field(json[name])
    if (parsed === undefined) return undefined
    if (parsed !== ABSENT) read[name] = parsed
  }
  return read as T
}
