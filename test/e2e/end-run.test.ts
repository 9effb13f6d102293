// The docs pull request follows its code pull request to the end, through the bundle
// against both stand-ins: merged, closed (and a re-run), reopened and pushed to again,
// someone else's commit, a docs pull request already merged, no record, a denied token
// and a dry run (kept: end-run-kept.test.ts). None of these runs sends anything to the agent.

import { jest } from '@jest/globals'
import { startedWithFile } from '../support/fixtures.js'
import { markerValues } from '../support/markers.js'
import { PR, recorded, REPO } from '../support/pr-workflow.js'
import { errorLines } from '../support/run-action.js'
import {
  codeComment,
  DOCS,
  DOCS_PR,
  docsInputs,
  docsNotes,
  docsPull,
  end,
  expectRefused,
  endWorld,
  patches
} from '../support/end-run-world.js'

jest.setTimeout(60_000)

const { fresh, opened } = endWorld()

// Closed, re-run, reopened, pushed to, closed again: one chain, as a pull request's life.
const closedLife = startedWithFile(async () => {
  const sim = await opened()
  const job = recorded(codeComment(sim))?.job
  const closed = await end(sim, { runId: 7001, end: { action: 'closed' } })
  const afterClose = {
    notes: docsNotes(sim),
    patches: patches(sim),
    state: docsPull(sim)?.state,
    body: codeComment(sim)
  }
  const rerun = await end(sim, { runId: 7001, attempt: 2, end: { action: 'closed' } })
  const afterRerun = { notes: docsNotes(sim).length, patches: patches(sim) }
  const reopened = await end(sim, { runId: 7002, end: { action: 'reopened' } })
  const afterReopen = { state: docsPull(sim)?.state, notes: docsNotes(sim), body: codeComment(sim) }
  const push = await sim.run('Document the widget limits', { runId: 7003, inputs: docsInputs })
  const again = await end(sim, { runId: 7004, end: { action: 'closed' } })
  const afterAgain = {
    state: docsPull(sim)?.state,
    patches: patches(sim),
    notes: docsNotes(sim).length
  }
  return {
    sim,
    job,
    closed,
    afterClose,
    rerun,
    afterRerun,
    reopened,
    afterReopen,
    push,
    again,
    afterAgain
  }
})

