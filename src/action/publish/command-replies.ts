// What a command's author sees on the comment: the refusal or usage reply, 👀 when the
// command is taken, and 🚀 or 😕 when its job ends (nothing while it runs on).

import type { AgentJob } from '../../agent/job.js'
import { boundedSignal, openGitHub } from '../../github/client.js'
import { refusalReply, replyOnPullRequest, usageReply } from '../../github/command-replies.js'
import type { Command } from '../../github/command.js'
import { react } from '../../github/reactions.js'
import type { Ending } from '../execute/outcome.js'
import type { Plan } from '../plan/plan.js'

export interface CommandReplyOptions {
  command: Command
  repository: string
  token: string
  userAgent: string
  budgetMs: number
}

function client(options: CommandReplyOptions) {
  return openGitHub(options.token, options.userAgent, boundedSignal(undefined, options.budgetMs))
}

/** The reply to a refused command, or its usage when it said nothing. */
export async function replyToRefusal(
  options: CommandReplyOptions,
  plan: Extract<Plan, { action: 'refuse' }>,
  phrase: string
): Promise<void> {
  const body =
    plan.reply === 'usage'
      ? usageReply(options.command, phrase)
      : refusalReply(options.command, phrase, plan.reason)
  await replyOnPullRequest(
    await client(options),
    options.repository,
    options.command.pullNumber,
    body
  )
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
  if (!completed && !wentWrong) return
  if (options.command.kind === 'review') return
  await react(
    await client(options),
    options.repository,
    options.command,
    completed ? 'rocket' : 'confused'
  )
}
