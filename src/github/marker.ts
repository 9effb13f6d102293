// One hidden marker for every record the action keeps on GitHub (a pull request's
// comment, a branch's dashboard, a check run, a back-link): `<!-- mintlify-agent:KIND
// BASE64URL-JSON -->` on a line of its own, anywhere in a body. Base64url cannot close
// the comment; the caller validates what the JSON says.

export type MarkerKind = 'pr' | 'branch' | 'check' | 'back-link'

const MAX_ENCODED = 40_000
const LINE = /^<!-- mintlify-agent:(pr|branch|check|back-link) ([A-Za-z0-9_-]{1,40000}) -->\r?$/

/** The marker line for `value`. */
export function writeMarker(kind: MarkerKind, value: object): string {
  return `<!-- mintlify-agent:${kind} ${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')} -->`
}

function decode(encoded: string): unknown {
  try {
    const text = Buffer.from(encoded, 'base64url').toString('utf8')
    // Base64 that does not re-encode to itself was not written here.
    if (Buffer.from(text, 'utf8').toString('base64url') !== encoded) return undefined
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
    if (match?.[1] !== kind) continue
    const value = decode(match[2] as string)
    if (value !== undefined) found.push(value)
  }
  return found
}

/** The body without any marker line of `kind` (to write a new one in its place). */
export function withoutMarkers(kind: MarkerKind, body: string): string {
  return body
    .split('\n')
    .filter((line) => LINE.exec(line)?.[1] !== kind)
    .join('\n')
}