describe('a code pull request closed without merging', () => {
  it('closes its docs pull request with one comment naming it, and sends nothing', async () => {
    const { closed, afterClose, job } = await closedLife()
    expect(closed.run.exitCode).toBe(0)
    expect(closed.posts).toBe(0)
    expect(closed.run.outputs).toMatchObject({
      'docs-pr-action': 'closed',
      'job-id': job,
      'pr-link': `https://github.com/${DOCS}/pull/${DOCS_PR}`,
      'pr-number': String(DOCS_PR),
      'pr-repository': DOCS,
      status: 'completed',
      created: 'false',
      skipped: 'false'
    })
    expect(afterClose.state).toBe('closed')
    expect(afterClose.patches).toBe(1)
    expect(afterClose.notes).toHaveLength(1)
    expect(afterClose.notes[0]).toContain(
      '[acme/app#7](https://github.com/acme/app/pull/7) was closed without merging'
    )
    expect(afterClose.body).toContain('closed its docs pull request acme/docs#100')
    expect(recorded(afterClose.body)).toMatchObject({
      job,
      end: { event: 'closed', run: '7001', attempt: 1, did: 'closed' }
    })
  })

  it('closes and comments once when the same workflow run is re-run', async () => {
    const { rerun, afterRerun } = await closedLife()
    expect(rerun.run.exitCode).toBe(0)
    expect(rerun.posts).toBe(0)
    expect(rerun.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(rerun.run.stdout).toContain('attempt 1 of this workflow run already did it')
    expect(afterRerun).toEqual({ notes: 1, patches: 1 })
  })

  it('reopens the docs pull request it closed when the code pull request reopens', async () => {
    const { reopened, afterReopen } = await closedLife()
    expect(reopened.run.exitCode).toBe(0)
    expect(reopened.posts).toBe(0)
    expect(reopened.run.outputs).toMatchObject({ 'docs-pr-action': 'reopened', skipped: 'false' })
    expect(afterReopen.state).toBe('open')
    expect(afterReopen.notes.at(-1)).toContain(
      'was reopened, so this docs pull request is reopened too'
    )
    expect(recorded(afterReopen.body)?.end).toMatchObject({ event: 'reopened', did: 'reopened' })
  })

  it('follows up the same job on the next push, and closes again on the next close', async () => {
    const { sim, job, push, again, afterAgain } = await closedLife()
    expect(push.exitCode).toBe(0)
    expect(push.outputs).toMatchObject({ 'job-id': job, created: 'false', 'docs-pr-action': '' })
    expect(sim.messages()).toEqual(['Document the widget limits'])
    expect(again.posts).toBe(0)
    expect(again.run.outputs['docs-pr-action']).toBe('closed')
    expect(afterAgain).toEqual({ state: 'closed', patches: 3, notes: 3 })
  })
})

describe('a code pull request merged', () => {
  const merged = startedWithFile(async () => {
    const sim = await opened()
    const run = await end(sim, { end: { action: 'closed', merged: true } })
    return { sim, run }
  })

  it('tells the docs pull request it is ready, leaves it open, and says so on the code pull request', async () => {
    const { sim, run } = await merged()
    expect(run.run.exitCode).toBe(0)
    expect(run.posts).toBe(0)
    expect(run.run.outputs).toMatchObject({ 'docs-pr-action': 'merged-note', skipped: 'false' })
    expect(docsPull(sim)?.state).toBe('open')
    expect(patches(sim)).toBe(0)
    const notes = docsNotes(sim)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toContain('was merged as commit `9999999` by octo-lead')
    expect(notes[0]).not.toContain('@octo-lead')
    expect(codeComment(sim)).toContain(
      'told its docs pull request acme/docs#100 that it is ready to merge'
    )
    // The job summary says the same, and that no credit was spent.
    expect(run.run.summary).toContain('that it is ready to merge')
    expect(run.run.summary).toContain('Nothing was sent to the agent.')
    expect(run.run.summary).toContain(`<code>${run.run.outputs['job-id']}</code>`)
  })
})

describe('a docs pull request the action must not close', () => {
  const cases = startedWithFile(async () => {
    const foreign = await opened()
    const pull = docsPull(foreign)
    if (pull) {
      pull.commits = [
        { sha: 'a'.repeat(40), author: 'mintlify[bot]', committer: 'mintlify[bot]' },
        { sha: 'b'.repeat(40), author: 'docs-writer', committer: 'web-flow' }
      ]
    }
    const pushedTo = await end(foreign, { end: { action: 'closed' } })
    const merged = await opened()
    merged.github.setPullState(DOCS, DOCS_PR, { state: 'closed', merged: true })
    const alreadyMerged = await end(merged, { end: { action: 'closed' } })
    return { foreign, pushedTo, merged, alreadyMerged }
  })

  it('someone else pushed to it since the agent: comments only, and the log says why', async () => {
    const { foreign, pushedTo } = await cases()
    expect(pushedTo.run.exitCode).toBe(0)
    expect(pushedTo.posts).toBe(0)
    expect(pushedTo.run.outputs).toMatchObject({ 'docs-pr-action': 'kept', skipped: 'false' })
    expect(pushedTo.run.stdout).toContain(
      'commit bbbbbbb by docs-writer follows the last commit of mintlify[bot]'
    )
    expect(docsPull(foreign)?.state).toBe('open')
    expect(patches(foreign)).toBe(0)
    expect(docsNotes(foreign)).toEqual([
      expect.stringContaining('was left open because commit bbbbbbb')
    ])
  })

  it('already merged: left as it is, with one comment saying why', async () => {
    const { merged, alreadyMerged } = await cases()
    expect(alreadyMerged.run.exitCode).toBe(0)
    expect(alreadyMerged.posts).toBe(0)
    expect(alreadyMerged.run.outputs).toMatchObject({ 'docs-pr-action': 'noted', skipped: 'false' })
    expect(alreadyMerged.run.stdout).toContain(
      'told its docs pull request acme/docs#100, which was already merged, and left it as it is'
    )
    expect(patches(merged)).toBe(0)
    expect(docsNotes(merged)).toEqual([
      expect.stringContaining(
        'was closed without merging. the docs pull request is already merged, so it is left as it is.'
      )
    ])
  })
})

describe('nothing to follow, no right to write, or a dry run', () => {
  const cases = startedWithFile(async () => {
    const empty = await fresh()
    const noRecord = await end(empty, { end: { action: 'closed' } })
    const denied = await opened()
    denied.github.deny({ method: 'PATCH', path: /^\/repos\/acme\/docs\/pulls\/100$/, status: 403 })
    const refused = await end(denied, { end: { action: 'closed' } })
    const dry = await opened()
    // Every request but reads (GraphQL's `viewer` is a POST that reads).
    const writing = () =>
      dry.github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').length
    const writesBefore = writing()
    const dryRun = await end(dry, { end: { action: 'closed' }, inputs: { 'dry-run': 'true' } })
    const writes = writing() - writesBefore
    return { empty, noRecord, denied, refused, dry, dryRun, writes }
  })

  it('without a record: one line, no Agent Jobs request at all', async () => {
    const { empty, noRecord } = await cases()
    expect(noRecord.run.exitCode).toBe(0)
    expect(empty.agent.requests).toEqual([])
    expect(noRecord.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(noRecord.run.stdout).toContain('Pull request #7 has no docs job recorded for project')
    // The end alone, so that a run of it that starts late sends nothing (pr-record-overlap).
    expect(empty.comments().map((c) => markerValues('pr', c.body))).toEqual([
      [
        {
          project: 'proj-test',
          end: { event: 'closed', run: expect.any(String), attempt: 1, did: 'none', done: [] },
          by: 'github-actions[bot]'
        }
      ]
    ])
  })

  it('a denied close is one warning naming the permission and the token; the comment says what to do by hand', async () => {
    const { denied, refused } = await cases()
    expectRefused(refused, 'pull-requests: write')
    expect(refused.run.outputs.skipped).toBe('true')
    expect(docsPull(denied)?.state).toBe('open')
    expect(codeComment(denied)).toContain('close the docs pull request acme/docs#100 by hand')
  })

  it('a dry run says what it would do and writes nothing', async () => {
    const { dry, dryRun, writes } = await cases()
    expect(dryRun.run.exitCode).toBe(0)
    expect(dryRun.posts).toBe(0)
    expect(dryRun.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(writes).toBe(0)
    expect(dryRun.run.stdout).toContain(
      'Dry run: would close acme/docs#100, then comment on acme/docs#100 (the code pull request was closed without merging).'
    )
    expect(dryRun.run.stdout).toContain('Dry run: nothing was written to GitHub.')
    expect(dryRun.run.summary).toContain('Dry run: would close acme/docs#100, then comment on')
    expect(docsPull(dry)?.state).toBe('open')
  })
})

// A run that arrives late, or is re-run after the code pull request changed again, acts on
// the pull request as it is now; one GitHub could not answer says to re-run it.
describe('a late or failed end run', () => {
  const late = startedWithFile(async () => {
    const sim = await opened()
    const open = { state: 'open' as const, merged: false }
    const closedNow = { state: 'closed' as const, merged: false }
    sim.github.setPullState(REPO, PR, open)
    const staleClose = await end(sim, { runId: 8001, end: { action: 'closed' } })
    const afterStale = { state: docsPull(sim)?.state, patches: patches(sim), notes: docsNotes(sim) }
    sim.github.setPullState(REPO, PR, closedNow)
    const close = await end(sim, { runId: 8001, attempt: 2, end: { action: 'closed' } })
    const staleReopen = await end(sim, { runId: 8002, end: { action: 'reopened' } })
    const afterReopen = docsPull(sim)?.state
    const failing = await opened()
    failing.github.deny({
      method: 'GET',
      path: /^\/repos\/acme\/app\/issues\/7\/comments/,
      status: 502
    })
    const failed = await end(failing, { end: { action: 'closed' } })
    return { sim, staleClose, afterStale, close, staleReopen, afterReopen, failing, failed }
  })

  it('a close that arrives after the code pull request was reopened leaves the docs pull request open', async () => {
    const { staleClose, afterStale } = await late()
    expect(staleClose.run.exitCode).toBe(0)
    expect(staleClose.posts).toBe(0)
    expect(staleClose.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(staleClose.run.stdout).toContain(
      'Pull request #7 is open now, so this closed run is out of date'
    )
    expect(afterStale).toEqual({ state: 'open', patches: 0, notes: [] })
  })

  it('its re-run, once the code pull request is closed again, closes it; a late reopen then does nothing', async () => {
    const { close, staleReopen, afterReopen } = await late()
    expect(close.run.outputs['docs-pr-action']).toBe('closed')
    expect(staleReopen.run.outputs['docs-pr-action']).toBe('none')
    expect(staleReopen.run.stdout).toContain('is closed now, so this reopened run is out of date')
    expect(afterReopen).toBe('closed')
  })

  it('GitHub cannot list the comments: the step fails, writes nothing and says to re-run it', async () => {
    const { failing, failed } = await late()
    expect(failed.run.exitCode).toBe(1)
    expect(failed.posts).toBe(0)
    expect(failed.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    expect(errorLines(failed.run.stdout).join('\n')).toContain(
      're-run this workflow run to follow the docs pull request'
    )
    expect(errorLines(failed.run.stdout).join('\n')).not.toContain('The next run picks')
    expect(docsPull(failing)?.state).toBe('open')
    expect(docsNotes(failing)).toEqual([])
  })
})

describe('a merged note whose hand-off GitHub refused', () => {
  const handOff = startedWithFile(async () => {
    const inputs = { 'docs-pr-reviewers': 'octo-reviewer' }
    const reviewers = /^\/repos\/acme\/docs\/pulls\/100\/requested_reviewers$/
    const stand = await fresh()
    // The first push's hand-off and the merge's are refused; the merge's re-run is not.
    const allow = stand.github.deny({ method: 'POST', path: reviewers, status: 403 })
    const sim = await opened(inputs, stand)
    const first = await end(sim, { runId: 9001, end: { action: 'closed', merged: true }, inputs })
    allow()
    const asked = () =>
      sim.github.requests.filter((r) => r.method === 'POST' && reviewers.test(r.path)).length
    const before = asked()
    const rerun = await end(sim, {
      runId: 9001,
      attempt: 2,
      end: { action: 'closed', merged: true },
      inputs
    })
    return { sim, first, rerun, askedAgain: asked() - before }
  })

  it('hands the docs pull request off on the re-run, without a second note', async () => {
    const { sim, first, rerun, askedAgain } = await handOff()
    expect(first.run.outputs['docs-pr-action']).toBe('merged-note')
    expect(askedAgain).toBe(1)
    expect(rerun.run.exitCode).toBe(0)
    expect(rerun.posts).toBe(0)
    expect(docsNotes(sim)).toHaveLength(1)
  })
})

describe('a code pull request merged while its docs job still works', () => {
  const busy = startedWithFile(async () => {
    const sim = await opened()
    const inputs = { ...docsInputs, wait: 'false' }
    await sim.run('slow:60000: Document the widget limits', { inputs })
    const run = await end(sim, { end: { action: 'closed', merged: true } })
    return { sim, run }
  })

  it('tells the docs pull request its job is still working, not that it is ready', async () => {
    const { sim, run } = await busy()
    expect(run.run.outputs).toMatchObject({
      status: 'active',
      'docs-pr-action': 'merged-note',
      skipped: 'false'
    })
    expect(run.posts).toBe(0)
    const [note, ...more] = docsNotes(sim).filter((n) => n.includes('was merged'))
    expect(more).toEqual([])
    expect(note).toContain('Its docs job is still working on this pull request')
    expect(note).not.toContain('ready to review and merge')
  })
})
