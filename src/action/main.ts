// Wires the modules together and owns the step's conclusion. Nothing runs on import.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { AgentApi, type CallOptions } from '../agent/agent-api.js'
import { listenForCancellation } from './cancellation.js'
import { systemClock, type Clock } from '../common/clock.js'
import { describeError, type ErrorContext } from '../agent/describe-error.js'
import { createDispatcher } from '../agent/dispatcher.js'
import { formatDuration } from '../common/duration.js'
import { endingFor } from './ending.js'
import { HttpClient } from '../agent/http.js'
import { readSettings, type Settings } from './inputs.js'
import type { AgentJob } from '../agent/job.js'
import { commentOnPullRequest } from '../github/pr-comment.js'
import { renderComment } from './comment-body.js'
import { RunReport, type Ending } from './report.js'
import { withRetry, type CallKind } from '../agent/retry.js'
import { registerSecret, safeLine } from '../common/safe-text.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'
import { waitForJob } from '../agent/wait-for-job.js'
import { withWorkflowContext } from '../github/context-block.js'

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
): { settings: Settings; dispatcher: Dispatcher } | undefined {
  try {
    const settings = readSettings(core.getInput, env.GITHUB_WORKSPACE)
    return { settings, dispatcher: createDispatcher(env) }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(error instanceof Error ? error.message : String(error), 2000))
    return undefined
  }
}

/** Everything one run shares: settings, the API, the clock, the report. */
interface Session {
  settings: Settings
  env: NodeJS.ProcessEnv
  api: AgentApi
  clock: Clock
  deadline: number
  signal: AbortSignal
  report: RunReport
  context: ErrorContext
  call: CallOptions
  retried<T>(kind: CallKind, call: () => Promise<T>): Promise<T>
}

// Reads the process's inputs and environment and writes its outputs: the tests run it
// as the runner does, in the bundle (test/e2e); the loops inside take a clock and are
// unit-tested with a fake one.
export async function run(): Promise<void> {
  // Masked before anything else can be logged.
  maskSecret(core.getInput('api-key'))
  maskSecret(core.getInput('github-token'))

  const env = process.env
  const prepared = prepare(env)
  if (!prepared) return
  const { settings, dispatcher } = prepared

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

  let outcome: { ending: Ending; job?: AgentJob } | undefined
  try {
    outcome = await runJob(session)
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
    await session.report.finish(ending)
    await dispatcher.destroy()
    // After the outputs are written, so a comment that fails loses nothing.
    if (settings.prComment) {
      const jobId = outcome?.job?.id ?? (settings.mode === 'create' ? undefined : settings.jobId)
      const job = outcome?.job
      await commentOnPullRequest({
        env,
        token: settings.githubToken,
        userAgent: USER_AGENT,
        // When cancelled, within the runner's window before SIGTERM (7.5 s after SIGINT).
        budgetMs: cancellation.reason ? 5_000 : 15_000,
        render:
          jobId === undefined
            ? undefined
            : (run) => renderComment({ jobId, ...(job ? { job } : {}), ending }, run)
      })
    }
  }
}

/** The prompt as sent: the user's, unchanged, then the context block when asked for. */
async function promptToSend(session: Session, prompt: string): Promise<string> {
  const { settings } = session
  if (!settings.includeContext) return prompt
  return withWorkflowContext(prompt, {
    env: session.env,
    token: settings.githubToken,
    userAgent: USER_AGENT,
    signal: session.signal,
    budgetMs: session.deadline - session.clock.now()
  })
}

/** Creates the job, sends the message, or (not waiting) reads the job once. */
async function firstCall(session: Session): Promise<AgentJob | undefined> {
  const { settings, api, report, call } = session
  switch (settings.mode) {
    case 'create': {
      const prompt = await promptToSend(session, settings.prompt)
      const job = await session.retried('write', () => api.createJob(prompt, call))
      report.jobIdKnown(job.id, 'Created')
      return job
    }
    case 'message': {
      const prompt = await promptToSend(session, settings.prompt)
      const job = await session.retried('write', () =>
        api.sendMessage(settings.jobId, prompt, call)
      )
      report.jobIdKnown(job.id, 'Sent the message to')
      return job
    }
    case 'wait':
      return settings.wait
        ? undefined
        : session.retried('read', () => api.getJob(settings.jobId, call))
  }
}

async function runJob(session: Session): Promise<{ ending: Ending; job?: AgentJob }> {
  const { settings, report, api, clock } = session
  if (settings.mode !== 'create') {
    report.jobIdKnown(
      settings.jobId,
      settings.mode === 'message' ? 'Sending a message to' : 'Waiting for'
    )
  }

  let initial: AgentJob | undefined
  try {
    initial = await firstCall(session)
  } catch (error) {
    return { ending: { conclusion: 'failed', message: describeError(error, session.context) } }
  }

  if (!settings.wait) {
    if (initial) report.statusChanged(initial, undefined)
    const ending: Ending = {
      conclusion: 'succeeded',
      message: `Not waiting (wait: false): job ${initial?.id ?? ''} is ${initial?.status ?? 'unknown'}.`
    }
    return { ending, ...(initial ? { job: initial } : {}) }
  }

  // Every mode without a first call names its job.
  const jobId = initial?.id ?? (settings.mode === 'create' ? '' : settings.jobId)
  const timeout = formatDuration(settings.timeoutMs)
  const result = await core.group(`Waiting for job ${safeLine(jobId)} (timeout ${timeout})`, () =>
    waitForJob({
      poll: () => session.retried('read', () => api.getJob(jobId, session.call)),
      ...(initial ? { initial } : {}),
      schedule: { firstMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
      startedAt: clock.now(),
      deadline: session.deadline,
      clock,
      signal: session.signal,
      onStatus: (job, previous) => report.statusChanged(job, previous),
      onPoll: (job, polls, next) => report.polled(job, polls, next),
      onUnknownStatus: (status) =>
        report.warn(
          `Job ${jobId} reports status '${status}', which this action does not know; it is treated as still running.`
        )
    })
  )
  const job = result.job ?? initial
  const ending = endingFor(
    result,
    settings.requirePr,
    { ...session.context, endpoint: 'get', jobId },
    timeout
  )
  return { ending, ...(job ? { job } : {}) }
}
