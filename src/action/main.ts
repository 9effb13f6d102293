// Wires the modules together and owns the step's conclusion. Nothing runs on import.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { AgentApi } from '../agent/agent-api.js'
import { listenForCancellation } from './cancellation.js'
import { systemClock, type Clock } from '../common/clock.js'
import { describeError, type ErrorContext } from '../agent/describe-error.js'
import { createDispatcher, proxyFor } from '../agent/dispatcher.js'
import { formatDuration } from '../common/duration.js'
import { HttpClient } from '../agent/http.js'
import { readSettings, type Settings } from './inputs.js'
import { PullRequestThread } from '../github/pr-thread.js'
import type { PullRequestRecord } from '../github/pr-record.js'
import { renderComment } from './comment-body.js'
import { RunReport } from './report.js'
import { withRetry } from '../agent/retry.js'
import { registerSecret, safeLine } from '../common/safe-text.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'
import { DocsCheckRun } from '../github/check-run.js'
import { withHandedOff } from '../github/pr-record.js'
import { completeCheckRun, docsPullRequestAfterJob } from './docs-steps.js'
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
import type { AgentJob } from '../agent/job.js'
import { ApiError } from '../agent/http-errors.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { isCommandEvent } from '../github/command.js'
import { onSameServer, writeBackLink } from '../github/docs-back-link.js'
import { readWorkflowRun } from '../github/workflow-run.js'
import { reactToEnding, settingsFor, takeCommand, type TakenCommand } from './command-run.js'

const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

/** Masks a secret in the runner's log (line by line, as the runner matches) and in ours. */
function maskSecret(value: string): void {
  if (value === '') return
  for (const part of new Set([value, ...value.split(/\r?\n/)])) {
    if (part.trim() === '') continue
    core.setSecret(part)
    registerSecret(part)
  }
}

/** Settings and the network path, or one error line and undefined: before any request. */
function prepare(
  env: NodeJS.ProcessEnv
): { settings: Settings; dispatcher: Dispatcher; proxy: string | undefined } | undefined {
  try {
    const settings = readSettings(core.getInput, env.GITHUB_WORKSPACE, {
      commandEvent: isCommandEvent(env.GITHUB_EVENT_NAME ?? '')
    })
    const dispatcher = createDispatcher(env)
    return { settings, dispatcher, proxy: proxyFor(env, settings.baseUrl) }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(error instanceof Error ? error.message : String(error), 2000))
    return undefined
  }
}

