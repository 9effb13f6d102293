// The action's run() in this process, as src/index.ts runs it in the runner's: the same
// event read and fast exit, run() on a host the test builds (the step's environment, the
// system clock, outputs and the summary kept in memory), and what escapes run() failing the
// step with one line. Many runs go at once (it.concurrent): each run's log, outputs and
// failure are its own. What only a real process shows (exit codes of a crash, signals, the
// proxy and CA path, the file-command formats) stays with the bundle (run-action.ts).

import { appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'
import * as core from '@actions/core'
import { run } from '../../src/action/main.js'
import { exitEarlyWhenNotACommand, readRunEvent } from '../../src/action/shell/event.js'
import type { Host } from '../../src/action/shell/host.js'
import { runnerView } from '../../src/action/shell/runner-view.js'
import { systemClock } from '../../src/common/clock.js'
import { messageOf } from '../../src/common/run-errors.js'
import { safeLine } from '../../src/common/safe-text.js'
import { loadOctokit } from '../../src/github/client.js'
import { currentRun, routeExitCode, routeStdout, type RunShare } from './run-log.js'

/**
 * What src imports at its first GitHub call, imported now: jest refuses an import() while no
 * case of the file runs, which happens between the cases of it.concurrent. Called as a run
 * starts (within its case); once one succeeds, src never imports again in this file. Not
 * with the file: @actions/github reads GITHUB_API_URL as it loads, which a file's in-process
 * GitHub tests set in their beforeAll.
 */
export async function preloadOctokit(): Promise<void> {
  await loadOctokit().catch(() => undefined)
}

/**
 * The GitHub plugins' retry waits (n² seconds before retry n) are real time: a case whose
 * every read answers 502 waited 5 s for them. In process, a second of those waits lasts a
 * millisecond, and counts as one against the run's budget; the model tests pass them at once.
 * The bundle's runs wait real seconds.
 */
export const inProcessRuns = { gitHubSecondMs: 1 }

export interface InProcessResult {
  exitCode: number
  stdout: string
  /** The outputs run() set (the fast exit's are in GITHUB_OUTPUT, as on a runner). */
  outputHistory: Record<string, string[]>
  /** What escaped run(), with its stack (the step failed with an unexpected error). */
  threw?: string
}

/**
 * Runs the action in this process on `env` (the runner's variables, INPUT_* included).
 * GITHUB_OUTPUT is read only by the fast exit, which appends to that file as on a runner;
 * its lines are the caller's to parse. `onStdout` sees each write of the run's log.
 */
export async function runInProcess(
  env: Record<string, string>,
  onStdout?: (text: string) => void
): Promise<InProcessResult> {
  routeStdout()
  routeExitCode()
  const capture: RunShare = { stdout: '', exitCode: undefined, ...(onStdout ? { onStdout } : {}) }
  const outputHistory: Record<string, string[]> = {}
  const summaryFile = env.GITHUB_STEP_SUMMARY
  const host: Host = {
    env,
    clock: systemClock,
    // Kept as given; without GITHUB_OUTPUT, printed as @actions/core prints it.
    setOutput: env.GITHUB_OUTPUT
      ? (name, value) => void (outputHistory[name] ??= []).push(value)
      : (name, value) => void process.stdout.write(`${EOL}${setOutputCommand(name, value)}${EOL}`),
    // As core.summary.addRaw(markdown, true).write() appends to GITHUB_STEP_SUMMARY.
    appendSummary: summaryFile
      ? (markdown) => appendFile(summaryFile, `${markdown}${EOL}`)
      : undefined,
    // The runner's signals reach the bundle only (run-action.ts's bundle cases).
    onCancel: () => () => undefined,
    gitHubSecondMs: inProcessRuns.gitHubSecondMs
  }
  let threw: string | undefined
  await currentRun.run(capture, async () => {
    const event = readRunEvent(env)
    if (exitEarlyWhenNotACommand(event, env)) return
    // As src/index.ts: what escapes run() fails the step with one line.
    await run(event, host).catch((error: unknown) => {
      threw = error instanceof Error ? (error.stack ?? error.message) : String(error)
      core.setFailed(safeLine(`Unexpected error: ${messageOf(error)}`, 2000))
    })
  })
  return {
    exitCode: capture.exitCode ?? 0,
    stdout: env.GITHUB_ACTIONS ? capture.stdout : asRunnerShows(capture.stdout, env),
    outputHistory,
    ...(threw === undefined ? {} : { threw })
  }
}

/** @actions/core's `::set-output` line, for a step without GITHUB_OUTPUT. */
function setOutputCommand(name: string, value: string): string {
  const data = value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const property = name
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A')
    .replace(/:/g, '%3A')
    .replace(/,/g, '%2C')
  return `::set-output name=${property}::${data}`
}

/** Outside a runner, the log as src/index.ts shows it (showLogAsRunnerWould), line by line. */
function asRunnerShows(stdout: string, env: Record<string, string>): string {
  const view = runnerView(env.RUNNER_DEBUG === '1')
  const lines = stdout.split(/\r?\n/)
  const partial = lines.pop() ?? ''
  const shown = lines.flatMap((line) => view.render(line))
  shown.push(...view.flush())
  if (partial !== '') shown.push(...view.render(partial))
  return shown.map((line) => `${line}\n`).join('')
}
