import { parseRetryAfter } from '../../src/agent/retry-after.js'

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
    ['words that are no date', 'soon-ish', undefined]
  ])('reads %s', (_, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected)
  })
})
