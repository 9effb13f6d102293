// Two workflows with the same `record-key` on one branch, their runs overlapping (issue 37):
// the later writer of the dashboard keeps the earlier writer's row and counts, whether it was
// waiting for its job to end or for the busy job to take its prompt. Through the bundle,
// against both stand-ins.

import { jest } from '@jest/globals'
import { parseBranchRecords, type BranchRecord } from '../../src/github/branch-record.js'
import { branchWorld, REPO, warnings, type BranchWorld } from '../support/branch-world.js'
import { holdBusy, isJobRead, until } from '../support/fixtures.js'

jest.setTimeout(60_000)

const KEY = { 'record-key': 'docs' }
/** The second workflow's runs: another file, the same record. */
const OTHER = {
  inputs: KEY,
  env: {
    GITHUB_WORKFLOW: 'Docs (manual)',
    GITHUB_WORKFLOW_REF: `${REPO}/.github/workflows/docs-manual.yml@refs/heads/main`
  }
}

function recordOf(w: BranchWorld): BranchRecord | undefined {
  const [dashboard, ...more] = w.openDashboards()
  expect(more).toEqual([])
  return parseBranchRecords(dashboard?.body)[0]
}

/** A manual run of the second workflow at `sha`. */
const manual = (w: BranchWorld, sha: string) =>
  w.runEvent('workflow_dispatch', { ref: 'refs/heads/main', inputs: {} }, sha, 'fast: Docs.', OTHER)

describe('two workflows with one record-key on a branch', () => {
  it.concurrent(
    "keeps the other workflow's row and count when a run that waited for its job writes last",
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['First change'], 'fast: Update the docs.', { inputs: KEY })
        // The push run sends its prompt, writes the dashboard, and waits for the job.
        const pushing = w.push(['Second change'], 'slow:4000: Update the docs.', { inputs: KEY })
        await until(() => (recordOf(w)?.runs.length ?? 0) >= 2, 'the push run records its prompt')
        const stillBusy = holdBusy(w.agent)
        // Meanwhile the other workflow finds everything told: it writes its row and ends.
        const other = await manual(w, w.head())
        stillBusy()
        expect(other.exitCode).toBe(0)
        expect(other.outputs.skipped).toBe('true')
        expect(recordOf(w)?.runs.map((run) => run.did)).toEqual([
          'created',
          'followed-up',
          'nothing-new'
        ])
        const push = await pushing
        expect(push.exitCode).toBe(0)
        const record = recordOf(w)
        expect(record?.runs.map((run) => run.did)).toEqual([
          'created',
          'nothing-new',
          'followed-up'
        ])
        expect(record?.counts).toEqual({ created: 1, followUps: 1, quiet: 1 })
        expect(w.openDashboards()[0]?.body).toContain('nothing new: sent nothing')
        expect(record?.told).toHaveLength(1)
        expect([w.creations(), w.messages()]).toEqual([1, 1])
        expect([...warnings(push), ...warnings(other)]).toEqual([])
        // Each run read the dashboard again just before each of its writes (the runs' calls
        // apart: the other run came between the push run's two writes).
        const issue = `/repos/${REPO}/issues/${w.openDashboards()[0]?.number}`
        const calls = w.github.requests.map((r) => `${r.method} ${r.path}`)
        const writes = calls.flatMap((call, i) => (call === `PATCH ${issue}` ? [i] : []))
        expect(writes.length).toBeGreaterThanOrEqual(4)
        for (const i of writes) expect(calls[i - 1]).toBe(`GET ${issue}`)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "keeps the other workflow's row and count when a run that waited for the busy job writes after it",
    async () => {
      const w = await branchWorld()
      try {
        const busy = { inputs: { ...KEY, wait: 'false' } }
        await w.push(['First change'], 'fast: Update the docs.', busy)
        const told = w.head()
        // The push run reads the dashboard, finds the job busy and waits for it to end.
        const stillBusy = holdBusy(w.agent)
        const jobReads = () => w.agent.requests.filter(isJobRead).length
        const read = jobReads()
        const pushing = w.push(['Second change'], 'fast: Update the docs.', { inputs: KEY })
        await until(() => jobReads() > read, 'the push run finds its job busy')
        // Meanwhile the other workflow, at the head the record has told, writes its row.
        const other = await manual(w, told)
        stillBusy()
        expect(other.outputs.skipped).toBe('true')
        const push = await pushing
        expect(push.exitCode).toBe(0)
        const record = recordOf(w)
        expect(record?.runs.map((run) => run.did)).toEqual(['created', 'nothing-new', 'waited'])
        expect(record?.counts).toEqual({ created: 1, followUps: 1, quiet: 1 })
        expect([w.creations(), w.messages()]).toEqual([1, 1])
        expect(w.mentions('Second change')).toBe(1)
        expect([...warnings(push), ...warnings(other)]).toEqual([])
      } finally {
        await w.close()
      }
    }
  )
})
