// A real HTTP proxy on 127.0.0.1 (port 0) that tunnels CONNECT requests, as the
// corporate proxies in front of self-hosted runners do, and records each tunnel.
// It can also refuse tunnels with a status (407, 502…) to play a misconfigured proxy.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

export interface Tunnel {
  /** `host:port` asked for in the CONNECT line. */
  target: string
  headers: IncomingMessage['headers']
}

export interface ConnectProxyOptions {
  /** Refuse every CONNECT with this status instead of tunnelling (read at each CONNECT). */
  refuseWith?: number
}

export interface ConnectProxy {
  url: string
  port: number
  /** Every CONNECT received, tunnelled or refused. */
  tunnels: Tunnel[]
  /** Requests sent to the proxy as plain forward-proxy requests (not CONNECT). */
  forwarded: string[]
  close(): Promise<void>
}

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const tunnels: Tunnel[] = []
  const forwarded: string[] = []
  const sockets = new Set<Socket>()

  // This proxy only tunnels; a plain request is recorded and refused.
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    forwarded.push(`${req.method ?? ''} ${req.url ?? ''}`)
    res.writeHead(502, { 'content-type': 'text/plain' })
    res.end('This proxy only tunnels (CONNECT).')
  })

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? ''
    tunnels.push({ target, headers: req.headers })
    client.on('error', () => client.destroy())
    if (options.refuseWith !== undefined) {
      client.end(
        `HTTP/1.1 ${options.refuseWith} Refused by test proxy\r\nContent-Length: 0\r\n\r\n`
      )
      return
    }
    const match = /^(.+):(\d+)$/.exec(target)
    if (!match) {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const upstream = connect(Number(match[2]), (match[1] as string).replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.once('close', () => sockets.delete(upstream))
    upstream.on('error', () => {
      if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')
      client.destroy()
    })
    client.once('close', () => upstream.destroy())
  })

  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    forwarded,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
