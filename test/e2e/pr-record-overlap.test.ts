// Two runs of one pull request at once (another workflow, or no shared concurrency group): a
// push run waits for its job while the merged run ends the pull request. The push run's later
// write keeps what the merged run recorded, so a re-run of the merged run repeats nothing, and
// a reopen after a kept close finds the label the close run added and takes it off.

import { describe, expect, it } from '@jest/globals'
import { holdBusy, isJobRead, onDemand, startedWithFile, until } from '../support/fixtures.js'
import {
  codeComment,
  docsCalls,
  docsInputs,
  docsNotes,
  docsPull,
  end,
  endWorld,
  posts,
  DOCS,
  DOCS_PR
} from '../support/end-run-world.js'
import { markerValues } from '../support/markers.js'
import { recorded, REPO, simulate, type Simulation } from '../support/pr-workflow.js'

const { opened } = endWorld()

/**
 * Until the push run, started after request `from`, sent its follow-up and reads its job.
 * With `hold`, the job shows busy from the follow-up on, until the function returned is called.
 */
async function untilWaiting(sim: Simulation, from: number, hold: boolean): Promise<() => void> {
  const since = () => sim.agent.requests.slice(from)
  let lift: (() => void) | undefined
  await until(() => {
    const sentAt = since().findIndex((r) => r.method === 'POST' && r.path.endsWith('/message'))
    if (sentAt >= 0 && hold) {
      lift ??= holdBusy(sim.agent)
    }
    return sentAt >= 0 && since().slice(sentAt).some(isJobRead)
  }, 'the push run follows up its job and waits for it')
  return lift ?? (() => undefined)
}

const waitingWorlds = { merged: endWorld(), closed: endWorld() }

describe('a push run that waits while the pull request is merged', () => {
  const overlap = startedWithFile(async () => {
    const sim = await opened()
    const job = recorded(codeComment(sim))?.job
    // The push run follows up the job and waits for it; the merged run comes meanwhile.
    const from = sim.agent.requests.length
    const pushing = sim.run('slow:2500: Document the new flag', { inputs: docsInputs })
    const stillBusy = await untilWaiting(sim, from, true)
    const mergedRun = await end(sim, { runId: 8801, end: { action: 'closed', merged: true } })
    stillBusy()
    const afterMerge = recorded(codeComment(sim))
    const push = await pushing
    const afterPush = recorded(codeComment(sim))
    const rerun = await end(sim, {
      runId: 8801,
      attempt: 2,
      end: { action: 'closed', merged: true }
    })
    return { sim, job, mergedRun, afterMerge, push, afterPush, rerun }
  })

  it("keeps the merged run's end in the record when the push run writes last", async () => {
    const { job, mergedRun, afterMerge, push, afterPush } = await overlap()
    expect(mergedRun.run.outputs['docs-pr-action']).toBe('merged-note')
    expect(afterMerge?.end).toMatchObject({ event: 'merged', did: 'merged-note' })
    expect(push.exitCode).toBe(0)
    expect(afterPush?.job).toBe(job)
    expect(afterPush?.followUps).toBe(1)
    expect(afterPush?.end).toEqual(afterMerge?.end)
  })

  it('a re-run of the merged run then posts no second note', async () => {
    const { sim, rerun } = await overlap()
    expect(rerun.run.outputs['docs-pr-action']).toBe('none')
    expect(rerun.run.stdout).toContain('attempt 1 of this workflow run already did it')
    expect(docsNotes(sim).filter((note) => note.includes('was merged'))).toHaveLength(1)
  })
})

describe('a push run that waits while the pull request is closed and its docs kept', () => {
  const keep = { 'docs-pr-on-close': 'keep' }
  // Stand-ins of its own: the first case's pull request is merged.
  const world = endWorld()
  const overlap = startedWithFile(async () => {
    const sim = await world.opened()
    // The push run waits for its job, polling it every 5 s; the close run starts just after one
    // of those polls, finds the job done (or waits for it) and ends long before the next.
    const from = sim.agent.requests.length
    const pushing = sim.run('slow:2500: Document the new flag', {
      inputs: { ...docsInputs, 'poll-interval': '5s', 'max-poll-interval': '5s' }
    })
    const stillBusy = await untilWaiting(sim, from, true)
    stillBusy()
    const closedRun = await end(sim, { runId: 8901, end: { action: 'closed' }, inputs: keep })
    const afterClose = recorded(codeComment(sim))
    await pushing
    const afterPush = recorded(codeComment(sim))
    const reopened = await end(sim, { runId: 8902, end: { action: 'reopened' } })
    const removals = docsCalls(
      sim,
      'DELETE',
      `/repos/${DOCS}/issues/${DOCS_PR}/labels/code-pr-closed`
    )
    return { closedRun, afterClose, afterPush, reopened, removals, labels: docsPull(sim)?.labels }
  })

  it('keeps the kept close in the record, whichever run writes last', async () => {
    const { closedRun, afterClose, afterPush } = await overlap()
    expect(closedRun.run.outputs['docs-pr-action']).toBe('kept')
    expect(afterClose?.end).toMatchObject({ event: 'closed', did: 'kept' })
    expect(afterPush?.end).toEqual(afterClose?.end)
  })

  it('the reopen then takes the code-pr-closed label off, not "nothing was done"', async () => {
    const { reopened, removals, labels } = await overlap()
    expect(reopened.run.outputs['docs-pr-action']).toBe('unkept')
    expect(reopened.run.stdout).not.toContain('nothing was done')
    expect(removals).toBe(1)
    expect(labels).toEqual([])
  })
})

