// Reactions on the comment that gave a command: 👀 when it is taken, 🚀 or 😕 when its job
// ends. Reviews take no reactions. Best effort: a refusal is one warning.

import type { GitHubClient } from './client.js'
import type { Command } from './command.js'
import { bestEffort, splitRepository } from './plumbing.js'

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** Reacts on the command's comment; resolves to whether GitHub took it. Never throws. */
export async function react(
  octokit: GitHubClient,
  repository: string,
  command: Pick<Command, 'kind' | 'id'>,
  content: Reaction
): Promise<boolean> {
  if (command.kind === 'review') return false
  const onIssue = command.kind === 'issue-comment'
  const params = { ...splitRepository(repository), comment_id: command.id, content }
  const { reactions } = octokit.rest
  const reacted = await bestEffort(
    () =>
      onIssue
        ? reactions.createForIssueComment(params)
        : reactions.createForPullRequestReviewComment(params),
    `Could not add the ${content} reaction to comment ${command.id}`,
    `The token needs ${onIssue ? 'issues: write' : 'pull-requests: write'}.`
  )
  return reacted !== undefined
}
