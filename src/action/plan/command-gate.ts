// A command from a pull request comment, checked before any job is touched: may its
// author give commands, does it say anything, and which jobs may have opened the pull
// request (its back-links). GitHub reads only; the replies come after planning.

import * as core from '@actions/core'
import { messageOf } from '../../common/run-errors.js'
import { safeLine } from '../../common/safe-text.js'
import { commandPrompt } from '../../github/command-prompt.js'
import type { Command } from '../../github/command.js'
import { checkCommander } from '../../github/commander.js'
import { findBackLinkedJobs } from '../../github/docs-back-link.js'
import { lacking } from '../../github/session.js'
import { BUDGETS, gitHubSession } from '../shell/context.js'
import type { RunEvent } from '../shell/event.js'
import type { Settings } from '../shell/inputs.js'
import type { CommandVerdict } from './plan.js'

export interface CheckedCommand {
  verdict: CommandVerdict
  /** The command, once read from the event. */
  command?: Command
  /** Taken: the prompt to send, the standing instruction and then the command. */
  prompt?: string
  /** Taken, on what may be a docs pull request: the jobs its back-links name. */
  docsJobCandidates?: string[]
}

/** Checks the event's command; never throws (a failed check takes nothing). */
export async function checkCommand(settings: Settings, event: RunEvent): Promise<CheckedCommand> {
  try {
    return await check(settings, event)
  } catch (error) {
    const reason = `The command could not be checked (${messageOf(error)}); nothing was sent.`
    core.warning(safeLine(reason, 1000))
    return { verdict: { kind: 'unchecked', reason } }
  }
}

async function check(settings: Settings, event: RunEvent): Promise<CheckedCommand> {
  const { run } = event
  const found = event.command
  if (!found?.command) {
    const reason = found?.reason ?? 'no command'
    core.info(safeLine(`Not a command for this step (${reason}); nothing to do.`))
    return { verdict: { kind: 'not-a-command', reason } }
  }
  const { command } = found
  const who = safeLine(command.author.login, 100)
  core.info(`Command from ${who} on pull request #${command.pullNumber} (${command.kind}).`)
  const session = gitHubSession(settings, event)
  if (!session?.repository) {
    const reason = `The command from ${who} is refused: ${lacking(session)}, so the commenter's permission cannot be read. Nothing was sent.`
    core.warning(reason)
    return { verdict: { kind: 'unchecked', reason }, command }
  }
  const octokit = await session.client(Math.min(BUDGETS.commandCheck, settings.timeoutMs))
  const verdict = await checkCommander(
    octokit,
    run.repository,
    command.author,
    settings.allowedBots
  )
  if (!verdict.allowed) {
    core.warning(
      safeLine(`The command from ${who} is refused: ${verdict.reason}. Nothing was sent.`, 1000)
    )
    return { verdict: { kind: 'refused', reason: verdict.reason }, command }
  }
  core.info(safeLine(`Accepted: ${verdict.why}.`, 500))
  if (command.instruction === '') {
    core.info('The command has no instruction after the trigger phrase: replying with its usage.')
    return { verdict: { kind: 'usage' }, command }
  }
  // An explicit job-id wins; otherwise the back-links say which jobs may have opened it.
  const number = command.pullNumber
  const docsJobCandidates =
    settings.mode === 'create'
      ? await session.bestEffort(
          octokit,
          () => findBackLinkedJobs(octokit, run.repository, number, settings.projectId),
          (why) =>
            `Could not read the comments of pull request #${number} (${why}), so a docs pull request's job cannot be found; treating it as a code pull request.`,
          'The token needs pull-requests: read.'
        )
      : undefined
  const standing = settings.mode === 'wait' ? undefined : settings.prompt
  const prompt = commandPrompt({
    command,
    repository: run.repository,
    why: verdict.why,
    ...(standing ? { standing } : {})
  })
  return {
    verdict: { kind: 'taken' },
    command,
    prompt,
    ...(docsJobCandidates?.length ? { docsJobCandidates } : {})
  }
}

/** The settings a taken command runs with: its prompt in place of the workflow's. */
export function settingsFor(settings: Settings, checked: CheckedCommand | undefined): Settings {
  const prompt = checked?.prompt
  if (prompt === undefined) return settings
  const common = { ...settings }
  if (settings.mode === 'message') return Object.assign(common, { prompt })
  return Object.assign(common, { mode: 'create' as const, prompt })
}
