// Whose records to believe: the account `github-token` writes as, asked of GitHub once
// per token and run with GraphQL's `viewer`, which installation tokens (a GitHub App's,
// the workflow's GITHUB_TOKEN) and personal tokens all answer.

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import { safeLine } from '../common/safe-text.js'
import { boundedSignal, describeGitHubError, gitHubFailure, openGitHub } from './client.js'
import { record } from './workflow-run.js'

/** What the workflow's GITHUB_TOKEN writes as, and the account believed when GitHub refuses to say. */
export const WORKFLOW_BOT = 'github-actions[bot]'

/** A GitHub login: a user's, or an app's with `[bot]`. Anything else was not GitHub's answer. */
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\[bot\])?$/
/** GraphQL error types that mean the token may not ask, not that GitHub could not answer. */
const REFUSALS = new Set(['FORBIDDEN', 'NOT_FOUND', 'INSUFFICIENT_SCOPES'])

export interface IdentityAccess {
  token: string
  userAgent: string
  /** Cancellation of the whole run. */
  signal?: AbortSignal
  budgetMs: number
}

/** One answer per token (and API) for the whole run; a failure is not kept. */
const learned = new Map<string, Promise<string>>()

/**
 * The login `github-token` writes as. When GitHub refuses to say, `github-actions[bot]`
 * (with a debug line); when it cannot say (a 5xx, a rate limit, no answer), a
 * StateUnknownError: believing the wrong account's records could start a second job.
 */
export function tokenIdentity(access: IdentityAccess): Promise<string> {
  const key = `${process.env.GITHUB_API_URL ?? ''}\n${access.token}`
  let identity = learned.get(key)
  if (!identity) {
    identity = learn(access)
    learned.set(key, identity)
    identity.catch(() => learned.delete(key))
  }
  return identity
}

async function learn(access: IdentityAccess): Promise<string> {
  let login: unknown
  try {
    const signal = boundedSignal(access.signal, access.budgetMs)
    const octokit = await openGitHub(access.token, access.userAgent, signal)
    const data = await octokit.graphql<unknown>('query { viewer { login } }')
    login = record(record(data)?.viewer)?.login
  } catch (error) {
    if (failureOf(error) === 'denied') {
      core.debug(
        `github-token: GitHub would not say whose token it is (${describe(error)}); believing records written by ${WORKFLOW_BOT}.`
      )
      return WORKFLOW_BOT
    }
    throw new StateUnknownError('whose token github-token is', describe(error))
  }
  if (typeof login !== 'string' || !LOGIN.test(login)) {
    throw new StateUnknownError('whose token github-token is', 'GitHub answered without a login')
  }
  if (login !== WORKFLOW_BOT) {
    core.info(`Believing records written by ${login}, the account github-token writes as.`)
  }
  return login
}

/** The GraphQL errors of an answer GitHub gave with status 200, if that is what failed. */
function graphqlErrors(error: unknown): Record<string, unknown>[] | undefined {
  const errors = record(error)?.errors
  return Array.isArray(errors) ? errors.map((e) => record(e) ?? {}) : undefined
}

function failureOf(error: unknown): 'denied' | 'unknown' {
  const errors = graphqlErrors(error)
  if (!errors) return gitHubFailure(error)
  const refused = errors.length > 0 && errors.every((e) => REFUSALS.has(String(e.type)))
  return refused ? 'denied' : 'unknown'
}

function describe(error: unknown): string {
  const errors = graphqlErrors(error)
  if (!errors) return describeGitHubError(error)
  const said = errors.map((e) => (typeof e.message === 'string' ? e.message : '?')).join('; ')
  return `GitHub answered with errors: ${safeLine(said, 200)}`
}
