// The docs pull request's rows in the job summary and the comment: title, counts and
// a short file list, with GitHub's text made inert.

import { docsPullRequestRows } from '../../../src/action/publish/summary.js'
import type { DocsPullRequest } from '../../../src/github/docs-pull-request.js'

const pr = (fields: Partial<DocsPullRequest> = {}): DocsPullRequest => ({
  repository: 'acme/docs',
  number: 3,
  title: 'Document widgets',
  state: 'open',
  merged: false,
  author: { login: 'docs-bot', type: 'Bot' },
  additions: 12,
  deletions: 3,
  changedFiles: 2,
  files: ['a.mdx', 'b.mdx'],
  ...fields
})

describe('the docs pull request rows', () => {
  it('show the title, +N −M and the files', () => {
    expect(docsPullRequestRows(pr())).toEqual([
      ['Docs title', 'Document widgets'],
      ['Changes', '+12 −3 in 2 files'],
      ['Files', '<code>a.mdx</code><br><code>b.mdx</code>']
    ])
    expect(docsPullRequestRows(pr({ changedFiles: 1, files: ['a.mdx'] }))[1]).toEqual([
      'Changes',
      '+12 −3 in 1 file'
    ])
  })

  it('list five paths and count the rest, including those not read', () => {
    const files = Array.from({ length: 8 }, (_, i) => `p${i}.mdx`)
    expect(docsPullRequestRows(pr({ files, changedFiles: 400 }))[2]?.[1]).toBe(
      '<code>p0.mdx</code><br><code>p1.mdx</code><br><code>p2.mdx</code><br><code>p3.mdx</code><br><code>p4.mdx</code><br>… and 395 more'
    )
    expect(docsPullRequestRows(pr({ files: [], changedFiles: 0 }))[2]?.[1]).toBe('—')
    expect(docsPullRequestRows(pr({ files: [], changedFiles: 3 }))[2]?.[1]).toBe('—')
  })

  it('say when it is merged or closed', () => {
    expect(docsPullRequestRows(pr({ merged: true, state: 'closed' }))[0]?.[1]).toBe(
      'Document widgets (merged)'
    )
    expect(docsPullRequestRows(pr({ state: 'closed' }))[0]?.[1]).toBe('Document widgets (closed)')
  })

  it('keep a title and paths from GitHub from breaking the table or adding markup', () => {
    const [title, , files] = docsPullRequestRows(
      pr({
        title: '| [x](javascript:1) <img src=x>\n::error::x',
        files: ['a|b<c>.mdx'],
        changedFiles: 1
      })
    )
    expect(title?.[1]).toBe('&#124; \\[x\\](javascript:1) &lt;img src=x&gt;\\\\n::error::x')
    expect(files?.[1]).toBe('<code>a&#124;b&lt;c&gt;.mdx</code>')
  })
})
