// What a run does with its job, by mode: a command on a docs pull request goes to the
// job that opened it (once the service confirms it), a pull-request run to the pull
// request's job, anything else creates, messages or waits for a job as asked.

import * as core from '@actions/core'
import { describeError } from '../agent/describe-error.js'
import { ApiError } from '../agent/http-errors.js'
import type { AgentJob } from '../agent/job.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import type { PullRequestRecord } from '../github/pr-record.js'
import type { PullRequestThread } from '../github/pr-thread.js'
import {
  createJob,
  jobStarted,
  notWaiting,
  readJob,
  sendFollowUp,
  waitUntilIdle,
  watchJob
} from './job-steps.js'
import { runPullRequestJob } from './pr-job.js'
import { earlierAttemptJob } from './rerun.js'
import type { Outcome, Session } from './session.js'

/** The record a run with a named job leaves: that job, counting a message as a follow-up. */
function namedJobRecord(
  session: Session,
  thread: PullRequestThread,
  jobId: string,
  sent: boolean
): PullRequestRecord {
  const previous = thread.record?.jobId === jobId ? thread.record : undefined
  return {
    projectId: session.settings.projectId,
    jobId,
    runId: thread.runId,
    runAttempt: thread.run.runAttempt,
    followUps: (previous?.followUps ?? 0) + (sent ? 1 : 0),
    ...(previous?.handedOff ? { handedOff: previous.handedOff } : {})
  }
}

/** A command on what may be a docs pull request: the jobs its back-links name. */
export interface DocsCommand {
  pullRequest: { repository: string; number: number }
  candidates: string[]
}

/**
 * The job that opened the docs pull request: the first candidate whose pull request,
 * as the service reports it, is this one. A back-link is only a claim; this is the proof.
 */
async function jobThatOpened(session: Session, docs: DocsCommand): Promise<AgentJob | undefined> {
  const here = `${docs.pullRequest.repository}#${docs.pullRequest.number}`
  for (const id of docs.candidates) {
    let job: AgentJob
    try {
      job = await readJob(session, id)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        core.info(`A back-link names job ${safeLine(id)}, which does not exist; not following it.`)
        continue
      }
      throw error
    }
    const opened = parsePullRequestLink(job.prLink)
    if (
      opened &&
      opened.number === docs.pullRequest.number &&
      opened.repository.toLowerCase() === docs.pullRequest.repository.toLowerCase()
    ) {
      core.info(
        `Pull request ${safeLine(here)} is the docs pull request of job ${safeLine(id)}: the command goes to that job.`
      )
      return job
    }
    core.info(
      `A back-link names job ${safeLine(id)}, whose pull request is not ${safeLine(here)}; not following it.`
    )
  }
  return undefined
}

/** The command, as a follow-up to the job that opened the docs pull request, once it is idle. */
async function messageDocsJob(
  session: Session,
  thread: PullRequestThread | undefined,
  job: AgentJob
): Promise<Outcome> {
  const { settings, report } = session
  report.jobIdKnown(job.id, 'Sending the command to')
  const record = (sent: boolean): Partial<Outcome> =>
    thread ? { record: namedJobRecord(session, thread, job.id, sent) } : {}
  const waited = await waitUntilIdle(session, job.id, job)
  if ('outcome' in waited) {
    return {
      ...waited.outcome,
      ...record(false),
      did: `Waited for job ${job.id}, which was still working on an earlier prompt; this command was not sent.`
    }
  }
  if (waited.idle.status === 'failed' || waited.idle.status === 'archived') {
    return {
      job: waited.idle,
      ending: {
        conclusion: 'warned',
        message: `Job ${waited.idle.id}, which opened this docs pull request, is ${waited.idle.status}: the command was not sent. Start a new job from the code pull request.`
      },
      ...record(false)
    }
  }
  let sent: AgentJob
  try {
    sent = await sendFollowUp(session, job.id, settings.mode === 'wait' ? '' : settings.prompt)
  } catch (error) {
    const context = { ...session.context, endpoint: 'message' as const, jobId: job.id }
    return { ending: { conclusion: 'failed', message: describeError(error, context) } }
  }
  const outcome = settings.wait
    ? await watchJob(session, job.id, { initial: sent, afterMessage: true })
    : notWaiting(session, sent, true)
  return { ...outcome, ...record(true) }
}

export async function runJob(
  session: Session,
  thread: PullRequestThread | undefined,
  docs?: DocsCommand
): Promise<Outcome> {
  const { settings, report } = session
  if (settings.mode === 'create' && docs) {
    const opener = await jobThatOpened(session, docs)
    if (opener) return messageDocsJob(session, thread, opener)
  }
  if (settings.mode === 'create') {
    // The pull request's job: created once, then followed up (or replaced) by later runs.
    if (thread) return runPullRequestJob(session, thread, settings.prompt, settings.reuseJob)
    let job
    try {
      // A re-run of a push or scheduled run follows the job its earlier attempt started.
      job = session.checkRun
        ? await earlierAttemptJob({
            checkRun: session.checkRun,
            budgetMs: session.deadline - session.clock.now(),
            getJob: (id) => readJob(session, id)
          })
        : undefined
      if (job) {
        report.jobIdKnown(job.id, 'Following')
        await jobStarted(session, job.id)
      } else job = await createJob(session, settings.prompt)
    } catch (error) {
      return { ending: { conclusion: 'failed', message: describeError(error, session.context) } }
    }
    return settings.wait ? watchJob(session, job.id, { initial: job }) : notWaiting(session, job)
  }

  const jobId = settings.jobId
  report.jobIdKnown(jobId, settings.mode === 'message' ? 'Sending a message to' : 'Waiting for')
  if (settings.mode === 'wait') await jobStarted(session, jobId)
  const record = thread
    ? { record: namedJobRecord(session, thread, jobId, settings.mode === 'message') }
    : {}
  let initial
  try {
    if (settings.mode === 'message') {
      initial = await sendFollowUp(session, jobId, settings.prompt)
    } else if (!settings.wait) initial = await readJob(session, jobId)
  } catch (error) {
    return { ending: { conclusion: 'failed', message: describeError(error, session.context) } }
  }
  const afterMessage = settings.mode === 'message'
  if (!settings.wait) return { ...notWaiting(session, initial, afterMessage), ...record }
  const outcome = await watchJob(session, jobId, {
    ...(initial ? { initial } : {}),
    afterMessage
  })
  return { ...outcome, ...record }
}
