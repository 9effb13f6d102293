// A local stand-in of the Mintlify Agent Jobs API (v2), for tests, the demo, the
// benchmark and the end-to-end workflow. It implements the three endpoints as the
// real service behaves (see the README's "API" notes), jobs that move through
// states over time, and the faults a real network produces, injected on demand.
//
// Runs under Node 24 directly (erasable TypeScript only) and listens on 127.0.0.1.

import { randomBytes } from 'node:crypto'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { agentJobsContract, contractsInstalled, recordExchange } from './contracts.ts'
import { RequestRules } from './request-rules.ts'
import { sendJson } from './send-json.ts'

export type Status = 'active' | 'completed' | 'archived' | 'failed' | (string & {})

/** How a job unfolds after its prompt (or follow-up message) arrives. */
export interface JobPlan {
  /** How long it stays in progress, ms. */
  durationMs: number
  /** Where it ends. */
  final: 'completed' | 'failed' | 'archived'
  /** Whether a pull request is opened (only for 'completed'). */
  opensPr: boolean
  /** The status shown while in progress; a draft service used 'running'. */
  progressStatus: Status
  /**
   * After a follow-up message: how long the job keeps showing the previous turn's
   * state (as the real service may) before the new turn starts, ms.
   */
  startLagMs?: number
}

/**
 * The default plan reads directives at the start of the prompt, so a workflow can
 * choose an outcome: `fail:`, `archive:`, `nopr:`, `running:` (an undocumented
 * in-progress status), `slow:<ms>:` / `fast:` (override the duration), `lag:<ms>:` (a
 * follow-up shows the previous turn for that long before it starts).
 */
export function planFromPrompt(prompt: string, defaultDurationMs: number): JobPlan {
  const plan: JobPlan = {
    durationMs: defaultDurationMs,
    final: 'completed',
    opensPr: true,
    progressStatus: 'active'
  }
  let rest = prompt.trimStart()
  for (;;) {
    const match = /^(fail|archive|nopr|running|fast|slow:(\d+)|lag:(\d+)):\s*/i.exec(rest)
    if (!match) return plan
    const word = (match[1] as string).toLowerCase()
    if (word === 'fail') plan.final = 'failed'
    else if (word === 'archive') plan.final = 'archived'
    else if (word === 'nopr') plan.opensPr = false
    else if (word === 'running') plan.progressStatus = 'running'
    else if (word === 'fast') plan.durationMs = 0
    else if (word.startsWith('lag')) plan.startLagMs = Number(match[3])
    else plan.durationMs = Number(match[2])
    rest = rest.slice(match[0].length)
  }
}

/** A fault for the next matching requests. */
export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Answer 2xx with this raw text (not JSON, wrong shape, …). */
  | { kind: 'raw'; status?: number; text: string; contentType?: string }
  /** Close the connection without answering. */
  | { kind: 'reset' }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Send the headers, then the body slowly (one byte every `intervalMs`). */
  | { kind: 'slow-body'; intervalMs: number }
  /** A 2xx body of `bytes` bytes; with `declared`, announced in Content-Length. */
  | { kind: 'huge'; bytes: number; declared?: boolean }
  /** Delay the normal answer by `ms`. */
  | { kind: 'delay'; ms: number }
  /** Answer normally, with the job's fields replaced by these. */
  | { kind: 'patch'; fields: Record<string, unknown> }

export interface FaultRule {
  method?: 'GET' | 'POST'
  /** Matched against the path; e.g. /\/message$/ for follow-ups. */
  path?: RegExp
  /** How many matching requests get the fault (default 1). */
  times?: number
  fault: Fault
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
  at: number
}

export interface StandInOptions {
  apiKey?: string
  /** Projects that exist; any other gets 404. */
  projects?: string[]
  /** Default time a job stays in progress, ms. */
  jobDurationMs?: number
  plan?: (prompt: string) => JobPlan
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** Serve https with this key and certificate. */
  tls?: { key: string | Buffer; cert: string | Buffer }
  /** Where pull requests are opened. */
  prBase?: string
  now?: () => number
}

interface StoredJob {
  id: string
  projectId: string
  createdAt: string
  plan: JobPlan
  /** When the current prompt's work ends. */
  endsAt: number
  prNumber: number | null
  archivedAt: string | null
  /** What the job showed before its current turn started, shown until `startsAt`. */
  previous?: Record<string, unknown>
  startsAt: number
}

