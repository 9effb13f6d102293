// How a failed GitHub call is described: only a real answer is "answered <status>"
// (and only a real 403 or 404 earns a permission hint in the callers); a connection
// that broke, or no answer in time, says so. Real Octokit against a local server
// that answers, resets or hangs as told. The calls here are sent once (a budget under
// two seconds leaves no room for plugin-retry's first wait); client.test.ts has the
// retries, and the one case only this server can play: a reset connection sent again.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  openGitHub,
  permissionHint
} from '../../src/github/client.js'

type Behaviour =
  | 'answer-200'
  | 'answer-401'
  | 'answer-403'
  | 'answer-404'
  | 'answer-410'
  | 'answer-502'
  | 'reset'
  | 'hang'
  | 'reset-once'

let server: Server
let behaviour: Behaviour = 'answer-403'
let received = 0
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    received++
    if (behaviour === 'reset-once') {
      behaviour = 'answer-200'
      req.socket.destroy()
    } else if (behaviour === 'answer-200') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('[]')
    } else if (behaviour === 'reset') req.socket.destroy()
    else if (behaviour.startsWith('answer-')) {
      res.writeHead(Number(behaviour.slice(7)), { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Resource not accessible by integration' }))
    }
    // 'hang': never answers.
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Read by @actions/github when it is first loaded (openGitHub loads it).
  process.env.GITHUB_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** The error of one listing call, with the server behaving as told and `budgetMs` to answer. */
async function failureWhen(now: Behaviour, budgetMs = 1500): Promise<unknown> {
  behaviour = now
  received = 0
  const octokit = await openGitHub('ghs_token', { budgetMs })
  return octokit.rest.issues.listComments({ owner: 'acme', repo: 'app', issue_number: 7 }).then(
    () => undefined,
    (error: unknown) => error
  )
}

describe('describeGitHubError', () => {
  it.each<[Behaviour, number]>([
    ['answer-403', 403],
    ['answer-502', 502]
  ])('names the status of a real answer (%s)', async (now, status) => {
    const error = await failureWhen(now)
    expect(gitHubAnswerStatus(error)).toBe(status)
    expect(describeGitHubError(error)).toBe(`the GitHub API answered ${status}`)
    expect(received).toBe(1)
  })

  it('says a broken connection could not reach GitHub, not that it answered 500', async () => {
    const error = await failureWhen('reset')
    // Octokit itself gives it status 500, with no response.
    expect((error as { status?: unknown }).status).toBe(500)
    expect(gitHubAnswerStatus(error)).toBeUndefined()
    const line = describeGitHubError(error)
    expect(line).toMatch(/^the GitHub API could not be reached: /)
    expect(line).not.toContain('answered')
    expect(received).toBe(1)
  })

  it('says GitHub did not answer in time when the budget runs out', async () => {
    const error = await failureWhen('hang', 300)
    expect(gitHubAnswerStatus(error)).toBeUndefined()
    expect(describeGitHubError(error)).toBe('the GitHub API did not answer in time')
  })

  it('says which status a proxy refused the tunnel with, however deep undici put it', () => {
    const refusal = (status: number) => {
      const cause = new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`)
      const cancelled = Object.assign(new Error('Request was cancelled.'), { cause })
      return new TypeError('fetch failed', { cause: cancelled })
    }
    expect(describeGitHubError(refusal(407))).toBe(
      'the proxy would not open a tunnel to the GitHub API: it wants credentials (407); check HTTPS_PROXY (user:password in its URL for 407) or NO_PROXY'
    )
    expect(describeGitHubError(refusal(502))).toMatch(/tunnel to the GitHub API: it answered 502;/)
  })

  it('describes a thrown non-error in one line', () => {
    expect(describeGitHubError('socket\n::add-mask::x')).toBe(
      'the GitHub API could not be reached: socket\\n::add-mask::x'
    )
  })
})

describe('a connection that broke', () => {
  it('is sent again, within its budget, and the call succeeds', async () => {
    behaviour = 'reset-once'
    received = 0
    const octokit = await openGitHub('ghs_token', { budgetMs: 5000 })

    const { data } = await octokit.rest.issues.listComments({
      owner: 'acme',
      repo: 'app',
      issue_number: 7
    })

    expect(data).toEqual([])
    expect(received).toBe(2)
  })
})

describe('a call its budget ended', () => {
  it('is not sent again, though the budget (2.5 s) had room for a retry wait', async () => {
    const started = performance.now()
    const error = await failureWhen('hang', 2500)
    const ms = performance.now() - started

    expect(describeGitHubError(error)).toBe('the GitHub API did not answer in time')
    expect(received).toBe(1)
    expect(ms).toBeGreaterThanOrEqual(2400)
    // Not a second more in plugin-retry's wait for an attempt that could not start.
    expect(ms).toBeLessThan(3300)
  })
})

describe('permissionHint', () => {
  const HINT = 'The token needs pull-requests: read.'

  it.each<Behaviour>(['answer-403', 'answer-404', 'answer-410'])(
    'names the permission after an answer that says no (%s)',
    async (now) => {
      expect(permissionHint(await failureWhen(now), HINT, 'github-token')).toBe(` ${HINT}`)
    }
  )

  it.each(['github-token', 'docs-token'])(
    'after a 401 names no permission: the token of %s is to be replaced',
    async (token) => {
      expect(permissionHint(await failureWhen('answer-401'), HINT, token)).toBe(
        ` GitHub did not accept the token (${token}) at all (401 Bad credentials): it is wrong, expired or revoked, which no permission fixes; put a current token in the secret ${token} is set from.`
      )
    }
  )

  it.each<Behaviour>(['answer-502', 'reset'])(
    'names none after a server error or a network error (%s)',
    async (now) => {
      expect(permissionHint(await failureWhen(now), HINT, 'github-token')).toBe('')
    }
  )

  it('names none when GitHub did not answer in time', async () => {
    expect(permissionHint(await failureWhen('hang', 300), HINT, 'github-token')).toBe('')
  })
})
