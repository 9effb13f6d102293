// The networks of self-hosted runners: an https service behind a real CONNECT proxy,
// a private CA trusted through NODE_EXTRA_CA_CERTS, NO_PROXY, and proxies that
// refuse. The bundled action runs against an https stand-in; each case checks the
// exit code, the error text, the outputs and the requests the service (and the
// proxy) received.

import {
  startConnectProxy,
  type ConnectProxy,
  type ConnectProxyOptions
} from '../support/connect-proxy.js'
import { count, failure, inputsFor, retryLines, withStandIn } from '../support/faults-kit.js'
import { runAction } from '../support/run-action.js'
import type { StandIn } from '../support/stand-in.js'
import { makeCertificates, type TestCertificates } from '../support/tls.js'
import { ACTION_NAME, ACTION_VERSION } from '../../src/action/version.js'

let certificates: TestCertificates

beforeAll(() => {
  certificates = makeCertificates()
})
afterAll(() => {
  certificates.remove()
})

/** An https stand-in and a proxy, both closed afterwards. */
async function withHttpsAndProxy(
  proxyOptions: ConnectProxyOptions,
  body: (standIn: StandIn, proxy: ConnectProxy) => Promise<void>
): Promise<void> {
  const proxy = await startConnectProxy(proxyOptions)
  try {
    await withStandIn({ tls: { key: certificates.key, cert: certificates.cert } }, (standIn) =>
      body(standIn, proxy)
    )
  } finally {
    await proxy.close()
  }
}

const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

describe('behind a proxy', () => {
  it.concurrent.each(['HTTPS_PROXY', 'https_proxy'])(
    'tunnels every request through the proxy named by %s, trusting the CA from NODE_EXTRA_CA_CERTS',
    async (variable) => {
      await withHttpsAndProxy({}, async (standIn, proxy) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { [variable]: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile }
        })

        expect(run.exitCode).toBe(0)
        expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status: 'completed' })
        expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1)
        expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual(
          proxy.tunnels.map(() => `127.0.0.1:${standIn.port}`)
        )
        expect(proxy.forwarded).toEqual([])
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

  it.concurrent(
    'accepts a proxy written without a scheme, and sends its credentials to the proxy only',
    async () => {
      await withHttpsAndProxy({}, async (standIn, proxy) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: {
            HTTPS_PROXY: `builder:s3cret%40pw@127.0.0.1:${proxy.port}`,
            NODE_EXTRA_CA_CERTS: certificates.caFile
          }
        })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.status).toBe('completed')
        const expected = `Basic ${Buffer.from('builder:s3cret@pw').toString('base64')}`
        expect(proxy.tunnels[0]?.headers['proxy-authorization']).toBe(expected)
        expect(
          standIn.requests.every((request) => request.headers['proxy-authorization'] === undefined)
        ).toBe(true)
        expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret')
        expect(count(standIn.requests, 'POST')).toBe(1)
      })
    }
  )

  it.concurrent('uses HTTP_PROXY for a plain-http loopback service', async () => {
    const proxy = await startConnectProxy()
    try {
      await withStandIn({}, async (standIn) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { HTTP_PROXY: proxy.url }
        })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.status).toBe('completed')
        expect(proxy.tunnels.map((tunnel) => tunnel.target)).toContain(`127.0.0.1:${standIn.port}`)
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    } finally {
      await proxy.close()
    }
  })

  it.concurrent.each([
    ['NO_PROXY', '127.0.0.1'],
    ['no_proxy', 'example.com, 127.0.0.1'],
    ['NO_PROXY', '*']
  ])('goes direct when %s=%j covers the service', async (variable, value) => {
    await withHttpsAndProxy({}, async (standIn, proxy) => {
      const run = await runAction({
        inputs: inputsFor(standIn.url),
        env: { HTTPS_PROXY: proxy.url, [variable]: value, NODE_EXTRA_CA_CERTS: certificates.caFile }
      })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('completed')
      expect(proxy.tunnels).toEqual([])
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  it.concurrent(
    'fails at once, without retrying, when the proxy wants credentials (407)',
    async () => {
      await withHttpsAndProxy({ refuseWith: 407 }, async (standIn, proxy) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile }
        })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(
          `The proxy 127.0.0.1:${proxy.port} would not open a tunnel to 127.0.0.1:${standIn.port} for POST /v2/agent/proj-test/job: it wants credentials`
        )
        expect(error).not.toContain('may have been created')
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
        expect(proxy.tunnels).toHaveLength(1)
        expect(standIn.requests).toEqual([])
      })
    }
  )

  it.concurrent(
    'repeats a create the proxy could not tunnel (502), as nothing reached the service',
    async () => {
      await withHttpsAndProxy({ refuseWith: 502 }, async (standIn, proxy) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certificates.caFile }
        })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(`The proxy 127.0.0.1:${proxy.port} would not open a tunnel`)
        expect(error).toContain('it answered 502')
        expect(error).not.toContain('may have been created')
        expect(proxy.tunnels).toHaveLength(5)
        expect(retryLines(run)).toHaveLength(4)
        expect(standIn.requests).toEqual([])
      })
    }
  )

  it.concurrent(
    'fails with a message naming the variable when the proxy URL is malformed',
    async () => {
      await withStandIn({}, async (standIn) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { HTTPS_PROXY: 'http://user:hunter22@[bad' }
        })

        expect(run.exitCode).toBe(1)
        expect(failure(run)).toContain('HTTPS_PROXY is not a proxy URL')
        expect(run.stdout).not.toContain('hunter22')
        expect(standIn.requests).toEqual([])
      })
    }
  )
})

describe('TLS', () => {
  it.concurrent(
    'talks to an https service whose CA is trusted through NODE_EXTRA_CA_CERTS',
    async () => {
      await withStandIn(
        { tls: { key: certificates.key, cert: certificates.cert } },
        async (standIn) => {
          const run = await runAction({
            inputs: inputsFor(standIn.url),
            env: { NODE_EXTRA_CA_CERTS: certificates.caFile }
          })

          expect(run.exitCode).toBe(0)
          expect(run.outputs).toMatchObject({ status: 'completed', 'pr-number': '100' })
          expect(count(standIn.requests, 'POST')).toBe(1)
          expect(count(standIn.requests, 'GET')).toBe(1)
        }
      )
    }
  )

  it.concurrent(
    'fails at once on an untrusted certificate, pointing at NODE_EXTRA_CA_CERTS',
    async () => {
      await withHttpsAndProxy({}, async (standIn, proxy) => {
        const run = await runAction({
          inputs: inputsFor(standIn.url),
          env: { HTTPS_PROXY: proxy.url }
        })

        expect(run.exitCode).toBe(1)
        const error = failure(run)
        expect(error).toContain(`The TLS certificate of 127.0.0.1:${standIn.port} is not trusted`)
        expect(error).toContain('NODE_EXTRA_CA_CERTS')
        // Nothing was sent, so nothing may have been created, and repeating cannot help.
        expect(error).not.toContain('may have been created')
        expect(retryLines(run)).toEqual([])
        expect(proxy.tunnels).toHaveLength(1)
        expect(standIn.requests).toEqual([])
        expect(run.outputs).toMatchObject({ 'job-id': '', status: '' })
      })
    }
  )
})