export interface StandIn {
  url: string
  port: number
  requests: RecordedRequest[]
  /** Adds a fault; the function returned lifts what is left of it. */
  inject(rule: FaultRule): () => void
  /** The job as the API would return it now. */
  job(id: string): Record<string, unknown> | undefined
  /** Jobs created so far. */
  jobIds(): string[]
  /** Follow-up messages that arrived while their job was still working, by job id. */
  busyMessages: string[]
  /** What broke the Agent Jobs contract (test/contracts/agent-jobs-openapi.json). */
  violations: string[]
  close(): Promise<void>
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const apiKey = options.apiKey ?? 'mint_test_key'
  const projects = new Set(options.projects ?? ['proj-test'])
  const now = options.now ?? Date.now
  const plan =
    options.plan ?? ((prompt: string) => planFromPrompt(prompt, options.jobDurationMs ?? 1000))
  const prBase = options.prBase ?? 'https://github.com/acme/docs/pull'
  const jobs = new Map<string, StoredJob>()
  const rules = new RequestRules<FaultRule>(1)
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  let nextPr = 100

  const busyMessages: string[] = []
  agentJobsContract.prepare()

  const view = (stored: StoredJob): Record<string, unknown> => {
    if (stored.previous && now() < stored.startsAt) return stored.previous
    const done = now() >= stored.endsAt
    const status: Status = done ? stored.plan.final : stored.plan.progressStatus
    return {
      id: stored.id,
      status,
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'claude-sonnet-4-5',
      prLink: done && stored.prNumber !== null ? `${prBase}/${stored.prNumber}` : null,
      createdAt: stored.createdAt,
      archivedAt:
        done && stored.plan.final === 'archived' ? new Date(stored.endsAt).toISOString() : null
    }
  }

  const startWork = (stored: StoredJob, prompt: string, followUp: boolean): void => {
    const next = plan(prompt)
    const lag = followUp ? (next.startLagMs ?? 0) : 0
    stored.previous = lag > 0 ? view(stored) : undefined
    stored.plan = next
    stored.startsAt = now() + lag
    stored.endsAt = stored.startsAt + stored.plan.durationMs
    if (stored.plan.final === 'completed' && stored.plan.opensPr && stored.prNumber === null)
      stored.prNumber = nextPr++
  }

  const takeFault = (method: string, path: string): Fault | undefined =>
    rules.take(method, path)?.fault

  /**
   * The normal answer of the API; a third item says why an answer is outside the
   * contract on purpose (a status it does not list, a status word it does not know).
   */
  const answer = (
    method: string,
    path: string,
    headers: IncomingMessage['headers'],
    body: string
  ): [number, unknown, string?] => {
    const auth = headers.authorization ?? ''
    // The contract lists no 401 (nor 405, nor 404 for a creation): the wrong-key and
    // wrong-path answers are faults the tests provoke on purpose.
    if (auth !== `Bearer ${apiKey}`)
      return [401, { error: 'Invalid or missing API key' }, 'undocumented 401 for a wrong key']
    const match = /^\/v2\/agent\/([^/]+)\/job(?:\/([^/]+))?(\/message)?$/.exec(path)
    if (!match) return [404, { error: 'Not found' }, 'undocumented path']
    const projectId = decodeURIComponent(match[1] as string)
    const jobId = match[2] === undefined ? undefined : decodeURIComponent(match[2])
    if (!projects.has(projectId))
      return [404, { error: 'Project not found' }, 'undocumented 404 for an unknown project']

    let prompt: unknown
    if (method === 'POST') {
      try {
        prompt = (JSON.parse(body) as { prompt?: unknown }).prompt
      } catch {
        return [400, { error: 'Body must be JSON' }]
      }
      if (typeof prompt !== 'string' || prompt.length < 1)
        return [400, { error: 'prompt must be at least 1 character' }]
    }

    if (jobId === undefined) {
      if (method !== 'POST') return [405, { error: 'Method not allowed' }, 'undocumented 405']
      const stored: StoredJob = {
        id: `job_${randomBytes(6).toString('hex')}`,
        projectId,
        createdAt: new Date(now()).toISOString(),
        plan: plan(''),
        endsAt: 0,
        prNumber: null,
        archivedAt: null,
        startsAt: 0
      }
      startWork(stored, prompt as string, false)
      jobs.set(stored.id, stored)
      return [201, view(stored), undocumentedStatus(stored)]
    }
    const stored = jobs.get(jobId)
    if (!stored || stored.projectId !== projectId) return [404, { error: 'Agent job not found' }]
    if (match[3]) {
      if (method !== 'POST') return [405, { error: 'Method not allowed' }, 'undocumented 405']
      if (now() < stored.endsAt) busyMessages.push(stored.id)
      startWork(stored, prompt as string, true)
      return [200, view(stored), undocumentedStatus(stored)]
    }
    if (method !== 'GET') return [405, { error: 'Method not allowed' }, 'undocumented 405']
    return [200, view(stored), undocumentedStatus(stored)]
  }

