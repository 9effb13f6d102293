// Who may give a command: a person with write, maintain or admin permission, read from
// GitHub (a payload's author_association says nothing reliable; unreadable is no), or a bot
// listed in allowed-bots. The workflow's own bot never is, so the action cannot loop.

import { describeGitHubError, type GitHubClient } from './client.js'
import type { Commenter } from './command.js'
import { splitRepository } from './plumbing.js'
import { ACTIONS_BOT } from './workflow-run.js'

const COMMAND_PERMISSIONS: readonly unknown[] = ['admin', 'maintain', 'write']

export type Verdict = { allowed: true; why: string } | { allowed: false; reason: string }

/** Reads the commenter's permission and decides. Never throws: an error is a refusal. */
export async function checkCommander(
  octokit: GitHubClient,
  repository: string,
  author: Commenter,
  allowedBots: readonly string[]
): Promise<Verdict> {
  const { login, type } = author
  if (type === 'Bot') {
    // GitHub logins are case-insensitive.
    const wanted = login.toLowerCase()
    if (wanted === ACTIONS_BOT) {
      return { allowed: false, reason: `comments by ${ACTIONS_BOT} never run commands` }
    }
    return allowedBots.some((bot) => bot.toLowerCase() === wanted)
      ? { allowed: true, why: `the bot ${login} is listed in allowed-bots` }
      : { allowed: false, reason: `${login} is a bot account that is not listed in allowed-bots` }
  }
  if (type !== 'User') {
    return {
      allowed: false,
      reason: `the account type '${type || 'unknown'}' cannot give commands`
    }
  }
  let data: Record<string, unknown>
  try {
    const repo = splitRepository(repository)
    ;({ data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      ...repo,
      username: login
    }))
  } catch (error) {
    return {
      allowed: false,
      reason: `the permission of ${login} on ${repository} could not be read (${describeGitHubError(error)})`
    }
  }
  const permission = typeof data.permission === 'string' ? data.permission : ''
  const granted = [permission, data.role_name].find((p) => COMMAND_PERMISSIONS.includes(p))
  return typeof granted === 'string'
    ? { allowed: true, why: `${login} has ${granted} permission on ${repository}` }
    : {
        allowed: false,
        reason: `${login} has ${permission || 'no'} permission on ${repository}; commands need write, maintain or admin`
      }
}
