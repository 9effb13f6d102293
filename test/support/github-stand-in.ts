// A local stand-in for the GitHub REST endpoints the action uses, and its one GraphQL
// query. The endpoints live in github-routes/ (one file a feature); this file is the
// server: it checks the token (each token writes as its own account), applies refusals
// (403 for a token that may not write, a 5xx, …), serves under a path prefix the way
// GitHub Enterprise Server does (`/api/v3`, GraphQL at `/api/graphql`), pages listings
// with Link headers, keeps its state between the action's runs, and records every
// request. Listens on 127.0.0.1.
//
// Runs under Node 24 directly (erasable TypeScript only).

import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { addComment, thread } from './github-routes/comments.ts'
import { pushCommits, type SeedCommit, type StoredCommit } from './github-routes/commits.ts'
import { ROUTES } from './github-routes/index.ts'
import { addIssue, closeIssue, issuesOf, type StoredIssue } from './github-routes/issues.ts'
import { pullRequestWorld, seedPull } from './github-routes/pull-requests.ts'
import type {
  Answer,
  GitHubRequest,
  GitHubState,
  GitHubUser,
  PullFile,
  PullState,
  StoredComment
} from './github-routes/types.ts'
import {
  faultInjection,
  gitHubContract,
  gitHubContractFor,
  gitHubGraphqlContract,
  prepareWebhooks,
  recordExchange,
  recordViolations
} from './contracts.ts'
import { RequestRules } from './request-rules.ts'
import { sendJson } from './send-json.ts'

export type { GitHubRequest, PullFile, StoredComment } from './github-routes/types.ts'
export type { SeedCommit, StoredCommit } from './github-routes/commits.ts'
export type { StoredIssue } from './github-routes/issues.ts'

export interface DenyRule {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path?: RegExp
  status: number
  /**
   * Headers of the refusal: `retry-after` makes it a secondary rate limit, and
   * `x-ratelimit-remaining: 0` (with `x-ratelimit-reset`) a primary one, each with
   * GitHub's own message (see `refusalMessage`).
   */
  headers?: Record<string, string>
  /** How many matching requests get it (default: all). */
  times?: number
  /** The answer's message, instead of GitHub's for the status and headers. */
  message?: string
  /** Only requests that carry this token (another token's pass). */
  token?: string
}

/** Holds the answer to the next matching requests (a run paused mid-way, to let another pass it). */
export interface HoldRule {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path?: RegExp
  /** How many matching requests it holds (default: one). */
  times?: number
}

export interface Hold {
  /** Whether a request was held (and waits for `release`). */
  reached(): boolean
  /** Answers the held requests, and lets later matches through. */
  release(): void
}

/** What GitHub says with a refusal of `status` carrying `headers`. */
export function refusalMessage(status: number, headers: Record<string, string> = {}): string {
  if (headers['retry-after'] !== undefined) {
    return 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:000000:000000:00000000.'
  }
  if (headers['x-ratelimit-remaining'] === '0') {
    return 'API rate limit exceeded for installation ID 1000. If you reach out to GitHub Support for help, please include the request ID 0000:0000:000000:000000:00000000.'
  }
  return status === 403 ? 'Resource not accessible by integration' : 'Not Found'
}

export interface GitHubStandInOptions {
  /** The token requests must carry (`Authorization: token …`). */
  token?: string
  /** Serve under this path prefix, e.g. /api/v3 as GitHub Enterprise Server does. */
  prefix?: string
  /** The largest page served, whatever per_page asks (GitHub's is 100). */
  maxPerPage?: number
  /** Who the token writes as; `github-actions[bot]` (a Bot) by default. */
  actor?: GitHubUser
  /** More tokens the stand-in takes, each with the account it writes as (a GitHub App's…). */
  tokens?: Record<string, GitHubUser>
  /** Tokens that act as a GitHub App's installation: they write as its bot (`<slug>[bot]`), and
   * GraphQL `viewer` is refused them (see `VIEWER_REFUSED`). */
  installations?: Record<string, GitHubUser>
}

/** GitHub's answer to `viewer` for a token that may not ask it (an installation's). */
export const VIEWER_REFUSED = {
  data: null,
  errors: [
    {
      type: 'FORBIDDEN',
      path: ['viewer'],
      locations: [{ line: 1, column: 9 }],
      message: 'Resource not accessible by integration'
    }
  ]
}