  /** A job shown with a status word the contract does not list (the `running:` directive). */
  const undocumentedStatus = (stored: StoredJob): string | undefined => {
    const status = view(stored).status as string
    return ['active', 'completed', 'archived', 'failed'].includes(status)
      ? undefined
      : `undocumented job status '${status}'`
  }

  const violations: string[] = []
  /** Checks one exchange against the contract (the stand-in's own /health aside). */
  const check = (
    request: RecordedRequest,
    query: Record<string, string>,
    status: number,
    answered: unknown,
    faultInjection?: string
  ): void => {
    if (request.path === '/health' || !contractsInstalled) return
    violations.push(
      ...recordExchange(agentJobsContract, {
        method: request.method,
        path: request.path,
        query,
        headers: request.headers,
        body: request.body,
        status,
        answer: answered,
        ...(faultInjection === undefined ? {} : { faultInjection })
      })
    )
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const method = req.method ?? 'GET'
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const path = url.pathname
    const request: RecordedRequest = { method, path, headers: req.headers, body, at: now() }
    requests.push(request)
    const query = Object.fromEntries(url.searchParams)

    if (method === 'GET' && path === '/health') {
      sendJson(res, 200, { ok: true })
      return
    }
    const fault = takeFault(method, path)
    // A fault that replaces the answer is exempt (and counted), unless it is an error on a
    // status the contract lists: that body must then be the documented one.
    if (fault?.kind === 'status') {
      const body = fault.body ?? { error: `Injected ${fault.status}` }
      const listed =
        contractsInstalled &&
        agentJobsContract.documents(method, path, fault.status) &&
        !fault.headers
      sendJson(res, fault.status, body, fault.headers)
      check(request, query, fault.status, body, listed ? undefined : `injected ${fault.status}`)
      return
    }
    if (fault && !['delay', 'slow-body', 'patch'].includes(fault.kind))
      check(request, query, 0, undefined, `injected ${fault.kind}`)
    if (fault?.kind === 'reset') {
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'hang') return
    if (fault?.kind === 'raw') {
      res.writeHead(fault.status ?? 200, { 'content-type': fault.contentType ?? 'text/html' })
      res.end(fault.text)
      return
    }
    if (fault?.kind === 'huge') {
      const length = fault.declared ? { 'content-length': String(fault.bytes) } : {}
      res.writeHead(200, { 'content-type': 'application/json', ...length })
      const block = Buffer.alloc(64 * 1024, 'x')
      let sent = 0
      const pump = (): void => {
        while (sent < fault.bytes && !res.destroyed) {
          const chunk = block.subarray(0, Math.min(block.length, fault.bytes - sent))
          sent += chunk.length
          if (!res.write(chunk)) {
            res.once('drain', pump)
            return
          }
        }
        res.end()
      }
      pump()
      return
    }
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms))

    const [status, payload, outside] = answer(method, path, req.headers, body)
    const patched =
      fault?.kind === 'patch' && typeof payload === 'object' && payload !== null
        ? { ...payload, ...fault.fields }
        : payload
    // Checked once the answer is on its way, so that the check's time is not the job's.
    const checkAnswer = (): void =>
      check(
        request,
        query,
        status,
        patched,
        fault?.kind === 'patch' ? 'injected patch of the job' : outside
      )
    if (fault?.kind === 'slow-body') {
      const text = JSON.stringify(patched)
      res.writeHead(status, { 'content-type': 'application/json' })
      let index = 0
      const timer = setInterval(() => {
        if (res.destroyed || index >= text.length) {
          clearInterval(timer)
          res.end()
          return
        }
        res.write(text.charAt(index++))
      }, fault.intervalMs)
      res.once('close', () => clearInterval(timer))
      checkAnswer()
      return
    }
    sendJson(res, status, patched)
    checkAnswer()
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'stand-in failure' })
    })
  }
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener)
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    inject: (rule) => rules.add(rule),
    job(id) {
      const stored = jobs.get(id)
      return stored ? view(stored) : undefined
    },
    jobIds() {
      return [...jobs.keys()]
    },
    busyMessages,
    violations,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
