// Runs the action on INPUT_* variables and fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// files, one of two ways, the same cases either way:
// - the bundle, as the runner does: `node <bundle>/index.js` in a process of its own. Under
//   jest the bundle is the one global-setup built from today's source; the demo and the
//   benchmark run the committed dist/.
// - in process (in-process.ts): run() on a host the test builds, much cheaper than a process.
// ACTION_RUN_MODE picks: `bundle` or `in-process`; under jest in process unless it says
// bundle (`npm run test:e2e`), elsewhere the bundle. A case that needs a real process (an
// exit code of a crash, signals, the proxy and CA path, the file-command formats) says
// `bundle: true` and runs the bundle in either mode.
//
// Under jest the bundle may still be building when a test starts (global-setup.ts): a run
// of the bundle waits for it, and so must a test that reads BUNDLE_DIR (`await bundleReady()`).

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE_WAIT_MS, bundleReady } from './bundle-ready.ts'
import { checkEventPayload, completeEventPayload, contractRecord } from './contracts.ts'

export { BUNDLE_WAIT_MS, bundleReady }

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const BUNDLE_DIR = process.env.ACTION_BUNDLE_ROOT
  ? join(process.env.ACTION_BUNDLE_ROOT, 'dist')
  : join(ROOT, 'dist')
export const BUNDLE = join(BUNDLE_DIR, 'index.js')

// V8 compiles the bundle once per `npm test` and every later run reads that code back,
// which saves each spawned run a parse of its 500 KiB. It changes nothing the code does.
const COMPILE_CACHE = process.env.ACTION_BUNDLE_ROOT
  ? join(process.env.ACTION_BUNDLE_ROOT, 'compile-cache')
  : undefined

// `npm run bench:tests` sets this: each spawned run then appends its test file and
// the CPU time it used to that file (see bench/run-probe.mjs).
const RUNS_LOG = process.env.ACTION_RUNS_LOG
const RUN_PROBE = join(ROOT, 'bench', 'run-probe.mjs')

/** The test file the current jest test comes from, when there is one. */
function currentTestFile(): string {
  const state = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect
  return state?.getState().testPath ?? ''
}

export interface ActionRun {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** Outputs as the runner would read them from GITHUB_OUTPUT (the last value of each name wins). */
  outputs: Record<string, string>
  /** Every value written for each output name, in order. */
  outputHistory: Record<string, string[]>
  summary: string
  /** Milliseconds from spawn to exit. */
  durationMs: number
}

/** How runAction runs the action, for every case that does not say `bundle: true`. */
// Inside a jest test file (its `expect` is there), not merely a process jest started: the demo
// that the demo's test spawns inherits JEST_WORKER_ID, and has no TypeScript loader for src/.
const inJestTest = 'expect' in globalThis
const askedMode = process.env.ACTION_RUN_MODE ?? (inJestTest ? 'in-process' : 'bundle')
export const RUN_MODE: 'bundle' | 'in-process' = askedMode === 'bundle' ? 'bundle' : 'in-process'

// `npm run test:e2e`: every file that runs the action runs the bundle, so it waits for it
// before its first case, under a timeout of its own rather than the first case's.
const jestBeforeAll = (globalThis as { beforeAll?: (fn: () => Promise<void>, ms: number) => void })
  .beforeAll
if (RUN_MODE === 'bundle' && inJestTest && jestBeforeAll)
  jestBeforeAll(bundleReady, BUNDLE_WAIT_MS + 10_000)

/** Called at the top of a file whose cases run the bundle in `npm test` too (`bundle: true`):
 * its first case then waits for a cold build under a timeout of its own, not its own 20 s. */
export function bundleFirst(): void {
  if (RUN_MODE === 'in-process') jestBeforeAll?.(bundleReady, BUNDLE_WAIT_MS + 10_000)
}