export interface GitHubStandIn {
  /** The API base to put in GITHUB_API_URL (prefix included). */
  apiUrl: string
  requests: GitHubRequest[]
  /** The fake GitHub's data, for a test to seed and inspect. */
  state: GitHubState
  setPullFiles(repository: string, number: number, files: PullFile[]): void
  /** Declares a pull request's state (GET /pulls/{number}); undeclared ones are 404. */
  setPullState(repository: string, number: number, pull: PullState): void
  /** The comments on an issue or pull request, oldest first. */
  comments(repository: string, number: number): StoredComment[]
  /** A comment by `login` (a Bot when it ends in `[bot]`), as if written on GitHub. */
  addComment(repository: string, number: number, body: string, login?: string): StoredComment
  /** Pushes commits (oldest first) onto a branch; `replace` rewrites its history (a force push). */
  pushCommits(
    repository: string,
    branch: string,
    commits: SeedCommit[],
    options?: { replace?: boolean }
  ): StoredCommit[]
  /** The issues of a repository (not its pull requests), oldest first. */
  issues(repository: string): StoredIssue[]
  /** An issue opened by `login` (a Bot when it ends in `[bot]`), as if written on GitHub. */
  addIssue(
    repository: string,
    fields: { title: string; body?: string; labels?: string[]; login?: string }
  ): StoredIssue
  /** Closes an issue as `login` would on GitHub. */
  closeIssue(repository: string, number: number, login?: string): void
  /** Refuses matching requests until the rule is used up, or until the returned function lifts it. */
  deny(rule: DenyRule): () => void
  /** Holds the answers to matching requests until released. */
  hold(rule: HoldRule): Hold
  /** What broke GitHub's OpenAPI description, request or answer. */
  violations: string[]
  close(): Promise<void>
}

function accountOf(login: string): GitHubUser {
  return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' }
}

