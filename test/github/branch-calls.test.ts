// How many GitHub calls the branch pieces make together, per scenario, against the
// stand-in: the budget the issue sets (a push run at most 8 on the code repository
// for up to 100 commits, plus one per source lookup; a scheduled run with nothing new
// at most 3 in all). Each scenario runs the pieces in the order a run uses them.

import {
  coveredCommits,
  sourcePullRequests,
  type CoverageInput
} from '../../src/github/branch-commits.js'
import { withRun, type BranchRecord } from '../../src/github/branch-record.js'
import { createDashboard, findDashboard, updateDashboard } from '../../src/github/dashboard.js'
import { repositoryPerTest } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const inProcess = useInProcessGitHub({ captureLog: true })
const { access, repository } = repositoryPerTest('calls')
const key = { projectId: 'proj-test', branch: 'main' }
const record = (lastSha: string): BranchRecord => ({
  ...key,
  jobId: 'job_1',
  lastSha,
  runId: '1',
  runAttempt: 1,
  reviewers: [],
  runs: []
})
const view = (rec: BranchRecord) => ({
  record: rec,
  repository: repository(),
  serverUrl: 'https://github.com'
})
const input = (fields: Partial<CoverageInput>): CoverageInput => ({
  repository: repository(),
  serverUrl: 'https://github.com',
  branch: 'main',
  headSha: '',
  eventName: 'push',
  payload: {},
  now: new Date(),
  ...fields
})

it('a push covering 100 commits from 100 pull requests: 3 calls on the code repository(), plus 20 lookups', async () => {
  const first = inProcess.github.pushCommits(repository(), 'main', [{ message: 'base' }])
  const base = first[0]?.sha as string
  await createDashboard(access(), view(record(base)))
  const pushed = inProcess.github.pushCommits(
    repository(),
    'main',
    Array.from({ length: 100 }, (_, i) => ({ message: `c${i}`, pull: { number: 1000 + i } }))
  )
  const head = pushed.at(-1)?.sha as string
  const before = inProcess.github.requests.length

  const found = await findDashboard(access(), key)
  if (found.kind !== 'found') throw new Error(found.kind)
  const coverage = await coveredCommits(
    access(),
    input({ lastSha: found.record.lastSha, headSha: head })
  )
  if (coverage.kind !== 'commits') throw new Error(coverage.kind)
  const core = inProcess.github.requests.length - before
  const pulls = await sourcePullRequests(access(), coverage.commits)
  const lookups = inProcess.github.requests.length - before - core
  const next = withRun(
    { ...found.record, lastSha: head },
    {
      at: new Date().toISOString(),
      event: 'push',
      did: 'followed-up',
      commits: coverage.total,
      from: base,
      to: head,
      pulls: pulls.slice(-20).map((p) => p.number)
    }
  )
  await updateDashboard(access(), found.issue.number, view(next))
  const total = inProcess.github.requests.length - before

  expect(coverage.total).toBe(100)
  expect(pulls).toHaveLength(20)
  expect(lookups).toBe(20)
  expect(total - lookups).toBe(3)
  expect(total - lookups).toBeLessThanOrEqual(8)
})

it('a scheduled run with nothing new: 2 calls in all', async () => {
  const pushed = inProcess.github.pushCommits(repository(), 'main', [
    { message: 'a' },
    { message: 'b' }
  ])
  const head = pushed[1]?.sha as string
  await createDashboard(access(), view(record(head)))
  const before = inProcess.github.requests.length

  const found = await findDashboard(access(), key)
  if (found.kind !== 'found') throw new Error(found.kind)
  // The run's head is the branch name's tip as the runner gives it (GITHUB_SHA).
  const coverage = await coveredCommits(
    access(),
    input({ eventName: 'schedule', lastSha: found.record.lastSha, headSha: head })
  )
  expect(coverage.kind).toBe('nothing-new')
  await updateDashboard(access(), found.issue.number, view(found.record))
  expect(inProcess.github.requests.length - before).toBeLessThanOrEqual(3)
  expect(inProcess.github.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'PATCH'])
})
