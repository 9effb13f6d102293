// Properties of the summary's and the comment's shared pieces: whatever the service
// sends as a status or a link, a table cell stays one inert cell, and only a link
// the one parser reads as a pull request becomes an <a>.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { anyText, assertExcludes, runs, webUrl } from '../../support/properties.js'
import { factTable, pullRequestCell, statusCell } from '../../../src/action/publish/summary.js'
import { parsePullRequestLink } from '../../../src/common/pull-request-link.js'

const RUNS = runs(400)

const nasty = fc.oneof(
  anyText(),
  webUrl(),
  fc
    .tuple(fc.nat({ max: 9999 }), fc.string())
    .map(([n, junk]) => `https://github.com/acme/docs/pull/${n + 1}${junk}`),
  fc.constantFrom(
    'javascript:alert(1)//github.com/a/b/pull/1',
    'https://github.com/a/b/pull/1"><script>x</script>',
    'https://github.com/a/b/pull/1\n::add-mask::x',
    '| injected | cell |'
  )
)

/** A cell is inert when, its own link aside, nothing opens a tag or a new cell or line. */
function assertInertCell(cell: string): void {
  assert.doesNotMatch(cell, /[\n\r|]/)
  const outsideLink = cell.replace(/^<a href="[^"<>]*">[^<>"]*<\/a>$/, '')
  assert.doesNotMatch(outsideLink, /[<>"]/)
}

describe('summary cells (properties)', () => {
  it('pullRequestCell: a link only for what the parser accepts, inert text otherwise', () => {
    fc.assert(
      fc.property(nasty, (link) => {
        const cell = pullRequestCell(link)
        assertInertCell(cell)
        const pr = parsePullRequestLink(link)
        if (pr) {
          assert.equal(cell, `<a href="${pr.link}">${pr.repository}#${pr.number}</a>`)
        } else {
          assertExcludes(cell, '<a')
        }
      }),
      RUNS
    )
  })

  it('statusCell: one inert cell for any status', () => {
    fc.assert(
      fc.property(anyText(), (status) => assertInertCell(statusCell(status))),
      RUNS
    )
  })

  it('factTable: one table line per row, whatever the cells hold', () => {
    fc.assert(
      fc.property(fc.array(nasty, { maxLength: 8 }), (links) => {
        const rows = links.map((link, i) => [`Row ${i}`, pullRequestCell(link)] as const)
        const lines = factTable(rows).split('\n')
        assert.equal(lines.length, rows.length + 2)
        for (const line of lines.slice(2)) assert.equal(line.split('|').length, 4)
      }),
      RUNS
    )
  })
})
