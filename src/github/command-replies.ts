// The replies a command gets on its pull request when it is not run: a usage note for a
// command without an instruction, and a refusal that says why. Best effort.

import type { Command } from './command.js'
import type { GitHubSession } from './session.js'
import { cleanLabel } from './untrusted-text.js'

function mention(command: Pick<Command, 'author'>): string {
  return `@${cleanLabel(command.author.login, 60).replace(/[^\w.[\]-]/g, '')}`
}

function code(text: string): string {
  return `\`${cleanLabel(text, 60).replace(/`/g, '')}\``
}

export function usageReply(command: Pick<Command, 'author'>, phrase: string): string {
  return [
    `${mention(command)}, ${code(phrase)} needs an instruction after it, for example:`,
    '',
    '```',
    `${cleanLabel(phrase, 60)} document the new --dry-run flag on the CLI reference page`,
    '```',
    '',
    'Nothing was sent to the docs agent.'
  ].join('\n')
}

export function refusalReply(
  command: Pick<Command, 'author'>,
  phrase: string,
  reason: string
): string {
  return [
    `${mention(command)}, this ${code(phrase)} command was not run: ${cleanLabel(reason, 400)}.`,
    '',
    'Only people with write, maintain or admin permission on this repository, and bots the workflow lists in `allowed-bots`, can give commands. Nothing was sent to the docs agent.'
  ].join('\n')
}

/** Posts `body` on the command's pull request. Never throws; resolves to whether it was posted. */
export async function replyOnPullRequest(
  session: GitHubSession,
  pullNumber: number,
  body: string,
  budgetMs: number
): Promise<boolean> {
  const comment = { ...session.repo, issue_number: pullNumber, body }
  const posted = await session.bestEffort(
    budgetMs,
    (octokit) => octokit.rest.issues.createComment(comment),
    `Could not reply on pull request #${pullNumber}`,
    'The token needs pull-requests: write.',
    false
  )
  return posted !== undefined
}
