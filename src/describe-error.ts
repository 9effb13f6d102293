// One line for every way a call can fail: what happened, and what to do about it.
// Server text in these lines is untrusted; report.ts prints them through safeLine.

import { formatDuration } from './duration.js'
import { ApiError, BadResponseError, CancelledError, DeadlineError, NetworkError } from './http-errors.js'
import { RetryWouldOutlastTimeoutError } from './retry.js'

export interface ErrorContext {
  endpoint: 'create' | 'message' | 'get'
  projectId: string
  jobId?: string
  host: string
}

function serverSays(error: ApiError): string {
  return error.serverMessage ? ` The service said: "${error.serverMessage}".` : ''
}

function apiErrorLine(error: ApiError, context: ErrorContext): string {
  const what = `${error.method} ${error.path} answered ${error.status}.`
  switch (error.status) {
    case 400:
      return `The service rejected the request: ${what}${serverSays(error)} Check the prompt (it must not be empty).`
    case 401:
      return `The API key was not accepted: ${what}${serverSays(error)} Pass a current admin API key (mint_<secret>) from a secret; keys are made on the API keys page of the Mintlify dashboard.`
    case 403:
      return (
        `The API key may not do this: ${what}${serverSays(error)} Either the key has an IP allowlist ` +
        `(GitHub-hosted runners' addresses change: widen the allowlist or use a runner with a fixed address), ` +
        `or its scope is read-only (creating jobs and sending messages need write scope).`
      )
    case 404:
      return context.endpoint === 'create'
        ? `Project '${context.projectId}' was not found: ${what}${serverSays(error)} Check the project-id input.`
        : `Job '${context.jobId ?? ''}' was not found in project '${context.projectId}': ${what}${serverSays(error)} Check the job-id and project-id inputs.`
    case 429:
      return `Rate limited: ${what}${serverSays(error)} The service allows 100 jobs and follow-up messages per project per hour; spread runs out or raise the timeout.`
    default:
      return error.status >= 500
        ? `The service failed: ${what}${serverSays(error)} This is usually temporary; try again later.`
        : `Unexpected answer: ${what}${serverSays(error)}`
  }
}

function baseLine(error: unknown, context: ErrorContext): string {
  if (error instanceof ApiError) return apiErrorLine(error, context)
  if (error instanceof NetworkError) {
    const why = error.code === 'TIMEOUT' ? 'no answer in time' : error.code
    return `Could not reach ${context.host} (${why}) for ${error.method} ${error.path}. Check the network, proxy settings (HTTPS_PROXY, NO_PROXY) and base-url.`
  }
  if (error instanceof BadResponseError) {
    const excerpt = error.excerpt ? `: ${JSON.stringify(error.excerpt)}` : ''
    return `${error.method} ${error.path} answered ${error.status} with ${error.reason}${excerpt}. Is base-url pointing at the Agent Jobs API?`
  }
  if (error instanceof RetryWouldOutlastTimeoutError) {
    const last = error.lastError
    if (last instanceof ApiError && last.status === 429) {
      return `Rate limited, and the service asked to wait ${formatDuration(error.waitMs)}, longer than the timeout leaves. ${apiErrorLine(last, context)}`
    }
    return `Gave up retrying before the timeout: ${baseLine(last, context)}`
  }
  if (error instanceof CancelledError) return 'The run was cancelled.'
  if (error instanceof DeadlineError) return 'The timeout passed before the service answered.'
  if (error instanceof Error) return `Unexpected error: ${error.message}`
  return `Unexpected error: ${String(error)}`
}

/** Whether a failed create or message may still have reached the service. */
export function mayHaveReachedService(error: unknown): boolean {
  const last = error instanceof RetryWouldOutlastTimeoutError ? error.lastError : error
  if (last instanceof ApiError) return last.status >= 500
  if (last instanceof NetworkError) return last.maybeReceived
  return last instanceof BadResponseError || last instanceof DeadlineError || last instanceof CancelledError
}

export function describeError(error: unknown, context: ErrorContext): string {
  const line = baseLine(error, context)
  if (context.endpoint === 'get' || !mayHaveReachedService(error)) return line
  const warning =
    context.endpoint === 'create'
      ? ' The service may have created the job anyway: look for it among the agent jobs of the project before running again, so as not to start a second one.'
      : ` The message may have reached job '${context.jobId ?? ''}' anyway: check the job before sending it again.`
  return line + warning
}
