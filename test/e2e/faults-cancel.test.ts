// Cancelling the workflow: the runner sends SIGINT, then SIGTERM 7.5 s later, then
// kills the step. The service has no cancel endpoint, so the action must stop at
// once and leave a trace of the job still running: the log line, the outputs and
// the summary. The bundled action runs against the local stand-in.

import type { ChildProcess } from 'node:child_process'
import { count, failure, inputsFor, withStandIn } from '../support/faults-kit.js'
import { runAction, type ActionRun, bundleFirst } from '../support/run-action.js'
import type { Fault } from '../support/stand-in.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

interface Cancelled {
  run: ActionRun
  /** When the signal was sent (epoch ms). */
  sentAt: number
  /** From the signal to the end of the process. */
  exitAfterMs: number
}

/** Runs the action and sends `signal` a moment after it reports the created job. */
async function cancelAfterCreate(
  url: string,
  signal: NodeJS.Signals,
  delayMs = 300
): Promise<Cancelled> {
  let sentAt = 0
  let armed = false
  const run = await runAction({
    // Signals reach a real process only.
    bundle: true,
    inputs: inputsFor(url, { prompt: 'slow:60000: Rewrite the guides', timeout: '30s' }),
    onStdout: (text: string, child: ChildProcess) => {
      if (armed || !text.includes('Created agent job')) return
      armed = true
      setTimeout(() => {
        sentAt = Date.now()
        child.kill(signal)
      }, delayMs)
    }
  })
  return { run, sentAt, exitAfterMs: Date.now() - sentAt }
}

describe('cancelling the workflow', () => {
  // Both signals go through the same handler to the same abort
  // (src/action/shell/cancellation.ts), so SIGTERM between polls would add nothing to these two.
  it.concurrent.each<[NodeJS.Signals, string, Fault | undefined]>([
    ['SIGINT', 'between polls', undefined],
    ['SIGTERM', 'during a poll that hangs', { kind: 'hang' }]
  ])('stops at once on %s %s, saying which job keeps running', async (signal, _, fault) => {
    await withStandIn({}, async (standIn) => {
      if (fault) standIn.inject({ method: 'GET', fault })
      const { run, sentAt, exitAfterMs } = await cancelAfterCreate(standIn.url, signal)
      const id = standIn.jobIds()[0] as string

      expect(sentAt).toBeGreaterThan(0)
      // Exits on its own, with a failure, well within the runner's grace period.
      expect(run.signal).toBeNull()
      expect(run.exitCode).toBe(1)
      expect(exitAfterMs).toBeLessThan(1000)

      const error = failure(run)
      expect(error).toContain(`Cancelled while waiting for job ${id} (last status: active)`)
      expect(error).toContain('The service has no cancel endpoint')
      expect(error).toContain(`It keeps running on 127.0.0.1:${standIn.port} (project proj-test)`)
      expect(error).toContain(`job-id: ${id}`)
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active', 'pr-link': '' })
      expect(JSON.parse(run.outputs.job as string)).toMatchObject({ id, status: 'active' })
      expect(run.summary).toContain('Cancelled while waiting for job')
      expect(run.summary).toContain(`<code>${id}</code>`)

      // No request started after the signal (a poll may have been on the wire as it came).
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBeGreaterThanOrEqual(1)
      expect(standIn.requests.filter((request) => request.at > sentAt + 100)).toEqual([])
    })
  })

  it.concurrent(
    'stops at once when cancelled during the create, warning that the job may exist',
    async () => {
      await withStandIn({}, async (standIn) => {
        standIn.inject({ method: 'POST', fault: { kind: 'hang' } })
        let sentAt = 0
        const run = await runAction({
          inputs: inputsFor(standIn.url, { timeout: '30s' }),
          onSpawn: (child) => {
            // Once the POST has reached the service (it hangs there), cancel.
            const timer = setInterval(() => {
              if (standIn.requests.length === 0) return
              clearInterval(timer)
              sentAt = Date.now()
              child.kill('SIGINT')
            }, 20)
            child.once('exit', () => clearInterval(timer))
          }
        })

        expect(sentAt).toBeGreaterThan(0)
        expect(run.exitCode).toBe(1)
        expect(run.signal).toBeNull()
        const error = failure(run)
        expect(error).toContain('The run was cancelled.')
        expect(error).toContain('a job may have been created anyway')
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(0)
      })
    }
  )
})
