// The branch's promise through the events of a busy repository (what a run says): one test for
// each way it used to break. Through the bundle, against both stand-ins. The files of
// this promise: branch-lost, branch-one, branch-says.

import { jest } from '@jest/globals'
import { branchWorld, errors, REPO, warnings } from '../support/branch-world.js'
import { checkRuns } from '../support/github-routes/check-runs.js'

jest.setTimeout(60_000)

describe('what a run says', () => {
  it.concurrent(
    'a prompt whose record GitHub will not take fails the step, naming the job and the commits the next run may tell again',
    async () => {
      const w = await branchWorld()
      try {
        const first = await w.push(['Recorded'])
        const jobId = first.outputs['job-id'] ?? ''
        const lift = w.github.deny({ method: 'PATCH', path: /\/issues\/\d+$/, status: 502 })
        const unrecorded = await w.push(['Told, not recorded'], undefined, {
          inputs: { 'check-run': 'true' }
        })
        lift()
        expect(unrecorded.exitCode).toBe(1)
        // The check run says what the step says.
        const check = checkRuns(w.github.state, REPO).at(-1)
        expect(check).toMatchObject({
          conclusion: 'failure',
          output: { title: 'The docs step failed' }
        })
        expect(check?.output.summary).toMatch(
          /^The prompt reached job \S+, but GitHub did not take/
        )
        expect(check?.output.summary).toContain(`told 1 commit (${w.head().slice(0, 7)})`)
        // Nothing lost: the outputs still name the job the prompt reached.
        expect(unrecorded.outputs['job-id']).toBe(jobId)
        expect(w.mentions('Told, not recorded')).toBe(1)
        const sha = w.head().slice(0, 7)
        expect(errors(unrecorded)).toEqual([
          `::error::The prompt reached job ${jobId}, but GitHub did not take the dashboard's record of it: the next run does not know that the job was told 1 commit (${sha}), and may tell it again.`
        ])
        expect(errors(unrecorded)[0]).not.toContain('issues: write')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent('a deleted branch, and a tag, send nothing and say why', async () => {
    const w = await branchWorld()
    try {
      const deleted = await w.runEvent(
        'push',
        {
          ref: 'refs/heads/main',
          before: w.head(),
          after: '0'.repeat(40),
          deleted: true,
          commits: []
        },
        '0'.repeat(40),
        'fast: Update the docs.'
      )
      const tag = await w.runEvent(
        'push',
        { ref: 'refs/tags/v1.0.0', before: '0'.repeat(40), after: w.head(), commits: [] },
        w.head(),
        'fast: Update the docs.',
        { env: { GITHUB_REF: 'refs/tags/v1.0.0' } }
      )
      expect(deleted.exitCode).toBe(0)
      expect(deleted.outputs.skipped).toBe('true')
      expect(deleted.stdout).toContain('the push deleted its branch')
      expect(tag.exitCode).toBe(0)
      expect(tag.outputs.skipped).toBe('true')
      expect(tag.stdout).toContain('a tag is not a branch')
      expect(tag.stdout).toContain('reuse-job: false')
      expect(w.prompts()).toEqual([])
    } finally {
      await w.close()
    }
  })

  it.concurrent(
    "with issues turned off (410), warns once and still tells the push's commits",
    async () => {
      const w = await branchWorld()
      try {
        w.github.deny({ path: /\/issues$/, status: 410 })
        const run = await w.push(['Change with issues off'])
        expect(run.exitCode).toBe(0)
        expect(warnings(run)).toHaveLength(1)
        expect(w.prompts()[0]).toContain('Change with issues off')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent('a dry run with nothing new says skipped', async () => {
    const w = await branchWorld()
    try {
      await w.push(['Told'])
      const dry = await w.schedule('fast: Update the docs.', { inputs: { 'dry-run': 'true' } })
      expect(dry.exitCode).toBe(0)
      expect(dry.outputs.skipped).toBe('true')
      expect(w.prompts()).toHaveLength(1)
    } finally {
      await w.close()
    }
  })

  it.concurrent(
    'a run that only read (every read answered 503) does not say a job may have been created',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Told'])
        w.agent.inject({ method: 'GET', times: 100, fault: { kind: 'status', status: 503 } })
        const run = await w.push(['Next'], 'fast: Update the docs.', { inputs: { timeout: '2s' } })
        expect(run.exitCode).toBe(1)
        expect(run.stdout).not.toContain('may have been created')
        expect(w.prompts()).toHaveLength(1)
      } finally {
        await w.close()
      }
    }
  )
})
