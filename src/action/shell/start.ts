// The start of a run: secrets masked before anything is logged, the inputs read and
// checked, the network path set up. Bad inputs end the step here with one line,
// before any request is sent.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { createDispatcher, proxyFor } from '../../agent/dispatcher.js'
import { registerSecret, safeLine } from '../../common/safe-text.js'
import type { RunEvent } from './event.js'
import { readSettings, type Settings } from './inputs.js'
import { messageOf } from '../../common/run-errors.js'

/** Masks a secret in the runner's log (line by line, as the runner matches) and in ours. */
function maskSecret(value: string): void {
  if (value === '') return
  for (const part of new Set([value, ...value.split(/\r?\n/)])) {
    if (part.trim() === '') continue
    core.setSecret(part)
    registerSecret(part)
  }
}

export interface Started {
  settings: Settings
  dispatcher: Dispatcher
  proxy: string | undefined
}

/** Settings and the network path, or undefined when the step already ended (said why). */
export function start(event: RunEvent, env: NodeJS.ProcessEnv): Started | undefined {
  for (const name of ['api-key', 'github-token', 'docs-token']) maskSecret(core.getInput(name))
  if (
    event.commandEvent &&
    core.getInput('api-key') === '' &&
    core.getInput('dry-run') !== 'true'
  ) {
    // GitHub gives review events on pull requests from forks no secrets: a command
    // there cannot be acted on, which is no failure of the workflow.
    core.warning(
      "Input 'api-key' is empty on a comment event: the command cannot be acted on and nothing was sent. GitHub passes no secrets to pull_request_review and pull_request_review_comment events on pull requests from forks; elsewhere, set api-key from a secret."
    )
    core.setOutput('triggered', 'false')
    return undefined
  }
  try {
    const settings = readSettings(core.getInput, env.GITHUB_WORKSPACE, {
      commandEvent: event.commandEvent
    })
    const dispatcher = createDispatcher(env)
    return { settings, dispatcher, proxy: proxyFor(env, settings.baseUrl) }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(messageOf(error), 2000))
    return undefined
  }
}
