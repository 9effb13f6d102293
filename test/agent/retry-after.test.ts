import { parseRetryAfter } from '../../src/agent/http.js'

const NOW = Date.parse('2026-11-22T00:00:00Z')

describe('parseRetryAfter', () => {
  it.each<[string, string | undefined, number | undefined]>([
    ['seconds', '7', 7000],
    ['seconds with spaces around', ' 120 ', 120_000],
    ['zero', '0', 0],
    ['an HTTP date', 'Sun, 22 Nov 2026 00:00:30 GMT', 30_000],
    ['an HTTP date already past', 'Sat, 21 Nov 2026 23:59:00 GMT', 0],
    ['no header', undefined, undefined],
    ['a fraction (not allowed)', '1.5', undefined],
    ['a negative number', '-1', undefined],
    ['words that are no date', 'soon-ish', undefined],
    ['an RFC 850 date', 'Sunday, 22-Nov-26 00:00:10 GMT', 10_000],
    [
      'an RFC 850 year more than 50 years ahead, as the century before',
      'Sunday, 06-Nov-94 08:49:37 GMT',
      0
    ],
    ['an asctime date', 'Sun Nov 22 00:00:05 2026', 5000],
    ['a leap second, as the second before', 'Sun, 22 Nov 2026 00:00:60 GMT', 59_000],
    ['an hour out of range', 'Sun, 22 Nov 2026 24:00:00 GMT', undefined],
    ['a minute out of range', 'Sun, 22 Nov 2026 00:60:00 GMT', undefined],
    ['a day the month does not have', 'Mon, 30 Feb 2026 00:00:00 GMT', undefined]
  ])('reads %s', (_, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected)
  })
})
