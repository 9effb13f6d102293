// The entry the runner executes. All work happens in run(); whatever escapes it
// still fails the step with one line, never a silent green or a bare stack trace.
import * as core from '@actions/core'
import { run } from './action/main.js'
import { showLogAsRunnerWould } from './action/runner-view.js'
import { safeLine } from './common/safe-text.js'

function fail(error: unknown): void {
  core.setFailed(
    safeLine(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`, 2000)
  )
}

// An error no one awaited (a stray stream event) fails the step, and run() still
// gets to write the outputs and summary it can.
process.on('uncaughtException', fail)
// Outside a runner (run by hand), the log reads as it would on GitHub: no raw commands.
showLogAsRunnerWould(process.env, process.stdout)
run().catch(fail)
