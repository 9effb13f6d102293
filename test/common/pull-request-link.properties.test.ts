// Properties of the one pull request link parser: nothing it returns can carry a
// character a shell, a `${{ }}` expression or Markdown would act on, whatever it was
// given (percent-encoding included); what it accepts it reads exactly; and reading
// its own link again gives the same answer.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { runs, webUrl } from '../support/properties.js'
import { parsePullRequestLink } from '../../src/common/pull-request-link.js'

const RUNS = runs(400)
const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')

const owner = fc
  .tuple(
    fc.constantFrom(...alnum),
    fc.array(fc.constantFrom(...alnum, '-'), { maxLength: 37 }),
    fc.constantFrom(...alnum)
  )
  .map(([first, middle, last]) => `${first}${middle.join('')}${last}`)
const repo = fc
  .array(fc.constantFrom(...alnum, '-', '_', '.'), { minLength: 1, maxLength: 100 })
  .map((chars) => chars.join(''))
  .filter((name) => name !== '.' && name !== '..')
const host = fc.constantFrom('github.com', 'github.example.com', 'ghe.corp.example:8443')
const number = fc.integer({ min: 1, max: 2_000_000_000 })
const tail = fc.oneof(fc.constant(''), fc.stringMatching(/^[?#][\x21-\x7e]{0,40}$/))

// Characters that mean something to a shell, an expression, Markdown or HTML, or end a line.
// eslint-disable-next-line no-control-regex
const HOSTILE = /[\s$`'"\\;&|<>(){}[\]*!?#%~^\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** Links with a hostile character (or an encoding of one) spliced in somewhere. */
const mangled = fc
  .tuple(
    host,
    owner,
    repo,
    number,
    fc.constantFrom(
      '$',
      '`',
      "'",
      '"',
      '\n',
      '\r',
      ' ',
      '%24',
      '%0A',
      '%2F',
      '%22',
      '${{ github.token }}',
      '$(id)',
      '\u2028',
      '](javascript:alert(1))',
      '<script>'
    ),
    fc.nat()
  )
  .map(([h, o, r, n, bad, at]) => {
    const link = `https://${h}/${o}/${r}/pull/${n}`
    const cut = at % (link.length + 1)
    return `${link.slice(0, cut)}${bad}${link.slice(cut)}`
  })

describe('parsePullRequestLink (properties)', () => {
  it('never returns a character outside a plain link, for any text at all', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), webUrl(), mangled), (text) => {
        const pr = parsePullRequestLink(text)
        if (!pr) return
        assert.match(
          pr.link,
          /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?\/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+\/pull\/\d+$/
        )
        assert.match(pr.repository, /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/)
        assert.ok(Number.isSafeInteger(pr.number) && pr.number > 0, 'not a positive safe integer')
        assert.doesNotMatch(pr.link, HOSTILE)
        assert.doesNotMatch(pr.repository, HOSTILE)
      }),
      RUNS
    )
  })

  it('reads every well-formed link exactly, dropping a query or fragment', () => {
    fc.assert(
      fc.property(host, owner, repo, number, tail, (h, o, r, n, t) => {
        // The parser returns a plain object of three defined fields: nothing toEqual would ignore.
        assert.deepEqual(parsePullRequestLink(`https://${h}/${o}/${r}/pull/${n}${t}`), {
          link: `https://${h}/${o}/${r}/pull/${n}`,
          number: n,
          repository: `${o}/${r}`
        })
      }),
      RUNS
    )
  })

  it('gives the same answer for its own link', () => {
    fc.assert(
      fc.property(fc.oneof(mangled, webUrl()), host, owner, repo, number, (text, h, o, r, n) => {
        for (const link of [text, `https://${h}/${o}/${r}/pull/${n}`]) {
          const pr = parsePullRequestLink(link)
          if (pr) assert.deepEqual(parsePullRequestLink(pr.link), pr)
        }
      }),
      RUNS
    )
  })

  it('refuses a link with a hostile character or a percent-encoding spliced in anywhere', () => {
    fc.assert(
      fc.property(mangled, (text) => {
        assert.equal(parsePullRequestLink(text), undefined)
      }),
      RUNS
    )
  })

  it.each(['0', '65536', '99999'])(
    'refuses a host with port %s, which no server listens on',
    (port) => {
      expect(
        parsePullRequestLink(`https://github.example:${port}/acme/docs/pull/1`)
      ).toBeUndefined()
    }
  )

  it('keeps a port in range as part of the host', () => {
    expect(parsePullRequestLink('https://github.example:8443/acme/docs/pull/7')).toEqual({
      link: 'https://github.example:8443/acme/docs/pull/7',
      repository: 'acme/docs',
      number: 7
    })
  })
})
