// The run this step belongs to, read once by the entry before anything heavy loads, and
// the fast no-op: a comment that is not a command for this step ends here, with nothing
// else loaded (no @actions/*, no HTTP client) and nothing sent.

import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { safeLine } from '../../common/safe-text.js'
import {
  DEFAULT_TRIGGER_PHRASE,
  isCommandEvent,
  isValidTriggerPhrase,
  readCommand,
  type CommandCheck
} from '../../github/command.js'
import { pullRequestNumber, readWorkflowRun, type WorkflowRun } from '../../github/workflow-run.js'

export interface RunEvent {
  readonly run: WorkflowRun
  /** The pull request the event is about, when it is about one. */
  readonly pullRequest: number | undefined
  /** A comment or review event: the kinds that may carry a command. */
  readonly commandEvent: boolean
  /** On a comment or review event with a valid trigger-phrase, the command or why none. */
  readonly command: CommandCheck | undefined
}

export function readRunEvent(env: NodeJS.ProcessEnv): RunEvent {
  const run = readWorkflowRun(env)
  const commandEvent = isCommandEvent(run.eventName)
  // The phrase as the input gives it; a bad one is the input error that run() reports.
  const phrase = (env['INPUT_TRIGGER-PHRASE'] ?? '').trim() || DEFAULT_TRIGGER_PHRASE
  const checked = commandEvent && isValidTriggerPhrase(phrase)
  const command = checked ? readCommand(run.eventName, run.payload, phrase) : undefined
  return { run, pullRequest: pullRequestNumber(run), commandEvent, command }
}

/** Ends the step quietly when the event is a comment that is not a command; true when it did. */
export function exitEarlyWhenNotACommand(event: RunEvent, env: NodeJS.ProcessEnv): boolean {
  // No command check (a bad phrase), an unreadable payload or a command: run() goes on.
  if (!event.command || event.command.command) {
    return false
  }
  if (!env.GITHUB_EVENT_PATH || event.run.payloadUnreadable) {
    return false
  }
  const why = event.command.reason
  const line = safeLine(`Not a command for this step (${why}); nothing to do.`, 300)
  process.stdout.write(`${line}${EOL}`)
  // Written by hand: @actions/core is not loaded on this path.
  if (env.GITHUB_OUTPUT) {
    appendFileSync(env.GITHUB_OUTPUT, `triggered=false${EOL}`)
  }
  return true
}
