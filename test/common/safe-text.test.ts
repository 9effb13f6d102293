import {
  redact,
  registerSecret,
  safeHtml,
  safeLine,
  safeMarkdown
} from '../../src/common/safe-text.js'

// The registry is module state: every test in this file shares these secrets.
const KEY = 'mint_s3cr3tKeyValue'
const INNER = 'abcd1234'
const OUTER = 'xxabcd1234yy'
const LEFT = 'qwerty12'
const RIGHT = 'ty12uiop'

beforeAll(() => {
  for (const secret of [KEY, INNER, OUTER, LEFT, RIGHT]) registerSecret(secret)
})

describe('redaction', () => {
  it('replaces every occurrence of a registered secret', () => {
    expect(safeLine(`key ${KEY} and again ${KEY}.`)).toBe('key *** and again ***.')
  })

  it('replaces a secret that contains another one whole', () => {
    expect(redact(`outer ${OUTER} inner ${INNER}`)).toBe('outer *** inner ***')
  })

  it('leaves no registered secret whole when two of them overlap in the text', () => {
    const line = safeLine('overlap qwerty12uiop end')
    expect(line).not.toContain(LEFT)
    expect(line).not.toContain(RIGHT)
  })

  it('redacts a secret the server echoes inside JSON', () => {
    const body = JSON.stringify({
      error: `Invalid key ${KEY}`,
      headers: { authorization: `Bearer ${KEY}` }
    })
    const line = safeLine(body)
    expect(line).not.toContain(KEY)
    expect(line).toBe('{"error":"Invalid key ***","headers":{"authorization":"Bearer ***"}}')
  })

  it('does not register values too short to be secrets', () => {
    registerSecret('abc')
    expect(redact('abc')).toBe('abc')
  })

  it('redacts before cutting, so no prefix of a secret survives at the cut', () => {
    const line = safeLine(`${'a'.repeat(290)}${KEY}`, 300)
    expect(line).not.toContain(KEY.slice(0, 5))
    expect(line.endsWith('***')).toBe(true)
  })

  it('redacts a secret split by a control character only where it is whole', () => {
    // The escaped form of a line break cannot join two halves into the secret.
    const line = safeLine(`${KEY.slice(0, 8)}\n${KEY.slice(8)}`)
    expect(line).toBe(`${KEY.slice(0, 8)}\\n${KEY.slice(8)}`)
  })
})

describe('safeLine keeps server text on one harmless line', () => {
  it.each([
    ['a line feed', 'a\nb', 'a\\nb'],
    ['a carriage return', 'a\rb', 'a\\rb'],
    ['a tab', 'a\tb', 'a\\tb'],
    ['an escape character', 'a\u001b[31mred', 'a\\u001b[31mred'],
    ['a NUL', 'a\u0000b', 'a\\u0000b'],
    ['DEL', 'a\u007fb', 'a\\u007fb'],
    ['a C1 next-line', 'a\u0085b', 'a\\u0085b'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['a paragraph separator', 'a\u2029b', 'a\\u2029b']
  ])('escapes %s', (_, text, expected) => {
    expect(safeLine(text)).toBe(expected)
  })

  it.each(['::add-mask::x', '::stop-commands::token', '  ::error::boom', '\t::warning::x'])(
    'defuses a workflow command at the start: %j',
    (text) => {
      const line = safeLine(text)
      expect(line).not.toMatch(/^\s*::/)
      expect(line).toContain(text.trim())
    }
  )

  it('cannot start a second line with a workflow command', () => {
    const line = safeLine('fine\n::set-output name=pr-link::https://evil.example\r\n::add-mask::x')
    expect(line).not.toMatch(/[\n\r]/)
    expect(line.split(/\r?\n/)).toHaveLength(1)
  })

  it.each(['##[error]boom', 'text ##[group]x', '##[set-output name=a;]b ##[endgroup]'])(
    'breaks a legacy command anywhere: %j',
    (text) => {
      expect(safeLine(text)).not.toContain('##[')
    }
  )

  it('leaves ordinary text alone', () => {
    expect(safeLine('Job job_1 is active: https://github.com/acme/docs/pull/4')).toBe(
      'Job job_1 is active: https://github.com/acme/docs/pull/4'
    )
  })

  it.each([
    [300, 'x'.repeat(400), 300],
    [10, 'abcdefghijklmnop', 10],
    [300, 'y'.repeat(300), 300]
  ])('cuts to %d characters', (max, text, length) => {
    const line = safeLine(text, max)
    expect(line).toHaveLength(length)
    if (text.length > max) expect(line.endsWith('…')).toBe(true)
    else expect(line).toBe(text)
  })

  it('prints values that are not strings', () => {
    expect(safeLine(undefined)).toBe('undefined')
    expect(safeLine(42)).toBe('42')
    expect(safeLine(new Error(`bad ${KEY}`))).toBe('Error: bad ***')
  })
})

describe('safeHtml and safeMarkdown', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a & b', 'a &amp; b'],
    ['&lt;', '&amp;lt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ['cell | cell', 'cell &#124; cell'],
    ['line\nbreak', 'line\\nbreak']
  ])('safeHtml(%j) is %j', (text, expected) => {
    expect(safeHtml(text)).toBe(expected)
  })

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a | b', 'a &#124; b'],
    ['`code`', '\\`code\\`'],
    ['**bold** _em_', '\\*\\*bold\\*\\* \\_em\\_'],
    ['[link](https://evil.example)', '\\[link\\](https://evil.example)'],
    ['back\\slash', 'back\\\\slash'],
    [`key ${KEY}`, 'key \\*\\*\\*']
  ])('safeMarkdown(%j) is %j', (text, expected) => {
    expect(safeMarkdown(text)).toBe(expected)
  })

  it('applies the line rules before escaping', () => {
    expect(safeHtml('::error::<b>')).toBe('\u200b::error::&lt;b&gt;')
    expect(safeMarkdown('##[error] `x`')).toBe('#\u200b#\\[error\\] \\`x\\`')
  })
})
