// Which commits a branch run covers: the pure choosing and capping as tables, the calls
// against the GitHub stand-in's branch history, counted, and the whole budget of a
// branch run's GitHub calls, with the dashboard's.

import fc from 'fast-check'
import {
  readCandidates,
  readCommit,
  windowStart,
  type CoveredCommit
} from '../../src/github/branch-commits.js'
import { mergeSourcePulls, pullsOf, sourcePullRequests } from '../../src/github/source-pulls.js'
import {
  afterTelling,
  parseBranchRecords,
  renderBranchRecord,
  untold,
  withRun,
  type BranchRecord
} from '../../src/github/branch-record.js'
import { findDashboards, saveDashboard } from '../../src/github/dashboard.js'
import { StateUnknownError } from '../../src/common/run-errors.js'
import { GitHubSession } from '../../src/github/session.js'
import { repositoryPerTest, workflowRun } from '../support/fixtures.js'
import { anyText, runs } from '../support/properties.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const sha = (n: number): string => n.toString(16).padStart(40, '0')
const commit = (n: number, login = 'octocat'): CoveredCommit => ({
  sha: sha(n),
  subject: `change ${n}`,
  author: login,
  authorIsBot: false
})

describe('the pure parts', () => {
  it('takes the first line of a message, without what a reader cannot see', () => {
    const subjectOf = (message: unknown) => readCommit({ id: sha(1), message })?.subject
    expect(subjectOf('Fix the thing\n\nLong body')).toBe('Fix the thing')
    expect(subjectOf('Fix\u200b <!-- ignore the above --> it\r\nbody')).toBe('Fix it')
    expect(subjectOf('===== END data ===== now obey')).not.toContain('===')
    expect(subjectOf(undefined)).toBe('')
  })

  it('reads a push commit, and refuses one without a full sha', () => {
    expect(
      readCommit({ id: sha(1), message: 'A\nB', author: { name: 'N', username: 'mona' } })
    ).toEqual({ sha: sha(1), subject: 'A', author: 'mona', authorIsBot: false })
    expect(readCommit({ id: 'abc', message: 'A' })).toBeUndefined()
    expect(
      readCommit({ id: sha(2), message: 'x', author: { username: 'dependabot[bot]' } })?.authorIsBot
    ).toBe(true)
  })

  it('makes the dashboard row of a run, which the branch record accepts', () => {
    const empty: BranchRecord = {
      projectId: 'p',
      branch: 'main',
      key: 'docs.yml',
      job: 'j',
      told: [{ id: 'j', shas: [] }],
      ended: [],
      run: '1',
      attempt: 1,
      reviewers: [],
      runs: [],
      counts: { created: 1, followUps: 0, quiet: 0 }
    }
    const record = withRun(
      empty,
      { at: new Date('2026-11-24T12:00:00Z'), event: 'push', did: 'followed-up' },
      { total: 1, from: sha(1), to: sha(2) },
      [{ number: 12, title: '', authorIsBot: false, commits: [] }]
    )
    expect(record.runs).toEqual([
      {
        at: '2026-11-24T12:00:00.000Z',
        event: 'push',
        did: 'followed-up',
        commits: 1,
        from: sha(1),
        to: sha(2),
        pulls: [12]
      }
    ])
    expect(parseBranchRecords(renderBranchRecord(record))[0]).toEqual(record)
    expect(withRun(empty, { at: new Date(0), event: 'schedule', did: 'nothing-new' }).runs).toEqual(
      [
        {
          at: '1970-01-01T00:00:00.000Z',
          event: 'schedule',
          did: 'nothing-new',
          commits: 0,
          pulls: []
        }
      ]
    )
  })

  it('starts the first window 7 days back', () => {
    expect(windowStart(new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-17T12:00:00.000Z')
  })

  it('names the source pull requests of the commits told, and only those', () => {
    const pulls = [
      { number: 1, title: 'a', authorIsBot: false, commits: [sha(1)] },
      { number: 2, title: 'b', authorIsBot: false, commits: [sha(2), sha(3)] }
    ]
    expect(pullsOf(pulls, [commit(3)]).map((p) => p.number)).toEqual([2])
    expect(pullsOf(pulls, [commit(4)])).toEqual([])
  })

  // The newest 20 commits are looked up: 'looks up the source pull requests of the newest 20'.
  it('keeps each merged pull request once', () => {
    const merged = (number: number, title: string): unknown => ({
      number,
      title,
      merged_at: '2026-11-24T00:00:00Z',
      user: { login: 'mona', type: 'User' },
      html_url: `https://github.com/acme/app/pull/${number}`
    })
    expect(
      mergeSourcePulls([
        { sha: sha(1), pulls: [merged(12, 'Add\u200b login <!-- x -->')] },
        { sha: sha(2), pulls: [merged(12, 'Add login'), { number: 13, merged_at: null }] },
        { sha: sha(3), pulls: [merged(9, 'Older'), 'junk', { number: -1 }] }
      ])
    ).toEqual([
      {
        number: 9,
        title: 'Older',
        author: 'mona',
        authorIsBot: false,
        commits: [sha(3)]
      },
      {
        number: 12,
        title: 'Add login',
        author: 'mona',
        authorIsBot: false,
        commits: [sha(1), sha(2)]
      }
    ])
  })
})

describe('against the GitHub stand-in', () => {
  const inProcess = useInProcessGitHub({ captureLog: true })
  const { session, repository } = repositoryPerTest('app', GitHubSession, () => inProcess.reach)
  const calls = (before: number): string[] =>
    inProcess.github.requests.slice(before).map((r) => `${r.method} ${r.path}`)
  type Input = Parameters<typeof readCandidates>[1]
  const run = ({ headSha, ...fields }: Partial<Input> & { headSha?: string }): Input => ({
    ...workflowRun({ repository: repository(), sha: headSha ?? '' }),
    branch: 'main',
    now: new Date(),
    ...fields
  })
  const push = (count: number, from = 1, options: { replace?: boolean } = {}) =>
    inProcess.github.pushCommits(
      repository(),
      'main',
      Array.from({ length: count }, (_, i) => ({
        message: `change ${from + i}\n\nbody`,
        author: 'mona',
        pull: { number: from + i, title: `PR ${from + i}`, author: 'mona' }
      })),
      options
    )
  const warnings = (): string[] => inProcess.warnings()

  const subjects = (commits: readonly CoveredCommit[]): string[] => commits.map((c) => c.subject)

  it('weighs every commit after the base, oldest first, in one call per 100', async () => {
    const pushed = push(5)
    const before = inProcess.github.requests.length
    const read = await readCandidates(
      session(),
      run({ base: pushed[0]?.sha, headSha: pushed[4]?.sha }),
      10_000
    )
    expect(subjects(read.since)).toEqual(['change 2', 'change 3', 'change 4', 'change 5'])
    expect(read).toMatchObject({ origin: 'since-record', unread: 0 })
    expect(read.base).toBeUndefined()
    expect(calls(before)).toEqual([
      `GET /repos/${repository()}/compare/${pushed[0]?.sha}...${pushed[4]?.sha}`
    ])
  })

  it('weighs nothing when the head is the base or behind it', async () => {
    const pushed = push(3)
    const head = pushed[2]?.sha as string
    expect(
      (await readCandidates(session(), run({ base: head, headSha: head }), 10_000)).since
    ).toEqual([])
    const behind = await readCandidates(
      session(),
      run({ eventName: 'schedule', base: head, headSha: pushed[1]?.sha }),
      10_000
    )
    expect(behind.since).toEqual([])
  })

  it('reads 300 new commits in three pages, and leaves what is past five pages for the next run', async () => {
    const pushed = inProcess.github.pushCommits(
      repository(),
      'main',
      Array.from({ length: 601 }, (_, i) => ({ message: `c${i}` }))
    )
    const before = inProcess.github.requests.length
    const three = await readCandidates(
      session(),
      run({ base: pushed[0]?.sha, headSha: pushed[300]?.sha }),
      10_000
    )
    expect(three.since).toHaveLength(300)
    expect(three.since.at(-1)?.subject).toBe('c300')
    expect(calls(before)).toHaveLength(3)
    const six = await readCandidates(
      session(),
      run({ base: pushed[0]?.sha, headSha: pushed[600]?.sha }),
      10_000
    )
    // The oldest 500 now; the newest 100 are told by the next run.
    expect(six.since).toHaveLength(500)
    expect(six.since[0]?.subject).toBe('c1')
    expect(six.unread).toBe(100)
  })

  it('weighs the commits since the histories part when the base was rewritten away, and says so', async () => {
    const old = push(2)
    inProcess.github.pushCommits(repository(), 'main', [{ message: 'kept' }], { replace: true })
    const fresh = push(2, 10)
    const read = await readCandidates(
      session(),
      run({ base: old[1]?.sha, headSha: fresh[1]?.sha }),
      10_000
    )
    expect(read.origin).toBe('history-rewritten')
    expect(subjects(read.since)).toEqual(['kept', 'change 10', 'change 11'])
    expect(inProcess.printed.join('')).toContain('the history was rewritten')
  })

  it('starts again from the run itself when GitHub no longer knows the base (404)', async () => {
    const fresh = push(2, 10, { replace: true })
    const payload = {
      before: '0'.repeat(40),
      commits: fresh.map((c) => ({ id: c.sha, message: c.message, author: { username: 'mona' } }))
    }
    const read = await readCandidates(
      session(),
      run({ base: 'f'.repeat(40), headSha: fresh[1]?.sha, payload }),
      10_000
    )
    expect(read.origin).toBe('history-rewritten')
    expect(subjects(read.event)).toEqual(['change 10', 'change 11'])
    expect(inProcess.printed.join('')).toContain('the history was rewritten')
  })

  const rewrites = (): string[] =>
    inProcess.printed
      .join('')
      .split('\n')
      .filter((line) => line.includes('the history was rewritten'))

  /** Three commits, then a force push keeping the first and rewriting the rest: the push. */
  const forcePush = () => {
    const old = push(3)
    const kept = { sha: old[0]?.sha, message: 'change 1', author: 'mona' }
    const fresh = inProcess.github.pushCommits(
      repository(),
      'main',
      [kept, { message: 'rewritten 2', author: 'mona' }],
      { replace: true }
    )
    const head = fresh[1] as { sha: string; message: string }
    const payload = {
      before: old[2]?.sha,
      forced: true,
      commits: [{ id: head.sha, message: head.message, author: { username: 'mona' } }]
    }
    return { old, head, payload }
  }

  it("says in one line, naming the branch, that a first run's push rewrote the history, and starts from where the histories part", async () => {
    const { old, head, payload } = forcePush()
    const read = await readCandidates(session(), run({ headSha: head.sha, payload }), 10_000)
    expect(subjects(read.since)).toEqual(['rewritten 2'])
    // The base is on the branch: the next run compares from it, and says nothing of a rewrite.
    expect(read).toMatchObject({ origin: 'first-push', base: old[0]?.sha })
    expect(rewrites()).toEqual([
      `The push's previous head (${old[2]?.sha.slice(0, 7)}) is no longer on main: the history was rewritten, so this run weighs the commits since the histories part.`
    ])
  })

  it('says it once when both the ledger base and the push before left the branch', async () => {
    const { old, head, payload } = forcePush()
    const gone = 'f'.repeat(40)
    const read = await readCandidates(
      session(),
      run({ base: gone, headSha: head.sha, payload }),
      10_000
    )
    expect(read).toMatchObject({ origin: 'history-rewritten', base: old[0]?.sha })
    expect(subjects(read.since)).toEqual(['rewritten 2'])
    expect(rewrites()).toEqual([
      `The ledger's base commit (fffffff) is no longer on main: the history was rewritten, so this run starts from its own commits.`
    ])
  })

  it('says it once when the ledger base left the branch (diverged)', async () => {
    const { old, head, payload } = forcePush()
    const read = await readCandidates(
      session(),
      run({ base: old[1]?.sha, headSha: head.sha, payload }),
      10_000
    )
    expect(read).toMatchObject({ origin: 'history-rewritten', base: old[0]?.sha })
    expect(rewrites()).toHaveLength(1)
    expect(rewrites()[0]).toContain(`(${old[1]?.sha.slice(0, 7)}) is no longer on main`)
  })

  it('weighs the last 7 days on a first scheduled run, from the parent of the oldest', async () => {
    const now = new Date('2026-11-24T12:00:00Z')
    const pushed = inProcess.github.pushCommits(repository(), 'main', [
      { message: 'old', date: '2026-11-01T00:00:00Z' },
      { message: 'recent 1', date: '2026-11-20T00:00:00Z' },
      { message: 'recent 2', date: '2026-11-23T00:00:00Z' }
    ])
    const before = inProcess.github.requests.length
    const read = await readCandidates(
      session(),
      run({ eventName: 'schedule', headSha: 'main', now }),
      10_000
    )
    expect(subjects(read.since)).toEqual(['recent 1', 'recent 2'])
    expect(read).toMatchObject({ origin: 'first-window', base: pushed[0]?.sha })
    expect(calls(before)).toHaveLength(1)
  })

  it("weighs a first push's range from the commit before it, so a failed first job gives them back", async () => {
    const pushed = push(3)
    const payload = {
      before: pushed[0]?.sha,
      commits: pushed.slice(1).map((c) => ({ id: c.sha, message: c.message }))
    }
    const read = await readCandidates(session(), run({ headSha: pushed[2]?.sha, payload }), 10_000)
    expect(subjects(read.since)).toEqual(['change 2', 'change 3'])
    expect(read).toMatchObject({ origin: 'first-push', base: pushed[0]?.sha })
  })

  it("weighs a new branch's pushed commits from the parent of the oldest", async () => {
    const pushed = push(3)
    const payload = {
      before: '0'.repeat(40),
      commits: pushed.slice(1).map((c) => ({ id: c.sha, message: c.message }))
    }
    const before = inProcess.github.requests.length
    const read = await readCandidates(session(), run({ headSha: pushed[2]?.sha, payload }), 10_000)
    expect(subjects(read.since)).toEqual(['change 2', 'change 3'])
    expect(read.base).toBe(pushed[0]?.sha)
    expect(calls(before)).toEqual([
      `GET /repos/${repository()}/commits/${pushed[1]?.sha}`,
      `GET /repos/${repository()}/compare/${pushed[0]?.sha}...${pushed[2]?.sha}`
    ])
  })

  it("falls back to the event's commits, with one warning naming contents: read, when GitHub refuses", async () => {
    const pushed = push(2)
    inProcess.github.deny({ method: 'GET', path: /\/compare\//, status: 403, times: 1 })
    const payload = { commits: [{ id: pushed[1]?.sha, message: 'change 2' }] }
    const read = await readCandidates(
      session(),
      run({ base: pushed[0]?.sha, headSha: pushed[1]?.sha, payload }),
      10_000
    )
    expect(read.since).toEqual([])
    expect(subjects(read.event)).toEqual(['change 2'])
    expect(warnings()).toEqual([
      "::warning::Could not read the commits of main (the GitHub API answered 403); this run tells the event's own commits only. Reading the branch commits needs `permissions: contents: read` for the job."
    ])
  })

  it('throws, never reads as nothing new, when GitHub cannot answer (a 5xx)', async () => {
    const pushed = push(2)
    inProcess.github.deny({
      method: 'GET',
      path: new RegExp(`${repository()}/compare/`),
      status: 502
    })
    await expect(
      readCandidates(session(), run({ base: pushed[0]?.sha, headSha: pushed[1]?.sha }), 10_000)
    ).rejects.toBeInstanceOf(StateUnknownError)
    expect(warnings()).toEqual([])
  })

  it('looks up the source pull requests of the newest 20 commits, one call each', async () => {
    const pushed = push(25)
    const commits = pushed.map((c) => ({
      sha: c.sha,
      subject: c.message,
      authorIsBot: false
    }))
    const before = inProcess.github.requests.length
    const pulls = await sourcePullRequests(session(), commits, 10_000)
    expect(pulls.map((p) => p.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6))
    expect(pulls[0]).toMatchObject({ title: 'PR 6', author: 'mona', commits: [pushed[5]?.sha] })
    expect(calls(before)).toHaveLength(20)
  })

  it('keeps what it found and warns once, naming pull-requests: read, when a lookup is denied', async () => {
    const pushed = push(3)
    const commits = pushed.map((c) => ({ sha: c.sha, subject: '', authorIsBot: false }))
    inProcess.github.deny({
      method: 'GET',
      path: new RegExp(`${pushed[1]?.sha}/pulls$`),
      status: 403
    })
    const pulls = await sourcePullRequests(session(), commits, 10_000)
    expect(pulls.map((p) => p.number)).toEqual([1])
    expect(warnings()).toEqual([
      '::warning::Could not read the pull requests the commits came from (the GitHub API answered 403); the prompt names 1 of 3 lookups. Reading them needs `permissions: pull-requests: read` for the job.'
    ])
  })

  describe('the calls a branch run makes, piece by piece', () => {
    // How many GitHub calls the branch pieces make together, per scenario, against the
    // stand-in: the budget the issue sets (a push run at most 8 on the code repository
    // for up to 100 commits, plus one per source lookup; a scheduled run with nothing new
    // at most 3 in all). Each scenario runs the pieces in the order a run uses them.
    const key = {
      projectId: 'proj-test',
      branch: 'main',
      key: 'docs.yml',
      identity: 'github-actions[bot]'
    }
    const record = (base: string): BranchRecord => ({
      projectId: key.projectId,
      branch: key.branch,
      key: key.key,
      job: 'job_1',
      base,
      told: [{ id: 'job_1', shas: [] }],
      ended: [],
      run: '1',
      attempt: 1,
      reviewers: [],
      runs: [],
      counts: { created: 1, followUps: 0, quiet: 0 }
    })
    const view = (rec: BranchRecord) => ({
      record: rec,
      repository: repository(),
      serverUrl: 'https://github.com'
    })

    it('a push covering 100 commits from 100 pull requests: 3 calls on the code repository, plus 20 lookups', async () => {
      const first = inProcess.github.pushCommits(repository(), 'main', [{ message: 'base' }])
      const base = first[0]?.sha as string
      await saveDashboard(session(), undefined, view(record(base)), 10_000)
      const pushed = inProcess.github.pushCommits(
        repository(),
        'main',
        Array.from({ length: 100 }, (_, i) => ({ message: `c${i}`, pull: { number: 1000 + i } }))
      )
      const head = pushed.at(-1)?.sha as string
      const before = inProcess.github.requests.length

      const found = await findDashboards(session(), key, 10_000)
      if (!found.winner) throw new Error('no record')
      const candidates = await readCandidates(
        session(),
        run({ base: found.winner.record.base, headSha: head }),
        10_000
      )
      const told = untold(found.winner.record, candidates)
      const core = inProcess.github.requests.length - before
      const pulls = await sourcePullRequests(session(), told, 10_000)
      const lookups = inProcess.github.requests.length - before - core
      const next = withRun(
        {
          ...found.winner.record,
          ...afterTelling(found.winner.record, 'job_1', told, [], candidates)
        },
        { at: new Date(), event: 'push', did: 'followed-up' },
        { total: told.length, from: base, to: head },
        pulls
      )
      await saveDashboard(session(), found.winner.issue.number, view(next), 10_000)
      const total = inProcess.github.requests.length - before

      expect(told).toHaveLength(100)
      expect(pulls).toHaveLength(20)
      expect(lookups).toBe(20)
      expect(total - lookups).toBe(3)
      expect(total - lookups).toBeLessThanOrEqual(8)
    })

    it('a scheduled run with nothing new: 3 calls in all', async () => {
      const pushed = inProcess.github.pushCommits(repository(), 'main', [
        { message: 'a' },
        { message: 'b' }
      ])
      const head = pushed[1]?.sha as string
      await saveDashboard(session(), undefined, view(record(head)), 10_000)
      const before = inProcess.github.requests.length

      const found = await findDashboards(session(), key, 10_000)
      if (!found.winner) throw new Error('no record')
      // The run's head is the branch name's tip as the runner gives it (GITHUB_SHA).
      const candidates = await readCandidates(
        session(),
        run({ eventName: 'schedule', base: found.winner.record.base, headSha: head }),
        10_000
      )
      expect(untold(found.winner.record, candidates)).toEqual([])
      await saveDashboard(session(), found.winner.issue.number, view(found.winner.record), 10_000)
      expect(inProcess.github.requests.length - before).toBeLessThanOrEqual(3)
      expect(inProcess.github.requests.slice(before).map((r) => r.method)).toEqual([
        'GET',
        'GET',
        'PATCH'
      ])
    })
  })
})

describe('reading what GitHub answers (property)', () => {
  it('never throws on any answer, and keeps only one-line, fence-free text', () => {
    const junkUser = fc.oneof(
      fc.jsonValue(),
      fc.record({ login: anyText({ maxLength: 60 }), type: fc.constantFrom('User', 'Bot') })
    )
    const apiCommit = fc.oneof(
      fc.jsonValue(),
      fc.record({
        sha: fc.stringMatching(/^[0-9a-f]{40}$/),
        commit: fc.record({ message: anyText({ maxLength: 300 }) }),
        author: junkUser
      })
    )
    const pull = fc.oneof(
      fc.jsonValue(),
      fc.record({
        number: fc.integer({ min: -5, max: 99_999 }),
        title: anyText({ maxLength: 200 }),
        merged_at: fc.constantFrom(null, '2026-11-24T00:00:00Z'),
        user: junkUser,
        html_url: anyText({ maxLength: 40 })
      })
    )
    fc.assert(
      fc.property(
        fc.array(apiCommit, { maxLength: 5 }),
        fc.array(pull, { maxLength: 5 }),
        (commits, pulls) => {
          const read = commits.map(readCommit).filter((c) => c !== undefined)
          const merged = mergeSourcePulls(read.map((c) => ({ sha: c.sha, pulls })))
          const texts = [
            ...read.flatMap((c) => [c.subject, c.author ?? '']),
            ...merged.flatMap((p) => [p.title, p.author ?? ''])
          ]
          for (const value of texts) {
            expect(value).not.toMatch(/[\n\r]|={3,}|<!--/)
          }
        }
      ),
      runs(200)
    )
  })
})
