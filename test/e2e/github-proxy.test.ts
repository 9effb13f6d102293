// The bundle's GitHub calls through a proxy: @actions/github sends them with undici's
// fetch, through the proxy's tunnel. A proxy that wants credentials is asked once, the run says so, and
// nothing is sent.

import { startConnectProxy } from '../support/connect-proxy.js'
import { GITHUB_TOKEN, inputs, runnerEnv } from '../support/fixtures.js'
import { runBundle, bundleFirst } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

it('tunnels the GitHub calls of a pull request run through HTTPS_PROXY, once when it answers 407', async () => {
  const proxy = await startConnectProxy({ refuseWith: 407 })
  const standIn = await startStandIn()
  try {
    const run = await runBundle({
      inputs: inputs(standIn.url, { 'github-token': GITHUB_TOKEN, prompt: 'Document it.' }),
      env: {
        // Not a loopback address: @actions/github goes direct to one, whatever the proxy.
        ...runnerEnv('pull_request', 'pull_request.json', 'https://api.github.example'),
        HTTPS_PROXY: proxy.url,
        NO_PROXY: '127.0.0.1'
      }
    })

    expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual(['api.github.example:443'])
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain(
      'the proxy would not open a tunnel to the GitHub API: it wants credentials (407)'
    )
    expect(standIn.requests.filter((request) => request.method === 'POST')).toHaveLength(0)
  } finally {
    await Promise.all([proxy.close(), standIn.close()])
  }
})
