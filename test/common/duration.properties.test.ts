// Properties of the duration parser: what it accepts it reads exactly, what it
// returns is always a whole, finite number of milliseconds, and formatting then
// parsing gives back what was formatted.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { runs } from '../support/properties.js'
import { formatDuration, parseDuration } from '../../src/common/duration.js'

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
const unit = fc.constantFrom(...(Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[]))
const RUNS = runs(300)

describe('parseDuration (properties)', () => {
  it('reads every compound of whole parts as the sum of its parts, in any case and padding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), unit), {
          minLength: 1,
          maxLength: 4
        }),
        fc.boolean(),
        (parts, upper) => {
          const text = parts.map(([n, u]) => `${n}${u}`).join('')
          const expected = parts.reduce((sum, [n, u]) => sum + n * UNIT_MS[u], 0)
          assert.equal(parseDuration(` ${upper ? text.toUpperCase() : text} `), expected)
        }
      ),
      RUNS
    )
  })

  it('reads a bare number as seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        assert.equal(parseDuration(String(n)), n * 1000)
      }),
      RUNS
    )
  })

  it('returns undefined or a whole, finite, non-negative number for any text at all', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[0-9.]{0,400}(ms|s|m|h)?$/)),
        (text) => {
          const ms = parseDuration(text)
          if (ms === undefined) return
          assert.ok(Number.isFinite(ms), 'not finite')
          assert.ok(Number.isInteger(ms), 'not whole')
          assert.ok(ms >= 0, 'negative')
        }
      ),
      runs(500)
    )
  })

  it('refuses anything with a character outside digits, a dot, the units and padding', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        fc.pre(
          /[^0-9.mshMSH \t\n\r\f\v\u00a0\ufeff\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u1680]/.test(
            text
          )
        )
        assert.equal(parseDuration(text), undefined)
      }),
      RUNS
    )
  })

  it('gives back what formatDuration wrote, for whole seconds and for milliseconds under one', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 999 }),
          fc.integer({ min: 1, max: 24 * 3600 }).map((s) => s * 1000)
        ),
        (ms) => {
          assert.equal(parseDuration(formatDuration(ms)), ms)
        }
      ),
      RUNS
    )
  })
})
