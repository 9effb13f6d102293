// A docs pull request kept open (docs-pr-on-close: keep) through its code pull request's
// life, through the bundle against both stand-ins: kept and labelled, then on reopen the
// label the action added removed with one comment (a dry run first, a re-run after), a
// refused removal, and a label someone already removed. Nothing is sent to the agent.

import { jest } from '@jest/globals'
import { startedWithFile } from '../support/fixtures.js'
import { recorded } from '../support/pr-workflow.js'
import {
  codeComment,
  DOCS,
  DOCS_PR,
  docsCalls,
  docsNotes,
  docsPull,
  end,
  expectRefused,
  endWorld,
  patches
} from '../support/end-run-world.js'

jest.setTimeout(60_000)

const { opened } = endWorld()
const keep = { 'docs-pr-on-close': 'keep' }
const LABEL = `/repos/${DOCS}/issues/${DOCS_PR}/labels/code-pr-closed`

const life = startedWithFile(async () => {
  const sim = await opened()
  const docs = () => ({
    state: docsPull(sim)?.state,
    labels: [...(docsPull(sim)?.labels ?? [])],
    notes: docsNotes(sim),
    patches: patches(sim),
    removals: docsCalls(sim, 'DELETE', LABEL)
  })
  const kept = await end(sim, { runId: 7101, end: { action: 'closed' }, inputs: keep })
  const afterKept = docs()
  // Every request but reads (GraphQL's `viewer` is a POST that reads).
  const writing = () =>
    sim.github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').length
  const writesBefore = writing()
  const dryRun = await end(sim, {
    runId: 7102,
    end: { action: 'reopened' },
    inputs: { 'dry-run': 'true' }
  })
  const dryWrites = writing() - writesBefore
  const reopened = await end(sim, { runId: 7103, end: { action: 'reopened' } })
  const afterReopen = { ...docs(), body: codeComment(sim) }
  const rerun = await end(sim, { runId: 7103, attempt: 2, end: { action: 'reopened' } })
  const afterRerun = docs()
  // Kept again, then a token that may not remove the label.
  await end(sim, { runId: 7104, end: { action: 'closed' }, inputs: keep })
  const allow = sim.github.deny({
    method: 'DELETE',
    path: /\/labels\/code-pr-closed$/,
    status: 403
  })
  const refused = await end(sim, { runId: 7105, end: { action: 'reopened' } })
  const afterRefused = { ...docs(), body: codeComment(sim) }
  allow()
  // Kept again, and the label removed by hand before the reopen.
  await end(sim, { runId: 7106, end: { action: 'closed' }, inputs: keep })
  const pull = docsPull(sim)
  if (pull) pull.labels = []
  const goneBefore = await end(sim, { runId: 7107, end: { action: 'reopened' } })
  const afterGone = docs()
  return {
    ...{ kept, afterKept, dryRun, dryWrites, reopened, afterReopen, rerun, afterRerun },
    ...{ refused, afterRefused, goneBefore, afterGone }
  }
})

describe('a docs pull request kept open when its code pull request closed', () => {
  it('with docs-pr-on-close: keep, comments and labels it code-pr-closed', async () => {
    const { kept, afterKept } = await life()
    expect(kept.run.exitCode).toBe(0)
    expect(kept.posts).toBe(0)
    expect(kept.run.outputs).toMatchObject({ 'docs-pr-action': 'kept', skipped: 'false' })
    expect(afterKept).toMatchObject({ state: 'open', labels: ['code-pr-closed'], patches: 0 })
    expect(afterKept.notes).toEqual([expect.stringContaining('stays open, as the workflow asks')])
  })

  it('a dry run of the reopen says it would remove the label and writes nothing', async () => {
    const { dryRun, dryWrites } = await life()
    expect(dryRun.run.exitCode).toBe(0)
    expect(dryRun.posts).toBe(0)
    expect(dryWrites).toBe(0)
    expect(dryRun.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(dryRun.run.stdout).toContain('Dry run: nothing was written to GitHub.')
    expect(dryRun.run.summary).toContain(
      'Dry run: would remove the label code-pr-closed from acme/docs#100, then comment on acme/docs#100'
    )
  })

  it('on reopen: removes the label it added, with one comment, and sends nothing', async () => {
    const { reopened, afterKept, afterReopen } = await life()
    expect(reopened.run.exitCode).toBe(0)
    expect(reopened.posts).toBe(0)
    expect(reopened.run.outputs).toMatchObject({
      'docs-pr-action': 'unkept',
      'pr-link': `https://github.com/${DOCS}/pull/${DOCS_PR}`,
      created: 'false',
      skipped: 'false'
    })
    expect(afterReopen).toMatchObject({ state: 'open', labels: [], patches: 0, removals: 1 })
    expect(afterReopen.notes).toHaveLength(afterKept.notes.length + 1)
    expect(afterReopen.notes.at(-1)).toContain(
      '[acme/app#7](https://github.com/acme/app/pull/7) was reopened, so the label `code-pr-closed` is removed'
    )
    expect(afterReopen.body).toContain(
      'removed the label code-pr-closed from its docs pull request acme/docs#100'
    )
    expect(recorded(afterReopen.body)?.end).toMatchObject({
      event: 'reopened',
      run: '7103',
      did: 'unkept',
      done: ['unlabel', 'comment']
    })
  })

  it('a re-run of the reopen writes nothing twice', async () => {
    const { rerun, afterReopen, afterRerun } = await life()
    expect(rerun.run.exitCode).toBe(0)
    expect(rerun.posts).toBe(0)
    expect(rerun.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(rerun.run.stdout).toContain('attempt 1 of this workflow run already did it')
    const { body, ...before } = afterReopen
    expect(afterRerun).toEqual(before)
  })

  it('a refused removal is one warning naming the permission and the token, never a failed step', async () => {
    const { refused, afterRefused } = await life()
    expectRefused(refused, 'issues: write')
    expect(refused.run.outputs.skipped).toBe('true')
    expect(afterRefused.labels).toEqual(['code-pr-closed'])
    expect(afterRefused.body).toContain(
      'remove the label code-pr-closed from acme/docs#100 by hand'
    )
  })

  it('a label someone already removed counts as removed', async () => {
    const { goneBefore, afterGone, afterRefused } = await life()
    expect(goneBefore.run.exitCode).toBe(0)
    expect(goneBefore.run.outputs['docs-pr-action']).toBe('unkept')
    expect(goneBefore.run.stdout).not.toContain('::warning')
    expect(afterGone.labels).toEqual([])
    expect(afterGone.notes.at(-1)).toContain(
      'was reopened, so the label `code-pr-closed` is removed'
    )
    // The close before it commented once; the reopen once more.
    expect(afterGone.notes).toHaveLength(afterRefused.notes.length + 2)
  })
})
