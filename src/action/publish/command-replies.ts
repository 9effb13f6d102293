// What a command's author sees on the comment: the refusal or usage reply, 👀 when the
// command is taken, and 🚀 or 😕 when its job ends (nothing while it runs on).

import type { AgentJob } from '../../agent/job.js'
import { boundedSignal, openGitHub } from '../../github/client.js'
import { refusalReply, replyOnPullRequest, usageReply } from '../../github/command-replies.js'
import type { Command } from '../../github/command.js'
import { react } from '../../github/reactions.js'
import type { Ending } from '../execute/outcome.js'
import type { Gathered } from '../plan/facts.js'
import type { Plan } from '../plan/plan.js'
import { BUDGETS, type RunContext } from '../shell/context.js'
import { USER_AGENT } from '../shell/version.js'

export interface CommandReplyOptions {
  command: Command
  repository: string
  token: string
  budgetMs: number
}

/** Where a command's replies go, once its command was read and a token is there. */
export function repliesOf(
  ctx: RunContext,
  gathered: Gathered | undefined
): CommandReplyOptions | undefined {
  const command = gathered?.command?.command
  const token = ctx.settings.githubToken
  if (!command || !token) return undefined
  return { command, repository: ctx.event.run.repository, token, budgetMs: BUDGETS.commandCheck }
}

function client(options: CommandReplyOptions) {
  return openGitHub(options.token, USER_AGENT, boundedSignal(undefined, options.budgetMs))
}

/** The reply to a refused command, or its usage when it said nothing. */
export async function replyToRefusal(
  options: CommandReplyOptions,
  plan: Extract<Plan, { action: 'refuse' }>,
  phrase: string
): Promise<void> {
  const { command, repository } = options
  const body =
    plan.reply === 'usage'
      ? usageReply(command, phrase)
      : refusalReply(command, phrase, plan.reason)
  await replyOnPullRequest(await client(options), repository, command.pullNumber, body)
}

/** 👀: the command was taken and goes to the agent. */
export async function acknowledge(options: CommandReplyOptions): Promise<void> {
  await react(await client(options), options.repository, options.command, 'eyes')
}

/** 🚀 when the job completed, 😕 when it failed, timed out or was cancelled; nothing while it runs on. */
export async function reactToEnding(
  options: CommandReplyOptions,
  ending: Ending,
  job: AgentJob | undefined
): Promise<void> {
  const completed = job?.status === 'completed' && ending.conclusion !== 'failed'
  const wentWrong =
    ending.conclusion === 'failed' || job?.status === 'failed' || job?.status === 'archived'
  if ((!completed && !wentWrong) || options.command.kind === 'review') return
  const content = completed ? 'rocket' : 'confused'
  await react(await client(options), options.repository, options.command, content)
}
