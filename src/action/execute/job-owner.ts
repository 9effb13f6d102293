// The one owner of the run's job: every call that learns something about it tells the
// owner, and only the owner builds the outcome, so the outputs, the summary, the
// comment and the check run cannot disagree with the log.

import type { AgentJob } from '../../agent/job.js'
import type { WaitEnd, WaitResult } from '../../agent/wait-for-job.js'
import type { Naming } from '../plan/words.js'
import type { Ending, Outcome } from './outcome.js'

/** What must reach the runner at once (the log line, `job-id`, `created`), lest the run die later. */
export interface JobAnnouncer {
  jobNamed(id: string, how: Naming): void
  jobCreated(): void
}

export class JobOwner {
  private id: string | undefined
  private last: AgentJob | undefined
  private createdHere = false
  private polls = 0
  private waitEnd: WaitEnd | undefined
  private text: string | undefined
  /** A message was sent and not waited on: the answer may still be the previous turn's. */
  private turnPending = false

  constructor(
    private readonly announce: JobAnnouncer,
    private readonly cancelled: () => NodeJS.Signals | undefined = () => undefined
  ) {}

  /** The job the run works with, named before any answer about it. */
  named(id: string, how: Naming): void {
    if (this.id === id) return
    this.id = id
    this.announce.jobNamed(id, how)
  }

  created(job: AgentJob): void {
    this.createdHere = true
    this.announce.jobCreated()
    this.named(job.id, 'created')
    this.seen(job)
  }

  /** The exact text the job took. */
  sent(text: string): void {
    this.text = text
  }

  /** Any answer about the run's job (`turnPending`: to a message not waited on): the latest is reported. */
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

  /**
   * The job as reported. After a message that is not waited on, the answer may still
   * show the previous turn's end (the service has no turn counter), so the job is
   * reported as working on the message, unless the answer already says it failed.
   */
  reportedJob(): AgentJob | undefined {
    const job = this.last
    if (job && this.turnPending && job.status !== 'failed') return { ...job, status: 'active' }
    return job
  }

  /** The outcome; a cancelled run fails, whatever the job did, and says which signal came. */
  outcome(ending: Ending, extra: Pick<Outcome, 'did' | 'record' | 'skipped'> = {}): Outcome {
    const job = this.reportedJob()
    const cancelled = this.cancelled()
    return {
      ending:
        cancelled && ending.conclusion !== 'failed'
          ? { conclusion: 'failed', message: `Cancelled (${cancelled}). ${ending.message}` }
          : ending,
      ...(this.id === undefined ? {} : { jobId: this.id }),
      ...(job ? { job } : {}),
      created: this.createdHere,
      polls: this.polls,
      ...(this.waitEnd ? { waitEnd: this.waitEnd } : {}),
      ...(extra.did ? { did: extra.did } : {}),
      ...(extra.record ? { record: extra.record } : {}),
      ...(extra.skipped ? { skipped: true } : {}),
      ...(this.text === undefined ? {} : { sent: this.text }),
      ...(cancelled ? { cancelled } : {})
    }
  }
}
