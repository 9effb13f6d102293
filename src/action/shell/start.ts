// The start of a run: secrets masked before anything is logged, the inputs read and
// checked, the network path set up. Bad inputs end the step here with one line.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { createDispatcher, proxyFor } from '../../agent/dispatcher.js'
import { messageOf } from '../../common/run-errors.js'
import { registerSecret, safeLine } from '../../common/safe-text.js'
import type { RunEvent } from './event.js'
import { readSettings, type Settings } from './inputs.js'

export type Started = { settings: Settings; dispatcher: Dispatcher; proxy: string | undefined }

/** Masks a secret in the runner's log (line by line, as the runner matches) and in ours. */
function maskSecret(value: string): void {
  for (const part of new Set([value, ...value.split(/\r?\n/)])) {
    if (part.trim() === '') continue
    core.setSecret(part)
    registerSecret(part)
  }
}

/** Settings and the network path; 'untriggered' or undefined when the step ended (said why). */
export function start(
  event: RunEvent,
  env: NodeJS.ProcessEnv
): Started | 'untriggered' | undefined {
  for (const name of ['api-key', 'github-token', 'docs-token']) maskSecret(core.getInput(name))
  const noKey = core.getInput('api-key') === '' && core.getInput('dry-run') !== 'true'
  if (event.commandEvent && noKey) {
    // GitHub gives review events on pull requests from forks no secrets: no failure.
    core.warning(
      "Input 'api-key' is empty on a comment event: the command cannot be acted on and nothing was sent. GitHub passes no secrets to pull_request_review and pull_request_review_comment events on pull requests from forks; elsewhere, set api-key from a secret."
    )
    return 'untriggered'
  }
  try {
    const settings = readSettings(core.getInput, env.GITHUB_WORKSPACE, event.commandEvent)
    return { settings, dispatcher: createDispatcher(env), proxy: proxyFor(env, settings.baseUrl) }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(messageOf(error), 2000))
    return undefined
  }
}