// A push run that finds its job busy waits for it; the pull request is merged or closed
// meanwhile (its end run passes the waiting one). Once the job is idle, the push run reads
// the pull request again and sends nothing, in the words of a run that found it ended.
describe.each([
  ['merged', true, 'merged'],
  ['closed unmerged', false, 'closed without merging']
] as const)(
  'a push run that waits for its busy job while the pull request is %s',
  (_, merged, how) => {
    const world = waitingWorlds[merged ? 'merged' : 'closed']
    const overlap = startedWithFile(async () => {
      const sim = await world.opened()
      // A run that follows up the job without waiting for it.
      await sim.run('fast: Document the new flag', {
        runId: 8950,
        inputs: { ...docsInputs, wait: 'false' }
      })
      const sentBefore = posts(sim)
      const stateReads = () =>
        sim.github.requests.filter((r) => r.method === 'GET' && r.path === `/repos/${REPO}/pulls/7`)
          .length
      const readsBefore = stateReads()
      // The job is done at once, but shows busy until the end run is done.
      const jobReads = () => sim.agent.requests.filter(isJobRead).length
      const jobReadsBefore = jobReads()
      const stillBusy = holdBusy(sim.agent)
      const pushing = sim.run('Document the flag once more', { runId: 8951, inputs: docsInputs })
      await until(() => jobReads() > jobReadsBefore, 'the push run finds its job busy')
      sim.github.setPullState(REPO, 7, { state: 'closed', merged })
      // Closed unmerged, the end run waits for the busy job until its 5 s timeout, and ends first
      // (a close that waits until the job ends: companions.test.ts).
      const endRun = await end(sim, {
        runId: 8952,
        end: { action: 'closed', merged },
        inputs: merged ? {} : { timeout: '5s' }
      })
      stillBusy()
      const afterEnd = recorded(codeComment(sim))
      const push = await pushing
      const afterPush = recorded(codeComment(sim))
      const sent = posts(sim) - sentBefore
      return { push, endRun, afterEnd, afterPush, sent, stateReads: stateReads() - readsBefore }
    })

    it('sends nothing once the job is idle, and says why as a run that found it ended', async () => {
      const { push, sent } = await overlap()
      expect(push.exitCode).toBe(0)
      expect(push.stdout).toContain('waiting for it to end before sending this one')
      expect(push.stdout).toContain(
        `Nothing was sent: the pull request was ${how} after this run started, so it sends nothing.`
      )
      expect(push.outputs).toMatchObject({ skipped: 'true', created: 'false' })
      expect(sent).toBe(0)
    })

    it("keeps the end run's record, and reads the pull request once more, after the wait", async () => {
      const { endRun, afterEnd, afterPush, stateReads } = await overlap()
      expect(endRun.run.exitCode).toBe(0)
      expect(afterEnd?.end).toMatchObject({ event: merged ? 'merged' : 'closed' })
      expect(afterPush).toEqual(afterEnd)
      // The push run's one read after its wait; the end run reads it at most once.
      expect(stateReads).toBeGreaterThanOrEqual(1)
      expect(stateReads).toBeLessThanOrEqual(2)
    })
  }
)

// Closed before its first run recorded a job (no concurrency group): the end run records the end
// alone, so the first run, starting late, sends nothing; a reopen lifts it, in the same comment.
describe('a first run that starts after the pull request closed, with no record', () => {
  const fresh = onDemand(() => simulate())
  const lateFirst = startedWithFile(async () => {
    const sim = await fresh()
    const closed = await sim.run('unused', { runId: 9901, end: { action: 'closed' } })
    const afterClose = sim.comments().map((c) => markerValues('pr', c.body))
    const late = await sim.run('Document the widget API', { runId: 9900 })
    const afterLate = { creations: sim.creations(), comments: sim.comments().length }
    const reopened = await sim.run('unused', { runId: 9902, end: { action: 'reopened' } })
    const afterReopen = sim.comments().map((c) => markerValues('pr', c.body))
    const pushed = await sim.run('Document the widget API', { runId: 9903 })
    return { sim, closed, afterClose, late, afterLate, reopened, afterReopen, pushed }
  })

  it('the end run records the end alone', async () => {
    const { closed, afterClose } = await lateFirst()
    expect(closed.exitCode).toBe(0)
    expect(closed.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(afterClose).toEqual([
      [
        {
          project: 'proj-test',
          end: { event: 'closed', run: '9901', attempt: 1, did: 'none', done: [] },
          by: 'github-actions[bot]'
        }
      ]
    ])
  })

  it('the late first run sends nothing and says why', async () => {
    const { late, afterLate } = await lateFirst()
    expect(late.exitCode).toBe(0)
    expect(late.outputs).toMatchObject({ skipped: 'true', created: 'false' })
    expect(late.stdout).toContain(
      'Nothing was sent: the pull request was closed without merging after this run started, so it sends nothing.'
    )
    expect(afterLate).toEqual({ creations: 0, comments: 1 })
  })

  it('a reopen lifts it: the next run starts the job, its record in the same comment', async () => {
    const { sim, afterReopen, pushed } = await lateFirst()
    expect(afterReopen).toEqual([
      [
        {
          project: 'proj-test',
          end: { event: 'reopened', run: '9902', attempt: 1, did: 'none', done: [] },
          by: 'github-actions[bot]'
        }
      ]
    ])
    expect(pushed.exitCode).toBe(0)
    expect(pushed.outputs).toMatchObject({ created: 'true' })
    expect(sim.creations()).toBe(1)
    expect(sim.comments()).toHaveLength(1)
    expect(recorded(sim.comments()[0]?.body)).toMatchObject({ job: sim.agent.jobIds()[0] })
  })
})
