// What one run shares between its steps: settings, the API, the clock, the report.

import type { AgentApi, CallOptions } from '../agent/agent-api.js'
import type { ErrorContext } from '../agent/describe-error.js'
import type { AgentJob } from '../agent/job.js'
import type { CallKind } from '../agent/retry.js'
import type { WaitEnd } from '../agent/wait-for-job.js'
import type { Clock } from '../common/clock.js'
import type { DocsCheckRun } from '../github/check-run.js'
import type { PullRequestRecord } from '../github/pr-record.js'
import type { Settings } from './inputs.js'
import type { Ending, RunReport } from './report.js'

export interface Session {
  settings: Settings
  env: NodeJS.ProcessEnv
  api: AgentApi
  clock: Clock
  deadline: number
  signal: AbortSignal
  report: RunReport
  context: ErrorContext
  call: CallOptions
  userAgent: string
  /** check-run: true; undefined otherwise. */
  checkRun?: DocsCheckRun
  retried<T>(kind: CallKind, call: () => Promise<T>): Promise<T>
}

/** How a run ended, and what the pull request's comment should say about it. */
export interface Outcome {
  ending: Ending
  /** The last job object seen. */
  job?: AgentJob
  /** The pull request's record once this run's job is settled; nothing is written without it. */
  record?: PullRequestRecord
  /** What the run did with the job, in words. */
  did?: string
  /** How the wait ended, when the run waited. */
  waitEnd?: WaitEnd
}
