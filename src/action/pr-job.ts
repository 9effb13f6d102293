// One docs job per pull request: the run reads the pull request's record, decides
// (job-decision.ts) and acts, recording the job on the pull request as soon as it is
// settled. Any prompt goes through here: a push's, or a command's from a comment.

import * as core from '@actions/core'
import { ApiError } from '../agent/http-errors.js'
import { describeError } from '../agent/describe-error.js'
import type { AgentJob } from '../agent/job.js'
import { safeLine } from '../common/safe-text.js'
import type { PullRequestRecord } from '../github/pr-record.js'
import type { PullRequestThread } from '../github/pr-thread.js'
import { renderComment } from './comment-body.js'
import {
  afterBusyWait,
  decide,
  describeDecision,
  nextRecord,
  type Decision,
  type RecordedJob,
  type RunIdentity
} from './job-decision.js'
import {
  createJob,
  jobStarted,
  notWaiting,
  readJob,
  sendFollowUp,
  waitUntilIdle,
  watchJob
} from './job-steps.js'
import type { Outcome, Session } from './session.js'

const EARLY_WRITE_BUDGET_MS = 10_000
const DOCS_STATE_BUDGET_MS = 10_000

/** The recorded job as the service sees it: found, or gone (404). Other errors throw. */
async function lookUp(
  session: Session,
  thread: PullRequestThread,
  record: PullRequestRecord
): Promise<RecordedJob> {
  let job: AgentJob
  try {
    job = await readJob(session, record.jobId)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'gone' }
    throw error
  }
  if (job.status !== 'completed' || !job.prLink) return { kind: 'found', job }
  const docsPullRequest = await thread.docsPullRequestState(job.prLink, DOCS_STATE_BUDGET_MS)
  return { kind: 'found', job, ...(docsPullRequest ? { docsPullRequest } : {}) }
}

/** Writes the record and a "working" comment now, so a run that starts later finds the job. */
async function recordEarly(
  session: Session,
  thread: PullRequestThread,
  record: PullRequestRecord,
  job: AgentJob,
  did: string
): Promise<void> {
  const body = renderComment(
    {
      jobId: record.jobId,
      job,
      did,
      ending: {
        conclusion: 'succeeded',
        message: 'The job is working; this comment is updated when this run ends.'
      }
    },
    thread.run
  )
  await thread.save(record, body, EARLY_WRITE_BUDGET_MS)
}

/**
 * Runs `prompt` as this pull request's docs job: follow-up, wait-then-follow-up,
 * resume, report or create, as decided from the record. With `reuse` false, always
 * creates (and records the new job for later runs).
 */
export async function runPullRequestJob(
  session: Session,
  thread: PullRequestThread,
  prompt: string,
  reuse: boolean
): Promise<Outcome> {
  const { settings, report } = session
  const run: RunIdentity = { runId: thread.runId, runAttempt: thread.run.runAttempt }
  const previous = thread.record
  let decision: Decision
  if (!previous) decision = decide(run)
  else if (!reuse) decision = { action: 'create', reason: 'reuse-off', replaces: previous.jobId }
  else {
    core.info(
      `Pull request #${thread.number} has job ${safeLine(previous.jobId)} (project ${safeLine(settings.projectId)}); looking it up.`
    )
    decision = decide(run, { record: previous, recorded: await lookUp(session, thread, previous) })
  }
  const record = (jobId: string): PullRequestRecord =>
    nextRecord(decision, jobId, settings.projectId, run, previous)
  const words = (jobId: string, busy = false): string =>
    describeDecision(decision, jobId, { busy, attempt: run.runAttempt })

  let busy = false
  if (decision.action === 'wait-then-follow-up') {
    // Even with wait: false: nothing may be sent into a job that is working.
    report.jobIdKnown(decision.jobId, 'Waiting for busy')
    await jobStarted(session, decision.jobId)
    const waited = await waitUntilIdle(session, decision.jobId)
    if ('outcome' in waited) {
      // Timed out, cancelled or unreachable: nothing was sent, the record stays as it was.
      return {
        ...waited.outcome,
        ...(previous ? { record: previous } : {}),
        did: `Waited for job ${decision.jobId}, which was still working on an earlier prompt; this run's prompt was not sent.`
      }
    }
    decision = afterBusyWait(decision, waited.idle)
    busy = true
  }

  switch (decision.action) {
    case 'report': {
      const did = words(decision.jobId)
      core.info(safeLine(did, 1000))
      report.jobIdKnown(decision.jobId, 'Reporting')
      const outcome = await finish(session, decision.job, false)
      return { ...outcome, record: record(decision.jobId), did }
    }
    case 'resume': {
      const did = words(decision.jobId)
      core.info(safeLine(did, 1000))
      report.jobIdKnown(decision.jobId, 'Resuming')
      await jobStarted(session, decision.jobId)
      await recordEarly(session, thread, record(decision.jobId), decision.job, did)
      const outcome = await finish(session, decision.job, false)
      return { ...outcome, record: record(decision.jobId), did }
    }
    case 'follow-up':
    case 'wait-then-follow-up': {
      const did = words(decision.jobId, busy)
      let job: AgentJob
      try {
        job = await sendFollowUp(session, decision.jobId, prompt, 'Sent the follow-up to')
      } catch (error) {
        return failed(session, error, decision.jobId)
      }
      core.info(safeLine(did, 1000))
      await recordEarly(session, thread, record(job.id), job, did)
      const outcome = await finish(session, job, true)
      return { ...outcome, record: record(job.id), did }
    }
    case 'create': {
      let job: AgentJob
      try {
        job = await createJob(session, prompt)
      } catch (error) {
        return failed(session, error)
      }
      const did = words(job.id)
      core.info(safeLine(did, 1000))
      await recordEarly(session, thread, record(job.id), job, did)
      const outcome = await finish(session, job, false)
      return { ...outcome, record: record(job.id), did }
    }
  }
}

/** Watches the job, or (wait: false) reports it as the last call returned it. */
function finish(session: Session, job: AgentJob, afterMessage: boolean): Promise<Outcome> {
  if (session.settings.wait) return watchJob(session, job.id, { initial: job, afterMessage })
  return Promise.resolve(notWaiting(session, job, afterMessage))
}

function failed(session: Session, error: unknown, jobId?: string): Outcome {
  const context = {
    ...session.context,
    endpoint: jobId ? 'message' : 'create',
    ...(jobId ? { jobId } : {})
  } as const
  return { ending: { conclusion: 'failed', message: describeError(error, context) } }
}
