// How a run ended, as every publisher reads it: one value, built only by the job's
// owner (job-owner.ts) whatever path ended the run.

import type { AgentJob } from '../../agent/job.js'
import type { WaitEnd } from '../../agent/wait-for-job.js'
import type { PullRequestRecord } from '../../github/pr-record.js'

export interface Ending {
  conclusion: 'succeeded' | 'warned' | 'failed'
  /** One line for the log and the annotation; may hold server text (made safe where shown). */
  message: string
}

export interface Outcome {
  ending: Ending
  /** Known as soon as the job was named or created, before any answer. */
  jobId?: string
  /** The job as the run reports it: the last answer seen (see JobOwner.reportedJob). */
  job?: AgentJob
  created: boolean
  /** GET requests that returned the job while waiting. */
  polls: number
  waitEnd?: WaitEnd
  /** What the run did with a pull request's or branch's job, in words. */
  did?: string
  /** The pull request's record once the job is settled; nothing is written without it. */
  record?: PullRequestRecord
  /** Nothing was new on the branch, so nothing was sent (the `skipped` output). */
  skipped?: boolean
  /** The exact text this run sent to the agent, when it sent one. */
  sent?: string
  /** The runner cancelled the run (SIGINT or SIGTERM). */
  cancelled?: NodeJS.Signals
}
