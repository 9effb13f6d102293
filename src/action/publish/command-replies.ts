// What a command's author sees on the comment: the refusal or usage reply, 👀 when the
// command is taken, and 🚀 or 😕 when its job ends (nothing while it runs on).

import type { AgentJob } from '../../agent/job.js'
import { refusalReply, replyOnPullRequest, usageReply } from '../../github/commander.js'
import type { Command } from '../../github/command.js'
import { react } from '../../github/pr-thread.js'
import type { GitHubSession } from '../../github/session.js'
import type { Ending } from '../execute/outcome.js'
import type { Gathered } from '../plan/facts.js'
import type { Plan } from '../plan/plan.js'
import { BUDGETS, type RunContext } from '../shell/context.js'

export interface CommandReplyOptions {
  command: Command
  session: GitHubSession
  budgetMs: number
}

/** Where a command's replies go, once its command was read and a token is there. */
export function repliesOf(
  ctx: RunContext,
  gathered: Gathered | undefined
): CommandReplyOptions | undefined {
  const command = gathered?.command?.command
  const session = ctx.github
  if (!command || !session) return undefined
  return { command, session, budgetMs: BUDGETS.commandCheck }
}

/** The reply to a refused command, or its usage when it said nothing. */
export async function replyToRefusal(
  { command, session, budgetMs }: CommandReplyOptions,
  plan: Extract<Plan, { action: 'refuse' }>,
  phrase: string
): Promise<void> {
  const body =
    plan.reply === 'usage'
      ? usageReply(command, phrase)
      : refusalReply(command, phrase, plan.reason)
  await replyOnPullRequest(session, command.pullNumber, body, budgetMs)
}

/** 👀: the command was taken and goes to the agent. */
export async function acknowledge({ command, session, budgetMs }: CommandReplyOptions) {
  await react(session, command, 'eyes', budgetMs)
}

/** 🚀 when the job completed, 😕 when it failed, timed out or was cancelled; nothing while it runs on. */
export async function reactToEnding(
  { command, session, budgetMs }: CommandReplyOptions,
  ending: Ending,
  job: AgentJob | undefined
): Promise<void> {
  const completed = job?.status === 'completed' && ending.conclusion !== 'failed'
  const wentWrong =
    ending.conclusion === 'failed' || job?.status === 'failed' || job?.status === 'archived'
  if ((!completed && !wentWrong) || command.kind === 'review') return
  await react(session, command, completed ? 'rocket' : 'confused', budgetMs)
}