export async function startGitHubStandIn(
  options: GitHubStandInOptions = {}
): Promise<GitHubStandIn> {
  const token = options.token ?? 'ghs_test_token'
  const actor = options.actor ?? { login: 'github-actions[bot]', type: 'Bot' }
  const installations = options.installations ?? {}
  const actors = new Map([
    [token, actor],
    ...Object.entries(options.tokens ?? {}),
    ...Object.entries(installations)
  ])
  const prefix = (options.prefix ?? '').replace(/\/+$/, '')
  // GitHub Enterprise Server answers GraphQL beside its REST API: /api/graphql, not /api/v3/graphql.
  const graphqlPath = `${prefix.replace(/\/v3$/, '')}/graphql`
  const maxPerPage = options.maxPerPage ?? 100
  const rules = new RequestRules<DenyRule>(Infinity)
  const holds = new RequestRules<HoldRule & { gate: Promise<void>; held: () => void }>(1)
  const requests: GitHubRequest[] = []
  const violations: string[] = []
  gitHubContract.prepare()
  gitHubGraphqlContract.prepare()
  prepareWebhooks()
  const sockets = new Set<Socket>()
  let lastId = 1000
  let base = ''
  const state: GitHubState = {
    files: new Map(),
    comments: new Map(),
    actor,
    nextId: () => ++lastId
  }

  /** One page of `items` and the Link header GitHub would send with it. */
  const page = (items: unknown[], request: GitHubRequest): Answer => {
    const { path, query } = request
    const perPage = Math.min(maxPerPage, Math.max(1, Number(query.per_page ?? 30)))
    const number = Math.max(1, Number(query.page ?? 1))
    const last = Math.max(1, Math.ceil(items.length / perPage))
    // Other query parameters (check_name, filter…) stay on every page's link, as on GitHub.
    const rest = Object.entries(query)
      .filter(([name]) => name !== 'page' && name !== 'per_page')
      .map(([name, value]) => `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('')
    const link = (n: number): string => `<${base}${path}?per_page=${perPage}&page=${n}${rest}>`
    const links: string[] = []
    if (number < last) links.push(`${link(number + 1)}; rel="next"`, `${link(last)}; rel="last"`)
    if (number > 1) links.push(`${link(1)}; rel="first"`, `${link(number - 1)}; rel="prev"`)
    return {
      status: 200,
      body: items.slice((number - 1) * perPage, number * perPage),
      ...(links.length > 0 ? { headers: { link: links.join(', ') } } : {})
    }
  }

  const answer = (request: GitHubRequest): Answer => {
    const contract = gitHubContractFor(request.path)
    const auth = /^(?:token|Bearer) (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
    const writer = auth === undefined ? undefined : actors.get(auth)
    if (!writer) {
      const refusal = {
        status: 401,
        body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }
      }
      return contract.documents(request.method, request.path, 401)
        ? refusal
        : faultInjection(refusal, 'undocumented 401 for a wrong token')
    }
    const rule = rules.take(request.method, request.path, (r) => !r.token || r.token === auth)
    if (!rule && request.path === '/graphql' && Object.hasOwn(installations, auth ?? '')) {
      return { status: 200, body: VIEWER_REFUSED }
    }
    if (rule) {
      const { status, headers } = rule
      const refusal = {
        status,
        body: {
          message: rule.message ?? refusalMessage(status, headers),
          documentation_url: 'https://docs.github.com/rest'
        },
        ...(headers ? { headers } : {})
      }
      // A refusal on a status the operation lists is checked; any other is a deliberate fault.
      return contract.documents(request.method, request.path, status)
        ? refusal
        : faultInjection(refusal, `denied with an undocumented ${status}`)
    }
    for (const route of ROUTES) {
      const match = route.method === request.method ? route.path.exec(request.path) : null
      if (!match) continue
      // Routes write as state.actor: the account of this request's token, for this request.
      state.actor = writer
      try {
        return route.handle({
          request,
          params: match.slice(1).map((value) => decodeURIComponent(value)),
          state,
          page: (items) => page(items, request),
          json: () => {
            const value: unknown = JSON.parse(request.body)
            return typeof value === 'object' && value !== null && !Array.isArray(value)
              ? (value as Record<string, unknown>)
              : undefined
          }
        })
      } finally {
        state.actor = actor
      }
    }
    return { status: 404, body: { message: 'Not Found' } }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const graphql = url.pathname === graphqlPath
      if (!graphql && !url.pathname.startsWith(`${prefix}/`)) {
        const problem = `${req.method ?? 'GET'} ${url.pathname}: outside the API's base ${prefix}`
        violations.push(problem)
        recordViolations([problem])
        sendJson(res, 404, { message: 'Not Found' })
        return
      }
      const request: GitHubRequest = {
        method: req.method ?? 'GET',
        path: graphql ? '/graphql' : url.pathname.slice(prefix.length),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      requests.push(request)
      const respond = (): void => {
        let reply: Answer
        try {
          reply = answer(request)
        } catch {
          reply = { status: 400, body: { message: 'Problems parsing JSON' } }
        }
        const contract = gitHubContractFor(request.path)
        if (reply.faultInjection === undefined) {
          // The fields GitHub's description requires and the route does not model are
          // filled in; a field the description does not know is a mismatch.
          const done = contract.complete(request.method, request.path, reply.status, reply.body)
          reply = { ...reply, body: done.body }
          for (const field of done.unknown) {
            const problem = `${request.method} ${request.path}: the ${reply.status} answer has ${field || 'a field'}, which GitHub's description does not document`
            violations.push(problem)
            recordViolations([problem])
          }
        }
        violations.push(
          ...recordExchange(contract, {
            ...request,
            status: reply.status,
            answer: reply.body,
            ...(reply.faultInjection === undefined ? {} : { faultInjection: reply.faultInjection })
          })
        )
        sendJson(res, reply.status, reply.body, reply.headers)
      }
      const held = holds.take(request.method, request.path)
      if (!held) respond()
      else {
        held.held()
        void held.gate.then(respond)
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
    state,
    setPullFiles(repository, number, list) {
      state.files.set(`${repository}#${number}`, list)
    },
    setPullState(repository, number, pull) {
      const known = pullRequestWorld(state).pulls.get(`${repository}#${number}`)
      seedPull(state, repository, number, { ...known, ...pull })
    },
    comments: (repository, number) => thread(state, repository, number),
    addComment: (repository, number, body, login = 'github-actions[bot]') =>
      addComment(state, repository, number, body, accountOf(login)),
    pushCommits: (repository, branch, commits, { replace = false } = {}) =>
      pushCommits(state, repository, branch, commits, replace),
    issues: (repository) => issuesOf(state, repository),
    addIssue: (repository, { login = 'octocat', ...fields }) =>
      addIssue(state, repository, { ...fields, user: accountOf(login) }),
    closeIssue: (repository, number, login = 'octocat') =>
      closeIssue(state, repository, number, accountOf(login)),
    deny(rule) {
      return rules.add(rule)
    },
    hold(rule) {
      let release = (): void => undefined
      let reached = false
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      const lift = holds.add({
        ...rule,
        gate,
        held: () => {
          reached = true
        }
      })
      return {
        reached: () => reached,
        release: () => {
          lift()
          release()
        }
      }
    },
    violations,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
