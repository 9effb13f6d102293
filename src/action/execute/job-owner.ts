// The one owner of the run's job: every call that learns something about it tells the
// owner, and only the owner builds the outcome, so the outputs, the summary, the
// comment and the check run cannot disagree with the log.

import type { AgentJob } from '../../agent/job.js'
import type { WaitEnd, WaitResult } from '../../agent/wait-for-job.js'
import type { PullRequestRecord } from '../../github/pr-record.js'
import type { Naming } from '../plan/words.js'

export interface Ending {
  conclusion: 'succeeded' | 'warned' | 'failed'
  /** One line for the log and the annotation; may hold server text (made safe where shown). */
  message: string
}

/** How a run ended, as every publisher reads it, whatever path ended the run. */
export interface Outcome {
  ending: Ending
  jobId?: string
  /** The last answer seen (see JobOwner.reportedJob). */
  job?: AgentJob
  created: boolean
  /** GET requests that returned the job while waiting. */
  polls: number
  waitEnd?: WaitEnd
  did?: string
  /** The pull request's record once the job is settled; nothing is written without it. */
  record?: PullRequestRecord
  skipped?: boolean
  sent?: string
  cancelled?: NodeJS.Signals
}

export class JobOwner {
  private id: string | undefined
  private last: AgentJob | undefined
  private createdHere = false
  private polls = 0
  private waitEnd: WaitEnd | undefined
  /** The text the job took. */
  text: string | undefined
  /** A message was sent and not waited on: the answer may still be the previous turn's. */
  private turnPending = false

  /** `announce` tells the runner at once (the log line, `job-id`, `created`), lest the run die later. */
  constructor(
    private readonly announce: (id: string, how: Naming) => void,
    private readonly cancelled: () => NodeJS.Signals | undefined = () => undefined
  ) {}

  /** The job the run works with, named before any answer about it. */
  named(id: string, how: Naming): void {
    if (this.id === id) return
    this.id = id
    this.announce(id, how)
  }

  created(job: AgentJob): void {
    this.createdHere = true
    this.named(job.id, 'created')
    this.seen(job)
  }

  /** Any answer about the run's job (`turnPending`: to a message not waited on). */
  seen(job: AgentJob, turnPending = false): void {
    this.named(job.id, 'following')
    this.last = job
    this.turnPending = turnPending
  }

  waited(result: WaitResult): void {
    if (result.job) this.seen(result.job)
    this.polls += result.polls
    this.waitEnd = result.end
  }

  // After a message not waited on, the answer may still show the previous turn's end (the
  // service has no turn counter): the job is reported as working, unless it already failed.
  reportedJob(): AgentJob | undefined {
    const job = this.last
    if (job && this.turnPending && job.status !== 'failed') return { ...job, status: 'active' }
    return job
  }

  /** The outcome; a cancelled run fails, whatever the job did, and says which signal came. */
  outcome(ending: Ending, extra: Pick<Outcome, 'did' | 'record' | 'skipped'> = {}): Outcome {
    const cancelled = this.cancelled()
    return {
      ending:
        cancelled && ending.conclusion !== 'failed'
          ? { conclusion: 'failed', message: `Cancelled (${cancelled}). ${ending.message}` }
          : ending,
      jobId: this.id,
      job: this.reportedJob(),
      created: this.createdHere,
      polls: this.polls,
      waitEnd: this.waitEnd,
      ...extra,
      sent: this.text,
      cancelled
    }
  }
}
