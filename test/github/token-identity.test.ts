// Whose records are believed: the account github-token writes as, asked of the GitHub
// stand-in (GraphQL `viewer`) in process, once per token; after a refusal it is not known until
// learned from the action's own records or writes; anything else GitHub could not say fails
// with StateUnknownError.

import { StateUnknownError } from '../../src/common/run-errors.js'
import { GitHubSession } from '../../src/github/session.js'
import { GITHUB_TOKEN } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

// One token per case: the answer is kept for the whole run (here, the file).
const APP = 'ghs_app_token'
const PERSON = 'ghp_person_token'
const REFUSED = 'ghs_refused_token'
const FLAKY = 'ghs_flaky_token'

const inProcess = useInProcessGitHub({
  token: GITHUB_TOKEN,
  tokens: {
    [APP]: { login: 'docs-app[bot]', type: 'Bot' },
    [PERSON]: { login: 'octocat', type: 'User' },
    [REFUSED]: { login: 'refused-app[bot]', type: 'Bot' },
    [FLAKY]: { login: 'flaky-app[bot]', type: 'Bot' }
  },
  captureLog: true
})

// One session per token, as a run opens it.
const sessions = new Map<string, GitHubSession>()
const identity = (token: string): Promise<string | undefined> => {
  if (!sessions.has(token))
    sessions.set(token, new GitHubSession(token, '', 'github-token', inProcess.reach))
  return (sessions.get(token) as GitHubSession).identity(10_000)
}
const queries = (): number => inProcess.github.requests.filter((r) => r.path === '/graphql').length
const log = (): string => inProcess.printed.join('')

describe("a session's identity", () => {
  it("is a GitHub App's bot for its token, asked once however often it is needed, and says so", async () => {
    const before = queries()

    expect(await Promise.all([identity(APP), identity(APP)])).toEqual([
      'docs-app[bot]',
      'docs-app[bot]'
    ])
    expect(await identity(APP)).toBe('docs-app[bot]')
    expect(queries() - before).toBe(1)
    expect(log()).toBe(
      'Believing records written by docs-app[bot], the account github-token writes as.\n'
    )
  })

  it("is the person for a personal token, and github-actions[bot] for the workflow's, without a line", async () => {
    expect(await identity(PERSON)).toBe('octocat')
    inProcess.printed.length = 0

    expect(await identity(GITHUB_TOKEN)).toBe('github-actions[bot]')
    expect(log()).toBe('')
  })

  it.each([
    // A token without the permission; a token GitHub does not know (the stand-in's own 401).
    { refusal: 'a 403', token: REFUSED, status: 403, denied: true },
    { refusal: 'bad credentials (401)', token: 'ghs_unknown_token', status: 401, denied: false }
  ])(
    'is not known after GitHub answers $refusal, with a debug line, and is not asked again',
    async ({ token, status, denied }) => {
      const lift = denied
        ? inProcess.github.deny({ method: 'POST', path: /^\/graphql$/, status })
        : () => undefined

      expect(await identity(token)).toBeUndefined()
      lift()
      expect(log()).toBe(
        `::debug::github-token: GitHub would not say whose token it is (the GitHub API answered ${status}); believing a bot's records that name it, and the account GitHub reports for this run's writes.\n`
      )
      const before = queries()
      expect(await identity(token)).toBeUndefined()
      expect(queries()).toBe(before)
    }
  )

  it('fails with StateUnknownError when GitHub cannot say (a 5xx), and asks again the next time', async () => {
    const lift = inProcess.github.deny({ method: 'POST', path: /^\/graphql$/, status: 502 })

    const failure = await identity(FLAKY).catch((error: unknown) => error)
    lift()
    expect(failure).toBeInstanceOf(StateUnknownError)
    expect((failure as Error).message).toBe(
      'Could not read whose token github-token is (the GitHub API answered 502), so nothing was sent to the agent: sending now could start a second job or tell commits twice or not at all. The next run picks the work up.'
    )
    expect(log()).toBe('')
    expect(await identity(FLAKY)).toBe('flaky-app[bot]')
  })
})

