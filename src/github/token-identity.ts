// Whose records to believe: the account `github-token` writes as, asked once per token
// and run with GraphQL's `viewer`, which app, workflow and personal tokens all answer.

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import {
  boundedSignal,
  describeGitHubError,
  gitHubFailure,
  openGitHub,
  type RepositoryAccess
} from './client.js'
import { ACCOUNT } from './plumbing.js'
import { ACTIONS_BOT, record } from './workflow-run.js'

/** GraphQL error types that mean the token may not ask, not that GitHub could not answer. */
const REFUSALS = new Set(['FORBIDDEN', 'NOT_FOUND', 'INSUFFICIENT_SCOPES'])

/** One answer per token (and API) for the whole run; a failure is not kept. */
const learned = new Map<string, Promise<string>>()

/**
 * The login `github-token` writes as; `github-actions[bot]` when GitHub refuses to say.
 * When it cannot say (5xx, rate limit), StateUnknownError: believing the wrong account's
 * records could start a second job.
 */
export function tokenIdentity(access: Omit<RepositoryAccess, 'repository'>): Promise<string> {
  const key = `${process.env.GITHUB_API_URL ?? ''}\n${access.token}`
  let identity = learned.get(key)
  if (!identity) {
    identity = learn(access)
    learned.set(key, identity)
    identity.catch(() => learned.delete(key))
  }
  return identity
}

async function learn(access: Omit<RepositoryAccess, 'repository'>): Promise<string> {
  let login: unknown
  try {
    const signal = boundedSignal(access.signal, access.budgetMs)
    const octokit = await openGitHub(access.token, access.userAgent, signal)
    const data = await octokit.graphql<unknown>('query { viewer { login } }')
    login = record(record(data)?.viewer)?.login
  } catch (error) {
    const { denied, reason } = failure(error)
    if (!denied) throw new StateUnknownError('whose token github-token is', reason)
    core.debug(
      `github-token: GitHub would not say whose token it is (${reason}); believing records written by ${ACTIONS_BOT}.`
    )
    return ACTIONS_BOT
  }
  if (typeof login !== 'string' || !ACCOUNT.test(login)) {
    throw new StateUnknownError('whose token github-token is', 'GitHub answered without a login')
  }
  if (login !== ACTIONS_BOT) {
    core.info(`Believing records written by ${login}, the account github-token writes as.`)
  }
  return login
}

/** Whether GitHub refused, and why: GraphQL errors come with status 200. */
function failure(error: unknown): { denied: boolean; reason: string } {
  const errors = record(error)?.errors
  if (!Array.isArray(errors)) {
    return { denied: gitHubFailure(error) === 'denied', reason: describeGitHubError(error) }
  }
  const found = errors.map((e) => record(e) ?? {})
  const said = found.map((e) => (typeof e.message === 'string' ? e.message : '?')).join('; ')
  return {
    denied: found.length > 0 && found.every((e) => REFUSALS.has(String(e.type))),
    reason: `GitHub answered with errors: ${safeLine(said, 200)}`
  }
}
