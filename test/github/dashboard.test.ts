// The dashboard issue: its body (pure), which issue is believed (pure), and finding,
// opening and updating it against the GitHub stand-in, with its denials.

import fc from 'fast-check'
import {
  renderBranchRecord,
  withRun,
  parseBranchRecord,
  type BranchRecord,
  type BranchRun
} from '../../src/github/branch-record.js'
import {
  createDashboard,
  dashboardTitle,
  findDashboard,
  pickDashboard,
  renderDashboard,
  updateDashboard,
  type DashboardView
} from '../../src/github/dashboard.js'
import { repositoryPerTest } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'
import { anyText, runs } from '../support/properties.js'

const SHA_A = 'a'.repeat(40)
const SHA_B = 'b'.repeat(40)
const RECORD: BranchRecord = {
  projectId: 'proj-test',
  branch: 'main',
  jobId: 'job_1',
  lastSha: SHA_B,
  runId: '4242',
  runAttempt: 1,
  reviewers: [],
  runs: [
    {
      at: '2026-11-24T10:00:00.000Z',
      event: 'push',
      did: 'created',
      commits: 3,
      from: SHA_A,
      to: SHA_B,
      pulls: [12, 13]
    }
  ]
}
const VIEW: DashboardView = {
  record: RECORD,
  repository: 'acme/app',
  serverUrl: 'https://github.com',
  docsPullRequest: { link: 'https://github.com/acme/docs/pull/100', state: 'open' },
  jobStatus: 'completed'
}
const BOT = { login: 'github-actions[bot]', type: 'Bot' }

describe('the dashboard body', () => {
  it('starts with the record and shows the docs pull request, the job, the runs and how to start over', () => {
    const body = renderDashboard(VIEW)
    expect(parseBranchRecord(body)).toEqual(RECORD)
    expect(body).toContain(
      '| Docs pull request | <a href="https://github.com/acme/docs/pull/100">acme/docs#100</a> (open) |'
    )
    expect(body).toContain('| Job | <code>job_1</code> (completed) |')
    expect(body).toContain(
      `| 2026-11-24 10:00 | push | started the job | <a href="https://github.com/acme/app/compare/${SHA_A}...${SHA_B}">3</a> | #12, #13 |`
    )
    expect(body).toContain('Close this issue: the next run starts a new docs job')
  })

  it('keeps 20 rows after 100 runs, newest first', () => {
    let record = RECORD
    for (let n = 0; n < 100; n++) {
      record = withRun(record, {
        at: `2026-11-24T10:${String(n % 60).padStart(2, '0')}:00.000Z`,
        event: 'schedule',
        did: 'nothing-new',
        commits: n,
        pulls: []
      })
    }
    const rows = renderDashboard({ ...VIEW, record })
      .split('\n')
      .filter((line) => line.startsWith('| 2026-'))
    expect(rows).toHaveLength(20)
    expect(rows[0]).toContain('| 99 |')
    expect(rows[19]).toContain('| 80 |')
  })

  it('makes text from the server and the workflow harmless', () => {
    const body = renderDashboard({
      ...VIEW,
      record: { ...RECORD, branch: 'feat/<b>x</b>' },
      docsPullRequest: { link: 'javascript:alert(1)' },
      jobStatus: 'done | <img src=x onerror=alert(1)>',
      note: '::error::no\n## Heading [link](http://evil)'
    })
    expect(body).not.toMatch(/<b>|<img|javascript:/)
    expect(body).not.toContain('[link](')
    expect(body).toContain('\\[link\\](http://evil)')
    expect(body).toContain('| Docs pull request | not opened yet |')
    expect(body).toContain('&#124;')
    expect(body.split('\n').filter((line) => line.startsWith('> '))).toHaveLength(1)
  })
})

describe('which issue is the dashboard', () => {
  const issue = (
    number: number,
    fields: Record<string, unknown> = {}
  ): Record<string, unknown> => ({
    number,
    state: 'open',
    html_url: `https://github.com/acme/app/issues/${number}`,
    user: BOT,
    body: `${renderBranchRecord(RECORD)}\nbody`,
    ...fields
  })
  it.each([
    ['the oldest of two', [issue(9), issue(5)], 5],
    ['not a pull request', [issue(5, { pull_request: {} })], undefined],
    [
      'not a person’s issue with a pasted record',
      [issue(5, { user: { login: 'mallory', type: 'User' } })],
      undefined
    ],
    [
      'not a bot of another name',
      [issue(5, { user: { login: 'other[bot]', type: 'Bot' } })],
      undefined
    ],
    [
      'not another branch’s',
      [issue(5, { body: renderBranchRecord({ ...RECORD, branch: 'dev' }) })],
      undefined
    ],
    [
      'not another project’s',
      [issue(5, { body: renderBranchRecord({ ...RECORD, projectId: 'p2' }) })],
      undefined
    ],
    ['not a closed one', [issue(5, { state: 'closed' })], undefined],
    ['not one with a broken record', [issue(5, { body: 'no record' }), 'junk', null], undefined]
  ])('is %s', (_, issues, number) => {
    expect(pickDashboard(issues, 'proj-test', 'main')?.issue.number).toBe(number)
  })
})

