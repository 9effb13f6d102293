// An error nobody awaited (a stray stream or timer error) while the bundled action waits for its
// job: the step fails with one line, never a stack trace, and the job id already reached the
// outputs. Only a process of its own can throw outside run(), so this runs the bundle.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAction, bundleFirst } from '../support/run-action.js'
import { inputsFor, withStandIn } from '../support/faults-kit.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

describe('an error thrown outside the run', () => {
  it('fails the step with one line and no stack trace; the job id is in the outputs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stray-error-'))
    // Loaded before the action: throws from a timer once the job is being waited for.
    const stray = join(dir, 'stray.cjs')
    writeFileSync(stray, "setTimeout(() => { throw new Error('a stray stream error') }, 500)\n")
    try {
      await withStandIn({}, async (standIn) => {
        const run = await runAction({
          bundle: true,
          inputs: inputsFor(standIn.url, { prompt: 'slow:1500: Document the flag' }),
          env: { NODE_OPTIONS: `--require ${stray}` }
        })
        const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
        expect(run.exitCode).toBe(1)
        expect(errors).toEqual(['::error::Unexpected error: a stray stream error'])
        expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
        expect(run.outputs['job-id']).toMatch(/^job_/)
        expect(standIn.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
