// The branch's promise through the events of a busy repository (no commit lost): one test for
// each way it used to break. Through the bundle, against both stand-ins. The files of
// this promise: branch-lost, branch-one, branch-says.

import { jest } from '@jest/globals'
import { branchWorld, mentionsOf } from '../support/branch-world.js'
import { holdBusy } from '../support/fixtures.js'

jest.setTimeout(60_000)

describe('no commit is lost', () => {
  it.concurrent(
    "a failed first job's commits, from a scheduled run, go to the next job",
    async () => {
      const w = await branchWorld()
      try {
        w.pushOnly(['Week change one', 'Week change two'])
        const first = await w.schedule('fail: Update the docs.')
        const next = await w.push(['Next change'])
        expect(first.exitCode).toBe(1)
        expect(next.exitCode).toBe(0)
        expect(w.creations()).toBe(2)
        const last = w.prompts().at(-1) ?? ''
        for (const subject of ['Week change one', 'Week change two', 'Next change']) {
          expect(last).toContain(subject)
        }
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "a failed first job's commits, from the push that created the branch, go to the next job",
    async () => {
      const w = await branchWorld({ branch: 'feature' })
      try {
        const index = w.pushOnly(['Feature one', 'Feature two'], 'dev', false, true)
        const created = await w.runPush(index, 'fail: Update the docs.')
        const next = await w.push(['Feature three'])
        expect(created.exitCode).toBe(1)
        expect(next.exitCode).toBe(0)
        const last = w.prompts().at(-1) ?? ''
        for (const subject of ['Feature one', 'Feature two', 'Feature three']) {
          expect(last).toContain(subject)
        }
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a job that fails while a later run waits for it gives its commits to the new job',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Busy one'])
        const busy = await w.push(['Busy two'], 'slow:3000:fail: Update the docs.', {
          inputs: { wait: 'false' }
        })
        // Still working when the waiter reads it, however long that run takes to start.
        holdBusy(w.agent, 1)
        const waiter = await w.push(['Waiter change'])
        expect(busy.exitCode).toBe(0)
        expect(waiter.exitCode).toBe(0)
        expect(waiter.stdout).toContain('waiting for it to end before sending this one')
        expect(waiter.stdout).toMatch(/Created a new job \S+: the recorded job \S+ failed\./)
        const last = w.sent().at(-1)
        expect(last?.jobId).toBe('(new)')
        expect(last?.prompt).toContain('Busy one')
        expect(last?.prompt).toContain('Busy two')
        expect(last?.prompt).toContain('Waiter change')
        expect(w.openDashboards()).toHaveLength(1)
        expect(w.openDashboards()[0]?.body).toContain('(failed)')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "an older push's run that arrives after a newer one tells the older commits",
    async () => {
      const w = await branchWorld()
      try {
        const older = w.pushOnly(['Older push change'])
        const newer = w.pushOnly(['Newer push change'])
        const first = await w.runPush(newer)
        const late = await w.runPush(older)
        expect([first.exitCode, late.exitCode]).toEqual([0, 0])
        expect(late.outputs.skipped).toBe('false')
        expect(mentionsOf(w, ['Older push change', 'Newer push change'])).toEqual({
          'Older push change': 1,
          'Newer push change': 1
        })
        expect(w.creations()).toBe(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a first run that failed before reaching the agent, re-run after the next push, tells its commits',
    async () => {
      const w = await branchWorld()
      try {
        // The service refuses the first creation: nothing reached the agent.
        w.agent.inject({ method: 'POST', path: /\/job$/, fault: { kind: 'status', status: 400 } })
        const first = w.pushOnly(['First push change'])
        const failed = await w.runPush(first)
        const refused = w.prompts().length
        const next = await w.push(['Second push change'])
        const rerun = await w.rerun(0)
        expect([failed.exitCode, next.exitCode, rerun.exitCode]).toEqual([1, 0, 0])
        // The refused creation reached no job: only what came after it counts.
        const told = w.prompts().slice(refused)
        const count = (subject: string): number => told.filter((p) => p.includes(subject)).length
        expect([count('First push change'), count('Second push change')]).toEqual([1, 1])
        expect(w.creations() - refused).toBe(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a run that timed out waiting for a busy job is re-run: it sends what it had not',
    async () => {
      const w = await branchWorld()
      try {
        const busy = await w.push(['Long change'], 'fast: Update the docs.', {
          inputs: { wait: 'false' }
        })
        // The job works for the next run's whole timeout, then is done for its re-run.
        const stillBusy = holdBusy(w.agent)
        const timedOut = await w.push(['Waited change'], 'fast: Update the docs.', {
          inputs: { timeout: '5s' }
        })
        stillBusy()
        expect(timedOut.exitCode).toBe(1)
        expect(w.mentions('Waited change')).toBe(0)
        expect(w.openDashboards()[0]?.body).toContain('waited for the busy job')
        const rerun = await w.rerun()
        expect(rerun.exitCode).toBe(0)
        expect(w.mentions('Waited change')).toBe(1)
        expect(w.sent().at(-1)?.jobId).toBe(busy.outputs['job-id'])
      } finally {
        await w.close()
      }
    }
  )
})
