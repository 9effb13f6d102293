// A proxy that wants credentials (407) is asked once: sent again, it would want them
// again. undici reports its refusal as a failed request, which octokit gives status
// 500 without an answer, as it does a reset connection (which is sent again). A real
// CONNECT proxy, in front of a GitHub it never reaches; @actions/github reads the
// proxy and the API's address when it is first loaded, hence a file of its own.

import { boundedSignal, gitHubAnswerStatus, openGitHub } from '../../src/github/client.js'
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy.js'

let proxy: ConnectProxy

beforeAll(async () => {
  proxy = await startConnectProxy({ refuseWith: 407 })
  // Not 127.0.0.1: @actions/github goes direct to a loopback address, whatever the proxy.
  process.env.GITHUB_API_URL = 'https://api.github.example'
  process.env.https_proxy = proxy.url
  process.env.HTTPS_PROXY = proxy.url
  delete process.env.no_proxy
  delete process.env.NO_PROXY
})

afterAll(async () => {
  await proxy.close()
})

it('asks a proxy that answers 407 once', async () => {
  const octokit = await openGitHub('ghs_token', boundedSignal(undefined, 10_000))

  const error = await octokit.rest.issues
    .listComments({ owner: 'acme', repo: 'app', issue_number: 7 })
    .then(
      () => undefined,
      (failure: unknown) => failure
    )

  expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual(['api.github.example:443'])
  expect(gitHubAnswerStatus(error)).toBeUndefined()
})
