// A proxy that wants credentials (407) is asked once: sent again, it would want them
// again. undici reports its refusal as a failed request, which octokit gives status
// 500 without an answer, as it does a reset connection (which is sent again, as is a
// proxy's 502: nothing reached GitHub). A real CONNECT proxy, in front of a GitHub it
// never reaches; @actions/github reads the proxy and the API's address when it is first
// loaded, hence a file of its own.

import { describeGitHubError, gitHubAnswerStatus, openGitHub } from '../../src/github/client.js'
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.js'

/** How the proxy refuses tunnels; each test sets it. */
const refusing: { refuseWith?: number } = {}
let proxy: ConnectProxy

beforeAll(async () => {
  proxy = await startConnectProxy(refusing)
  // Not 127.0.0.1: @actions/github goes direct to a loopback address, whatever the proxy.
  process.env.GITHUB_API_URL = 'https://api.github.example'
  process.env.https_proxy = proxy.url
  process.env.HTTPS_PROXY = proxy.url
  delete process.env.no_proxy
  delete process.env.NO_PROXY
})

beforeEach(() => {
  proxy.tunnels.length = 0
})

afterAll(async () => {
  await proxy.close()
})

/** The error of one listing call through the proxy. */
async function failureThroughProxy(budgetMs: number, secondMs?: number): Promise<unknown> {
  const octokit = await openGitHub('ghs_token', { budgetMs, secondMs })
  return octokit.rest.issues.listComments({ owner: 'acme', repo: 'app', issue_number: 7 }).then(
    () => undefined,
    (failure: unknown) => failure
  )
}

it('asks a proxy that answers 407 once', async () => {
  refusing.refuseWith = 407
  // Room for both of plugin-retry's waits.
  const error = await failureThroughProxy(10_000)

  expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual(['api.github.example:443'])
  expect(gitHubAnswerStatus(error)).toBeUndefined()
  expect(describeGitHubError(error)).toMatch(/it wants credentials \(407\)/)
})

it('asks a proxy that answers 502 again, as often as the budget allows (the plugin waits 10 ms a second here)', async () => {
  refusing.refuseWith = 502
  const error = await failureThroughProxy(10_000, 10)

  expect(proxy.tunnels).toHaveLength(3)
  expect(describeGitHubError(error)).toMatch(/tunnel to the GitHub API: it answered 502;/)
})
