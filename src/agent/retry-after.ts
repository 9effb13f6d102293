// Retry-After is read in the two forms RFC 9110 (§10.2.3) allows, and no other:
// delay-seconds (digits), or an HTTP-date (§5.6.7: IMF-fixdate, and the two obsolete
// forms recipients must still accept). Anything else is treated as absent, so the
// normal backoff applies; nothing is guessed at by a lenient date parser.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = `(${MONTHS.join('|')})`
const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})`
const SHORT_DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'

// Sun, 06 Nov 1994 08:49:37 GMT
const IMF_FIXDATE = new RegExp(`^${SHORT_DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`)
// Sunday, 06-Nov-94 08:49:37 GMT
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`)
// Sun Nov  6 08:49:37 1994
const ASCTIME_DATE = new RegExp(`^${SHORT_DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`)

/** Longer than any step may run: a bigger value means the same (wait past the timeout). */
const MAX_DELAY_MS = 7 * 24 * 3_600_000

/** The time of a date whose every field is in range, or undefined (no Feb 30, no 25:00). */
function utc(
  year: number,
  month: string,
  day: number,
  hour: number,
  minute: number,
  second: number
): number | undefined {
  const monthIndex = MONTHS.indexOf(month)
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const time = Date.UTC(year, monthIndex, day, hour, minute, Math.min(second, 59))
  return new Date(time).getUTCDate() === day ? time : undefined
}

/** Two-digit years (RFC 850): within 50 years of now, as RFC 9110 asks. */
function fullYear(twoDigits: number, now: number): number {
  const current = new Date(now).getUTCFullYear()
  let year = Math.floor(current / 100) * 100 + twoDigits
  if (year > current + 50) year -= 100
  return year
}

function httpDate(text: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(text)
  if (match) {
    const [, day, month, year, h, m, s] = match as unknown as string[]
    return utc(Number(year), month as string, Number(day), Number(h), Number(m), Number(s))
  }
  match = RFC850_DATE.exec(text)
  if (match) {
    const [, day, month, year, h, m, s] = match as unknown as string[]
    const full = fullYear(Number(year), now)
    return utc(full, month as string, Number(day), Number(h), Number(m), Number(s))
  }
  match = ASCTIME_DATE.exec(text)
  if (match) {
    const [, month, day, h, m, s, year] = match as unknown as string[]
    return utc(Number(year), month as string, Number(day), Number(h), Number(m), Number(s))
  }
  return undefined
}

/** Milliseconds to wait, or undefined when the header is absent or not in a form RFC 9110 allows. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  // Only the optional whitespace HTTP allows around a field value.
  const text = value.replace(/^[ \t]+|[ \t]+$/g, '')
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_DELAY_MS)
  const date = httpDate(text, now)
  return date === undefined ? undefined : Math.min(Math.max(0, date - now), MAX_DELAY_MS)
}
