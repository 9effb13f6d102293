// Reactions on the comment that gave a command: 👀 when it is taken, 🚀 or 😕 when its job
// ends. Reviews take no reactions. Best effort: a refusal is one warning.

import type { Command } from './command.js'
import type { GitHubSession } from './session.js'

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** Reacts on the command's comment; resolves to whether GitHub took it. Never throws. */
export async function react(
  session: GitHubSession,
  command: Pick<Command, 'kind' | 'id'>,
  content: Reaction,
  budgetMs: number
): Promise<boolean> {
  if (command.kind === 'review') return false
  const onIssue = command.kind === 'issue-comment'
  const params = { ...session.repo, comment_id: command.id, content }
  const reacted = await session.bestEffort(
    budgetMs,
    ({ rest: { reactions } }) =>
      onIssue
        ? reactions.createForIssueComment(params)
        : reactions.createForPullRequestReviewComment(params),
    `Could not add the ${content} reaction to comment ${command.id}`,
    `The token needs ${onIssue ? 'issues: write' : 'pull-requests: write'}.`,
    false
  )
  return reacted !== undefined
}
