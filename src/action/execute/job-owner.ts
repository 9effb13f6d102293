// The one owner of the run's job: its id, the last answer the service gave about it,
// whether this run created it, how many polls it took and how the last wait ended.
// Every call that learns something about the job tells the owner; every publisher
// reads the outcome the owner builds, so the outputs, the summary, the comment and
// the check run cannot disagree with the log.

import type { AgentJob } from '../../agent/job.js'
import type { WaitEnd, WaitResult } from '../../agent/wait-for-job.js'
import type { Ending, Outcome } from './outcome.js'

/** What must reach the runner at once, so nothing is lost if the run dies later. */
export interface JobAnnouncer {
  /** The id is known: log line and `job-id` output now. `how` says how it came. */
  jobNamed(id: string, how: string): void
  /** This run created the job: the `created` output now. */
  jobCreated(): void
}

export class JobOwner {
  private id: string | undefined
  private last: AgentJob | undefined
  private createdHere = false
  private polls = 0
  private waitEnd: WaitEnd | undefined
  /** A message was sent and not waited on: the answer may still be the previous turn's. */
  private turnPending = false

  constructor(private readonly announce: JobAnnouncer) {}

  get jobId(): string | undefined {
    return this.id
  }

  /** The job the run works with, named before any answer about it. */
  named(id: string, how: string): void {
    if (this.id === id) return
    this.id = id
    this.announce.jobNamed(id, how)
  }

  created(job: AgentJob): void {
    this.createdHere = true
    this.announce.jobCreated()
    this.named(job.id, 'Created')
    this.seen(job)
  }

  /** Any answer about the run's job: the latest one is what the run reports. */
  seen(job: AgentJob): void {
    this.named(job.id, 'Following')
    this.last = job
    this.turnPending = false
  }

  waited(result: WaitResult): void {
    if (result.job) this.seen(result.job)
    this.polls += result.polls
    this.waitEnd = result.end
  }

  /** The answer to a message that is not waited on. */
  messageNotWaitedOn(answer: AgentJob): void {
    this.seen(answer)
    this.turnPending = true
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

  outcome(ending: Ending, extra: Pick<Outcome, 'did' | 'record'> = {}): Outcome {
    const job = this.reportedJob()
    return {
      ending,
      ...(this.id === undefined ? {} : { jobId: this.id }),
      ...(job ? { job } : {}),
      created: this.createdHere,
      polls: this.polls,
      ...(this.waitEnd ? { waitEnd: this.waitEnd } : {}),
      ...(extra.did ? { did: extra.did } : {}),
      ...(extra.record ? { record: extra.record } : {})
    }
  }
}
