// The docs pull request follows its code pull request to the end, through the bundle
// against both stand-ins: merged, closed (and a re-run), kept, reopened and pushed to
// again, someone else's commit, a docs pull request already merged, no record, a
// denied token and a dry run. None of these runs sends anything to the agent.

import { jest } from '@jest/globals'
import { onDemand, startedWithFile } from '../support/fixtures.js'
import { recorded, simulate, TOKEN, type Simulation, type WorkflowRunSpec } from '../support/pr-workflow.js'
import { pullRequestWorld } from '../support/github-routes/pull-requests.js'
import type { ActionRun } from '../support/run-action.js'

jest.setTimeout(60_000)

const DOCS = 'acme/docs'
const DOCS_PR = 100
const fresh = onDemand(() => simulate())
const docsInputs = { 'docs-token': TOKEN }

/** Agent Jobs POSTs so far (creations and messages). */
const posts = (sim: Simulation): number => sim.agent.requests.filter((r) => r.method === 'POST').length
const docsPull = (sim: Simulation) => pullRequestWorld(sim.github.state).pulls.get(`${DOCS}#${DOCS_PR}`)
/** The docs pull request's comments other than the back-link. */
const docsNotes = (sim: Simulation): string[] =>
  sim.github
    .comments(DOCS, DOCS_PR)
    .map((c) => c.body)
    .filter((body) => !body.includes('mintlify-agent:back-link'))
const patches = (sim: Simulation): number =>
  sim.github.requests.filter((r) => r.method === 'PATCH' && r.path === `/repos/${DOCS}/pulls/${DOCS_PR}`).length
const codeComment = (sim: Simulation): string => sim.comments()[0]?.body ?? ''

/** A pull request with its docs job and open docs pull request, as a first push leaves it. */
async function opened(inputs: Record<string, string> = {}): Promise<Simulation> {
  const sim = await fresh()
  sim.github.setPullState(DOCS, DOCS_PR, { state: 'open', merged: false })
  const first = await sim.run('Document the widget API', { inputs: { ...docsInputs, ...inputs } })
  if (first.exitCode !== 0) throw new Error(`the first run failed:\n${first.stdout}`)
  return sim
}

async function end(
  sim: Simulation,
  spec: WorkflowRunSpec & { end: NonNullable<WorkflowRunSpec['end']> }
): Promise<{ run: ActionRun; posts: number }> {
  const before = posts(sim)
  const run = await sim.run('Document the widget API', { ...spec, inputs: { ...docsInputs, ...spec.inputs } })
  return { run, posts: posts(sim) - before }
}

const closedLife = startedWithFile(async () => {
  const sim = await opened()
  const closed = await end(sim, { runId: 7001, end: { action: 'closed' } })
  const afterClose = { notes: docsNotes(sim), patches: patches(sim), state: docsPull(sim)?.state, body: codeComment(sim) }
  const rerun = await end(sim, { runId: 7001, attempt: 2, end: { action: 'closed' } })
  const afterRerun = { notes: docsNotes(sim).length, patches: patches(sim) }
  return { sim, closed, afterClose, rerun, afterRerun }
})

describe('a code pull request closed without merging', () => {
  it('closes its docs pull request once, with one comment, and sends nothing', async () => {
    const { closed, afterClose } = await closedLife()
    console.log(closed.run.stdout, closed.run.stderr, afterClose)
    expect(closed.run.exitCode).toBe(0)
    expect(closed.posts).toBe(0)
    expect(closed.run.outputs['docs-pr-action']).toBe('closed')
    expect(afterClose.state).toBe('closed')
    expect(afterClose.patches).toBe(1)
    expect(afterClose.notes).toHaveLength(1)
  })
})
