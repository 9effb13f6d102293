// Wires the modules together and owns the step's conclusion. Nothing runs on import.

import * as core from '@actions/core'
import { AgentApi, type CallOptions } from './agent-api.js'
import { listenForCancellation } from './cancellation.js'
import { systemClock, type Clock } from './clock.js'
import { describeError, type ErrorContext } from './describe-error.js'
import { createDispatcher } from './dispatcher.js'
import { formatDuration } from './duration.js'
import { HttpClient } from './http.js'
import { readSettings, InputError, type Settings } from './inputs.js'
import type { AgentJob } from './job.js'
import { commentOnPullRequest } from './pr-comment.js'
import { RunReport, type Ending } from './report.js'
import { withRetry, type CallKind } from './retry.js'
import { registerSecret, safeLine } from './safe-text.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'
import { waitForJob, type WaitResult } from './wait-for-job.js'
import { withWorkflowContext } from './workflow-context.js'

/** Masks a secret in the runner's log (line by line, as the runner matches) and in ours. */
function maskSecret(value: string): void {
  if (value === '') return
  for (const part of new Set([value, ...value.split(/\r?\n/)])) {
    if (part.trim() === '') continue
    core.setSecret(part)
    registerSecret(part)
  }
}

/** The step's conclusion from the way the wait ended. */
export function endingFor(result: WaitResult, settings: Settings, context: ErrorContext, timeout: string): Ending {
  const job = result.job
  const id = job?.id ?? context.jobId ?? ''
  const resume = `It keeps running on ${context.host} (project ${context.projectId}); to follow it later, run this action with job-id: ${id}.`
  switch (result.end) {
    case 'cancelled':
      return {
        conclusion: 'failed',
        message: `Cancelled while waiting for job ${id} (last status: ${job?.status ?? 'unknown'}). The service has no cancel endpoint: ${resume}`
      }
    case 'timeout':
      return {
        conclusion: 'failed',
        message: `Timed out after ${timeout} waiting for job ${id} (last status: ${job?.status ?? 'unknown'}). ${resume} Raise the timeout input if jobs take longer.`
      }
    case 'error':
      return {
        conclusion: 'failed',
        message: `Stopped waiting for job ${id} (last status: ${job?.status ?? 'unknown'}): ${describeError(result.error, context)} ${resume}`
      }
    case 'terminal':
      break
  }
  const status = job?.status
  if (status === 'failed') {
    return { conclusion: 'failed', message: `Job ${id} failed: the agent hit an unrecoverable error.` }
  }
  if (status === 'archived') {
    return { conclusion: 'warned', message: `Job ${id} was archived before it completed.` }
  }
  if (!job?.prLink) {
    const message = `Job ${id} completed without a pull request (the agent changed no files).`
    return settings.requirePr
      ? { conclusion: 'failed', message: `${message} require-pr is true.` }
      : { conclusion: 'succeeded', message }
  }
  return { conclusion: 'succeeded', message: `Job ${id} completed: ${job.prLink}` }
}

export interface RunDependencies {
  clock?: Clock
  env?: NodeJS.ProcessEnv
}

