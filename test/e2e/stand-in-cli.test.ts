// The stand-in's command line, as the end-to-end workflow starts it: with plain
// `node` (no install), reading `--job-duration` the way the action reads durations.

import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from '../support/run-action.js'

const CLI = join(ROOT, 'test/support/stand-in-cli.ts')
const KEY = 'mint_e2e_test_key'

interface Started {
  child: ChildProcess
  /** The URL it printed, or undefined when it exited first. */
  url: string | undefined
  stderr: string
  exitCode: number | null
}

/** Starts the CLI and resolves once it prints its URL or exits. */
function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1]
      if (url) resolve({ child, url, stderr, exitCode: null })
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => resolve({ child, url: undefined, stderr, exitCode: code }))
  })
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

async function api(
  url: string,
  path: string,
  body?: unknown
): Promise<{ id: string; status: string }> {
  const answer = await fetch(`${url}/v2/agent/proj-e2e${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return (await answer.json()) as { id: string; status: string }
}

/** Polls the job every 50 ms until it leaves `active`, for at most `limitMs`. */
async function msUntilDone(url: string, id: string, limitMs: number): Promise<number | undefined> {
  const started = Date.now()
  while (Date.now() - started < limitMs) {
    if ((await api(url, `/job/${id}`)).status !== 'active') return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return undefined
}

describe('the stand-in command line', () => {
  it('reads --job-duration as a duration: 300ms ends the job in about 300 ms', async () => {
    const started = await startCli(['--job-duration', '300ms'])
    try {
      expect(started.url).toBeDefined()
      const url = started.url as string
      const job = await api(url, '/job', { prompt: 'Document it' })
      expect(job.status).toBe('active')
      const took = await msUntilDone(url, job.id, 5000)
      expect(took).toBeDefined()
      expect(took).toBeGreaterThanOrEqual(200)
    } finally {
      await stop(started.child)
    }
  })

  it('reads 1s as one second, not as one millisecond or as NaN', async () => {
    const started = await startCli(['--job-duration', '1s'])
    try {
      const url = started.url as string
      const job = await api(url, '/job', { prompt: 'Document it' })
      const took = await msUntilDone(url, job.id, 5000)
      expect(took).toBeGreaterThanOrEqual(800)
    } finally {
      await stop(started.child)
    }
  })

  it('refuses a duration it cannot read, with one line naming the option', async () => {
    const started = await startCli(['--job-duration', 'soon'])
    expect(started.url).toBeUndefined()
    expect(started.exitCode).toBe(2)
    expect(started.stderr.trim()).toBe(
      "--job-duration must be a duration such as 500ms, 10s, 5m, 1h or 1m30s, or a bare number of seconds; got 'soon'."
    )
  })
})
