// The entry the runner executes. All work happens in run(); a throw that escapes it
// still fails the step with a message, never a silent green.
import * as core from '@actions/core'
import { run } from './main.js'
import { safeLine } from './safe-text.js'

run().catch((error: unknown) => {
  core.setFailed(safeLine(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`, 2000))
})