describe('against the GitHub stand-in', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const { access, repository } = repositoryPerTest('dash')
  const key = { projectId: 'proj-test', branch: 'main' }
  const warnings = (): string[] =>
    inProcess.printed
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('::warning::'))

  it('opens it, finds it again in one call, updates it, and starts over once a person closes it', async () => {
    expect(await findDashboard(access(), key)).toEqual({ kind: 'none' })
    const saved = await createDashboard(access(), VIEW)
    if (saved.kind !== 'saved') throw new Error(saved.reason)
    const [stored] = inProcess.github.issues(repository())
    expect(stored).toMatchObject({
      title: dashboardTitle('proj-test', 'main'),
      labels: ['docs-agent'],
      user: BOT
    })
    expect(stored?.title).toBe('Docs agent: main (proj-test)')

    const before = inProcess.github.requests.length
    const found = await findDashboard(access(), key)
    expect(found).toEqual({ kind: 'found', issue: saved.issue, record: RECORD })
    const calls = inProcess.github.requests.slice(before)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.query).toMatchObject({
      labels: 'docs-agent',
      creator: 'github-actions[bot]',
      state: 'open'
    })

    const next = withRun(
      { ...RECORD, jobId: 'job_2' },
      { ...(RECORD.runs[0] as BranchRun), did: 'followed-up' }
    )
    expect(
      await updateDashboard(access(), saved.issue.number, { ...VIEW, record: next })
    ).toMatchObject({ kind: 'saved' })
    expect(await findDashboard(access(), key)).toMatchObject({ kind: 'found', record: next })

    inProcess.github.closeIssue(repository(), saved.issue.number, 'mona')
    expect(await findDashboard(access(), key)).toEqual({ kind: 'none' })
    expect(warnings()).toEqual([])
  })

  it('ignores a person’s issue with the label and a pasted record, and pull requests with the label', async () => {
    inProcess.github.addIssue(repository(), {
      title: 'Docs agent: main (proj-test)',
      body: renderDashboard(VIEW),
      labels: ['docs-agent'],
      login: 'mallory'
    })
    inProcess.github.setPullState(repository(), 50, { state: 'open', merged: false })
    expect(await findDashboard(access(), key)).toEqual({ kind: 'none' })
  })

  it.each([
    [
      'listing is refused (403)',
      'GET',
      403,
      () => findDashboard(access(), key),
      'read the issues of'
    ],
    [
      'issues are turned off (410)',
      'GET',
      410,
      () => findDashboard(access(), key),
      'read the issues of'
    ],
    [
      'opening is refused (403)',
      'POST',
      403,
      () => createDashboard(access(), VIEW),
      'open the dashboard issue in'
    ],
    [
      'updating is refused (404)',
      'PATCH',
      404,
      () => updateDashboard(access(), 1, VIEW),
      'update the dashboard issue #1 in'
    ]
  ] as const)(
    'is unavailable with one warning naming issues: write when %s',
    async (_, method, status, call, what) => {
      inProcess.github.deny({ method, path: /\/issues(\/\d+)?$/, status, times: 1 })
      expect(await call()).toEqual({
        kind: 'unavailable',
        reason: `the GitHub API answered ${status}`
      })
      expect(warnings()).toEqual([
        `::warning::dashboard: could not ${what} ${repository()} (the GitHub API answered ${status}), so the branch's docs job is not recorded and this run works on its own. The dashboard issue needs \`permissions: issues: write\` for the job (and issues turned on in the repository).`
      ])
    }
  )

  it('names no permission when GitHub fails with a 5xx', async () => {
    // Every attempt: the call and its two retries.
    inProcess.github.deny({ method: 'GET', path: /\/issues$/, status: 502, times: 3 })
    expect(await findDashboard(access(), key)).toMatchObject({ kind: 'unavailable' })
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).not.toContain('issues: write')
  })
})

describe('the dashboard body, whatever the text (property)', () => {
  it('keeps its record, its table shapes, and no HTML or line from the text', () => {
    fc.assert(
      fc.property(
        anyText({ maxLength: 80 }),
        anyText({ maxLength: 80 }),
        anyText({ maxLength: 80 }),
        (status, note, link) => {
          const body = renderDashboard({
            ...VIEW,
            docsPullRequest: { link },
            jobStatus: status,
            note,
            record: { ...RECORD, runs: [{ ...(RECORD.runs[0] as BranchRun), event: 'push' }] }
          })
          expect(parseBranchRecord(body)).toEqual({
            ...RECORD,
            runs: [{ ...(RECORD.runs[0] as BranchRun), event: 'push' }]
          })
          const lines = body.split('\n')
          for (const line of lines.filter((l) => l.startsWith('| '))) {
            const cells = line.split('|').length - 2
            expect([2, 5]).toContain(cells)
          }
          const text = lines
            .slice(1)
            .join('\n')
            .replace(/<\/?(?:a|code)\b[^>]*>/g, '')
          expect(text).not.toMatch(/</)
          expect(lines.filter((l) => l.startsWith('> ')).length).toBeLessThanOrEqual(1)
        }
      ),
      runs(150)
    )
  })
})