describe("an App installation's token, which GitHub will not tell whose it is", () => {
  const INSTALLATION = 'ghs_installation_token'
  const BOT = 'docs-helper[bot]'
  const installed = useInProcessGitHub({
    token: GITHUB_TOKEN,
    installations: { [INSTALLATION]: { login: BOT, type: 'Bot' } },
    captureLog: true
  })
  const open = () => new GitHubSession(INSTALLATION, 'acme/app', 'github-token', installed.reach)
  const printed = (): string => installed.printed.join('')
  const bot = (login: string) => ({ login, type: 'Bot' })
  const person = (login: string) => ({ login, type: 'User' })

  it('is not known from viewer (GitHub answers FORBIDDEN), and is learned from the one bot whose records name it', async () => {
    const session = open()
    expect(await session.identity(10_000)).toBeUndefined()

    const claims = [
      // A person pasting a marker that names the bot; a bot naming another; then the bot's own.
      { user: person('mallory'), by: BOT, where: 'comment 1' },
      { user: bot('other[bot]'), by: BOT, where: 'comment 2' },
      { user: bot(BOT), by: undefined, where: 'comment 3' },
      { user: bot(BOT), by: BOT, where: 'comment 4' }
    ]
    expect(await session.believed(claims, 10_000)).toBe(BOT)
    expect(await session.identity(10_000)).toBe(BOT)
    expect(printed()).toContain(
      'Believing records written by docs-helper[bot], the account github-token writes as (from its records).\n'
    )
  })

  it('believes no one from records only a person or another name wrote', async () => {
    const session = open()
    const claims = [
      { user: person('mallory'), by: 'mallory', where: 'comment 1' },
      { user: person('mallory'), by: BOT, where: 'comment 2' },
      { user: bot('other[bot]'), by: BOT, where: 'comment 3' }
    ]
    expect(await session.believed(claims, 10_000)).toBeUndefined()
    expect(await session.identity(10_000)).toBeUndefined()
  })

  it('cannot tell from records by two bots that each name themselves: one line that says what to do', async () => {
    const session = open()
    const claims = [
      { user: bot('github-actions[bot]'), by: 'github-actions[bot]', where: 'issue #3' },
      { user: bot(BOT), by: BOT, where: 'issue #9' }
    ]
    const failure = await session.believed(claims, 10_000).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(StateUnknownError)
    expect((failure as Error).message).toBe(
      "Cannot tell which account github-token writes as: GitHub would not say, and the docs agent's records here were written by github-actions[bot] (issue #3) and docs-helper[bot] (issue #9), so nothing was sent to the agent. Delete the comment or close the issue that the other account wrote (an earlier token's), keeping the one github-token's account wrote, then run the workflow again."
    )
    expect(await session.identity(10_000)).toBeUndefined()
  })

  it('is learned from what GitHub says wrote its first write; the guess before it is the workflow bot, made without a call', async () => {
    const session = open()
    const calls = installed.github.requests.length
    expect(session.writer()).toBe('github-actions[bot]')
    expect(installed.github.requests.length).toBe(calls)

    // The guess was wrong: the record is written again to name the author.
    expect(session.wrote(bot(BOT), 'github-actions[bot]')).toBe(true)
    expect(session.writer()).toBe(BOT)
    expect(await session.identity(10_000)).toBe(BOT)
    expect(session.wrote(bot(BOT), BOT)).toBe(false)
    expect(printed()).toContain(
      'Believing records written by docs-helper[bot], the account github-token writes as (from its write).\n'
    )
  })

  it('warns once when a write failed while the account cannot be told, and not once it is known', async () => {
    const session = open()
    await session.identity(10_000)
    session.writeFailed()
    session.writeFailed()
    expect(installed.warnings()).toEqual([
      "::warning::Cannot tell which account github-token writes as: GitHub would not say (GraphQL viewer), no record of the docs agent's names it, and this run could not write one. The first record a run writes teaches it; until then each run works on its own."
    ])

    const known = open()
    await known.identity(10_000)
    known.wrote(bot(BOT), BOT)
    known.writeFailed()
    expect(installed.warnings()).toHaveLength(1)
  })
})
