// One token's GitHub, opened once a run: the token and the input it came from, the
// repository and the run's cancellation, and whose the token is (asked once).

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import {
  boundedSignal,
  describeGitHubError,
  openGitHub,
  permissionHint,
  throwIfUnknown,
  type GitHubClient
} from './client.js'
import { ACCOUNT, ACTIONS_BOT, asObject, splitRepository } from './workflow-run.js'

export class GitHubSession {
  readonly repo: { owner: string; repo: string }
  private identityOf: Promise<string> | undefined

  constructor(
    readonly token: string,
    /** `owner/repo` ('' when GITHUB_REPOSITORY is not set). */
    readonly repository: string,
    private readonly signal?: AbortSignal,
    /** The input the token came from. */
    readonly name = 'github-token'
  ) {
    this.repo = splitRepository(repository)
  }

  /** A client whose calls share `budgetMs`, cut short when the run is cancelled (if `cancellable`). */
  client(budgetMs: number, cancellable = true): Promise<GitHubClient> {
    return openGitHub(this.token, boundedSignal(cancellable ? this.signal : undefined, budgetMs))
  }

  /** What `call` gives, or undefined after warning `failed` (`%s`: why), `permission` after a no.
   * `unknown`: '' to warn on any failure; else what a failure that is not a no leaves unknown
   * (thrown as StateUnknownError); false: a last write, not cut short by the run's cancellation. */
  async bestEffort<T>(
    budget: number | GitHubClient,
    call: (octokit: GitHubClient) => Promise<T>,
    failed: string,
    permission: string,
    unknown: string | false = ''
  ): Promise<T | undefined> {
    try {
      const octokit =
        typeof budget === 'number' ? await this.client(budget, unknown !== false) : budget
      return await call(octokit)
    } catch (error) {
      if (unknown && error instanceof StateUnknownError) throw error
      if (unknown) throwIfUnknown(error, unknown)
      const line = failed.replace('%s', () => describeGitHubError(error))
      core.warning(`${line}${permissionHint(error, permission, this.name)}`)
      return undefined
    }
  }

  /** The login the token writes as (GraphQL `viewer`); `github-actions[bot]` when GitHub refuses
   * to say. When it cannot say, StateUnknownError: believing the wrong account's records could
   * start a second job. Asked once; a failure is not kept. */
  identity(budgetMs: number): Promise<string> {
    return (this.identityOf ??= this.learn(budgetMs).catch((error: unknown) => {
      this.identityOf = undefined
      throw error
    }))
  }

  private async learn(budgetMs: number): Promise<string> {
    const what = `whose token ${this.name} is`
    const octokit = await this.client(budgetMs)
    const data = await octokit.graphql('query { viewer { login } }').catch((error: unknown) => {
      throwIfUnknown(error, what)
      core.debug(
        `${this.name}: GitHub would not say whose token it is (${describeGitHubError(error)}); believing records written by ${ACTIONS_BOT}.`
      )
    })
    if (data === undefined) return ACTIONS_BOT
    const login = asObject(asObject(data)?.viewer)?.login
    if (typeof login !== 'string' || !ACCOUNT.test(login)) {
      throw new StateUnknownError(what, 'GitHub answered without a login')
    }
    if (login !== ACTIONS_BOT) {
      core.info(`Believing records written by ${login}, the account ${this.name} writes as.`)
    }
    return login
  }
}

/** Why there is no session on the run's repository (when `session?.repository` is empty). */
export function lacking(session: GitHubSession | undefined): string {
  return session ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'
}
