// What the property tests share: how many cases each tries, and arbitraries that
// fast-check builds slowly.

import fc from 'fast-check'

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

// Any code point, lone surrogates included: the characters of fast-check's
// `unit: 'binary'`. fast-check builds that unit from a table of all 1.1 million code
// points, about 0.9 s of CPU in every test file that uses it (jest gives each file its
// own fast-check); drawing the number and converting it costs nothing up front. Lone
// surrogates are 0.2% of the range, so they get a share of their own.
const anyCodePoint = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 0x10ffff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) }
  )
  .map((n) => String.fromCodePoint(n))

/** Strings of any code points, lone surrogates included (`fc.string({ unit: 'binary' })`). */
export function anyText(constraints: { minLength?: number; maxLength?: number } = {}) {
  return fc.string({ unit: anyCodePoint, ...constraints })
}
