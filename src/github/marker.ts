// The one codec of the records the action keeps on GitHub: `<!-- mintlify-agent:KIND
// BASE64URL-JSON -->` on a line of its own (base64url cannot close the comment), and the
// field readers that every record's strict parse is written with.

import { parsePullRequestLink } from '../common/pull-request-link.js'
import { ACCOUNT, asObject } from './workflow-run.js'

type MarkerKind = 'pr' | 'branch' | 'check' | 'back-link'

const LINE = /^<!-- mintlify-agent:(pr|branch|check|back-link) ([A-Za-z0-9_-]{1,40000}) -->\r?$/

export function writeMarker(kind: MarkerKind, value: object): string {
  const encoded = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
  return `<!-- mintlify-agent:${kind} ${encoded} -->`
}

/** The JSON that `encoded` holds; undefined unless it is base64url as written here. */
function decode(encoded: string): unknown {
  const text = Buffer.from(encoded, 'base64url').toString('utf8')
  // Text written here encodes back the same; stray bits or broken UTF-8 do not.
  const reencoded = Buffer.from(text, 'utf8').toString('base64url')
  if (reencoded !== encoded) {
    return undefined
  }
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The records of `kind` in `body` that `read` takes, in order: markers on any line. */
export function readRecords<T>(
  kind: MarkerKind,
  body: string | null | undefined,
  read: (value: unknown) => T | undefined
): T[] {
  return (body ?? '').split('\n').flatMap((line) => {
    const match = LINE.exec(line)
    if (match?.[1] !== kind) {
      return []
    }
    const record = read(decode(match[2] as string))
    return record === undefined ? [] : [record]
  })
}

/** A field's reader: the value to keep, ABSENT, or undefined when it is malformed. */
type Field<T = unknown> = (value: unknown) => T | undefined
export const ABSENT = Symbol('absent')
type Shape = Record<string, Field>
type Kept<F extends Field> = Exclude<ReturnType<F>, typeof ABSENT | undefined>
type MayLack<S extends Shape> = {
  [K in keyof S]: typeof ABSENT extends ReturnType<S[K]> ? K : never
}[keyof S]
/** What the fields of `S` read into: a field that may be ABSENT is optional. */
export type Read<S extends Shape> = { [K in Exclude<keyof S, MayLack<S>>]: Kept<S[K]> } & {
  [K in MayLack<S>]?: Kept<S[K]>
}

export function when<T>(check: (value: unknown) => boolean): Field<T> {
  return (value) => (check(value) ? (value as T) : undefined)
}
export const matches = (pattern: RegExp): Field<string> =>
  when((value) => typeof value === 'string' && pattern.test(value))
export const oneOf = <T>(values: readonly T[]): Field<T> =>
  when((value) => values.includes(value as T))
export const upTo = (max: number, min = 0): Field<number> =>
  when((n) => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max)
export function optional<T>(field: Field<T>): Field<T | typeof ABSENT> {
  return (value) => (value === undefined ? ABSENT : field(value))
}
export function listOf<T>(max: number, item: Field<T>): Field<T[]> {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) {
      return undefined
    }
    const parsed = value.map(item)
    // One malformed item makes the whole list malformed.
    return parsed.every((v) => v !== undefined) ? parsed : undefined
  }
}
/** A reader of the fields of `shape`, none other. */
export function shape<S extends Shape>(of: S): Field<Read<S>> {
  return (value) => fields(value, of)
}

export const isSha = (value: unknown): value is string =>
  typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value)
export const sha = when<string>(isSha)
export const string = when<string>((value) => typeof value === 'string')
/** A whole number from 1 up, as GitHub numbers issues and pull requests. */
export const positive = when<number>((v) => Number.isSafeInteger(v) && (v as number) >= 1)
/** A record's writer (`by`): the login GitHub reported as the author of the action's write. */
export const isWriter = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 100 && ACCOUNT.test(value)
export const writer = when<string>(isWriter)
export const pullLink = when<string>(
  (v) => typeof v === 'string' && parsePullRequestLink(v)?.link === v
)

/**
 * The fields of `shape`, each read by its reader, in its order; undefined when one is malformed,
 * or when `value` has a field not in the shape (unless `extra`).
 */
export function fields<S extends Shape>(value: unknown, shape: S, extra = false) {
  const json = asObject(value)
  const known = (name: string): boolean => extra || Object.hasOwn(shape, name)
  if (!json || !Object.keys(json).every(known)) {
    return undefined
  }
  const read: Record<string, unknown> = {}
  for (const [name, field] of Object.entries<Field>(shape)) {
    const parsed = field(json[name])
    if (parsed === undefined) {
      return undefined
    }
    if (parsed !== ABSENT) {
      read[name] = parsed
    }
  }
  return read as Read<S>
}