export interface RunOptions {
  /** Input names as in action.yml (`api-key`); become INPUT_API-KEY. */
  inputs: Record<string, string>
  /** Extra environment (proxies, GITHUB_* context, NODE_EXTRA_CA_CERTS…). */
  env?: Record<string, string>
  /** Called once the process has started, e.g. to send it a signal later. */
  onSpawn?: (child: ChildProcess) => void
  /** Called for every chunk of stdout, e.g. to wait for a line. */
  onStdout?: (text: string, child: ChildProcess) => void
  /** Kill the process after this long (a safety net; tests should never reach it). */
  killAfterMs?: number
  /** The file to run; the bundle unless told otherwise (implies `bundle`). */
  script?: string
  /** A case that needs a real process: the bundle runs it, whatever ACTION_RUN_MODE says.
   * Implied by `onSpawn`, `killAfterMs` and `script`. */
  bundle?: true
}

/** Whether `options` run the bundle in a process of its own. */
export function runsBundle(options: RunOptions): boolean {
  const needsProcess = options.bundle ?? options.onSpawn ?? options.killAfterMs ?? options.script
  return RUN_MODE === 'bundle' || needsProcess !== undefined
}

/** Parses the GITHUB_OUTPUT file format (`name<<delimiter` blocks and `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string[]> {
  const values: Record<string, string[]> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string]
      const body: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i] as string)
      ;(values[name] ??= []).push(body.join('\n'))
    } else if (line.includes('=')) {
      const at = line.indexOf('=')
      ;(values[line.slice(0, at)] ??= []).push(line.slice(at + 1))
    }
  }
  return values
}

/**
 * The event payload as the action reads it: the test's payload with the fields GitHub's
 * webhook schema requires and the test does not set filled in, written to `dir`. Refuses
 * a payload whose own fields GitHub's schema for its event and action refuses (a wrong
 * type, a field GitHub does not send, an event or action that does not exist): every
 * payload a test, the demo or the benchmark feeds the action passes here.
 */
function checkedEvent(env: Record<string, string>, dir: string): Record<string, string> {
  const event = env.GITHUB_EVENT_NAME
  const file = env.GITHUB_EVENT_PATH
  if (!event || !file) return {}
  const written = JSON.parse(readFileSync(file, 'utf8')) as unknown
  const { payload, unknown } = completeEventPayload(event, written)
  const problems = [
    ...unknown.map((field) => `${field} is not a field of GitHub's ${event} payload`),
    ...checkEventPayload(event, payload)
  ]
  const checked = contractRecord().checked
  checked['webhook payloads'] = (checked['webhook payloads'] ?? 0) + 1
  if (problems.length > 0)
    throw new Error(
      `The ${event} payload in ${file} is not one GitHub sends:\n${problems.join('\n')}`
    )
  const completed = join(dir, 'event.json')
  writeFileSync(completed, JSON.stringify(payload))
  return { GITHUB_EVENT_PATH: completed }
}

export function runAction(options: RunOptions): Promise<ActionRun> {
  const inProcess = !runsBundle(options)
  const preloading = inProcess
    ? inProcessModule?.then((module) => module.preloadOctokit())
    : undefined
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  let event: Record<string, string>
  try {
    event = checkedEvent(options.env ?? {}, dir)
  } catch (error: unknown) {
    rmSync(dir, { recursive: true, force: true })
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  const outputFile = join(dir, 'output')
  const summaryFile = join(dir, 'summary')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    // As on a runner; a test of a run by hand sets it to ''.
    GITHUB_ACTIONS: 'true',
    HOME: dir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    ...(COMPILE_CACHE ? { NODE_COMPILE_CACHE: COMPILE_CACHE } : {}),
    ...(RUNS_LOG
      ? {
          NODE_OPTIONS: `--import ${RUN_PROBE}`,
          ACTION_RUNS_LOG: RUNS_LOG,
          ACTION_RUN_TEST_FILE: currentTestFile()
        }
      : {}),
    ...options.env,
    ...event
  }
  for (const [name, value] of Object.entries(options.inputs))
    env[`INPUT_${name.toUpperCase()}`] = value

  if (inProcess) {
    const started = Date.now()
    return (preloading ?? Promise.resolve()).then(() =>
      runInThisProcess(options, env, { dir, summaryFile, started })
    )
  }
  return bundleReady().then(() => spawnRun(options, env, { dir, outputFile, summaryFile }))
}

