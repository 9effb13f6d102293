// Properties of the sanitisers: whatever they are given, what they return is inert
// where it is printed. One line, no control character, nothing the runner reads as
// a command, no registered secret (not even cut in half), bounded; and in HTML or
// Markdown, nothing that opens a tag, an attribute, a table cell or emphasis.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { anyText, assertExcludes, runs } from '../support/properties.js'
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
// CONTROL without its g flag, so that matching keeps no state between cases.
const CONTROL_CHARACTER = new RegExp(CONTROL.source)

function inertLine(line: string, limit: number): void {
  assert.doesNotMatch(line, CONTROL_CHARACTER)
  assert.doesNotMatch(line, /^\s*::/)
  assertExcludes(line, '##[')
  assertExcludes(line, SECRET)
  assert.ok(line.length <= limit, 'longer than the limit')
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
        assertExcludes(line, SECRET.slice(0, 12))
      }),
      RUNS
    )
  })

  it('safeHtml: nothing that opens a tag, ends an attribute or a table cell', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const html = safeHtml(text, limit)
        inertLine(html.replace(/&(?:amp|lt|gt|quot|#124);/g, '&'), limit)
        assert.doesNotMatch(html, /[<>"|]/)
        // Every & starts one of the entities it wrote.
        assertExcludes(html.replace(/&(?:amp|lt|gt|quot|#124);/g, ''), '&')
      }),
      RUNS
    )
  })

  it('safeMarkdown: no unescaped emphasis, code, link or escape character', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const markdown = safeMarkdown(text, limit)
        assert.doesNotMatch(markdown, /[<>"|]/)
        // Remove the escapes it wrote: no active character may be left.
        assert.doesNotMatch(markdown.replace(/\\[\\`*_[\]]/g, ''), /[\\`*_[\]]/)
      }),
      RUNS
    )
  })

  it('plain (the context block): one line of plain text, no secret, bounded', () => {
    fc.assert(
      fc.property(hostile, max, (text, limit) => {
        const line = plain(text, limit)
        assert.doesNotMatch(line, /[\n\r\u2028\u2029\u0085]/)
        assert.doesNotMatch(line, CONTROL_CHARACTER)
        assertExcludes(line, SECRET)
        assert.ok(line.length <= limit, 'longer than the limit')
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
        assert.doesNotMatch(text, /[$`'!<>&\n\r\u2028\u2029]/)
        assertExcludes(text, SECRET)
        const parsed = JSON.parse(text) as typeof input
        // Both sides are fresh from JSON.parse: plain objects, no undefined to ignore.
        assert.deepEqual(parsed.json, JSON.parse(JSON.stringify(input.json)))
        assert.equal(parsed.list[1], '***')
      }),
      runs(200)
    )
  })
})
