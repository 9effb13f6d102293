// What a run takes from the process it runs in, passed in rather than read behind its back:
// the step's environment, the clock, where outputs and the job summary go, and the runner's
// cancellation. src/index.ts builds the runner's; the tests build their own to run in process.

import type { Clock } from '../../common/clock.js'

export interface Host {
  /** The step's environment: INPUT_*, GITHUB_*, RUNNER_*, the proxy variables. */
  readonly env: NodeJS.ProcessEnv
  readonly clock: Clock
  /** Sets a step output (on a runner, appended to GITHUB_OUTPUT). */
  readonly setOutput: (name: string, value: string) => void
  /** Appends Markdown to the job summary; undefined when the step has none. */
  readonly appendSummary: ((markdown: string) => Promise<void>) | undefined
  /** Calls `listener` when the runner cancels the step; returns how to stop listening. */
  readonly onCancel: (listener: (signal: NodeJS.Signals) => void) => () => void
  /**
   * How long a second of GitHub's retry and rate-limit waits lasts; a real second when not
   * given. Tests that run the action in process shorten it.
   */
  readonly gitHubSecondMs?: number
}

/** An input by @actions/core's rule: INPUT_ and the name upper-cased, spaces as `_`, trimmed. */
export function readInput(
  env: NodeJS.ProcessEnv,
  name: string,
  options?: { trimWhitespace?: boolean }
): string {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? ''
  return options?.trimWhitespace === false ? value : value.trim()
}
