// Shared pieces of the fault-injection suites (test/faults-*.test.ts): a stand-in per
// test (so tests can run concurrently), the inputs of a short job, request counts,
// and the checks every fault must pass (no stray workflow commands, no secret).

import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { startConnectProxy, type ConnectProxy, type ConnectProxyOptions } from './connect-proxy.ts'
import { inputs } from './fixtures.ts'
import { errorLines, type ActionRun } from './run-action.ts'
import {
  startStandIn,
  type RecordedRequest,
  type StandIn,
  type StandInOptions
} from './stand-in.ts'

export { KEY, PROJECT } from './fixtures.ts'

/** A job that ends 50 ms after its prompt: before the first poll (100 ms), so a run
 * without faults sends exactly one POST and one GET, and each fault adds its own. */
export const SHORT_JOB = 'slow:50: Document the retry policy'

/** The inputs of a short, fast-polling run against `url`. */
export function inputsFor(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return inputs(url, {
    prompt: SHORT_JOB,
    'max-poll-interval': '400ms',
    timeout: '15s',
    ...extra
  })
}

/** Runs `body` with a stand-in of its own, closed afterwards whatever happens. */
export async function withStandIn<T>(
  options: StandInOptions,
  body: (standIn: StandIn) => Promise<T>
): Promise<T> {
  const standIn = await startStandIn({ jobDurationMs: 50, ...options })
  try {
    return await body(standIn)
  } finally {
    await standIn.close()
  }
}

/** A CONNECT proxy and a stand-in of its own (`standInOptions.tls` for https), both closed afterwards. */
export async function withProxy(
  proxyOptions: ConnectProxyOptions,
  standInOptions: StandInOptions,
  body: (standIn: StandIn, proxy: ConnectProxy) => Promise<void>
): Promise<void> {
  const proxy = await startConnectProxy(proxyOptions)
  try {
    await withStandIn(standInOptions, (standIn) => body(standIn, proxy))
  } finally {
    await proxy.close()
  }
}

/** What the error says when a create may have reached the service before it failed. */
export const MAY_HAVE_CREATED = 'a job may have been created anyway'

/** Milliseconds between consecutive requests of `method`. */
export function gaps(standIn: StandIn, method: 'GET' | 'POST'): number[] {
  const times = standIn.requests
    .filter((request) => request.method === method)
    .map((request) => request.at)
  return times.slice(1).map((at, index) => at - (times[index] as number))
}

export function count(requests: RecordedRequest[], method: 'GET' | 'POST'): number {
  return requests.filter((request) => request.method === method).length
}

/** The one failure annotation of a run (the step's conclusion). */
export function failure(run: ActionRun): string {
  const lines = errorLines(run.stdout)
  if (lines.length !== 1)
    throw new Error(`expected one ::error line, got ${lines.length}:\n${run.stdout}`)
  return lines[0] as string
}

/** Log lines about retries the action made. */
export function retryLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith('Retrying in '))
}

// The commands this action itself issues; anything else at the start of a line
// (after the whitespace the runner trims) would be a command smuggled in by the server.
const OWN_COMMAND = /^::(?:add-mask|error|warning|notice|group|endgroup|debug)::/

/** Stdout lines the runner would read as a command the action did not mean to give. */
export function strayCommands(stdout: string): string[] {
  return stdout.split('\n').filter((line) => {
    const trimmed = line.trimStart()
    return (trimmed.startsWith('::') && !OWN_COMMAND.test(trimmed)) || line.includes('##[')
  })
}

/** Where a secret must never appear: everything the runner shows or keeps, except
 * the `::add-mask::` line that tells the runner to mask it. */
export function everywhereVisible(run: ActionRun): string {
  const stdout = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  return [stdout, run.stderr, run.summary, JSON.stringify(run.outputHistory)].join('\n')
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
