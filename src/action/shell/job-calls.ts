// The Agent Jobs calls a run makes, with its retry policy, deadline and cancellation
// applied in one place, and the one way a failed call becomes an ending.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { AgentApi, type Endpoint } from '../../agent/agent-api.js'
import { describeError, type ErrorContext } from '../../agent/describe-error.js'
import { HttpClient } from '../../agent/http.js'
import type { AgentJob } from '../../agent/job.js'
import { withRetry, type CallKind } from '../../agent/retry.js'
import type { Clock } from '../../common/clock.js'
import { formatDuration } from '../../common/duration.js'
import { safeLine } from '../../common/safe-text.js'
import type { Settings } from './inputs.js'
import { USER_AGENT } from './version.js'

export class JobCalls {
  private readonly api: AgentApi
  /** Where the calls go, for error messages. */
  private readonly where: Omit<ErrorContext, 'endpoint'>

  constructor(
    private readonly options: {
      settings: Settings
      dispatcher: Dispatcher
      proxy: string | undefined
      clock: Clock
      deadline: number
      signal: AbortSignal
    }
  ) {
    const { settings, clock, dispatcher, proxy } = options
    const { baseUrl, apiKey, projectId } = settings
    const now = (): number => clock.now()
    this.api = new AgentApi(
      new HttpClient({ baseUrl, apiKey, userAgent: USER_AGENT, dispatcher, now }),
      projectId
    )
    this.where = { projectId, host: baseUrl.host, ...(proxy === undefined ? {} : { proxy }) }
  }

  /** The context error messages and endings name: the endpoint, the project, the host. */
  context(endpoint: Endpoint, jobId?: string): ErrorContext {
    return { endpoint, ...this.where, ...(jobId === undefined ? {} : { jobId }) }
  }

  /** A failed call, as the step's ending. */
  failure(
    error: unknown,
    endpoint: Endpoint,
    jobId?: string
  ): { conclusion: 'failed'; message: string } {
    return { conclusion: 'failed', message: describeError(error, this.context(endpoint, jobId)) }
  }

  read(jobId: string): Promise<AgentJob> {
    return this.retried('read', (call) => this.api.getJob(jobId, call))
  }

  create(prompt: string): Promise<AgentJob> {
    return this.retried('write', (call) => this.api.createJob(prompt, call))
  }

  message(jobId: string, prompt: string): Promise<AgentJob> {
    return this.retried('write', (call) => this.api.sendMessage(jobId, prompt, call))
  }

  private retried<T>(
    kind: CallKind,
    call: (options: { deadline: number; signal: AbortSignal }) => Promise<T>
  ): Promise<T> {
    const { settings, clock, deadline, signal } = this.options
    return withRetry(() => call({ deadline, signal }), {
      kind,
      backoff: { baseMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
      deadline,
      clock,
      signal,
      onRetry: (error, attempt, delayMs) => {
        const why = describeError(error, this.context('get'))
        core.info(
          `Retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1}): ${safeLine(why)}`
        )
      }
    })
  }
}
