// The fast no-op: on a comment event that is not a command for this step, the step
// ends here, having read only the event payload. Nothing else is loaded (no
// @actions/*, no HTTP client) and nothing is sent, so a busy pull request's comments
// cost next to nothing. Everything else goes on to run().

import { appendFileSync, readFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { safeLine } from '../common/safe-text.js'
import {
  DEFAULT_TRIGGER_PHRASE,
  isCommandEvent,
  isValidTriggerPhrase,
  readCommand
} from '../github/command.js'

/** Ends the step quietly when the event is a comment that is not a command; true when it did. */
export function exitEarlyWhenNotACommand(env: NodeJS.ProcessEnv): boolean {
  const eventName = env.GITHUB_EVENT_NAME ?? ''
  if (!isCommandEvent(eventName)) return false
  const phrase = (env['INPUT_TRIGGER-PHRASE'] ?? '').trim() || DEFAULT_TRIGGER_PHRASE
  // A bad phrase is an input error: run() reports it.
  if (!isValidTriggerPhrase(phrase)) return false

  let payload: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'))
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false
    payload = parsed as Record<string, unknown>
  } catch {
    // run() reads it again and says what is wrong.
    return false
  }
  const check = readCommand(eventName, payload, phrase)
  if (check.command) return false

  console.log(safeLine(`Not a command for this step (${check.reason}); nothing to do.`, 300))
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `triggered=false${EOL}`)
  return true
}