// Reads the process's inputs and environment and writes its outputs: the tests run it
// as the runner does, in the bundle (test/e2e); the loops inside take a clock and are
// unit-tested with a fake one.
export async function run(): Promise<void> {
  // Masked before anything else can be logged.
  maskSecret(core.getInput('api-key'))
  maskSecret(core.getInput('github-token'))
  maskSecret(core.getInput('docs-token'))

  const env = process.env
  if (isCommandEvent(env.GITHUB_EVENT_NAME ?? '') && core.getInput('api-key') === '') {
    // GitHub gives review events on pull requests from forks no secrets: a command
    // there cannot be acted on, which is no failure of the workflow.
    core.warning(
      "Input 'api-key' is empty on a comment event: the command cannot be acted on and nothing was sent. GitHub passes no secrets to pull_request_review and pull_request_review_comment events on pull requests from forks; elsewhere, set api-key from a secret."
    )
    core.setOutput('triggered', 'false')
    return
  }
  const prepared = prepare(env)
  if (!prepared) return
  let { settings } = prepared
  const { dispatcher, proxy } = prepared

  // Comment events: here the command is taken or refused, before anything is sent.
  let taken: TakenCommand | undefined
  if (isCommandEvent(env.GITHUB_EVENT_NAME ?? '')) {
    try {
      taken = await takeCommand(settings, env, USER_AGENT)
    } catch (error) {
      core.warning(
        safeLine(
          `The command could not be checked (${error instanceof Error ? error.message : String(error)}); nothing was sent.`,
          1000
        )
      )
    }
    if (!taken) {
      core.setOutput('triggered', 'false')
      await dispatcher.destroy()
      return
    }
    settings = settingsFor(settings, taken)
    core.setOutput('triggered', 'true')
  } else core.setOutput('triggered', 'false')

  const clock: Clock = systemClock
  const startedAt = clock.now()
  const deadline = startedAt + settings.timeoutMs
  const cancellation = listenForCancellation()
  const http = new HttpClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    dispatcher,
    now: () => clock.now()
  })
  const context: ErrorContext = {
    endpoint:
      settings.mode === 'create' ? 'create' : settings.mode === 'message' ? 'message' : 'get',
    projectId: settings.projectId,
    host: settings.baseUrl.host,
    ...(proxy === undefined ? {} : { proxy }),
    ...(settings.mode === 'create' ? {} : { jobId: settings.jobId })
  }
  const session: Session = {
    settings,
    env,
    api: new AgentApi(http, settings.projectId),
    clock,
    deadline,
    signal: cancellation.signal,
    report: new RunReport(
      startedAt,
      () => clock.now(),
      settings.mode === 'wait' ? undefined : settings.prompt
    ),
    context,
    call: { deadline, signal: cancellation.signal },
    userAgent: USER_AGENT,
    ...(settings.checkRun
      ? {
          checkRun: new DocsCheckRun({
            env,
            ...(settings.githubToken ? { token: settings.githubToken } : {}),
            userAgent: USER_AGENT,
            projectId: settings.projectId,
            signal: cancellation.signal
          })
        }
      : {}),
    retried: (kind, call) =>
      withRetry(call, {
        kind,
        backoff: { baseMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
        deadline,
        clock,
        signal: cancellation.signal,
        onRetry: (error, attempt, delayMs) => {
          const why = describeError(error, { ...context, endpoint: 'get' })
          core.info(
            `Retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1}): ${safeLine(why)}`
          )
        }
      })
  }

  let outcome: Outcome | undefined
  let thread: PullRequestThread | undefined
  try {
    // Read once, before the job: the pull request's record decides what this run does.
    thread = settings.prComment
      ? await PullRequestThread.open({
          env,
          ...(settings.githubToken ? { token: settings.githubToken } : {}),
          userAgent: USER_AGENT,
          projectId: settings.projectId,
          signal: cancellation.signal,
          budgetMs: Math.min(15_000, Math.max(1, deadline - clock.now()))
        })
      : undefined
    outcome = await runJob(
      session,
      thread,
      taken?.docsJobCandidates
        ? {
            pullRequest: { repository: taken.repository, number: taken.command.pullNumber },
            candidates: taken.docsJobCandidates
          }
        : undefined
    )
  } catch (error) {
    // Not an expected failure: say so plainly, keep the stack for debug logs.
    core.debug(error instanceof Error && error.stack ? safeLine(error.stack, 4000) : String(error))
    outcome = { ending: { conclusion: 'failed', message: describeError(error, context) } }
  } finally {
    cancellation.dispose()
    let ending = outcome?.ending ?? { conclusion: 'failed', message: 'The run ended unexpectedly.' }
    if (cancellation.reason && ending.conclusion !== 'failed') {
      ending = {
        conclusion: 'failed',
        message: `Cancelled (${cancellation.reason}). ${ending.message}`
      }
    }
    const job = outcome?.job
    let record = outcome?.record
    // Before the outputs, which carry what GitHub says about the docs pull request.
    const prLink = job?.prLink ?? undefined
    // Once per docs pull request (the record says when): reviewers, labels, back-link.
    const alreadyHandedOff = prLink !== undefined && record?.handedOff === prLink
    const { pr: docs, handedOff } = cancellation.reason
      ? { pr: undefined, handedOff: false }
      : await docsPullRequestAfterJob({
          settings,
          env,
          ...(job ? { job } : {}),
          timeLeftMs: deadline - clock.now(),
          signal: cancellation.signal,
          userAgent: USER_AGENT,
          alreadyHandedOff
        })
    if (docs) session.report.docsPullRequestKnown(docs)
    const backLink =
      alreadyHandedOff || cancellation.reason !== undefined
        ? 'skipped'
        : await linkDocsPullRequest(settings, env, job, docs !== undefined, 10_000)
    const asked = settings.docsPrReviewers.length > 0 || settings.docsPrLabels.length > 0
    if (record && prLink && !alreadyHandedOff && backLink !== 'retry' && (handedOff || !asked)) {
      record = withHandedOff(record, prLink)
    }
    const summary = await session.report.finish(ending)
    await dispatcher.destroy()
    // After the outputs are written, so a comment or check run that fails loses nothing.
    // Side by side: when cancelled, both within the runner's window before SIGTERM.
    const afterwards: Promise<unknown>[] = []
    if (thread && record) {
      const body = renderComment(
        {
          jobId: record.jobId,
          ...(job ? { job } : {}),
          ending,
          ...(outcome?.did ? { did: outcome.did } : {}),
          ...(docs ? { docs } : {})
        },
        thread.run
      )
      // When cancelled, within the runner's window before SIGTERM (7.5 s after SIGINT).
      afterwards.push(thread.save(record, body, cancellation.reason ? 5_000 : 15_000))
    } else if (settings.prComment && thread) {
      core.debug('pr-comment: no agent job was started or named; no comment.')
    }
    if (session.checkRun) {
      const jobId =
        job?.id ?? record?.jobId ?? (settings.mode === 'create' ? undefined : settings.jobId)
      afterwards.push(
        completeCheckRun(session.checkRun, {
          ending,
          ...(outcome?.waitEnd ? { waitEnd: outcome.waitEnd } : {}),
          cancelled: cancellation.reason !== undefined,
          ...(job ? { job } : {}),
          ...(jobId ? { jobId } : {}),
          summary
        })
      )
    }
    if (taken) {
      afterwards.push(reactToEnding(taken, ending, job, cancellation.reason ? 3_000 : 10_000))
    }
    await Promise.all(afterwards)
  }
}

