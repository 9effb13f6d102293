// Who may give a command. A person needs write, maintain or admin permission on the
// repository, read from GitHub's collaborator-permission endpoint (the payload's
// author_association says nothing reliable about that); when it cannot be read, the
// answer is no. A bot account is trusted only when the workflow lists its exact
// login in allowed-bots; the workflow's own bot never is, so the action cannot loop.

import { describeGitHubError, type GitHubClient } from './client.js'
import { ACTIONS_BOT, type Commenter } from './command.js'

export const COMMAND_PERMISSIONS = ['admin', 'maintain', 'write'] as const

export type Verdict = { allowed: true; why: string } | { allowed: false; reason: string }

/** Whether `login` is in the allow-list (GitHub logins are case-insensitive). */
export function isListedBot(login: string, allowedBots: readonly string[]): boolean {
  const wanted = login.toLowerCase()
  return wanted !== ACTIONS_BOT && allowedBots.some((bot) => bot.toLowerCase() === wanted)
}

/** The verdict for a bot account, which needs no request. */
export function botVerdict(author: Commenter, allowedBots: readonly string[]): Verdict {
  if (author.login.toLowerCase() === ACTIONS_BOT) {
    return { allowed: false, reason: `comments by ${ACTIONS_BOT} never run commands` }
  }
  return isListedBot(author.login, allowedBots)
    ? { allowed: true, why: `the bot ${author.login} is listed in allowed-bots` }
    : {
        allowed: false,
        reason: `${author.login} is a bot account that is not listed in allowed-bots`
      }
}

/** Reads the commenter's permission and decides. Never throws: an error is a refusal. */
export async function checkCommander(
  octokit: GitHubClient,
  repository: string,
  author: Commenter,
  allowedBots: readonly string[]
): Promise<Verdict> {
  if (author.type === 'Bot') return botVerdict(author, allowedBots)
  if (author.type !== 'User') {
    return {
      allowed: false,
      reason: `the account type '${author.type || 'unknown'}' cannot give commands`
    }
  }
  const [owner = '', repo = ''] = repository.split('/')
  let permission: string
  let role: string
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner,
      repo,
      username: author.login
    })
    permission = typeof data.permission === 'string' ? data.permission : ''
    role = typeof data.role_name === 'string' ? data.role_name : ''
  } catch (error) {
    return {
      allowed: false,
      reason: `the permission of ${author.login} on ${repository} could not be read (${describeGitHubError(error)})`
    }
  }
  const granted = [permission, role].find((p) =>
    (COMMAND_PERMISSIONS as readonly string[]).includes(p)
  )
  return granted
    ? { allowed: true, why: `${author.login} has ${granted} permission on ${repository}` }
    : {
        allowed: false,
        reason: `${author.login} has ${permission || 'no'} permission on ${repository}; commands need write, maintain or admin`
      }
}
