// The action's hidden markers as a test reads them, without the code under test:
// `<!-- mintlify-agent:KIND BASE64URL-JSON -->` lines, decoded with Buffer and JSON.

/** The decoded value of every marker of `kind` in `body`, in order. */
export function markerValues(kind: string, body: string | null | undefined): unknown[] {
  const line = new RegExp(`^<!-- mintlify-agent:${kind} ([A-Za-z0-9_-]+) -->\\r?$`)
  return (body ?? '')
    .split('\n')
    .map((text) => line.exec(text)?.[1])
    .filter((encoded) => encoded !== undefined)
    .map((encoded) => JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown)
}

/** A marker line of `kind` holding `value`, as a test or a forged writer would put it. */
export function markerLine(kind: string, value: unknown): string {
  return `<!-- mintlify-agent:${kind} ${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`
}
