// One token's GitHub, opened once a run: the token and the input it came from, the
// repository and the run's cancellation, and whose the token is (GraphQL `viewer`, asked once,
// else learned from the action's own records and writes: the one owner of that answer).

import * as core from '@actions/core'
import { StateUnknownError } from '../common/run-errors.js'
import {
  describeGitHubError,
  openGitHub,
  permissionHint,
  throwIfUnknown,
  type GitHubClient,
  type GitHubReach
} from './client.js'
import { ACCOUNT, ACTIONS_BOT, asObject, splitRepository } from './workflow-run.js'
import { isWriter } from './marker.js'
import { soleWriter, type Author, type Claim } from './writers.js'

export class GitHubSession {
  readonly repo: { owner: string; repo: string }
  private viewerOf: Promise<string | undefined> | undefined
  /** GraphQL `viewer`'s answer, once given. */
  private viewer: string | undefined
  /** GraphQL `viewer` was refused. */
  private viewerRefused = false
  /** The account learned this run from its records or writes, when `viewer` did not say. */
  private learned: string | undefined
  /** Learned from a write: what GitHub says wrote it, not asked again. */
  private fromWrite = false
  private warnedUnknown = false

  constructor(
    readonly token: string,
    /** `owner/repo` ('' when GITHUB_REPOSITORY is not set). */
    readonly repository: string,
    /** The input the token came from. */
    readonly name = 'github-token',
    /** The run's cancellation, its GITHUB_API_URL (else @actions/github's default), its waits. */
    private readonly reach: GitHubReach = {}
  ) {
    this.repo = splitRepository(repository)
  }

  /** A client whose calls share `budgetMs`, cut short when the run is cancelled (if `cancellable`). */
  client(budgetMs: number, cancellable = true): Promise<GitHubClient> {
    const signal = cancellable ? this.reach.signal : undefined
    return openGitHub(this.token, { ...this.reach, budgetMs, signal })
  }

  /**
   * What `call` gives, or undefined after warning `failed` (`%s`: why), and `permission` after a
   * no. `unknown` is '' to warn on any failure; a text names what a failure that is not a no
   * leaves unknown (thrown as StateUnknownError); false marks a last write, which the run's
   * cancellation does not cut short.
   */
  async bestEffort<T>(
    budget: number | GitHubClient,
    call: (octokit: GitHubClient) => Promise<T>,
    failed: string,
    permission: string,
    unknown: string | false = ''
  ): Promise<T | undefined> {
    try {
      // A last write (`unknown` false) is not cut short by the run's cancellation.
      const cancellable = unknown !== false
      const octokit = typeof budget === 'number' ? await this.client(budget, cancellable) : budget
      return await call(octokit)
    } catch (error) {
      if (unknown && error instanceof StateUnknownError) {
        throw error
      }
      if (unknown) {
        throwIfUnknown(error, unknown)
      }
      const line = failed.replace('%s', () => describeGitHubError(error))
      core.warning(`${line}${permissionHint(error, permission, this.name)}`)
      return undefined
    }
  }

  /**
   * The login the token writes as, when known: GraphQL `viewer`'s answer, else what this run
   * learned from the action's own records or writes; undefined while it cannot be told. When
   * GitHub cannot say (a 5xx), StateUnknownError: believing the wrong account's records could
   * start a second job. `viewer` is asked once; a failure is not kept.
   */
  async identity(budgetMs: number): Promise<string | undefined> {
    if (this.fromWrite) {
      return this.learned
    }
    this.viewerOf ??= this.askViewer(budgetMs).catch((error: unknown) => {
      // Forgotten, so that the next call asks again.
      this.viewerOf = undefined
      throw error
    })
    const viewer = await this.viewerOf
    return viewer ?? this.learned
  }

  /**
   * Whose records to believe among `claims` (records of one thing, as read): the identity when
   * known; else the one bot whose records name it, the identity from now on. Bots of two or more
   * names: WriterUnknownError.
   */
  async believed(claims: readonly Claim[], budgetMs: number): Promise<string | undefined> {
    const known = await this.identity(budgetMs)
    if (known !== undefined) {
      return known
    }
    const sole = soleWriter(claims, this.name)
    if (sole !== undefined) {
      this.learn(sole, 'from its records')
    }
    return sole
  }

  /**
   * The login a record names as its writer, without asking GitHub: the identity as far as known,
   * else the workflow's bot. The write's answer corrects it (`wrote`).
   */
  writer(): string {
    return this.viewer ?? this.learned ?? ACTIONS_BOT
  }

  /**
   * Takes what GitHub says wrote the comment or issue the action just created or edited, whose
   * marker named `by`: the identity from now on when `viewer` did not say. Returns whether `by`
   * was not the author (the record is then written again to name it).
   */
  wrote(author: Author, by: string): boolean {
    const login = author?.login
    if (login === undefined || !isWriter(login)) {
      return false
    }
    // The first write's author is the identity, when `viewer` did not say.
    if (this.viewer === undefined && !this.fromWrite) {
      this.fromWrite = true
      if (this.learned !== login) {
        this.learn(login, 'from its write')
      }
      this.learned = login
    }
    return login !== by
  }

  /**
   * After a write whose record named `by`: when GitHub says `author` wrote it, another account,
   * `again` writes it once more naming that account, so later runs believe it.
   */
  async named(author: Author, by: string, again: (login: string) => Promise<unknown>) {
    const misnamed = this.wrote(author, by)
    if (misnamed && author?.login) {
      await again(author.login)
    }
  }

  /**
   * One warning, when a write failed while the account cannot be told (GitHub refused to say when
   * the run asked, and no record names it): its records cannot be believed yet.
   */
  writeFailed(): void {
    const canTell = !this.viewerRefused || this.learned !== undefined
    if (canTell || this.warnedUnknown) {
      return
    }
    this.warnedUnknown = true
    core.warning(
      `Cannot tell which account ${this.name} writes as: GitHub would not say (GraphQL viewer), ` +
        "no record of the docs agent's names it, and this run could not write one. " +
        'The first record a run writes teaches it; until then each run works on its own.'
    )
  }

  private learn(login: string, how: string): void {
    this.learned = login
    // The workflow's own bot is the usual case, not worth a line.
    if (login !== ACTIONS_BOT) {
      core.info(
        `Believing records written by ${login}, the account ${this.name} writes as (${how}).`
      )
    }
  }

  private async askViewer(budgetMs: number): Promise<string | undefined> {
    const what = `whose token ${this.name} is`
    const octokit = await this.client(budgetMs)
    const data = await octokit.graphql('query { viewer { login } }').catch((error: unknown) => {
      throwIfUnknown(error, what)
      core.debug(
        `${this.name}: GitHub would not say whose token it is (${describeGitHubError(error)}); ` +
          "believing a bot's records that name it, " +
          "and the account GitHub reports for this run's writes."
      )
    })
    if (data === undefined) {
      this.viewerRefused = true
      return undefined
    }
    const login = asObject(asObject(data)?.viewer)?.login
    if (typeof login !== 'string' || !ACCOUNT.test(login)) {
      throw new StateUnknownError(what, 'GitHub answered without a login')
    }
    if (login !== ACTIONS_BOT) {
      core.info(`Believing records written by ${login}, the account ${this.name} writes as.`)
    }
    this.viewer = login
    return login
  }
}

/** Why there is no session on the run's repository (when `session?.repository` is empty). */
export function lacking(session: GitHubSession | undefined): string {
  return session ? 'GITHUB_REPOSITORY is not set' : 'github-token is empty'
}
