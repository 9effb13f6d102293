// The dashboard read again just before a run's last write (issue 37): one call, believed as the
// listing believes it (the token's own issue, open, this key's record), and never a failure.

import { renderBranchRecord, type BranchRecord } from '../../src/github/branch-record.js'
import { saveDashboard } from '../../src/github/dashboard.js'
import { readDashboard } from '../../src/github/dashboard-reread.js'
import { GitHubSession } from '../../src/github/session.js'
import { repositoryPerTest } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const KEY = { projectId: 'proj-test', branch: 'main', key: '.github/workflows/docs.yml' }
const RECORD: BranchRecord = {
  ...KEY,
  job: 'job_1',
  told: [{ id: 'job_1', shas: ['a'.repeat(40)] }],
  ended: [],
  counts: { created: 1, followUps: 0, quiet: 0 },
  run: '4242',
  attempt: 1,
  reviewers: [],
  runs: []
}
const VIEW = { record: RECORD, repository: 'acme/app', serverUrl: 'https://github.com' }

describe('the dashboard read again', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const { session, repository } = repositoryPerTest('reread', GitHubSession, () => inProcess.reach)

  it("reads the token's own dashboard in one call, with its record", async () => {
    const github = session()
    const number = await saveDashboard(github, undefined, VIEW, 10_000)
    if (number === undefined) throw new Error('not saved')
    await github.identity(10_000)
    const before = inProcess.github.requests.length
    expect(await readDashboard(github, number, KEY, 10_000)).toEqual({
      ...RECORD,
      by: 'github-actions[bot]'
    })
    const calls = inProcess.github.requests.slice(before).map((r) => `${r.method} ${r.path}`)
    expect(calls).toEqual([`GET /repos/${repository()}/issues/${number}`])
    // Another key's, another project's or branch's record in it: none of this run's.
    for (const other of [{ key: 'other.yml' }, { projectId: 'other' }, { branch: 'dev' }])
      expect(await readDashboard(github, number, { ...KEY, ...other }, 10_000)).toBeUndefined()
    expect(inProcess.warnings()).toEqual([])
  })

  it("believes no one else's issue, and no closed one", async () => {
    const body = `${renderBranchRecord(RECORD)}\n`
    const pasted = inProcess.github.addIssue(repository(), { title: 'Pasted', body })
    expect(await readDashboard(session(), pasted.number, KEY, 10_000)).toBeUndefined()
    const number = await saveDashboard(session(), undefined, VIEW, 10_000)
    const stored = inProcess.github.issues(repository()).find((i) => i.number === number)
    if (!stored || number === undefined) throw new Error('not saved')
    stored.state = 'closed'
    expect(await readDashboard(session(), number, KEY, 10_000)).toBeUndefined()
  })

  it.each([404, 403, 502])(
    'gives no record when the read fails (%i), and says so in the log',
    async (status) => {
      const number = await saveDashboard(session(), undefined, VIEW, 10_000)
      if (number === undefined) throw new Error('not saved')
      inProcess.github.deny({ method: 'GET', path: /\/issues\/\d+$/, status, times: 10 })
      expect(await readDashboard(session(), number, KEY, 10_000)).toBeUndefined()
      expect(inProcess.printed.join('')).toContain(
        `dashboard: could not read the dashboard issue #${number} again`
      )
      expect(inProcess.warnings()).toEqual([])
    }
  )
})
