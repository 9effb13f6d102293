// One line for every way a call can fail: what happened, and what to do about it.
// Server text in these lines is untrusted: print them through safeLine.

import type { Endpoint } from './http.js'
import { formatDuration } from '../common/duration.js'
import { CancelledError, DeadlineError, messageOf } from '../common/run-errors.js'
import { ApiError, BadResponseError, NetworkError } from './http-errors.js'
import { RetryWouldOutlastTimeoutError } from './retry.js'

/** `proxy`: the one requests to the service go through (`host:port`), when there is one. */
export type ErrorContext = {
  endpoint: Endpoint
  projectId: string
  jobId?: string
  host: string
  proxy?: string
}

function apiErrorLine(error: ApiError, context: ErrorContext): string {
  const said = error.serverMessage ?? ''
  const what = `${error.method} ${error.path} answered ${error.status}.${said ? ` The service said: "${said}".` : ''}`
  switch (error.status) {
    case 400:
      return `The service rejected the request: ${what} Check the prompt (it must not be empty).`
    case 401:
      return `The API key was not accepted: ${what} Pass a current admin API key (mint_<secret>) from a secret; keys are made on the API keys page of the Mintlify dashboard.`
    case 403:
      return `The API key may not do this: ${what} Either the key has an IP allowlist (GitHub-hosted runners' addresses change: widen the allowlist or use a runner with a fixed address), or its scope is read-only (creating jobs and sending messages need write scope).`
    case 404:
      // On a job's path the service's own text says which it did not find: "Project not found".
      return context.endpoint === 'create' || (/project/i.test(said) && !/job/i.test(said))
        ? `Project '${context.projectId}' was not found: ${what} Check the project-id input.`
        : `Job '${context.jobId ?? ''}' was not found in project '${context.projectId}': ${what} Check the job-id and project-id inputs.`
    case 429:
      return error.method === 'GET'
        ? `Rate limited: ${what} Poll less often (raise poll-interval and max-poll-interval) or raise the timeout.`
        : `Rate limited: ${what} The service allows 100 jobs and follow-up messages per project per hour; spread runs out or raise the timeout.`
    default:
      return error.status >= 500
        ? `The service failed: ${what} This is usually temporary; try again later.`
        : `Unexpected answer: ${what}`
  }
}

function networkLine(error: NetworkError, context: ErrorContext): string {
  const call = `${error.method} ${error.path}`
  if (error.proxyStatus !== undefined) {
    const what = error.proxyStatus === 407 ? 'wants credentials' : `answered ${error.proxyStatus}`
    const proxy = context.proxy ? `The proxy ${context.proxy}` : 'The proxy'
    return `${proxy} would not open a tunnel to ${context.host} for ${call}: it ${what}. Check HTTPS_PROXY / HTTP_PROXY (user:password in the proxy URL for 407), or list the host in NO_PROXY.`
  }
  if (error.certificate) {
    return `The TLS certificate of ${context.host} is not trusted (${error.code}) for ${call}. Behind a TLS-inspecting proxy or with a private CA, set NODE_EXTRA_CA_CERTS to the CA's PEM file; otherwise check base-url.`
  }
  if (!error.maybeReceived) {
    const why = error.code === 'TIMEOUT' ? 'no connection in time' : error.code
    // Through a proxy, the only connection this machine opens is to the proxy.
    return context.proxy
      ? `Could not reach the proxy ${context.proxy} (${why}) for ${call} to ${context.host}. Check HTTPS_PROXY / HTTP_PROXY, or list the host in NO_PROXY.`
      : `Could not reach ${context.host} (${why}) for ${call}. Check the network, proxy settings (HTTPS_PROXY, NO_PROXY) and base-url.`
  }
  if (error.code === 'TIMEOUT') {
    return `${context.host} gave no answer in time to ${call}. Check the network and proxy settings (HTTPS_PROXY, NO_PROXY).`
  }
  return `The connection to ${context.host} broke before the answer to ${call} arrived (${error.code}). Check the network and proxy settings (HTTPS_PROXY, NO_PROXY).`
}

function baseLine(error: unknown, context: ErrorContext): string {
  if (error instanceof ApiError) return apiErrorLine(error, context)
  if (error instanceof NetworkError) return networkLine(error, context)
  if (error instanceof BadResponseError) {
    const excerpt = error.excerpt ? `: ${JSON.stringify(error.excerpt)}` : ''
    return `${error.method} ${error.path} answered ${error.status} with ${error.reason}${excerpt}. Is base-url pointing at the Agent Jobs API?`
  }
  if (error instanceof RetryWouldOutlastTimeoutError) {
    const last = error.lastError
    if (last instanceof ApiError && last.status === 429) {
      const wait =
        last.retryAfterMs === undefined ? 'the next try would be in' : 'the service asked to wait'
      return `Rate limited, and ${wait} ${formatDuration(error.waitMs)}, longer than the timeout leaves; stopped now instead of sleeping past it. ${apiErrorLine(last, context)}`
    }
    return `Gave up retrying: the next try (in ${formatDuration(error.waitMs)}) would come after the timeout. ${baseLine(last, context)}`
  }
  if (error instanceof CancelledError) return 'The run was cancelled.'
  if (error instanceof DeadlineError) return 'The timeout passed before the service answered.'
  return `Unexpected error: ${messageOf(error)}`
}

/** Whether a failed create or message may still have reached the service. */
export function mayHaveReachedService(error: unknown): boolean {
  const last = error instanceof RetryWouldOutlastTimeoutError ? error.lastError : error
  if (last instanceof ApiError) return last.status >= 500
  if (last instanceof NetworkError) return last.maybeReceived
  // Cut short: only when a request had begun to leave (not while sleeping or connecting).
  if (last instanceof DeadlineError || last instanceof CancelledError) return last.requestSent
  return last instanceof BadResponseError
}

export function describeError(error: unknown, context: ErrorContext): string {
  const line = baseLine(error, context)
  if (context.endpoint === 'get' || !mayHaveReachedService(error)) return line
  const warning =
    context.endpoint === 'create'
      ? ` The request may have reached the service, so a job may have been created anyway: before running again, look for a new agent job of project '${context.projectId}' in the Mintlify dashboard (or a new pull request in the docs repository), so as not to start a second one.`
      : ` The message may have reached job '${context.jobId ?? ''}' anyway: check the job before sending it again.`
  return line + warning
}
