// A local stand-in for the few GitHub REST endpoints the action uses: a pull
// request's changed files (paginated with Link headers, as GitHub does) and issue
// comments (list, create, update). Listens on 127.0.0.1; can serve under a path
// prefix the way GitHub Enterprise Server does (`/api/v3`), answer a chosen status
// instead (403 for a token that may not comment), and records every request.
//
// Runs under Node 24 directly (erasable TypeScript only).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { RequestRules } from './request-rules.ts'
import { sendJson } from './send-json.ts'

export interface PullFile {
  filename: string
  status?: string
  previous_filename?: string
}

export interface StoredComment {
  id: number
  body: string
  user: { login: string; type: string }
  created_at: string
  updated_at: string
}

export interface GitHubRequest {
  method: string
  /** Path without the prefix, e.g. /repos/acme/app/issues/7/comments. */
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  body: string
}

export interface DenyRule {
  method?: 'GET' | 'POST' | 'PATCH'
  path?: RegExp
  status: number
  /** How many matching requests get it (default: all). */
  times?: number
}

export interface GitHubStandInOptions {
  /** The token requests must carry (`Authorization: token …`). */
  token?: string
  /** Serve under this path prefix, e.g. /api/v3 as GitHub Enterprise Server does. */
  prefix?: string
  /** The largest page served, whatever per_page asks (GitHub's is 100). */
  maxPerPage?: number
}

export interface GitHubStandIn {
  /** The API base to put in GITHUB_API_URL (prefix included). */
  apiUrl: string
  requests: GitHubRequest[]
  setPullFiles(repository: string, number: number, files: PullFile[]): void
  /** The comments on an issue or pull request, oldest first. */
  comments(repository: string, number: number): StoredComment[]
  addComment(repository: string, number: number, body: string, login?: string): StoredComment
  deny(rule: DenyRule): void
  close(): Promise<void>
}

export async function startGitHubStandIn(
  options: GitHubStandInOptions = {}
): Promise<GitHubStandIn> {
  const token = options.token ?? 'ghs_test_token'
  const prefix = (options.prefix ?? '').replace(/\/+$/, '')
  const maxPerPage = options.maxPerPage ?? 100
  const files = new Map<string, PullFile[]>()
  const comments = new Map<string, StoredComment[]>()
  const rules = new RequestRules<DenyRule>(Infinity)
  const requests: GitHubRequest[] = []
  const sockets = new Set<Socket>()
  let nextId = 1000
  let base = ''

  const thread = (repository: string, number: number): StoredComment[] => {
    const key = `${repository}#${number}`
    let list = comments.get(key)
    if (!list) comments.set(key, (list = []))
    return list
  }
  const addComment = (
    repository: string,
    number: number,
    body: string,
    login = 'github-actions[bot]'
  ): StoredComment => {
    const now = new Date().toISOString()
    const comment: StoredComment = {
      id: nextId++,
      body,
      user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      created_at: now,
      updated_at: now
    }
    thread(repository, number).push(comment)
    return comment
  }

  /** One page of `items` and the Link header GitHub would send with it. */
  const page = <T>(
    items: T[],
    path: string,
    query: Record<string, string>
  ): [T[], Record<string, string>] => {
    const perPage = Math.min(maxPerPage, Math.max(1, Number(query.per_page ?? 30)))
    const number = Math.max(1, Number(query.page ?? 1))
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const link = (n: number): string => `<${base}${path}?per_page=${perPage}&page=${n}>`
    const links: string[] = []
    if (number < last) links.push(`${link(number + 1)}; rel="next"`, `${link(last)}; rel="last"`)
    if (number > 1) links.push(`${link(1)}; rel="first"`, `${link(number - 1)}; rel="prev"`)
    return [
      items.slice((number - 1) * perPage, number * perPage),
      links.length > 0 ? { link: links.join(', ') } : {}
    ]
  }

  const denied = (method: string, path: string): number | undefined =>
    rules.take(method, path)?.status

  const answer = (res: ServerResponse, request: GitHubRequest): void => {
    const { method, path, query } = request
    const auth = request.headers.authorization ?? ''
    if (auth !== `token ${token}` && auth !== `Bearer ${token}`) {
      sendJson(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest'
      })
      return
    }
    const status = denied(method, path)
    if (status !== undefined) {
      sendJson(res, status, {
        message: status === 403 ? 'Resource not accessible by integration' : 'Not Found'
      })
      return
    }
    let match = /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/files$/.exec(path)
    if (match && method === 'GET') {
      const [items, headers] = page(files.get(`${match[1]}#${match[2]}`) ?? [], path, query)
      sendJson(res, 200, items, headers)
      return
    }
    match = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(path)
    if (match && method === 'GET') {
      const [items, headers] = page(thread(match[1] as string, Number(match[2])), path, query)
      sendJson(res, 200, items, headers)
      return
    }
    if (match && method === 'POST') {
      const body = (JSON.parse(request.body) as { body?: unknown }).body
      if (typeof body !== 'string' || body === '') {
        sendJson(res, 422, { message: 'Validation Failed' })
        return
      }
      sendJson(res, 201, addComment(match[1] as string, Number(match[2]), body))
      return
    }
    match = /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/.exec(path)
    if (match && method === 'PATCH') {
      const id = Number(match[2])
      const comment = [...comments.entries()]
        .filter(([key]) => key.startsWith(`${match?.[1] ?? ''}#`))
        .flatMap(([, list]) => list)
        .find((c) => c.id === id)
      const body = (JSON.parse(request.body) as { body?: unknown }).body
      if (!comment) {
        sendJson(res, 404, { message: 'Not Found' })
        return
      }
      if (typeof body !== 'string' || body === '') {
        sendJson(res, 422, { message: 'Validation Failed' })
        return
      }
      comment.body = body
      comment.updated_at = new Date().toISOString()
      sendJson(res, 200, comment)
      return
    }
    sendJson(res, 404, { message: 'Not Found' })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      if (!url.pathname.startsWith(`${prefix}/`)) {
        sendJson(res, 404, { message: 'Not Found' })
        return
      }
      const request: GitHubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.slice(prefix.length),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      requests.push(request)
      try {
        answer(res, request)
      } catch {
        if (!res.headersSent) sendJson(res, 400, { message: 'Problems parsing JSON' })
      }
    })
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`

  return {
    apiUrl: base,
    requests,
    setPullFiles(repository, number, list) {
      files.set(`${repository}#${number}`, list)
    },
    comments: (repository, number) => thread(repository, number),
    addComment,
    deny(rule) {
      rules.add(rule)
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
