// Whether a failed exchange may have reached the service is decided by whether the
// request began to leave, not by the error's name: that is what lets a create be
// repeated safely, and keeps "a job may have been created" for when it is true.
// Real sockets on 127.0.0.1: a server that hangs after reading, and a "proxy" that
// accepts connections and never answers the CONNECT.

import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createDispatcher } from '../../src/agent/dispatcher.js'
import { NetworkError } from '../../src/agent/http-errors.js'
import { AgentApi, type AgentApiOptions } from '../../src/agent/http.js'
import { systemClock } from '../../src/common/clock.js'
import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'

interface Silent {
  url: string
  port: number
  /** Bytes received, all connections together. */
  received: () => number
  close: () => Promise<void>
}

/** A TCP server that reads everything and never answers. */
async function silent(): Promise<Silent> {
  const sockets = new Set<Socket>()
  let received = 0
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', (chunk: Buffer) => (received += chunk.length))
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received: () => received,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

const PATH = '/v2/agent/proj/job'

function client(
  base: string,
  env: NodeJS.ProcessEnv = {},
  options: Partial<AgentApiOptions> = {}
): AgentApi {
  return new AgentApi({
    baseUrl: new URL(base),
    apiKey: 'mint_key',
    userAgent: 'test',
    clock: systemClock,
    projectId: 'proj',
    dispatcher: createDispatcher(env),
    deadline: Date.now() + 300,
    ...options
  })
}

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error
  )

let server: Silent
beforeEach(async () => {
  server = await silent()
})
afterEach(async () => {
  await server.close()
})

describe('whether a request was sent', () => {
  it('a header that cannot be sent fails before anything leaves', async () => {
    const error = await failure(
      client(server.url, {}, { apiKey: 'mint_a\nb', deadline: Date.now() + 2000 }).requestJson(
        'POST',
        PATH,
        { prompt: 'x' }
      )
    )
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ maybeReceived: false })
    expect(server.received()).toBe(0)
  })

  it('a deadline reached while the service sits on the request: it was sent', async () => {
    const error = await failure(client(server.url).requestJson('POST', PATH, { prompt: 'x' }))
    expect(error).toBeInstanceOf(DeadlineError)
    expect(error).toMatchObject({ requestSent: true })
    expect(server.received()).toBeGreaterThan(0)
  })

  it('a deadline reached while a proxy sits on the tunnel: nothing was sent, and it ends on time', async () => {
    const started = Date.now()
    const error = await failure(
      client('http://127.0.0.1:9', { HTTP_PROXY: server.url }).requestJson('POST', PATH, {
        prompt: 'x'
      })
    )
    expect(error).toBeInstanceOf(DeadlineError)
    expect(error).toMatchObject({ requestSent: false })
    expect(Date.now() - started).toBeLessThan(2000)
    // The proxy saw the CONNECT line only, never the request.
    expect(server.received()).toBeGreaterThan(0)
  })

  it('a cancel while a proxy sits on the tunnel: nothing was sent', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const error = await failure(
      client(
        'http://127.0.0.1:9',
        { HTTP_PROXY: server.url },
        {
          deadline: Date.now() + 10_000,
          signal: controller.signal
        }
      ).requestJson('POST', PATH, { prompt: 'x' })
    )
    expect(error).toBeInstanceOf(CancelledError)
    expect(error).toMatchObject({ requestSent: false })
  })
})
