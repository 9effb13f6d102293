// What many tests build the same way, written once: the inputs of a fast run, the
// runner's GITHUB_* variables, jobs and workflow runs, and a fresh stand-in per test
// (so a file's cases can run concurrently instead of sharing one in beforeEach).

import { join } from 'node:path'
import type { AgentJob } from '../../src/agent/job.ts'
import type { GitHubReach } from '../../src/github/client.ts'
import type { GitHubSession } from '../../src/github/session.ts'
import type { WorkflowRun } from '../../src/github/workflow-run.ts'
import {
  startGitHubStandIn,
  type GitHubStandIn,
  type GitHubStandInOptions
} from './github-stand-in.ts'
import { ContractBreach, judged } from './contracts.ts'
import { ROOT } from './run-action.ts'
import { startStandIn, type StandIn, type StandInOptions } from './stand-in.ts'

export const KEY = 'mint_test_key'
export const PROJECT = 'proj-test'
export const GITHUB_TOKEN = 'ghs_test_token'
export const FIXTURES = join(ROOT, 'test', 'fixtures')
/** The step the runner variables of `runnerEnv` describe. */
export const STEP = { workflow: 'Docs', workflowFile: '', job: 'docs', action: 'docs-agent' }
export const HEAD_SHA = '3333333333333333333333333333333333333333'

/** The inputs of a fast-polling run against the Agent Jobs API at `url`. */
export function inputs(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'api-key': KEY,
    'project-id': PROJECT,
    'base-url': url,
    'poll-interval': '100ms',
    'max-poll-interval': '300ms',
    timeout: '20s',
    ...extra
  }
}

/** The runner's variables for a run of `event` in acme/app, reading GitHub at `apiUrl`. */
export function runnerEnv(
  event: string,
  payloadFile: string,
  apiUrl: string,
  extra: Record<string, string> = {}
): Record<string, string> {
  return {
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: payloadFile.includes('/') ? payloadFile : join(FIXTURES, payloadFile),
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_SHA: HEAD_SHA,
    GITHUB_REF: event === 'pull_request' ? 'refs/pull/7/merge' : 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: apiUrl,
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKFLOW: STEP.workflow,
    GITHUB_JOB: STEP.job,
    GITHUB_ACTION: STEP.action,
    ...extra
  }
}

/** A job as the API client hands it on. */
export const job = (status: string, prLink: string | null = null, id = 'job_1'): AgentJob => ({
  id,
  status,
  prLink
})

/** A workflow run of acme/app (a push to main unless told otherwise). */
export function workflowRun(overrides: Partial<WorkflowRun> = {}): WorkflowRun {
  return {
    repository: 'acme/app',
    eventName: 'push',
    ref: 'refs/heads/main',
    sha: HEAD_SHA,
    serverUrl: 'https://github.com',
    runId: '4242',
    runAttempt: 1,
    ...STEP,
    payload: {},
    payloadUnreadable: false,
    ...overrides
  }
}

/** The same run, for pull request #7. */
export const pullRequestRun = (overrides: Partial<WorkflowRun> = {}): WorkflowRun =>
  workflowRun({
    eventName: 'pull_request',
    ref: 'refs/pull/7/merge',
    payload: { pull_request: { number: 7 } },
    ...overrides
  })

/**
 * Starts stand-ins on demand for the tests of one file, each test its own, and closes
 * them all after the file: call at the top level, then `await fresh()` in a test.
 */
export function onDemand<T extends { close(): Promise<void> }>(
  start: () => Promise<T>
): () => Promise<T> {
  const open: T[] = []
  afterAll(async () => {
    await Promise.all(open.map((server) => server.close()))
  })
  return async () => {
    const server = await start()
    open.push(server)
    return server
  }
}

// What startedWithFile was given, started by one beforeAll at the top level of the test
// file: registered as this module loads, which jest does before the file's own body, so
// even a call inside a describe block starts with the file. (Outside jest, as in the
// benchmark, there is no beforeAll and nothing to register.)
export interface SharedWork {
  start: () => Promise<unknown>
  /** Whether a test awaited it. */
  read: boolean
}

/**
 * The contract breach of work no test read (all skipped, or left out by -t), which would
 * otherwise go unreported. Its other failures are for its readers to see, and it had none.
 */