export async function run(dependencies: RunDependencies = {}): Promise<void> {
  // Masked before anything else can be logged.
  maskSecret(core.getInput('api-key'))
  maskSecret(core.getInput('github-token'))

  let settings: Settings
  try {
    settings = readSettings(core.getInput, dependencies.env?.GITHUB_WORKSPACE ?? process.env.GITHUB_WORKSPACE)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    core.setFailed(safeLine(error.message, 2000))
    return
  }

  const clock = dependencies.clock ?? systemClock
  const startedAt = clock.now()
  const deadline = startedAt + settings.timeoutMs
  const cancellation = listenForCancellation()
  const dispatcher = createDispatcher(dependencies.env ?? process.env)
  const http = new HttpClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: `${ACTION_NAME}/${ACTION_VERSION}`,
    dispatcher,
    now: () => clock.now()
  })
  const api = new AgentApi(http, settings.projectId)
  const report = new RunReport(startedAt, () => clock.now(), settings.prompt)
  const callOptions: CallOptions = { deadline, signal: cancellation.signal }
  const context: ErrorContext = {
    endpoint: settings.mode === 'create' ? 'create' : settings.mode === 'message' ? 'message' : 'get',
    projectId: settings.projectId,
    host: settings.baseUrl.host,
    ...(settings.jobId ? { jobId: settings.jobId } : {})
  }
  const retried = <T>(kind: CallKind, call: () => Promise<T>): Promise<T> =>
    withRetry(call, {
      kind,
      backoff: { baseMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
      deadline,
      clock,
      signal: cancellation.signal,
      onRetry: (error, attempt, delayMs) =>
        core.info(
          `Retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1}): ${safeLine(describeError(error, { ...context, endpoint: 'get' }))}`
        )
    })

  let ending: Ending | undefined
  let lastJob: AgentJob | undefined
  try {
    if (settings.jobId) report.jobIdKnown(settings.jobId, settings.mode === 'message' ? 'Sending a message to' : 'Waiting for')
    // include-context: the user's prompt, unchanged, then the block; otherwise byte for byte.
    const prompt =
      settings.prompt !== undefined && settings.includeContext
        ? await withWorkflowContext(settings.prompt, {
            env: dependencies.env ?? process.env,
            token: settings.githubToken,
            userAgent: `${ACTION_NAME}/${ACTION_VERSION}`,
            signal: cancellation.signal,
            budgetMs: deadline - clock.now()
          })
        : settings.prompt
    let initial: AgentJob | undefined
    try {
      if (settings.mode === 'create') {
        initial = await retried('write', () => api.createJob(prompt as string, callOptions))
        report.jobIdKnown(initial.id, 'Created')
      } else if (settings.mode === 'message') {
        initial = await retried('write', () => api.sendMessage(settings.jobId as string, prompt as string, callOptions))
        report.jobIdKnown(initial.id, 'Sent the message to')
      } else if (!settings.wait) {
        initial = await retried('read', () => api.getJob(settings.jobId as string, callOptions))
      }
    } catch (error) {
      ending = { conclusion: 'failed', message: describeError(error, context) }
      return
    }
    lastJob = initial

    if (!settings.wait) {
      if (initial) report.statusChanged(initial, undefined)
      ending = {
        conclusion: 'succeeded',
        message: `Not waiting (wait: false): job ${initial?.id ?? ''} is ${initial?.status ?? 'unknown'}.`
      }
      return
    }

    const jobId = initial?.id ?? settings.jobId
    if (jobId === undefined) throw new Error('no job to wait for') // readSettings guarantees one
    const waitContext: ErrorContext = { ...context, endpoint: 'get', jobId }
    const result = await core.group(`Waiting for job ${safeLine(jobId)} (timeout ${formatDuration(settings.timeoutMs)})`, () =>
      waitForJob({
        poll: () => retried('read', () => api.getJob(jobId, callOptions)),
        ...(initial ? { initial } : {}),
        schedule: { firstMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
        startedAt: clock.now(),
        deadline,
        clock,
        signal: cancellation.signal,
        onStatus: (job, previous) => report.statusChanged(job, previous),
        onPoll: (job, polls, next) => report.polled(job, polls, next),
        onUnknownStatus: (status) =>
          report.warn(`Job ${jobId} reports status '${status}', which this action does not know; it is treated as still running.`)
      })
    )
    lastJob = result.job ?? initial
    ending = endingFor(result, settings, waitContext, formatDuration(settings.timeoutMs))
  } catch (error) {
    // Not an expected failure: say so plainly, keep the stack for debug logs.
    core.debug(error instanceof Error && error.stack ? safeLine(error.stack, 4000) : String(error))
    ending = { conclusion: 'failed', message: describeError(error, context) }
  } finally {
    cancellation.dispose()
    if (cancellation.reason && ending?.conclusion !== 'failed') {
      ending = { conclusion: 'failed', message: `Cancelled (${cancellation.reason}). ${ending?.message ?? ''}` }
    }
    ending ??= { conclusion: 'failed', message: 'The run ended unexpectedly.' }
    await report.finish(ending)
    await dispatcher.destroy()
    // After the outputs are written, so a comment that fails loses nothing.
    if (settings.prComment) {
      const jobId = lastJob?.id ?? settings.jobId
      await commentOnPullRequest({
        env: dependencies.env ?? process.env,
        token: settings.githubToken,
        userAgent: `${ACTION_NAME}/${ACTION_VERSION}`,
        // When cancelled, within the runner's window before SIGTERM (7.5 s after SIGINT).
        budgetMs: cancellation.reason ? 5_000 : 15_000,
        facts: jobId === undefined ? undefined : { jobId, job: lastJob, ending }
      })
    }
  }
}
