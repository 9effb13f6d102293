// What the property tests share: how many cases each tries, how they check what they
// find, and arbitraries that fast-check builds slowly.

import assert from 'node:assert/strict'
import fc from 'fast-check'

// Inside a property, check with node:assert, not jest's expect(). Every expect() call
// builds some 400 closures and an Error, about 30 µs, and a property runs its checks
// hundreds of times; an assert costs a hundredth of that. fast-check prints the case
// that failed, so a short message is enough. Outside properties, expect() stays.

/** Fails unless `text` contains `part`; the message is only built on failure. */
export function assertIncludes(text: string, part: string): void {
  if (!text.includes(part)) containment(text, part, 'includes', assertIncludes)
}

/** Fails if `text` contains `part`; the message is only built on failure. */
export function assertExcludes(text: string, part: string): void {
  if (text.includes(part)) containment(text, part, 'excludes', assertExcludes)
}

// The stack starts at the caller, so jest shows the test's line rather than this one.
function containment(
  text: string,
  part: string,
  operator: 'includes' | 'excludes',
  caller: (text: string, part: string) => void
): never {
  const should = operator === 'includes' ? 'contain' : 'not contain'
  throw new assert.AssertionError({
    message: `${JSON.stringify(text)} should ${should} ${JSON.stringify(part)}`,
    actual: text,
    expected: part,
    operator,
    stackStartFn: caller
  })
}

// The counts in the test files are what every `npm test` pays for; PROPERTY_RUNS_SCALE
// multiplies them all for a deeper search, after changing a parser or a cleaner, or
// before a release:
//   PROPERTY_RUNS_SCALE=20 npm test -- properties
// A failure prints its seed and path, which `fc.assert(…, { seed, path })` replays.
function scale(): number {
  const value = Number(process.env.PROPERTY_RUNS_SCALE ?? '1')
  return Number.isFinite(value) && value > 0 ? value : 1
}

/** fast-check parameters for `count` cases, times PROPERTY_RUNS_SCALE. */
export function runs(count: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.round(count * scale())) }
}

// Any code point, weighted so that every kind turns up: printable ASCII (the characters
// of Markdown, HTML, shells and workflow commands), control characters, the whole
// range, and lone surrogates, which a server's broken UTF-16 can hold. fast-check's own
// `unit: 'binary'` (which leaves lone surrogates out) is built from a table of all 1.1
// million code points, about 0.9 s of CPU in every test file that uses it, as jest gives
// each file its own fast-check; drawing a number and converting it costs nothing up front.
const anyCodePoint = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x10ffff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) }
  )
  .map((n) => String.fromCodePoint(n))

/** Strings of any code points, lone surrogates included (instead of `fc.string({ unit: 'binary' })`). */
export function anyText(constraints: { minLength?: number; maxLength?: number } = {}) {
  return fc.string({ unit: anyCodePoint, ...constraints })
}

// What a URL's path, query and fragment may hold unescaped (RFC 3986), and %-escapes.
const URL_CHARACTERS = Array.from(
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@"
)
const urlCharacter = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...URL_CHARACTERS) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 255 }).map((n) => `%${n.toString(16).padStart(2, '0')}`)
  }
)
const urlText = (maxLength: number) =>
  fc.array(urlCharacter, { maxLength }).map((characters) => characters.join(''))

/**
 * Web URLs: http(s), a domain, maybe a port, a path, maybe a query and a fragment. What
 * `fc.webUrl({ withQueryParameters: true, withFragments: true })` makes, without the
 * same 0.9 s table as `unit: 'binary'`.
 */
export function webUrl() {
  return fc
    .record({
      scheme: fc.constantFrom('http', 'https'),
      host: fc.domain(),
      port: fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
      path: fc.array(urlText(12), { maxLength: 5 }),
      query: fc.option(fc.array(urlText(12), { maxLength: 3 }), { nil: undefined }),
      fragment: fc.option(urlText(20), { nil: undefined })
    })
    .map(
      ({ scheme, host, port, path, query, fragment }) =>
        `${scheme}://${host}${port === undefined ? '' : `:${port}`}` +
        path.map((segment) => `/${segment}`).join('') +
        (query === undefined ? '' : `?${query.join('&')}`) +
        (fragment === undefined ? '' : `#${fragment}`)
    )
}
