// The branch's record through a busy week (issue 37): the label a person removed is put back,
// a run that only waited says so, a new job's first prompt lists the given-back commits first,
// a force push is said in the log, and a refused dashboard warns once. Through the bundle,
// against both stand-ins.

import { jest } from '@jest/globals'
import { branchWorld, REPO, warnings } from '../support/branch-world.js'
import { holdBusy, isJobRead, until } from '../support/fixtures.js'

jest.setTimeout(60_000)

const LABEL = 'docs-agent'
/** The run's lines that say the branch's history was rewritten. */
const rewrites = (stdout: string): string[] =>
  stdout.split('\n').filter((line) => line.includes('the history was rewritten'))

describe("the branch's record", () => {
  it.concurrent(
    'goes on with the dashboard a person took the label off, and puts the label back once',
    async () => {
      const w = await branchWorld()
      try {
        // A pull request numbered past those the pushes come from, on another branch: the
        // dashboard's number is then none of theirs (the stand-in keeps pull requests apart).
        w.github.pushCommits(REPO, 'elsewhere', [{ message: 'Other', pull: { number: 150 } }])
        await w.push(['Labelled change'])
        const [dashboard] = w.openDashboards()
        expect(dashboard?.labels).toEqual([LABEL])
        if (dashboard) dashboard.labels = ['triage']
        const labelCalls = () =>
          w.github.requests.filter(
            (r) => r.method === 'POST' && /\/issues\/\d+\/labels$/.test(r.path)
          ).length
        const next = await w.push(['Unlabelled change'])
        expect(next.exitCode).toBe(0)
        // The same dashboard and job: found by its author and marker, whatever the label.
        expect(w.creations()).toBe(1)
        expect(w.messages()).toBe(1)
        expect(w.openDashboards()).toHaveLength(1)
        expect(w.openDashboards()[0]?.labels).toEqual(['triage', LABEL])
        expect(labelCalls()).toBe(1)
        expect(next.stdout).toContain(`Put the ${LABEL} label back on the dashboard issue`)
        // Labelled again: the next run adds nothing.
        const third = await w.push(['Third change'])
        expect(third.exitCode).toBe(0)
        expect(labelCalls()).toBe(1)
        expect(warnings(next)).toEqual([])
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'says a run waited for the busy job until its timeout and sent nothing',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Long change'], 'fast: Update the docs.', { inputs: { wait: 'false' } })
        // The job works for the next run's whole timeout.
        const stillBusy = holdBusy(w.agent)
        const timedOut = await w.push(['Waited change'], 'fast: Update the docs.', {
          inputs: { timeout: '2s' }
        })
        stillBusy()
        expect(timedOut.exitCode).toBe(1)
        expect(w.mentions('Waited change')).toBe(0)
        const body = w.openDashboards()[0]?.body ?? ''
        const rows = body.split('\n').filter((line) => /^\| \d{4}-/.test(line))
        // Newest first: the run that waited, then the one that started the job.
        expect(rows[0]).toContain('| waited for the busy job; sent nothing |')
        expect(body).not.toContain('then sent a follow-up')
        expect(body).toContain('1 job created, 0 follow-ups, 1 that sent nothing')
        // Waited, and then sent: the row says both.
        const later = await w.push(['Later change'], 'fast: Update the docs.', {
          inputs: { wait: 'false' }
        })
        const jobReads = () => w.agent.requests.filter(isJobRead).length
        const read = jobReads()
        // Busy until the next run has read it once, then done.
        const busyUntilRead = holdBusy(w.agent)
        const waiting = w.push(['After the wait'])
        await until(() => jobReads() > read, 'the run finds the job busy')
        busyUntilRead()
        const waited = await waiting
        expect([later.exitCode, waited.exitCode]).toEqual([0, 0])
        expect(waited.stdout).toContain('is still working on an earlier prompt; waiting')
        const after = w.openDashboards()[0]?.body ?? ''
        const newest = after.split('\n').find((line) => /^\| \d{4}-/.test(line))
        expect(newest).toContain('| waited for the busy job, then sent a follow-up |')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent.each([
    ['failed', 'fail:'],
    ['was archived', 'archive:']
  ])(
    "lists a job that %s's commits oldest first with the new ones, under one compare link",
    async (why, directive) => {
      const w = await branchWorld()
      try {
        const start = w.head()
        const ended = await w.push(
          ['Given back one', 'Given back two'],
          `${directive} Update the docs.`
        )
        expect(ended.outputs['job-id']).toBeTruthy()
        const next = await w.push(['New change'])
        expect(next.exitCode).toBe(0)
        expect(next.stdout).toMatch(new RegExp(`the recorded job \\S+ ${why}\\.`))
        const last = w.sent().at(-1)
        expect(last?.jobId).toBe('(new)')
        const prompt = last?.prompt ?? ''
        const at = ['Given back one', 'Given back two', 'New change'].map((s) => prompt.indexOf(s))
        expect(at.every((i) => i >= 0)).toBe(true)
        expect([...at].sort((a, b) => a - b)).toEqual(at)
        expect(prompt).toContain('3 commits, oldest first')
        // From the commit before the oldest told to the head: all three.
        expect(prompt).toContain(`/${REPO}/compare/${start}...${w.head()}`)
        // The dashboard's row links the same range.
        const body = w.openDashboards()[0]?.body ?? ''
        expect(body).toContain(`/${REPO}/compare/${start}...${w.head()}`)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'says in one line, naming the branch, that a force push rewrote the history, on every path',
    async () => {
      const w = await branchWorld({ branch: 'feature' })
      try {
        const initial = w.head()
        // The first run is a force push: the commit after the first was rewritten.
        w.pushOnly(['Old change'])
        const old = w.head()
        const stored = w.github.pushCommits(
          REPO,
          'feature',
          [
            { sha: initial, message: 'Initial commit', author: 'dev' },
            { message: 'Rewritten change', author: 'dev' }
          ],
          { replace: true }
        )
        const head = stored.at(-1)?.sha ?? ''
        const payload = {
          ref: 'refs/heads/feature',
          before: old,
          after: head,
          forced: true,
          commits: [
            { id: head, message: 'Rewritten change', author: { name: 'Dev', username: 'dev' } }
          ]
        }
        const first = await w.runEvent('push', payload, head, 'fast: Update the docs.')
        expect(first.exitCode).toBe(0)
        expect(rewrites(first.stdout)).toEqual([
          `The push's previous head (${old.slice(0, 7)}) is no longer on feature: the history was rewritten, so this run weighs the commits since the histories part.`
        ])
        expect(w.prompts()[0]).toContain('Rewritten change')
        expect(w.prompts()[0]).not.toContain('Old change')
        // The record starts where the histories part: a later push says nothing of a rewrite.
        const next = await w.runEvent(
          'push',
          { ref: 'refs/heads/feature', before: head, after: head, commits: [] },
          head,
          'fast: Update the docs.'
        )
        expect(next.exitCode).toBe(0)
        expect(rewrites(next.stdout)).toEqual([])
        // A force push past the ledger's base: one line again.
        const forced = await w.push(
          ['Forced again'],
          'fast: Update the docs.',
          {},
          { replace: true }
        )
        expect(forced.exitCode).toBe(0)
        expect(rewrites(forced.stdout)).toHaveLength(1)
        expect(rewrites(forced.stdout)[0]).toContain('is no longer on feature')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent.each([
    ['opening it', 'POST', /\/issues$/, false],
    ['updating it', 'PATCH', /\/issues\/\d+$/, true]
  ] as const)(
    'warns once when GitHub refuses the dashboard (403) on %s, early and at the end',
    async (_, method, path, existing) => {
      const w = await branchWorld()
      try {
        if (existing) await w.push(['Recorded change'])
        const before = w.github.requests.length
        w.github.deny({ method, path, status: 403 })
        const run = await w.push(['Refused change'])
        expect(run.exitCode).toBe(0)
        const said = warnings(run)
        expect(said).toHaveLength(1)
        expect(said[0]).toContain('issues: write')
        expect(w.mentions('Refused change')).toBe(1)
        const writes = w.github.requests
          .slice(before)
          .filter((r) => r.method === method && path.test(r.path))
        // Refused once, then no more tried.
        expect(writes).toHaveLength(1)
      } finally {
        await w.close()
      }
    }
  )
})