/**
 * Once a job's docs pull request is known, the back-link that later commands on it use.
 * Written where a token can reach: the docs in this repository, or docs-token. 'done'
 * when the link is there or cannot be written by any run (said once), 'retry' when a
 * later run may succeed.
 */
async function linkDocsPullRequest(
  settings: Settings,
  env: NodeJS.ProcessEnv,
  job: AgentJob | undefined,
  readable: boolean,
  budgetMs: number
): Promise<'done' | 'retry' | 'skipped'> {
  const docs = parsePullRequestLink(job?.prLink ?? null)
  if (!settings.prComment || !job || !docs || !job.prLink) return 'skipped'
  const run = readWorkflowRun(env)
  if (!onSameServer(job.prLink, run)) {
    core.info(
      `Docs pull request ${safeLine(job.prLink)} is not on ${safeLine(run.serverUrl)}; no back-link is written there.`
    )
    return 'done'
  }
  const sameRepository = docs.repository.toLowerCase() === run.repository.toLowerCase()
  if (!sameRepository && settings.docsToken === undefined) {
    // Said in the log, not as a warning: most such runs never see a command on the docs
    // pull request, and a warning on every one would be noise.
    core.info(
      `docs back-link: docs pull request ${safeLine(job.prLink)} is in another repository and docs-token is empty, so it gets no link to its job and commands given on it cannot find the job. Set docs-token to a token with pull-requests: write there.`
    )
    return 'done'
  }
  // A token that could not read the docs pull request cannot comment on it either.
  if (!readable) return 'retry'
  const token = settings.docsToken ?? settings.githubToken
  const linked = await writeBackLink({
    run,
    ...(token ? { token } : {}),
    userAgent: USER_AGENT,
    budgetMs,
    jobId: job.id,
    projectId: settings.projectId,
    docsPullRequest: docs
  })
  return linked ? 'done' : 'retry'
}

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
interface DocsCommand {
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

async function runJob(
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
