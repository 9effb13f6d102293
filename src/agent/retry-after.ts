// Retry-After in the two forms RFC 9110 allows and no other: delay-seconds, or an HTTP-date
// in one of its three spellings. Anything else is absent (the backoff applies): nothing guessed.

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec'
const MONTH = '(?<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const TIME = String.raw`(?<h>\d\d):(?<m>\d\d):(?<s>\d\d)`
const HTTP_DATE = new RegExp(
  String.raw`^(?:${DAY}, (?<d>\d\d) ${MONTH} (?<y>\d{4}) ${TIME} GMT` + // Sun, 06 Nov 1994 08:49:37 GMT
    String.raw`|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<d>\d\d)-${MONTH}-(?<y>\d\d) ${TIME} GMT` +
    String.raw`|${DAY} ${MONTH} (?<d>[ \d]\d) ${TIME} (?<y>\d{4}))$` // Sun Nov  6 08:49:37 1994
)

/** Longer than any step may run: a bigger value means the same (wait past the timeout). */
const MAX_DELAY_MS = 7 * 24 * 3_600_000

function httpDate(text: string, now: number): number | undefined {
  const { d, mon = '', y = '', h, m, s } = HTTP_DATE.exec(text)?.groups ?? {}
  const [day, hour, minute, second] = [d, h, m, s].map(Number) as [number, number, number, number]
  if (!mon || hour > 23 || minute > 59 || second > 60) return undefined
  let year = Number(y)
  if (y.length === 2) {
    const current = new Date(now).getUTCFullYear()
    year += Math.floor(current / 100) * 100
    if (year > current + 50) year -= 100 // RFC 850's two-digit year: within 50 years of now
  }
  // A leap second reads as the second before; a day the month lacks (30 Feb) as no date.
  const time = Date.UTC(year, MONTHS.indexOf(mon) / 3, day, hour, minute, Math.min(second, 59))
  return new Date(time).getUTCDate() === day ? time : undefined
}

/** Milliseconds to wait, or undefined when the header is absent or not in a form RFC 9110 allows. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.replace(/^[ \t]+|[ \t]+$/g, '') // only the whitespace HTTP allows
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_DELAY_MS)
  const date = httpDate(text, now)
  return date === undefined ? undefined : Math.min(Math.max(0, date - now), MAX_DELAY_MS)
}
