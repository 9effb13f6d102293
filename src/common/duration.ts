// Durations as users write them: `500ms`, `10s`, `5m`, `1h`, `1m30s`, or a bare number of seconds.

// A bare number is seconds: the unit-less part weighs as `s`.
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, '': 1000 }
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)?/g
const WHOLE = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$|^\d+(?:\.\d+)?$/

export const DURATION_FORM =
  'a duration such as 500ms, 10s, 5m, 1h or 1m30s, or a bare number of seconds'

export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase()
  if (!WHOLE.test(value)) {
    return undefined
  }
  let total = 0
  for (const [, amount, unit = ''] of value.matchAll(PART)) {
    total += Number(amount) * (UNIT_MS[unit] ?? 0)
  }
  // Hundreds of digits read as Infinity: not a duration anyone meant.
  if (!Number.isFinite(total)) {
    return undefined
  }
  return Math.round(total)
}

/** `90000` → `1m30s`, for messages and summaries. */
export function formatDuration(ms: number): string {
  if (ms < 1000) {
    return `${Math.round(ms)}ms`
  }
  // Under a minute, a fraction of a second is kept (to one decimal).
  if (ms < 60_000 && ms % 1000 !== 0) {
    const seconds = (ms / 1000).toFixed(1).replace(/\.0$/, '')
    return `${seconds}s`
  }
  const totalSeconds = Math.round(ms / 1000)
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  const hours = h ? `${h}h` : ''
  const minutes = m ? `${m}m` : ''
  // Zero seconds are written only when nothing else is.
  const seconds = s || (!h && !m) ? `${s}s` : ''
  return hours + minutes + seconds
}
