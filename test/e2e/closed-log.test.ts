// The log's reader can go away while the step runs (the runner stopped reading, a pipe
// closed). The action cannot say anything more, but it must still finish its job: the
// outputs reach GITHUB_OUTPUT and the process ends by itself. Before, the write error
// was reported by writing again, which failed again, and the process spun at full CPU
// until it was killed.

import type { ChildProcess } from 'node:child_process'
import { inputsFor, withStandIn } from '../support/faults-kit.js'
import { runAction, bundleFirst } from '../support/run-action.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

describe('a log that nobody reads any more', () => {
  it('still follows the job to its end and writes the outputs, then exits by itself', async () => {
    await withStandIn({}, async (standIn) => {
      let closed = false
      const run = await runAction({
        inputs: inputsFor(standIn.url, { prompt: 'slow:800: Document the endpoint' }),
        onStdout: (text: string, child: ChildProcess) => {
          if (closed || !text.includes('Created agent job')) return
          closed = true
          // The read end of the pipe closes: the action's next write fails with EPIPE.
          child.stdout?.destroy()
        },
        killAfterMs: 10_000
      })

      expect(closed).toBe(true)
      expect(run.signal).toBeNull()
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
    })
  })
})
