// The comment on the docs pull request naming what a branch update covers: its text
// (pure), posting it to the GitHub stand-in, and a denial.

import type { CoveredCommit } from '../../src/github/branch-commits.js'
import { GitHubSession } from '../../src/github/session.js'
import {
  docsUpdateCommentBody,
  postDocsUpdateComment,
  type DocsUpdate
} from '../../src/action/publish/branch-dashboard.js'
import { GITHUB_TOKEN } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const sha = (n: number): string => n.toString(16).padStart(40, 'c')
const commit = (n: number, subject = `change ${n}`): CoveredCommit => ({
  sha: sha(n),
  subject,
  authorIsBot: false
})
const UPDATE: DocsUpdate = {
  branch: 'main',
  repository: 'acme/app',
  serverUrl: 'https://github.com',
  coverage: {
    origin: 'since-record',
    commits: [commit(1), commit(2)],
    total: 2,
    compareUrl: 'https://github.com/acme/app/compare/x...y',
    to: sha(2)
  },
  pulls: [
    { number: 12, title: 'Add login', author: 'mona', authorIsBot: false, commits: [sha(1)] }
  ],
  runId: '4242'
}

describe('the docs update comment', () => {
  it('names the source pull requests, the commits and the run', () => {
    expect(docsUpdateCommentBody(UPDATE).split('\n')).toEqual([
      '**Docs update from <code>main</code>** of acme/app: this update covers <a href="https://github.com/acme/app/compare/x...y">2 commits</a>.',
      '',
      'Source pull requests:',
      '- acme/app#12 Add login by <code>mona</code>',
      '',
      'Commits:',
      `- <a href="https://github.com/acme/app/commit/${sha(1)}"><code>${sha(1).slice(0, 7)}</code></a> change 1`,
      `- <a href="https://github.com/acme/app/commit/${sha(2)}"><code>${sha(2).slice(0, 7)}</code></a> change 2`,
      '',
      'Sent by <a href="https://github.com/acme/app/actions/runs/4242">this workflow run</a>.'
    ])
  })

  it('mentions no one, references no issue and renders no HTML from what authors wrote', () => {
    const body = docsUpdateCommentBody({
      ...UPDATE,
      coverage: {
        ...UPDATE.coverage,
        commits: [commit(1, 'ping @org/team about #5 <img src=x>')],
        total: 120
      },
      pulls: [{ number: 3, title: 'cc @mona', author: 'a', authorIsBot: false, commits: [] }]
    })
    expect(body).not.toMatch(/@|<img|#5/)
    expect(body).toContain('ping &#64;org/team about &#35;5 &lt;img src=x&gt;')
    expect(body).toContain('Commits (the newest 1):')
  })
})

describe('posting it', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const session = new GitHubSession(GITHUB_TOKEN, '')

  it('adds one comment to the docs pull request', async () => {
    await postDocsUpdateComment(session, 'https://github.com/acme/docs/pull/100', UPDATE, 10_000)
    const comments = inProcess.github.comments('acme/docs', 100)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toBe(docsUpdateCommentBody(UPDATE))
  })

  it('calls nothing for a docs pull request on another GitHub host', async () => {
    const before = inProcess.github.requests.length
    await postDocsUpdateComment(session, 'https://ghe.example.com/acme/docs/pull/1', UPDATE, 10_000)
    expect(inProcess.github.requests.length).toBe(before)
  })

  it('warns once, naming pull-requests: write, when GitHub refuses it', async () => {
    inProcess.github.deny({
      method: 'POST',
      path: /\/issues\/101\/comments$/,
      status: 403,
      times: 1
    })
    await postDocsUpdateComment(session, 'https://github.com/acme/docs/pull/101', UPDATE, 10_000)
    expect(inProcess.github.comments('acme/docs', 101)).toHaveLength(0)
    const warnings = inProcess.printed
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('::warning::'))
    expect(warnings).toEqual([
      '::warning::Could not comment on the docs pull request acme/docs#101 (the GitHub API answered 403); the dashboard alone says what this update covers. The comment needs `pull-requests: write` on the docs repository for the docs token (docs-token, or github-token when the docs live in this repository).'
    ])
  })
})
