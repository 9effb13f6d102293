// The fast no-op: a comment that is not a command for this step ends it here, with
// nothing else loaded (no @actions/*, no HTTP client) and nothing sent, so a busy pull
// request's comments cost next to nothing.

import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { safeLine } from '../../common/safe-text.js'
import type { RunEvent } from './event.js'

/** Ends the step quietly when the event is a comment that is not a command; true when it did. */
export function exitEarlyWhenNotACommand(event: RunEvent, env: NodeJS.ProcessEnv): boolean {
  // No command check (a bad phrase), an unreadable payload or a command: run() goes on.
  if (!event.command || event.command.command) return false
  if (!env.GITHUB_EVENT_PATH || event.run.payloadUnreadable) return false
  console.log(
    safeLine(`Not a command for this step (${event.command.reason}); nothing to do.`, 300)
  )
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `triggered=false${EOL}`)
  return true
}
