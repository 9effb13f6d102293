import { formatDuration, parseDuration } from '../../src/common/duration.js'

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['10s', 10_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1h2m3s', 3_723_000],
    ['2s500ms', 2500],
    ['90', 90_000],
    ['0.5', 500],
    ['1.5s', 1500],
    ['0.25m', 15_000],
    ['1.5h', 5_400_000],
    ['10S', 10_000],
    ['5M', 300_000],
    ['500MS', 500],
    ['  10s  ', 10_000],
    ['\t30s\n', 30_000]
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each([
    '',
    '   ',
    'abc',
    '5 minutes',
    '5 m',
    '1m 30s',
    '-1s',
    '-5',
    '+5s',
    '1d',
    '1w',
    '1.2.3s',
    '1.s',
    '.5s',
    's',
    '10s5',
    '5mm',
    '1e3',
    'Infinity',
    '0x10',
    // Digits that read as Infinity: well-formed, but no duration anyone meant.
    `${'9'.repeat(400)}s`
  ])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [500, '500ms'],
    [999, '999ms'],
    [1000, '1s'],
    [10_000, '10s'],
    [60_000, '1m'],
    [90_000, '1m30s'],
    [3_600_000, '1h'],
    [3_723_000, '1h2m3s'],
    [3_630_000, '1h30s'],
    [1_800_000, '30m'],
    [1500, '1.5s'],
    [1499, '1.5s'],
    [2500, '2.5s'],
    [90_400, '1m30s']
  ])('writes %d ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })

  it.each([
    100, 500, 1000, 1500, 2500, 5000, 30_000, 90_000, 1_800_000, 3_600_000, 3_723_000, 86_400_000
  ])('round-trips %d ms through parseDuration', (ms) => {
    expect(parseDuration(formatDuration(ms))).toBe(ms)
  })
})
