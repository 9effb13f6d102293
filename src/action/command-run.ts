// A command from a pull request comment, taken or refused before any job is touched:
// the commenter's permission, the 👀 acknowledgement, the usage and refusal replies,
// the job of a docs pull request (through its back-link), and the prompt to send.
// At the end, 🚀 or 😕 on the comment. Nothing here talks to the Agent Jobs API.

import * as core from '@actions/core'
import type { AgentJob } from '../agent/job.js'
import { safeLine } from '../common/safe-text.js'
import { boundedSignal, describeGitHubError, permissionHint, openGitHub } from '../github/client.js'
import { readCommand, type Command } from '../github/command.js'
import { checkCommander } from '../github/commander.js'
import { commandPrompt } from '../github/command-prompt.js'
import { refusalReply, replyOnPullRequest, usageReply } from '../github/command-replies.js'
import { findBackLinkedJobs } from '../github/docs-back-link.js'
import { react } from '../github/reactions.js'
import { readWorkflowRun } from '../github/workflow-run.js'
import type { Ending } from './report.js'
import type { Settings } from './inputs.js'

/** The GitHub calls that decide a command never take longer than this. */
const DECIDE_BUDGET_MS = 15_000

export interface TakenCommand {
  command: Command
  repository: string
  token: string
  userAgent: string
  /** The prompt to send: the standing instruction, then the command. */
  prompt: string
  /**
   * Jobs that may have opened this pull request (from its back-links), when it may be a
   * docs pull request: candidates until the service confirms one (see main.ts).
   */
  docsJobCandidates?: string[]
}

/** The command to act on, or undefined when the step ends here (ignored, refused, usage). */
export async function takeCommand(
  settings: Settings,
  env: NodeJS.ProcessEnv,
  userAgent: string
): Promise<TakenCommand | undefined> {
  const run = readWorkflowRun(env, (message) => core.warning(message))
  const check = readCommand(run.eventName, run.payload, settings.triggerPhrase)
  if (!check.command) {
    core.info(safeLine(`Not a command for this step (${check.reason}); nothing to do.`))
    return undefined
  }
  const { command } = check
  const who = safeLine(command.author.login, 100)
  core.info(`Command from ${who} on pull request #${command.pullNumber} (${command.kind}).`)
  if (!settings.githubToken || !run.repository) {
    core.warning(
      `The command from ${who} is refused: ${settings.githubToken ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'}, so the commenter's permission cannot be read. Nothing was sent.`
    )
    return undefined
  }
  const octokit = await openGitHub(
    settings.githubToken,
    userAgent,
    boundedSignal(undefined, Math.min(DECIDE_BUDGET_MS, settings.timeoutMs))
  )
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
    await replyOnPullRequest(
      octokit,
      run.repository,
      command.pullNumber,
      refusalReply(command, settings.triggerPhrase, verdict.reason)
    )
    return undefined
  }
  core.info(safeLine(`Accepted: ${verdict.why}.`, 500))
  if (command.instruction === '') {
    core.info('The command has no instruction after the trigger phrase: replying with its usage.')
    await replyOnPullRequest(
      octokit,
      run.repository,
      command.pullNumber,
      usageReply(command, settings.triggerPhrase)
    )
    return undefined
  }
  await react(octokit, run.repository, command, 'eyes')

  // An explicit job-id wins; otherwise the back-links say which jobs may have opened it.
  let docsJobCandidates: string[] = []
  if (settings.mode === 'create') {
    try {
      docsJobCandidates = await findBackLinkedJobs(
        octokit,
        run.repository,
        command.pullNumber,
        settings.projectId
      )
    } catch (error) {
      core.warning(
        `Could not read the comments of pull request #${command.pullNumber} (${describeGitHubError(error)}), so a docs pull request's job cannot be found; treating it as a code pull request.${permissionHint(error, 'The token needs pull-requests: read.')}`
      )
    }
  }
  const standing = settings.mode === 'wait' ? undefined : settings.prompt
  const prompt = commandPrompt({
    command,
    repository: run.repository,
    why: verdict.why,
    ...(standing ? { standing } : {})
  })
  return {
    command,
    repository: run.repository,
    token: settings.githubToken,
    userAgent,
    prompt,
    ...(docsJobCandidates.length > 0 ? { docsJobCandidates } : {})
  }
}

/** Settings that send the command's prompt as the run would (a docs pull request's job is found later). */
export function settingsFor(settings: Settings, taken: TakenCommand): Settings {
  const common = { ...settings }
  if (settings.mode === 'message') return Object.assign(common, { prompt: taken.prompt })
  return Object.assign(common, { mode: 'create' as const, prompt: taken.prompt })
}

/** 🚀 when the job completed, 😕 when it failed, timed out or was cancelled; nothing while it runs on. */
export async function reactToEnding(
  taken: TakenCommand,
  ending: Ending,
  job: AgentJob | undefined,
  budgetMs: number
): Promise<void> {
  const completed = job?.status === 'completed' && ending.conclusion !== 'failed'
  const wentWrong =
    ending.conclusion === 'failed' || job?.status === 'failed' || job?.status === 'archived'
  if (!completed && !wentWrong) return
  if (taken.command.kind === 'review') return
  const octokit = await openGitHub(taken.token, taken.userAgent, boundedSignal(undefined, budgetMs))
  await react(octokit, taken.repository, taken.command, completed ? 'rocket' : 'confused')
}
