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
  /**
   * On a command event with a valid trigger-phrase: the command, or why there is none.
   * Undefined otherwise (a bad trigger-phrase is an input error that run() reports).
   */
  command: CommandCheck | undefined
}

/** The trigger phrase as the input gives it; the input's own check is in shell/inputs.ts. */
function triggerPhrase(env: NodeJS.ProcessEnv): string | undefined {
  const phrase = (env['INPUT_TRIGGER-PHRASE'] ?? '').trim() || DEFAULT_TRIGGER_PHRASE
  return isValidTriggerPhrase(phrase) ? phrase : undefined
}

export function readRunEvent(env: NodeJS.ProcessEnv): RunEvent {
  const run = readWorkflowRun(env)
  const commandEvent = isCommandEvent(run.eventName)
  const phrase = commandEvent ? triggerPhrase(env) : undefined
  return {
    run,
    pullRequest: pullRequestNumber(run),
    commandEvent,
    command: phrase === undefined ? undefined : readCommand(run.eventName, run.payload, phrase)
  }
}
