// The run this step belongs to, read once by the entry before anything heavy loads:
// the runner's variables, the payload, its pull request and, on a comment, the command.

import {
  DEFAULT_TRIGGER_PHRASE,
  isCommandEvent,
  isValidTriggerPhrase,
  readCommand,
  type CommandCheck
} from '../../github/command.js'
import { pullRequestNumber, readWorkflowRun, type WorkflowRun } from '../../github/workflow-run.js'

export interface RunEvent {
  run: WorkflowRun
  /** The pull request the run is for (pull_request* events, or a comment on one). */
  pullRequest: number | undefined
  /** A comment or review event: commands come only from these. */
  commandEvent: boolean
  /** On a command event with a valid trigger-phrase: the command, or why there is none. */
  command: CommandCheck | undefined
}

export function readRunEvent(env: NodeJS.ProcessEnv): RunEvent {
  const run = readWorkflowRun(env)
  const commandEvent = isCommandEvent(run.eventName)
  // The phrase as the input gives it; a bad one is the input error that run() reports.
  const phrase = (env['INPUT_TRIGGER-PHRASE'] ?? '').trim() || DEFAULT_TRIGGER_PHRASE
  const checked = commandEvent && isValidTriggerPhrase(phrase)
  return {
    run,
    pullRequest: pullRequestNumber(run),
    commandEvent,
    command: checked ? readCommand(run.eventName, run.payload, phrase) : undefined
  }
}
