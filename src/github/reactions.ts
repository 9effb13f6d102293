// Reactions on the comment that gave a command: 👀 when it is taken, 🚀 or 😕 when
// its job ends. Reviews take no reactions. Best effort: a refusal is one warning.

import * as core from '@actions/core'
import { describeGitHubError, permissionHint, type GitHubClient } from './client.js'
import type { Command } from './command.js'

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** Reacts on the command's comment; resolves to whether GitHub took it. Never throws. */
export async function react(
  octokit: GitHubClient,
  repository: string,
  command: Pick<Command, 'kind' | 'id'>,
  content: Reaction
): Promise<boolean> {
  if (command.kind === 'review') return false
  const [owner = '', repo = ''] = repository.split('/')
  try {
    if (command.kind === 'issue-comment') {
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: command.id,
        content
      })
    } else {
      await octokit.rest.reactions.createForPullRequestReviewComment({
        owner,
        repo,
        comment_id: command.id,
        content
      })
    }
    return true
  } catch (error) {
    const needs = command.kind === 'issue-comment' ? 'issues: write' : 'pull-requests: write'
    core.warning(
      `Could not add the ${content} reaction to comment ${command.id} (${describeGitHubError(error)}).${permissionHint(error, `The token needs ${needs}.`)}`
    )
    return false
  }
}
