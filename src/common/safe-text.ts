// Everything the server sends is untrusted text. Before it reaches the log, an
// annotation, an output or the job summary it passes through here, so that
// - no secret we hold is ever repeated, even when the server echoes it back;
// - no control character can start a new log line, which the runner would read
//   as a workflow command (`::add-mask::…`, `::stop-commands::…`);
// - no legacy `##[command]` (recognised anywhere in a line) survives.

const secrets = new Set<string>()

/** Remember a value that must never be printed. Call before logging anything. */
export function registerSecret(value: string): void {
  if (value.length >= 4) secrets.add(value)
}

/** Replace every registered secret in `text` with `***`. */
export function redact(text: string): string {
  let result = text
  // Longest first, so a secret containing another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    result = result.split(secret).join('***')
  }
  return result
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

function escapeControl(char: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
  return named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * One line of untrusted text, safe to print: redacted, control characters shown
 * as escapes, legacy commands broken, a leading `::` defused, and cut to `max`.
 */
export function safeLine(text: unknown, max = 300): string {
  let line = redact(String(text)).replace(CONTROL, escapeControl)
  line = line.replace(/##\[/g, '#\u200b#[')
  if (/^\s*::/.test(line)) line = `\u200b${line}`
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** Untrusted text inside HTML in the job summary (`<pre>`, `<code>`, attributes). */
export function safeHtml(text: unknown, max = 300): string {
  return safeLine(text, max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\|/g, '&#124;')
}

/** Untrusted text as Markdown in the job summary (a table cell, a paragraph). */
export function safeMarkdown(text: unknown, max = 300): string {
  return safeHtml(text, max).replace(/([\\`*_[\]])/g, '\\$1')
}

/**
 * JSON for an output a later step may paste into a script: the same value once
 * parsed, but every character a shell, HTML or a line break would act on is written
 * as a \uXXXX escape. Outside strings JSON.stringify writes none of them, so only
 * string contents change.
 */
export function inertJson(value: unknown): string {
  return redact(JSON.stringify(value)).replace(
    /[$`'!<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