/** The run of the bundle (or `options.script`) in a process of its own. */
function spawnRun(
  options: RunOptions,
  env: Record<string, string>,
  files: { dir: string; outputFile: string; summaryFile: string }
): Promise<ActionRun> {
  const { dir, outputFile, summaryFile } = files
  const started = Date.now()
  return new Promise<ActionRun>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.script ?? BUNDLE], {
      env,
      cwd: env.GITHUB_WORKSPACE,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      options.onStdout?.(chunk, child)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 30_000)
    options.onSpawn?.(child)
    child.on('error', reject)
    child.on('close', (exitCode, signal) => {
      clearTimeout(killer)
      const history = parseOutputFile(readFileSync(outputFile, 'utf8'))
      const outputs = Object.fromEntries(
        Object.entries(history).map(([k, v]) => [k, v[v.length - 1] as string])
      )
      const summary = readFileSync(summaryFile, 'utf8')
      rmSync(dir, { recursive: true, force: true })
      resolvePromise({
        exitCode,
        signal,
        stdout,
        stderr,
        outputs,
        outputHistory: history,
        summary,
        durationMs: Date.now() - started
      })
    })
  })
}

// Imported with this file, not at the first run: jest refuses an import() between the cases
// of it.concurrent. Never outside jest (the demo and the benchmark run the bundle only).
const inProcessModule = RUN_MODE === 'in-process' ? import('./in-process.ts') : undefined

/** A case that needs a real process: the proxy and CA path through the bundled undici, read
 * from the process's environment (NODE_EXTRA_CA_CERTS only by a fresh process). */
export const runBundle = (options: RunOptions): Promise<ActionRun> =>
  runAction({ ...options, bundle: true })

/** The run in this process; the log, outputs and summary kept as the bundle's run keeps them. */
async function runInThisProcess(
  options: RunOptions,
  env: Record<string, string>,
  files: { dir: string; summaryFile: string; started: number }
): Promise<ActionRun> {
  const { dir, summaryFile, started } = files
  const { runInProcess } = await (inProcessModule ?? import('./in-process.ts'))
  // The bundle's only: a case that sends signals runs the bundle (`bundle: true`).
  const notAProcess = new Proxy(Object.create(null) as ChildProcess, {
    get: () => {
      throw new Error('This case needs a real process: give runAction `bundle: true`.')
    }
  })
  const onStdout = options.onStdout
  try {
    const ran = await runInProcess(
      env,
      onStdout ? (text: string) => onStdout(text, notAProcess) : undefined
    )
    // The fast exit appends to GITHUB_OUTPUT, as on a runner; run() sets them through the host.
    const history = parseOutputFile(
      env.GITHUB_OUTPUT ? readFileSync(env.GITHUB_OUTPUT, 'utf8') : ''
    )
    for (const [name, values] of Object.entries(ran.outputHistory))
      (history[name] ??= []).push(...values)
    const outputs = Object.fromEntries(
      Object.entries(history).map(([k, v]) => [k, v[v.length - 1] as string])
    )
    return {
      exitCode: ran.exitCode,
      signal: null,
      stdout: ran.stdout,
      stderr: '',
      outputs,
      outputHistory: history,
      summary: readFileSync(summaryFile, 'utf8'),
      durationMs: Date.now() - started
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The `::error::` annotations in a run's stdout, unescaped. */
export function errorLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('::error'))
    .map((line) =>
      line
        .replace(/^::error[^:]*::/, '')
        .replace(/%0A/g, '\n')
        .replace(/%0D/g, '\r')
        .replace(/%25/g, '%')
    )
}
