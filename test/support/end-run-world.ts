// The end-to-end tests of a code pull request's end: its docs pull request (acme/docs#100)
// as a first push leaves it, the runs that end the code pull request, and what they wrote.

import { onDemand } from './fixtures.ts'
import { pullRequestWorld } from './github-routes/pull-requests.ts'
import { simulate, TOKEN, type Simulation, type WorkflowRunSpec } from './pr-workflow.ts'
import { expect } from '@jest/globals'
import type { ActionRun } from './run-action.ts'

export const DOCS = 'acme/docs'
export const DOCS_PR = 100
export const docsInputs = { 'docs-token': TOKEN }

/** Agent Jobs POSTs so far (creations and messages). */
export const posts = (sim: Simulation): number =>
  sim.agent.requests.filter((r) => r.method === 'POST').length
export const docsPull = (sim: Simulation) =>
  pullRequestWorld(sim.github.state).pulls.get(`${DOCS}#${DOCS_PR}`)
/** The docs pull request's comments other than the back-link. */
export const docsNotes = (sim: Simulation): string[] =>
  sim.github
    .comments(DOCS, DOCS_PR)
    .map((c) => c.body)
    .filter((body) => !body.includes('mintlify-agent:back-link'))
/** Requests with `method` to `path` (the docs pull request's REST path when not given). */
export const docsCalls = (
  sim: Simulation,
  method: string,
  path = `/repos/${DOCS}/pulls/${DOCS_PR}`
): number => sim.github.requests.filter((r) => r.method === method && r.path === path).length
export const patches = (sim: Simulation): number => docsCalls(sim, 'PATCH')
export const codeComment = (sim: Simulation): string => sim.comments()[0]?.body ?? ''

/**
 * Call at a test file's top level: `opened()` gives fresh stand-ins with a pull request,
 * its docs job and its open docs pull request, as a first push leaves them.
 */
export function endWorld(): {
  fresh: () => Promise<Simulation>
  opened: (inputs?: Record<string, string>, stand?: Simulation) => Promise<Simulation>
} {
  const fresh = onDemand(() => simulate())
  const opened = async (
    inputs: Record<string, string> = {},
    stand?: Simulation
  ): Promise<Simulation> => {
    const sim = stand ?? (await fresh())
    sim.github.setPullState(DOCS, DOCS_PR, { state: 'open', merged: false })
    const first = await sim.run('Document the widget API', {
      inputs: { ...docsInputs, ...inputs }
    })
    if (first.exitCode !== 0) throw new Error(`the first run failed:\n${first.stdout}`)
    // The agent opens its docs pull request after the job was created.
    sim.github.setPullState(DOCS, DOCS_PR, { createdAt: new Date().toISOString() })
    return sim
  }
  return { fresh, opened }
}

/** One `pull_request` run that ends (or reopens) the code pull request, and its Agent Jobs POSTs. */
export async function end(
  sim: Simulation,
  spec: WorkflowRunSpec & { end: NonNullable<WorkflowRunSpec['end']> }
): Promise<{ run: ActionRun; posts: number }> {
  const before = posts(sim)
  const run = await sim.run('Document the widget API', {
    ...spec,
    inputs: { ...docsInputs, ...spec.inputs }
  })
  return { run, posts: posts(sim) - before }
}

/** A refused write: the step passes, sends nothing, and gives one warning naming `permission` and docs-token. */
export function expectRefused(result: { run: ActionRun; posts: number }, permission: string): void {
  expect(result.run.exitCode).toBe(0)
  expect(result.posts).toBe(0)
  expect(result.run.outputs['docs-pr-action']).toBe('none')
  const warnings = result.run.stdout.split('\n').filter((l) => l.startsWith('::warning'))
  expect(warnings).toHaveLength(1)
  expect(warnings[0]).toContain(`\`${permission}\``)
  expect(warnings[0]).toContain('docs-token')
}
