// Two runs of one pull request at once (another workflow, or no shared concurrency group): a
// push run waits for its job while the merged run ends the pull request. The push run's later
// write keeps what the merged run recorded, so a re-run of the merged run repeats nothing, and
// a reopen after a kept close finds the label the close run added and takes it off.

import { describe, expect, it } from '@jest/globals'
import { startedWithFile } from '../support/fixtures.js'
import {
  codeComment,
  docsCalls,
  docsInputs,
  docsNotes,
  docsPull,
  end,
  endWorld,
  DOCS,
  DOCS_PR
} from '../support/end-run-world.js'
import { recorded } from '../support/pr-workflow.js'

const { opened } = endWorld()

describe('a push run that waits while the pull request is merged', () => {
  const overlap = startedWithFile(async () => {
    const sim = await opened()
    const job = recorded(codeComment(sim))?.job
    // The push run follows up the job and waits for it; the merged run comes meanwhile.
    const pushing = sim.run('slow:2500: Document the new flag', { inputs: docsInputs })
    await new Promise((resolve) => setTimeout(resolve, 800))
    const mergedRun = await end(sim, { runId: 8801, end: { action: 'closed', merged: true } })
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
    // The push run polls its job less often, so it sees the job done after the close run did.
    const pushing = sim.run('slow:2500: Document the new flag', {
      inputs: { ...docsInputs, 'poll-interval': '2s', 'max-poll-interval': '2s' }
    })
    await new Promise((resolve) => setTimeout(resolve, 800))
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

  it('keeps the kept close in the record when the push run writes last', async () => {
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
