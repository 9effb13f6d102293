// Properties of the input checks: booleans are exactly true or false, ids follow
// the one rule the service's answers follow too, durations go through the one
// parser, and an API key that an HTTP header cannot carry is refused before any
// request, in a message that never contains it.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { anyText, assertExcludes, assertIncludes, runs } from '../../support/properties.js'
import {
  InputError,
  readSettings,
  type InputReader,
  type Settings
} from '../../../src/action/shell/inputs.js'
import { isPlainId } from '../../../src/common/plain-id.js'
import { parseJob } from '../../../src/agent/job.js'
import { parseDuration } from '../../../src/common/duration.js'

const RUNS = runs(300)
const BASE: Record<string, string> = {
  'api-key': 'mint_s3cr3tKeyValue',
  'project-id': 'proj-1',
  prompt: 'Document it.'
}

/** Reads inputs as @actions/core's getInput does: trimmed unless asked not to. */
function reader(values: Record<string, string>): InputReader {
  return (name, options) => {
    const raw = values[name] ?? ''
    return options?.trimWhitespace === false ? raw : raw.trim()
  }
}

/** The settings, or the InputError (anything else fails the test). */
function attempt(values: Record<string, string>): Settings | InputError {
  try {
    return readSettings(reader({ ...BASE, ...values }), process.cwd())
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
}

// Strings near the id rule: its own alphabet, with now and then a character outside it.
const idLike = fc.oneof(
  anyText({ minLength: 1, maxLength: 140 }),
  fc.stringMatching(/^[A-Za-z0-9._\-$'"`/\\ \n#?%]{1,140}$/)
)

describe('inputs (properties)', () => {
  it('a boolean input is true or false in any case, and anything else names the input', () => {
    const word = fc.oneof(
      fc.string(),
      fc.constantFrom('true', 'false', 'yes', 'no', '1', '0', 'on').chain((w) =>
        fc.array(fc.boolean(), { minLength: w.length, maxLength: w.length }).map((upper) =>
          w
            .split('')
            .map((c, i) => (upper[i] ? c.toUpperCase() : c))
            .join('')
        )
      )
    )
    fc.assert(
      fc.property(
        fc.constantFrom('wait', 'require-pr', 'include-context', 'pr-comment'),
        word,
        (name, raw) => {
          const result = attempt({ [name]: raw })
          const value = raw.trim().toLowerCase()
          if (value === 'true' || value === 'false' || value === '') {
            assert.ok(!(result instanceof InputError), 'refused')
          } else {
            assert.ok(result instanceof InputError, 'accepted')
            assert.equal(result.input, name)
            assertIncludes(result.message, 'must be true or false')
          }
        }
      ),
      RUNS
    )
  })

  it('job-id and project-id follow the same rule as the ids the service sends', () => {
    fc.assert(
      fc.property(fc.constantFrom('job-id', 'project-id'), idLike, (name, raw) => {
        const value = raw.trim()
        fc.pre(value !== '')
        const result = attempt({ [name]: raw })
        const answerAccepted = typeof parseJob({ id: value, status: 'active' }) === 'object'
        assert.equal(
          !(result instanceof InputError),
          isPlainId(value),
          'input and id rule disagree'
        )
        assert.equal(answerAccepted, isPlainId(value), 'answer and id rule disagree')
        if (result instanceof InputError) assert.equal(result.input, name)
      }),
      RUNS
    )
  })

  it('an accepted id goes into a URL path and a shell word as it is', () => {
    fc.assert(
      fc.property(idLike, (id) => {
        fc.pre(isPlainId(id))
        assert.equal(encodeURIComponent(id), id)
        assert.doesNotMatch(id, /^\.{1,2}$/)
        assert.match(id, /^[A-Za-z0-9._-]+$/)
      }),
      RUNS
    )
  })

  it('a duration input accepts exactly what the duration parser reads, within its bounds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,6}(ms|s|m|h)?$/)), (raw) => {
        fc.pre(raw.trim() !== '')
        const result = attempt({ timeout: raw })
        const ms = parseDuration(raw.trim())
        const inBounds = ms !== undefined && ms >= 1000 && ms <= 24 * 3_600_000
        assert.equal(
          !(result instanceof InputError),
          inBounds,
          'input and duration parser disagree'
        )
        if (result instanceof InputError) assert.equal(result.input, 'timeout')
        else assert.equal(result.timeoutMs, ms)
      }),
      RUNS
    )
  })

  it('an API key outside visible ASCII is refused by name, and never echoed', () => {
    const reference = attempt({ 'api-key': 'mint_x y' }) as InputError
    const invisible = fc.constantFrom(
      ' ',
      '\t',
      '\u200b',
      '\u00a0',
      '\ufeff',
      'é',
      '\u0007',
      '\u2028',
      '😀'
    )
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7e]{4,40}$/), invisible, fc.nat(), (key, bad, at) => {
        const cut = 1 + (at % (key.length - 1))
        const broken = `mint_${key.slice(0, cut)}${bad}${key.slice(cut)}`
        const result = attempt({ 'api-key': broken })
        assert.ok(result instanceof InputError, 'accepted')
        assert.equal(result.input, 'api-key')
        // The same words whatever the key: nothing of it can show.
        assert.equal(result.message, reference.message)
        assertExcludes(result.message, broken)
      }),
      RUNS
    )
  })

  it('a GitHub token outside visible ASCII is refused by name, and never echoed', () => {
    const reference = attempt({ 'github-token': 'ghp_x y' }) as InputError
    fc.assert(
      fc.property(
        fc.stringMatching(/^[\x21-\x7e]{4,40}$/),
        fc.constantFrom(' ', '\u200b', '\n', 'é'),
        (token, bad) => {
          const broken = `ghp_${token}${bad}${token}`
          const result = attempt({ 'github-token': broken })
          assert.ok(result instanceof InputError, 'accepted')
          assert.equal(result.input, 'github-token')
          // The same words whatever the token: nothing of it can show.
          assert.equal(result.message, reference.message)
        }
      ),
      RUNS
    )
  })

  it('an API key of visible ASCII is accepted as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7e]{1,80}$/), (key) => {
        const result = attempt({ 'api-key': key })
        assert.ok(!(result instanceof InputError), 'refused')
        assert.equal(result.apiKey, key)
      }),
      RUNS
    )
  })
})
