// Properties of the Retry-After reader: the two forms RFC 9110 allows are read
// exactly (delay-seconds, and an HTTP-date in each of its three spellings), and
// everything else, including dates a lenient parser would happily guess at, is
// treated as absent.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { runs } from '../support/properties.js'
import { parseRetryAfter } from '../../src/agent/http.js'

const RUNS = runs(300)
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const WEEK = 7 * 24 * 3_600_000
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const pad = (n: number): string => String(n).padStart(2, '0')
const time = (d: Date): string =>
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
const rfc850 = (d: Date): string =>
  `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)} ${time(d)} GMT`
const asctime = (d: Date): string =>
  `${DAYS[d.getUTCDay()]?.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${time(d)} ${d.getUTCFullYear()}`

// Whole seconds within a few days either side of now (RFC 850's two-digit years stay unambiguous).
const date = fc
  .integer({ min: -3 * 86_400, max: 3 * 86_400 })
  .map((seconds) => new Date(NOW + seconds * 1000))
const expectedWait = (d: Date): number => Math.max(0, d.getTime() - NOW)

describe('parseRetryAfter (properties)', () => {
  it('reads delay-seconds exactly, with the optional whitespace around it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 86_400 }),
        fc.constantFrom('', ' ', '\t'),
        (seconds, ows) => {
          assert.equal(parseRetryAfter(`${ows}${seconds}${ows}`, NOW), seconds * 1000)
        }
      ),
      RUNS
    )
  })

  it('reads an HTTP-date in each of the three spellings RFC 9110 requires', () => {
    fc.assert(
      fc.property(date, (d) => {
        for (const text of [d.toUTCString(), rfc850(d), asctime(d)]) {
          assert.equal(parseRetryAfter(text, NOW), expectedWait(d))
        }
      }),
      RUNS
    )
  })

  it('treats other date spellings that Date.parse accepts as absent', () => {
    fc.assert(
      fc.property(date, (d) => {
        for (const text of [
          d.toISOString(),
          d.toString(),
          d.toUTCString().replace(' GMT', ' UTC'),
          d.toUTCString().replace(/^\w+, /, ''),
          d.toUTCString().toLowerCase(),
          d.toDateString(),
          String(d.getTime()).split('').join(' ')
        ]) {
          assert.equal(parseRetryAfter(text, NOW), undefined)
        }
      }),
      RUNS
    )
  })

  it('treats signed, fractional or padded numbers as absent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom('-', '+', '', '.5', 'e3', ' s', '\n'),
        fc.boolean(),
        (n, decoration, before) => {
          fc.pre(decoration !== '')
          const text = before ? `${decoration}${n}` : `${n}${decoration}`
          fc.pre(!/^[ \t]*\d+[ \t]*$/.test(text))
          assert.equal(parseRetryAfter(text, NOW), undefined)
        }
      ),
      RUNS
    )
  })

  it('returns undefined or a wait between 0 and a week, for any text at all', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,400}$/)), (text) => {
        const ms = parseRetryAfter(text, NOW)
        if (ms === undefined) return
        assert.ok(Number.isFinite(ms), 'not finite')
        assert.ok(ms >= 0, 'negative')
        assert.ok(ms <= WEEK, 'longer than a week')
      }),
      RUNS
    )
  })
})
