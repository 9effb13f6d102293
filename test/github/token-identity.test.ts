// Whose records are believed: the account github-token writes as, asked of the GitHub
// stand-in (GraphQL `viewer`) in process, once per token; a refusal falls back to the
// workflow's bot, anything else GitHub could not say fails with StateUnknownError.

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
const identity = (token: string): Promise<string> => {
  if (!sessions.has(token)) sessions.set(token, new GitHubSession(token, ''))
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
    'falls back to github-actions[bot] with a debug line when GitHub answers $refusal',
    async ({ token, status, denied }) => {
      const lift = denied
        ? inProcess.github.deny({ method: 'POST', path: /^\/graphql$/, status })
        : () => undefined

      expect(await identity(token)).toBe('github-actions[bot]')
      lift()
      expect(log()).toBe(
        `::debug::github-token: GitHub would not say whose token it is (the GitHub API answered ${status}); believing records written by github-actions[bot].\n`
      )
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
