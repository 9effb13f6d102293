// The networks of self-hosted runners: an https service behind a real CONNECT proxy,
// a private CA trusted through NODE_EXTRA_CA_CERTS, and NO_PROXY. The bundled action
// runs against an https stand-in (only a fresh process reads NODE_EXTRA_CA_CERTS, and
// shows undici's warnings); each case checks the exit code, the outputs and the
// requests the service (and the proxy) received. Proxies that refuse (407 once here, as
// docs/reliability.md says) or cannot be reached, the lower-case variables, plain-http
// services and untrusted certificates are decided in test/agent/faults-in-process.test.ts.

import type { ConnectProxy, ConnectProxyOptions } from '../support/connect-proxy.js'
import { count, failure, inputsFor, retryLines, withProxy } from '../support/faults-kit.js'
import { runBundle, bundleFirst } from '../support/run-action.js'
import type { StandIn } from '../support/stand-in.js'
import { makeCertificates, type TestCertificates } from '../support/tls.js'
import { ACTION_NAME, ACTION_VERSION } from '../../src/common/version.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

let certificates: TestCertificates

beforeAll(() => {
  certificates = makeCertificates()
})
afterAll(() => {
  certificates.remove()
})

/** An https stand-in and a proxy, both closed afterwards. */
const withHttpsAndProxy = (
  proxyOptions: ConnectProxyOptions,
  body: (standIn: StandIn, proxy: ConnectProxy) => Promise<void>
): Promise<void> =>
  withProxy(proxyOptions, { tls: { key: certificates.key, cert: certificates.cert } }, body)

const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

describe('behind a proxy', () => {
  it.concurrent(
    'tunnels every request through HTTPS_PROXY written without a scheme, with its credentials for the proxy only, trusting the CA from NODE_EXTRA_CA_CERTS',
    async () => {
      await withHttpsAndProxy({}, async (standIn, proxy) => {
        const run = await runBundle({
          inputs: inputsFor(standIn.url),
          env: {
            HTTPS_PROXY: `builder:s3cret%40pw@127.0.0.1:${proxy.port}`,
            NODE_EXTRA_CA_CERTS: certificates.caFile
          }
        })

        expect(run.exitCode).toBe(0)
        expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
        expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1)
        expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual(
          proxy.tunnels.map(() => `127.0.0.1:${standIn.port}`)
        )
        expect(proxy.forwarded).toEqual([])
        const expected = `Basic ${Buffer.from('builder:s3cret@pw').toString('base64')}`
        expect(proxy.tunnels[0]?.headers['proxy-authorization']).toBe(expected)
        expect(
          standIn.requests.every((request) => request.headers['proxy-authorization'] === undefined)
        ).toBe(true)
        expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret')
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
        expect(standIn.requests.map((request) => request.headers['user-agent'])).toEqual([
          USER_AGENT,
          USER_AGENT
        ])
        // undici's "experimental" warning would only alarm users.
        expect(run.stderr).toBe('')
      })
    }
  )

  it.concurrent('asks a proxy that wants credentials (407) once, and fails saying so', async () => {
    await withHttpsAndProxy({ refuseWith: 407 }, async (standIn, proxy) => {
      const run = await runBundle({
        inputs: inputsFor(standIn.url),
        env: { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile }
      })

      expect(run.exitCode).toBe(1)
      expect(failure(run)).toContain(
        `The proxy 127.0.0.1:${proxy.port} would not open a tunnel to 127.0.0.1:${standIn.port} for POST /v2/agent/`
      )
      expect(failure(run)).toContain('it wants credentials')
      expect(retryLines(run)).toEqual([])
      expect(proxy.tunnels).toHaveLength(1)
      expect(standIn.requests).toEqual([])
    })
  })

  it.concurrent(
    'goes direct to an https service when NO_PROXY covers it, trusting the CA from NODE_EXTRA_CA_CERTS',
    async () => {
      await withHttpsAndProxy({}, async (standIn, proxy) => {
        const run = await runBundle({
          inputs: inputsFor(standIn.url),
          env: {
            HTTPS_PROXY: proxy.url,
            NO_PROXY: '127.0.0.1',
            NODE_EXTRA_CA_CERTS: certificates.caFile
          }
        })

        expect(run.exitCode).toBe(0)
        expect(run.outputs).toMatchObject({ status: 'completed', 'pr-number': '100' })
        expect(proxy.tunnels).toEqual([])
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    }
  )
})
