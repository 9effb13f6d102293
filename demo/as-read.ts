// An issue's or a comment's Markdown as a person reads it on GitHub, as plain text: the
// hidden record lines and other HTML comments gone, `<a href="u">t</a>` as `t (u)`,
// `<code>x</code>` as `x`, headings underlined, tables in aligned columns.
//
// Only what the action writes is handled (tables, links, code, headings, quotes,
// `<details>`, `<sub>`); anything else is shown as written.

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" }

/** How a link reads: `label (url)`, or `label [n]` with the address in a note below. */
type LinkStyle = (label: string, url: string) => string
const inParentheses: LinkStyle = (label, url) => (label === url ? url : `${label} (${url})`)

/** HTML tags and entities, and Markdown's emphasis and escapes, as the text they show. */
function inline(text: string, link: LinkStyle = inParentheses): string {
  return text
    .replace(/<a\s+href="([^"]*)"\s*>([\s\S]*?)<\/a>/g, (_, url: string, label: string) =>
      link(label, url)
    )
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => link(label, url))
    .replace(/<summary>([\s\S]*?)<\/summary>/g, '▸ $1')
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<\/?(?:code|sub|sup|b|strong|em|i|pre|details|p|kbd)>/g, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
}

/** Columns a terminal gives the text: emoji take two, joiners and selectors none. */
function width(text: string): number {
  let columns = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue
    columns += code > 0x2000 && /\p{Extended_Pictographic}/u.test(char) ? 2 : 1
  }
  return columns
}

const pad = (text: string, columns: number): string =>
  text + ' '.repeat(Math.max(0, columns - width(text)))

/** A Markdown table row's cells (`\|` is a pipe inside a cell). */
function cells(row: string, link: LinkStyle): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((cell) => inline(cell.trim(), link))
}

/** Addresses longer than this leave a table cell for a numbered note under the table. */
const LONG_URL = 60

/**
 * A table as aligned columns; a header row of empty cells (a key-value table) is left
 * out, and long addresses are numbered notes under it.
 */
function table(rows: string[]): string[] {
  const notes: string[] = []
  const link: LinkStyle = (label, url) => {
    if (url.length <= LONG_URL) return inParentheses(label, url)
    notes.push(`[${String(notes.length + 1)}] ${url}`)
    return `${label} [${String(notes.length)}]`
  }
  const [header = [], ...body] = rows
    .filter((row) => !/^\s*\|?\s*:?-{3,}/.test(row))
    .map((row) => cells(row, link))
  const headed = header.some((cell) => cell !== '')
  const shown = headed ? [header, ...body] : body
  const count = Math.max(...shown.map((row) => row.length))
  const widths = Array.from({ length: count }, (_, i) =>
    Math.max(...shown.map((row) => width(row[i] ?? '')))
  )
  const line = (row: string[]): string =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : pad(cell, widths[i] ?? 0)))
      .join('   ')
      .trimEnd()
  const lines = shown.map((row) => line(row))
  if (headed) lines.splice(1, 0, widths.map((w) => '─'.repeat(w)).join('   '))
  return notes.length === 0 ? lines : [...lines, '', ...notes]
}

/** The lines a reader sees for `markdown`. */
export function asRead(markdown: string): string[] {
  // Hidden lines go with their line break; other comments leave their surroundings.
  const visible = markdown
    .replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*(?:\r?\n|$)/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
  const source = visible.split(/\r?\n/)
  const lines: string[] = []
  for (let i = 0; i < source.length; i++) {
    const line = source[i] ?? ''
    if (line.trimStart().startsWith('|')) {
      const rows: string[] = []
      while (i < source.length && (source[i] ?? '').trimStart().startsWith('|'))
        rows.push(source[i++] ?? '')
      i--
      lines.push(...table(rows))
      continue
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) {
      const text = inline(heading[1] ?? '')
      lines.push(text, '─'.repeat(width(text)))
      continue
    }
    const quote = /^>\s?(.*)$/.exec(line)
    if (quote) {
      lines.push(`│ ${inline(quote[1] ?? '')}`)
      continue
    }
    // A line that held only tags (`</details>`) shows nothing.
    const text = inline(line)
    if (text.trim() !== '' || line.trim() === '') lines.push(text)
  }
  // Blank runs left by what was removed collapse to one; none at either end.
  return lines
    .filter((line, i) => line.trim() !== '' || (lines[i - 1] ?? '').trim() !== '')
    .join('\n')
    .trim()
    .split('\n')
}
