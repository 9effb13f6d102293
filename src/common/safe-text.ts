// Untrusted text passes here before any log, annotation, output or summary. No secret we hold is
// repeated, and no line break, `::` or legacy `##[` can make a workflow command.

const secrets = new Set<string>()

/** A value never to be printed. Call before logging anything. */
export function registerSecret(value: string): void {
  // A shorter value would be found inside ordinary words.
  if (value.length >= 4) {
    secrets.add(value)
  }
}

export function redact(text: string): string {
  // Longest first, so a secret containing another is replaced whole.
  const longestFirst = [...secrets].sort((a, b) => b.length - a.length)
  return longestFirst.reduce((result, secret) => result.replaceAll(secret, '***'), text)
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

const unicodeEscape = (char: string): string =>
  `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** One line of untrusted text, safe to print: redacted, controls escaped, cut to `max`. */
export function safeLine(text: unknown, max = 300): string {
  const escapeControl = (char: string) => NAMED[char] ?? unicodeEscape(char)
  let line = redact(String(text)).replace(CONTROL, escapeControl)
  // A zero-width space breaks the legacy `##[command]` form, and `::` at the start of a line.
  line = line.replace(/##\[/g, '#\u200b#[')
  if (/^\s*::/.test(line)) {
    line = `\u200b${line}`
  }
  if (line.length > max) {
    return `${line.slice(0, max - 1)}…`
  }
  return line
}

/** Untrusted text inside HTML in the job summary (`<pre>`, `<code>`, attributes). */
export function safeHtml(text: unknown, max = 300): string {
  return safeLine(text, max).replace(/[&<>"|]/g, (char) => HTML[char] ?? '&#124;')
}

/** A link in HTML or Markdown to untrusted `url`; `label` is escaped already. */
export const htmlLink = (url: string, label: string): string =>
  `<a href="${safeHtml(url, 1000)}">${label}</a>`

/** Untrusted text as Markdown in the job summary (a table cell, a paragraph). */
export function safeMarkdown(text: unknown, max = 300): string {
  return safeHtml(text, max).replace(/([\\`*_[\]])/g, '\\$1')
}

// JSON for an output a later step may paste into a script. It is the same value, but each
// character a shell or HTML would act on is a \uXXXX escape. That is safe because
// JSON.stringify writes none of them outside strings.
export function inertJson(value: unknown): string {
  return redact(JSON.stringify(value)).replace(/[$`'!<>&\u2028\u2029]/g, unicodeEscape)
}
