// The entry the runner executes: a comment that is not a command ends here, before anything
// heavy loads, and whatever escapes run() fails the step with one line, never a stack trace.
import { exitEarlyWhenNotACommand, readRunEvent } from './action/shell/event.js'
import { showLogAsRunnerWould } from './action/shell/runner-view.js'
import { safeLine } from './common/safe-text.js'
import { messageOf } from './common/run-errors.js'
import type * as Core from '@actions/core'
import type { Clock } from './common/clock.js'
import type { Host } from './action/shell/host.js'

const message = (error: unknown): string => safeLine(`Unexpected error: ${messageOf(error)}`, 2000)

async function main(): Promise<void> {
  // A log reader that went away (a closed pipe) is no failure of the run: unheard, the write
  // error would fail the step by writing about it, for ever. The log is the one place to tell.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => undefined)
  }
  // Outside a runner (run by hand), the log reads as it would on GitHub: no raw commands.
  showLogAsRunnerWould(process.env, process.stdout)
  const event = readRunEvent(process.env)
  if (exitEarlyWhenNotACommand(event, process.env)) {
    return
  }
  // Loaded only now, so the fast path above never pays for them.
  const core = await import('@actions/core')
  const fail = (error: unknown): void => core.setFailed(message(error))
  // An error no one awaited (a stray stream event) fails the step, and run() still
  // gets to write the outputs and summary it can.
  process.on('uncaughtException', fail)
  const [{ run }, { systemClock }] = await Promise.all([
    import('./action/main.js'),
    import('./common/clock.js')
  ])
  await run(event, runnerHost(core, systemClock)).catch(fail)
}

/**
 * The runner's host: this process's environment and signals, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY written by @actions/core in the runner's file-command formats.
 */
function runnerHost(core: typeof Core, clock: Clock): Host {
  const summary = async (markdown: string): Promise<void> => {
    await core.summary.addRaw(markdown, true).write()
  }
  return {
    env: process.env,
    clock,
    setOutput: (name, value) => core.setOutput(name, value),
    appendSummary: process.env.GITHUB_STEP_SUMMARY ? summary : undefined,
    // The runner cancels a step with SIGINT, then SIGTERM 7.5 s later.
    onCancel: (listener) => {
      process.on('SIGINT', listener)
      process.on('SIGTERM', listener)
      return () => {
        process.off('SIGINT', listener)
        process.off('SIGTERM', listener)
      }
    }
  }
}

main().catch((error: unknown) => {
  // Only when loading failed: @actions/core may not be there to say it.
  console.log(`::error::${message(error).replace(/%/g, '%25')}`)
  process.exitCode = 1
})
