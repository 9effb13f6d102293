// The dashboard issue: its body (pure), which issue is believed (pure), and finding,
// opening and updating it against the GitHub stand-in, with its denials.

import fc from 'fast-check'
import {
  renderBranchRecord,
  withRun,
  parseBranchRecords,
  type BranchRecord,
  type BranchRun
} from '../../src/github/branch-record.js'
import {
  findDashboards,
  pickDashboards,
  renderDashboard,
  settleRace,
  saveDashboard,
  writeDashboard,
  type DashboardView
} from '../../src/github/dashboard.js'
import { StateUnknownError } from '../../src/common/run-errors.js'
import { GitHubSession } from '../../src/github/session.js'
import { repositoryPerTest } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'
import { anyText, runs } from '../support/properties.js'

const SHA_A = 'a'.repeat(40)
const SHA_B = 'b'.repeat(40)
const KEY = '.github/workflows/docs.yml'
const RECORD: BranchRecord = {
  projectId: 'proj-test',
  branch: 'main',
  key: KEY,
  job: 'job_1',
  base: SHA_A,
  told: [{ id: 'job_1', shas: [SHA_B] }],
  ended: [],
  counts: { created: 1, followUps: 2, quiet: 3 },
  run: '4242',
  attempt: 1,
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
    expect(parseBranchRecords(body)[0]).toEqual(RECORD)
    expect(body).toContain(
      '| Docs pull request | <a href="https://github.com/acme/docs/pull/100">acme/docs#100</a> (open) |'
    )
    expect(body).toContain('| Job | <code>job_1</code> (completed) |')
    expect(body).toContain('| Commits told to this job | 1 |')
    expect(body).toContain(
      '| Runs of this record | 1 job created, 2 follow-ups, 3 that sent nothing |'
    )
    expect(body).toContain(
      `| 2026-11-24 10:00 | push | started the job | <a href="https://github.com/acme/app/compare/${SHA_A}...${SHA_B}">3</a> | #12, #13 |`
    )
    expect(body).toContain('Close this issue: the next run starts a new docs job')
  })

  it('keeps 20 rows after 100 runs, newest first', () => {
    let record = RECORD
    for (let n = 0; n < 100; n++) {
      record = withRun(
        record,
        {
          at: new Date(`2026-11-24T10:${String(n % 60).padStart(2, '0')}:00.000Z`),
          event: 'schedule',
          did: 'nothing-new'
        },
        { total: n }
      )
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
  const key = { projectId: 'proj-test', branch: 'main', key: KEY, identity: BOT.login }
  it.each([
    ['the newest of two, the other to retire', [issue(5), issue(9)], [9, 5]],
    [
      'found below a line a person added',
      [issue(5, { body: `Read me\n\n${renderBranchRecord(RECORD)}` })],
      [5]
    ],
    ['found without its label', [issue(5, { labels: [] })], [5]],
    ['found with another label only', [issue(5, { labels: [{ name: 'docs' }] })], [5]],
    ['not a pull request', [issue(5, { pull_request: {} })], []],
    [
      'not a person’s issue with a pasted record',
      [issue(5, { user: { login: 'mallory', type: 'User' } })],
      []
    ],
    ['not a bot of another name', [issue(5, { user: { login: 'other[bot]', type: 'Bot' } })], []],
    [
      'not another branch’s',
      [issue(5, { body: renderBranchRecord({ ...RECORD, branch: 'dev' }) })],
      []
    ],
    [
      'not another project’s',
      [issue(5, { body: renderBranchRecord({ ...RECORD, projectId: 'p2' }) })],
      []
    ],
    [
      'not another workflow’s',
      [issue(5, { body: renderBranchRecord({ ...RECORD, key: 'other.yml' }) })],
      []
    ],
    ['not a closed one', [issue(5, { state: 'closed' })], []],
    ['not one with a broken record', [issue(5, { body: 'no record' }), 'junk', null], []]
  ])('is %s', (_, issues, numbers) => {
    expect(pickDashboards(issues, key).map((found) => found.issue.number)).toEqual(numbers)
  })

  it.each([
    ['no labels', [], true],
    ['another label', [{ name: 'docs' }], true],
    ['the label', [{ name: 'bug' }, { name: 'docs-agent' }], undefined],
    ['the label as a name', ['docs-agent'], undefined],
    ['the label in another case', [{ name: 'Docs-Agent' }], undefined]
  ])('says when a dashboard is listed without its label: %s', (_, labels, unlabelled) => {
    const [found] = pickDashboards([issue(5, { labels })], key)
    expect(found?.unlabelled).toBe(unlabelled)
  })

  it("believes the token's own identity, an App's bot, and not github-actions[bot] then", () => {
    const app = { login: 'docs-app[bot]', type: 'Bot' }
    const issues = [issue(4), issue(6, { user: app })]
    const found = pickDashboards(issues, { ...key, identity: app.login })
    expect(found.map((f) => f.issue.number)).toEqual([6])
  })
})

describe('against the GitHub stand-in', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const { session, repository } = repositoryPerTest('dash', GitHubSession, () => inProcess.reach)
  const key = { projectId: 'proj-test', branch: 'main', key: KEY, identity: BOT.login }
  const warnings = (): string[] => inProcess.warnings()

  it('opens it, finds it again in one call, updates it, and starts over once a person closes it', async () => {
    expect(await findDashboards(session(), key, 10_000)).toEqual({ others: [] })
    const saved = await saveDashboard(session(), undefined, VIEW, 10_000)
    if (saved === undefined) throw new Error('not saved')
    const [stored] = inProcess.github.issues(repository())
    expect(stored).toMatchObject({
      title: 'Docs agent: main (proj-test)',
      labels: ['docs-agent'],
      user: BOT
    })

    const before = inProcess.github.requests.length
    const found = await findDashboards(session(), key, 10_000)
    // The record names the account GitHub says wrote it.
    expect(found).toEqual({
      winner: { issue: { number: saved }, record: { ...RECORD, by: BOT.login } },
      others: []
    })
    const calls = inProcess.github.requests.slice(before)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.query).toMatchObject({ creator: 'github-actions[bot]', state: 'open' })
    // Found by its author, not its label: a person may remove the label.
    expect(calls[0]?.query.labels).toBeUndefined()

    const next = withRun(
      { ...RECORD, job: 'job_2' },
      { at: new Date('2026-11-24T10:00:00.000Z'), event: 'push', did: 'followed-up' },
      { total: 3, from: SHA_A, to: SHA_B },
      [12, 13].map((number) => ({ number, title: '', authorIsBot: false, commits: [] }))
    )
    expect(next.runs.at(-1)).toEqual({ ...RECORD.runs[0], did: 'followed-up' })
    expect(await saveDashboard(session(), saved, { ...VIEW, record: next }, 10_000)).toBe(saved)
    expect(await findDashboards(session(), key, 10_000)).toMatchObject({
      winner: { record: next }
    })

    inProcess.github.closeIssue(repository(), saved, 'mona')
    expect(await findDashboards(session(), key, 10_000)).toEqual({ others: [] })
    expect(warnings()).toEqual([])
  })

  it('finds it behind 250 other issues of the bot, reading every page', async () => {
    for (let n = 0; n < 250; n++) {
      inProcess.github.addIssue(repository(), { title: `Other ${n}`, login: BOT.login })
    }
    await saveDashboard(session(), undefined, VIEW, 10_000)
    const before = inProcess.github.requests.length
    expect(await findDashboards(session(), key, 10_000)).toMatchObject({
      winner: expect.anything()
    })
    expect(inProcess.github.requests.length - before).toBe(3)
  })

  it('ignores a person’s issue with the label and a pasted record, and pull requests with the label', async () => {
    inProcess.github.addIssue(repository(), {
      title: 'Docs agent: main (proj-test)',
      body: renderDashboard(VIEW),
      labels: ['docs-agent'],
      login: 'mallory'
    })
    inProcess.github.setPullState(repository(), 50, { state: 'open', merged: false })
    expect(await findDashboards(session(), key, 10_000)).toEqual({ others: [] })
  })

  it.each([
    ['listing is refused (403)', 403],
    ['issues are turned off (410)', 410]
  ] as const)('is denied with one warning naming issues: write when %s', async (_, status) => {
    inProcess.github.deny({ method: 'GET', path: /\/issues$/, status, times: 1 })
    expect(await findDashboards(session(), key, 10_000)).toEqual({
      others: [],
      denied: true
    })
    expect(warnings()).toEqual([
      `::warning::dashboard: could not read the issues of ${repository()} (the GitHub API answered ${status}), so the branch's docs job is not recorded and this run works on its own. The dashboard issue needs \`permissions: issues: write\` for the job (and issues turned on in the repository).`
    ])
  })

  it.each([
    [
      'opening is refused (403)',
      'POST',
      () => saveDashboard(session(), undefined, VIEW, 10_000),
      'open the dashboard issue in'
    ],
    [
      'updating is refused (403)',
      'PATCH',
      () => saveDashboard(session(), 1, VIEW, 10_000),
      'update the dashboard issue #1 in'
    ]
  ] as const)(
    'is unsaved with one warning naming issues: write when %s',
    async (_, method, call, what) => {
      inProcess.github.deny({ method, path: /\/issues(\/\d+)?$/, status: 403, times: 1 })
      expect(await call()).toBeUndefined()
      expect(warnings()).toEqual([
        `::warning::dashboard: could not ${what} ${repository()} (the GitHub API answered 403). The dashboard issue needs \`permissions: issues: write\` for the job (and issues turned on in the repository).`
      ])
    }
  )

  it('puts the label back a person removed, in one call, when the run asks for it', async () => {
    const github = session()
    const saved = await saveDashboard(github, undefined, VIEW, 10_000)
    const stored = inProcess.github.issues(repository()).find((i) => i.number === saved)
    if (!stored || saved === undefined) throw new Error('not saved')
    stored.labels = ['triage']
    const found = await findDashboards(github, key, 10_000)
    expect(found.winner).toMatchObject({ issue: { number: saved }, unlabelled: true })
    const before = inProcess.github.requests.length
    expect(await writeDashboard(github, saved, VIEW, 10_000, true)).toEqual({
      number: saved,
      relabelled: true
    })
    expect(await writeDashboard(github, saved, VIEW, 10_000)).toEqual({ number: saved })
    const calls = inProcess.github.requests.slice(before).map((r) => `${r.method} ${r.path}`)
    expect(calls).toEqual([
      `PATCH /repos/${repository()}/issues/${saved}`,
      `POST /repos/${repository()}/issues/${saved}/labels`,
      `PATCH /repos/${repository()}/issues/${saved}`
    ])
    expect(stored.labels).toEqual(['triage', 'docs-agent'])
    expect(inProcess.printed.join('')).toContain(
      `Put the docs-agent label back on the dashboard issue #${saved}.`
    )
    // Listed with its label: nothing to put back.
    expect((await findDashboards(github, key, 10_000)).winner?.unlabelled).toBeUndefined()
    expect(warnings()).toEqual([])
  })

  it('keeps the record written when the label cannot be put back, and tries again next run', async () => {
    const github = session()
    const saved = await saveDashboard(github, undefined, VIEW, 10_000)
    const stored = inProcess.github.issues(repository()).find((i) => i.number === saved)
    if (!stored || saved === undefined) throw new Error('not saved')
    stored.labels = []
    inProcess.github.deny({ method: 'POST', path: /\/labels$/, status: 403, times: 1 })
    expect(await writeDashboard(github, saved, VIEW, 10_000, true)).toEqual({ number: saved })
    expect(stored.labels).toEqual([])
    expect(inProcess.printed.join('')).toContain('the next run tries again')
    expect(warnings()).toEqual([])
  })

  it.each([
    ['opening', 'POST', undefined],
    ['updating', 'PATCH', 1]
  ] as const)(
    'says GitHub refused %s the dashboard (403), not a 422',
    async (_, method, number) => {
      inProcess.github.deny({ method, path: /\/issues(\/\d+)?$/, status: 403, times: 1 })
      expect(await writeDashboard(session(), number, VIEW, 10_000)).toEqual({ denied: true })
      inProcess.github.deny({ method, path: /\/issues(\/\d+)?$/, status: 422, times: 1 })
      expect(await writeDashboard(session(), number, VIEW, 10_000)).toEqual({})
      expect(warnings()).toHaveLength(2)
    }
  )

  it('writes the record anew when its issue was deleted meanwhile (404)', async () => {
    const before = inProcess.github.issues(repository()).length
    const saved = await saveDashboard(session(), 77, VIEW, 10_000)
    const issues = inProcess.github.issues(repository())
    expect(issues).toHaveLength(before + 1)
    // Later writes of the run go to the new issue, not to the deleted one.
    expect(saved).toBe(issues.at(-1)?.number)
    expect(saved).not.toBe(77)
    expect(await findDashboards(session(), key, 10_000)).toMatchObject({
      winner: { issue: { number: saved } }
    })
  })

  it('throws, naming no permission, when GitHub fails with a 5xx: unknown is not none', async () => {
    inProcess.github.deny({
      method: 'GET',
      path: new RegExp(`${repository()}/issues$`),
      status: 502
    })
    await expect(findDashboards(session(), key, 10_000)).rejects.toBeInstanceOf(StateUnknownError)
    expect(warnings()).toEqual([])
  })

  it('retires an older record: closed, its marker gone, the winner named', async () => {
    const old = await saveDashboard(session(), undefined, VIEW, 10_000)
    const won = await saveDashboard(session(), undefined, VIEW, 10_000)
    if (old === undefined || won === undefined) throw new Error('not saved')
    const found = await findDashboards(session(), key, 10_000)
    if (!found.winner) throw new Error('no record')
    expect(found.winner.issue.number).toBe(won)
    const [loser] = found.others
    if (!loser) throw new Error('no older record')
    expect(loser.issue.number).toBe(old)
    const settled = await settleRace(
      session(),
      { ...VIEW, ...found.winner },
      [loser],
      10_000,
      () => undefined
    )
    // The winner lists the loser's job as ended, and is written so.
    const lost = { id: loser.record.job, why: 'lost-race' }
    expect(settled).toEqual({
      record: { ...found.winner.record, ended: [...found.winner.record.ended, lost] },
      relabelled: false
    })
    const winner = inProcess.github.issues(repository()).find((i) => i.number === won)
    expect(parseBranchRecords(winner?.body)[0]).toEqual(settled?.record)
    const stored = inProcess.github.issues(repository()).find((i) => i.number === old)
    expect(stored?.state).toBe('closed')
    expect(stored?.body).toContain(`replaced by #${won}`)
    expect(parseBranchRecords(stored?.body)[0]).toBeUndefined()
    expect(await findDashboards(session(), key, 10_000)).toMatchObject({
      winner: expect.anything(),
      others: []
    })
  })

  it('retires an older record and puts back the label a person took off the winner', async () => {
    await saveDashboard(session(), undefined, VIEW, 10_000)
    const won = await saveDashboard(session(), undefined, VIEW, 10_000)
    const stored = inProcess.github.issues(repository()).find((i) => i.number === won)
    if (!stored || won === undefined) throw new Error('not saved')
    stored.labels = []
    const found = await findDashboards(session(), key, 10_000)
    if (!found.winner) throw new Error('no record')
    expect(found.winner).toMatchObject({ issue: { number: won }, unlabelled: true })
    const settled = await settleRace(
      session(),
      { ...VIEW, ...found.winner },
      found.others,
      10_000,
      () => undefined
    )
    expect(settled?.relabelled).toBe(true)
    expect(stored.labels).toEqual(['docs-agent'])
    expect((await findDashboards(session(), key, 10_000)).winner?.unlabelled).toBeUndefined()
    expect(warnings()).toEqual([])
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
          expect(parseBranchRecords(body)[0]).toEqual({
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
