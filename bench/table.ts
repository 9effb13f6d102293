// Markdown tables, padded so they also read well in a terminal; the README shows
// the same text.

export type Cell = string | number

/** `rows` under `headers`; the first column left-aligned, the others right-aligned. */
export function markdownTable(headers: string[], rows: Cell[][]): string {
  const text = [headers, ...rows.map((row) => row.map(String))]
  const widths = headers.map((_, column) =>
    Math.max(3, ...text.map((row) => (row[column] ?? '').length))
  )
  const line = (row: string[]): string =>
    `| ${row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)
      )
      .join(' | ')} |`
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`
  return [line(text[0] as string[]), rule, ...text.slice(1).map(line)].join('\n')
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`
}

/** `90_500` → `1m30.5s`, for real-scale durations. */
export function seconds(value: number): string {
  const total = Math.round(value / 100) / 10
  const minutes = Math.floor(total / 60)
  const rest = Math.round((total - minutes * 60) * 10) / 10
  return minutes > 0 ? `${minutes}m${rest > 0 ? `${rest}s` : ''}` : `${rest}s`
}

export function ratio(a: number, b: number): string {
  return b === 0 ? '—' : `${(a / b).toFixed(1)}x`
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export interface Verdict {
  target: string
  measured: string
  pass: boolean
}

export function verdictLines(verdicts: Verdict[]): string {
  return verdicts
    .map(({ target, measured, pass }) => `${pass ? 'PASS' : 'FAIL'}  ${target}: ${measured}`)
    .join('\n')
}
