// One hidden marker for every record the action keeps on GitHub: `<!-- mintlify-agent:KIND
// BASE64URL-JSON -->` on a line of its own, anywhere in a body. Base64url cannot close the
// comment; the caller validates what the JSON says.

export type MarkerKind = 'pr' | 'branch' | 'check' | 'back-link'

const MAX_ENCODED = 40_000
const LINE = /^<!-- mintlify-agent:(pr|branch|check|back-link) ([A-Za-z0-9_-]{1,40000}) -->\r?$/

export function writeMarker(kind: MarkerKind, value: object): string {
  return `<!-- mintlify-agent:${kind} ${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')} -->`
}

function decode(encoded: string): unknown {
  const text = Buffer.from(encoded, 'base64url').toString('utf8')
  // Base64 that does not re-encode to itself was not written here.
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
