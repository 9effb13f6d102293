// An end run that cannot follow its docs pull request, through the bundle against both
// stand-ins: the job's read answered 503 (read once, not retried for the step's timeout), a
// job that still works and has opened no docs pull request yet, a docs-token GitHub does not
// accept (401) and one that may not read the docs pull request (403). Each says the true
// reason, gives the step to take by hand, and sets `skipped`; none sends anything to the agent.

import { jest } from '@jest/globals'
import { startedWithFile } from '../support/fixtures.js'
import {
  codeComment,
  DOCS,
  DOCS_PR,
  docsInputs,
  docsNotes,
  docsPull,
  end,
  endWorld,
  patches
} from '../support/end-run-world.js'
import type { ActionRun } from '../support/run-action.js'

jest.setTimeout(90_000)

const { fresh, opened } = endWorld()
const warnings = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::warning'))
const JOB_PATH = /^\/v2\/agent\/[^/]+\/job\/[^/]+$/

describe('the job read answers 503', () => {
  const unread = startedWithFile(async () => {
    const sim = await opened()
    const reads = () =>
      sim.agent.requests.filter((r) => r.method === 'GET' && JOB_PATH.test(r.path)).length
    const before = reads()
    sim.agent.inject({ method: 'GET', times: 1000, fault: { kind: 'status', status: 503 } })
    // A step timeout far longer than the read may take: the read is not retried for it.
    const closed = await end(sim, { end: { action: 'closed' }, inputs: { timeout: '60s' } })
    return { sim, closed, reads: reads() - before }
  })

  it('reads the job once, with the client’s few retries, not for the whole timeout', async () => {
    const { closed, reads } = await unread()
    expect(closed.run.exitCode).toBe(0)
    expect(closed.posts).toBe(0)
    expect(reads).toBeGreaterThanOrEqual(1)
    // Within the read's 10 s: retries wait 1, 2, then 4 s each, at least half of that with the
    // jitter, so 7 reads at most (the step's 60 s would allow about 30).
    expect(reads).toBeLessThanOrEqual(7)
    expect(closed.run.durationMs).toBeLessThan(40_000)
    const [warning, ...more] = warnings(closed.run)
    expect(more).toEqual([])
    expect(warning).toContain('Could not read job')
    expect(warning).toContain('answered 503')
  })

  it('keeps the docs pull request with a comment saying why, and says how to close it', async () => {
    const { sim, closed } = await unread()
    expect(closed.run.outputs).toMatchObject({ 'docs-pr-action': 'kept', skipped: 'false' })
    expect(docsPull(sim)?.state).toBe('open')
    expect(docsNotes(sim)).toEqual([expect.stringContaining('the job could not be read')])
    expect(codeComment(sim)).toContain(
      'Re-run this workflow run once the Agent Jobs API answers, or close acme/docs#100 by hand if its changes are no longer needed.'
    )
  })
})

describe('merged while the job works and has opened no docs pull request yet', () => {
  const busy = startedWithFile(async () => {
    const sim = await fresh()
    const first = await sim.run('slow:60000: Document the widget API', {
      inputs: { ...docsInputs, wait: 'false' }
    })
    if (first.exitCode !== 0) throw new Error(`the first run failed:\n${first.stdout}`)
    const merged = await end(sim, { end: { action: 'closed', merged: true } })
    return { sim, merged }
  })

  it('says the job still works, not that it could not be read, and how to follow up', async () => {
    const { sim, merged } = await busy()
    expect(merged.run.exitCode).toBe(0)
    expect(merged.posts).toBe(0)
    expect(merged.run.outputs).toMatchObject({
      status: 'active',
      'docs-pr-action': 'none',
      skipped: 'true',
      'pr-link': ''
    })
    expect(warnings(merged.run)).toEqual([])
    expect(merged.run.stdout).not.toContain('could not be read')
    expect(merged.run.stdout).toContain(
      'nothing was done to its docs pull request (its docs job is still working, so its docs pull request is not known yet)'
    )
    expect(codeComment(sim)).toContain(
      'Once the job has opened its docs pull request, re-run this workflow run to tell it that it is ready to merge, or tell its reviewers by hand.'
    )
  })
})

describe('a docs-token GitHub refuses', () => {
  const refused = startedWithFile(async () => {
    const expired = await opened()
    const badToken = await end(expired, {
      end: { action: 'closed' },
      inputs: { 'docs-token': 'ghs_expired_token' }
    })
    const denied = await opened()
    denied.github.deny({ method: 'GET', path: /^\/repos\/acme\/docs\/pulls\/100$/, status: 403 })
    const noRead = await end(denied, { end: { action: 'closed', merged: true } })
    return { expired, badToken, denied, noRead }
  })

  it('401 Bad credentials: one warning to replace the token, never a permission to add', async () => {
    const { expired, badToken } = await refused()
    expect(badToken.run.exitCode).toBe(0)
    expect(badToken.posts).toBe(0)
    expect(badToken.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    const [warning, ...more] = warnings(badToken.run)
    expect(more).toEqual([])
    expect(warning).toContain('401 Bad credentials')
    expect(warning).toContain('put a current token in the secret docs-token is set from')
    expect(warning).not.toContain('needs `')
    expect(docsPull(expired)?.state).toBe('open')
    expect(patches(expired)).toBe(0)
    expect(codeComment(expired)).toContain(
      `Close ${DOCS}#${DOCS_PR} by hand if its changes are no longer needed.`
    )
  })

  it('403 on the read: one warning naming the permission, and the step by hand in the comment', async () => {
    const { denied, noRead } = await refused()
    expect(noRead.run.exitCode).toBe(0)
    expect(noRead.posts).toBe(0)
    expect(noRead.run.outputs).toMatchObject({ 'docs-pr-action': 'none', skipped: 'true' })
    const [warning, ...more] = warnings(noRead.run)
    expect(more).toEqual([])
    expect(warning).toContain('`pull-requests: read`')
    expect(warning).toContain('docs-token')
    expect(warning).not.toContain('401')
    expect(docsNotes(denied)).toEqual([])
    expect(codeComment(denied)).toContain(
      'nothing was done to its docs pull request acme/docs#100 (the docs pull request could not be read). Tell the reviewers of acme/docs#100 by hand that it is ready to review and merge.'
    )
  })
})