export async function breachOfUnreadWork(
  works: readonly SharedWork[]
): Promise<ContractBreach | undefined> {
  for (const work of works.filter((w) => !w.read)) {
    const error = await work.start().then(
      () => undefined,
      (failure: unknown) => failure
    )
    if (error instanceof ContractBreach) return error
  }
  return undefined
}

const startWithFile: SharedWork[] = []
if (typeof beforeAll === 'function') {
  beforeAll(() => {
    // The catch only marks a failure as seen; the tests that await the work still get it.
    for (const work of startWithFile) work.start().catch(() => undefined)
  })
  afterAll(async () => {
    const breach = await breachOfUnreadWork(startWithFile)
    if (breach) throw breach
  })
}

/**
 * Runs `steps` once, for every test that awaits the function returned, and starts it
 * with the test file: jest runs the concurrent tests of one describe block together but
 * the blocks one after another, so work that several tests read (a chain of runs) or
 * that mostly waits would otherwise hold up every block before it. It is judged as a
 * whole: a contract broken in it fails every test that reads it.
 */
export function startedWithFile<T>(steps: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined
  const start = (): Promise<T> => (started ??= judged(steps, 'in work these tests share'))
  const work: SharedWork = { start, read: false }
  startWithFile.push(work)
  return () => {
    work.read = true
    return start()
  }
}

export const standIns = (options: StandInOptions = {}): (() => Promise<StandIn>) =>
  onDemand(() => startStandIn(options))

export const gitHubStandIns = (
  options: GitHubStandInOptions = {}
): (() => Promise<GitHubStandIn>) => onDemand(() => startGitHubStandIn(options))

/**
 * A job created straight through the Agent Jobs stand-in's API, as an earlier run (or
 * someone else on the project) would have: its id.
 */
export async function jobCreatedThroughApi(
  agent: { url: string },
  prompt: string
): Promise<string> {
  const created = await fetch(`${agent.url}/v2/agent/${PROJECT}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt })
  })
  return ((await created.json()) as { id: string }).id
}

/** The POST requests the Agent Jobs stand-in received, path and body. */
export const posts = (standIn: StandIn): { path: string; body: string }[] =>
  standIn.requests.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body }))

/** The prompt of every job creation and follow-up the service received. */
export const sentPrompts = (standIn: StandIn): string[] =>
  posts(standIn).map((r) => (JSON.parse(r.body) as { prompt: string }).prompt)

/**
 * A repository of its own for each test (`acme/<prefix><n>`) on the GitHub stand-in, and
 * the session the branch modules take to it. Call at the top of a file or describe block.
 */
export function repositoryPerTest(
  prefix: string,
  // Given by the test: the bench loads this file with Node, which cannot load src/ values.
  Session: typeof GitHubSession,
  /** Where the sessions reach GitHub, and how long a second of their waits lasts. */
  reach: () => GitHubReach
): {
  repository: () => string
  session: () => GitHubSession
} {
  let count = 0
  let repository = ''
  // One session a test, as a run opens one: whose the token is, is asked once.
  let session: GitHubSession | undefined
  const open = (): GitHubSession => new Session(GITHUB_TOKEN, repository, 'github-token', reach())
  beforeEach(() => {
    repository = `acme/${prefix}${++count}`
    session = open()
  })
  return {
    repository: () => repository,
    session: () => session ?? open()
  }
}

const JOB_PATH = /\/job\/[^/]+$/
/** A read of a job on the Agent Jobs stand-in (not a creation or a message). */
export const isJobRead = (r: { method: string; path: string }): boolean =>
  r.method === 'GET' && JOB_PATH.test(r.path)

/**
 * Shows the stand-in's jobs busy to the next `reads` reads, or until the function returned
 * is called: a test that needs a job working while another run starts does not bet on how
 * fast a process starts on a loaded machine.
 */
export function holdBusy(standIn: StandIn, reads = Infinity): () => void {
  return standIn.inject({
    method: 'GET',
    path: JOB_PATH,
    times: reads,
    fault: { kind: 'patch', fields: { status: 'active', prLink: null } }
  })
}

/**
 * Until `condition` holds, checked every 20 ms; fails naming `what` after `limitMs`. For a
 * test that must act at a point in another run's life, whatever the machine's load.
 */
export async function until(
  condition: () => boolean,
  what: string,
  limitMs = 15_000
): Promise<void> {
  const deadline = Date.now() + limitMs
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`Not reached within ${limitMs} ms: ${what}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
