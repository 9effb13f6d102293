// Properties of the sanitisers: whatever they are given, what they return is inert
// where it is printed. One line, no control character, nothing the runner reads as
// a command, no registered secret (not even cut in half), bounded; and in HTML or
// Markdown, nothing that opens a tag, an attribute, a table cell or emphasis.

import fc from 'fast-check'
import { anyText, runs } from '../support/properties.js'
import {
  CONTROL,
  inertJson,
  registerSecret,
  safeHtml,
  safeLine,
  safeMarkdown
} from '../../src/common/safe-text.js'
import { plain } from '../../src/github/context-block.js'

const SECRET = 'mint_pr0perty_s3cret_value'
registerSecret(SECRET)

const RUNS = runs(400)

// Text built to hurt: commands, line breaks of every kind, markup, the secret.
const hostile = fc
  .array(
    fc.oneof(
      anyText(),
      fc.constantFrom(
        '::',
        '::add-mask::',
        '::stop-commands::x',
        '##[group]',
        '##[',
        '\n',
        '\r\n',
        '\u2028',
        '\u0085',
        '\u001b[31m',
        '<script>',
        '"',
        '|',
        '`',
        '*',
        '_',
        '[x](y)',
        '&amp;',
        SECRET,
        SECRET.slice(0, 10)
      )
    ),
    { maxLength: 12 }
  )
  .map((parts) => parts.join(''))
const max = fc.integer({ min: 2, max: 400 })

function inertLine(line: string, limit: number): void {
  expect(line).not.toMatch(new RegExp(CONTROL.source))
  expect(line).not.toMatch(/^\s*::/)
  expect(line).not.toContain('##[')
  expect(line).not.toContain(SECRET)
  expect(line.length).toBeLessThanOrEqual(limit)
}

describe('safe text (properties)', () => {
  it('safeLine: one inert line, no secret, at most max characters', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => inertLine(safeLine(text, limit), limit)),
      RUNS
    )
  })

  it('safeLine: never shows the start of a secret cut at the limit', () => {
    fc.assert(
      fc.property(fc.string(), max, (prefix, limit) => {
        const line = safeLine(`${prefix}${SECRET}`, limit)
        expect(line).not.toContain(SECRET.slice(0, 12))
      }),
      RUNS
    )
  })

  it('safeHtml: nothing that opens a tag, ends an attribute or a table cell', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const html = safeHtml(text, limit)
        inertLine(html.replace(/&(?:amp|lt|gt|quot|#124);/g, '&'), limit)
        expect(html).not.toMatch(/[<>"|]/)
        // Every & starts one of the entities it wrote.
        expect(html.replace(/&(?:amp|lt|gt|quot|#124);/g, '')).not.toContain('&')
      }),
      RUNS
    )
  })

  it('safeMarkdown: no unescaped emphasis, code, link or escape character', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const markdown = safeMarkdown(text, limit)
        expect(markdown).not.toMatch(/[<>"|]/)
        // Remove the escapes it wrote: no active character may be left.
        expect(markdown.replace(/\\[\\`*_[\]]/g, '')).not.toMatch(/[\\`*_[\]]/)
      }),
      RUNS
    )
  })

  it('plain (the context block): one line of plain text, no secret, bounded', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const line = plain(text, limit)
        expect(line).not.toMatch(/[\n\r\u2028\u2029\u0085]/)
        expect(line).not.toMatch(new RegExp(CONTROL.source))
        expect(line).not.toContain(SECRET)
        expect(line.length).toBeLessThanOrEqual(limit)
      }),
      RUNS
    )
  })

  it('inertJson: the same value once parsed, with nothing a shell or HTML acts on, no secret', () => {
    const value = fc
      .jsonValue({ maxDepth: 3 })
      .chain((json) => hostile.map((text) => ({ json, text, list: [text, SECRET] })))
    fc.assert(
      fc.property(value, (input) => {
        const text = inertJson(input)
        expect(text).not.toMatch(/[$`'!<>&\n\r\u2028\u2029]/)
        expect(text).not.toContain(SECRET)
        const parsed = JSON.parse(text) as typeof input
        expect(parsed.json).toEqual(JSON.parse(JSON.stringify(input.json)))
        expect(parsed.list[1]).toBe('***')
      }),
      runs(200)
    )
  })
})
