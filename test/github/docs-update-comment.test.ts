// The comment on the docs pull request naming what a branch update covers: its text
// (pure), a follow-up posting it to the GitHub stand-in, and a denial.

import type { CoveredCommit } from '../../src/github/branch-commits.js'
import { GitHubSession } from '../../src/github/session.js'
import {
  BranchDashboard,
  docsUpdateCommentBody,
  type DocsUpdate
} from '../../src/action/publish/branch-dashboard.js'
import type { Outcome } from '../../src/action/execute/job-owner.js'
import type { HandOff } from '../../src/action/plan/docs-fate.js'
import type { BranchFacts, Plan } from '../../src/action/plan/plan.js'
import { docsSession, type RunContext } from '../../src/action/shell/context.js'
import { systemClock } from '../../src/common/clock.js'
import { parsePullRequestLink } from '../../src/common/pull-request-link.js'
import type { DocsPullRequest } from '../../src/github/docs-pull-request.js'
import { GITHUB_TOKEN, PROJECT, workflowRun } from '../support/fixtures.js'
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

describe('posting it: a follow-up (followDocs)', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const session = new GitHubSession(GITHUB_TOKEN, '', 'github-token', inProcess.reach)
  const ctx = {
    event: { run: workflowRun({ sha: sha(2) }) },
    settings: { projectId: PROJECT },
    docs: session,
    clock: systemClock,
    left: (budgetMs: number) => budgetMs
  } as unknown as RunContext
  const facts = {
    branch: 'main',
    others: [],
    denied: false,
    candidates: { since: UPDATE.coverage.commits, base: sha(0), unread: 0, origin: 'since-record' },
    fresh: UPDATE.coverage.commits,
    pulls: UPDATE.pulls
  } as unknown as BranchFacts
  // What select makes of these facts, for this run: the compare link starts at the base.
  const { repository, serverUrl, runId } = ctx.event.run
  const FOLLOWED: DocsUpdate = {
    ...UPDATE,
    repository,
    serverUrl,
    runId,
    coverage: {
      ...UPDATE.coverage,
      compareUrl: `${serverUrl}/${repository}/compare/${sha(0)}...${sha(2)}`,
      from: sha(0)
    }
  }

  async function followUp(link: string): Promise<void> {
    const plan: Plan = { action: 'follow-up', jobId: 'job_1' }
    const dashboard = new BranchDashboard(ctx, session, facts, plan)
    dashboard.select(plan)
    const handOff = { link, ref: parsePullRequestLink(link), askAuthors: false } as HandOff
    const docs = { state: 'open', author: { login: 'docs-bot' } } as DocsPullRequest
    const outcome = { jobId: 'job_1', sent: 'the prompt' } as Outcome
    await dashboard.followDocs(outcome, handOff, docs, false)
  }

  it('adds one comment to the docs pull request', async () => {
    await followUp('https://github.com/acme/docs/pull/100')
    const comments = inProcess.github.comments('acme/docs', 100)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toBe(docsUpdateCommentBody(FOLLOWED))
  })

  it('calls nothing for a docs pull request on another GitHub host: it has no session', async () => {
    const link = 'https://ghe.example.com/acme/docs/pull/1'
    expect(docsSession(ctx, link, 'write')).toBeUndefined()
    const before = inProcess.github.requests.length
    await followUp(link)
    expect(inProcess.github.requests.length).toBe(before)
  })

  it('warns once, naming pull-requests: write, when GitHub refuses it', async () => {
    inProcess.github.deny({
      method: 'POST',
      path: /\/issues\/101\/comments$/,
      status: 403,
      times: 1
    })
    await followUp('https://github.com/acme/docs/pull/101')
    expect(inProcess.github.comments('acme/docs', 101)).toHaveLength(0)
    expect(inProcess.warnings()).toEqual([
      '::warning::Could not comment on the docs pull request acme/docs#101 (the GitHub API answered 403); the dashboard alone says what this update covers. The comment needs `pull-requests: write` on the docs repository for the docs token (docs-token, or github-token when the docs live in this repository).'
    ])
  })
})
