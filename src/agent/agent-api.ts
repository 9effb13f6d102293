// The three Agent Jobs endpoints, typed. Ids are encoded into the path, never spliced.

import { BadResponseError } from './http-errors.js'
import type { HttpClient, JsonResponse, RequestOptions } from './http.js'
import { NotAJobError, parseJob, type AgentJob } from './job.js'

/**
 * The job in a 2xx answer, or a BadResponseError for a body that is not one or another job.
 * The excerpt is cut from the text as it came, so no shape of JSON can make it costly.
 */
function jobFrom(
  method: string,
  path: string,
  response: JsonResponse,
  expectedId?: string
): AgentJob {
  const bad = (reason: string): BadResponseError =>
    new BadResponseError(method, path, response.status, reason, response.text)
  let job: AgentJob
  try {
    job = parseJob(response.body)
  } catch (error) {
    if (!(error instanceof NotAJobError)) throw error
    throw bad(`something that is not an agent job (${error.reason})`)
  }
  if (expectedId !== undefined && job.id !== expectedId) {
    throw bad(`a job other than the one asked about (job ${job.id})`)
  }
  return job
}

/** One path segment; `.` and `..` would be read as steps up the path even when encoded. */
function segment(id: string): string {
  if (id === '.' || id === '..') throw new Error(`'${id}' cannot be used as an id in a URL path`)
  return encodeURIComponent(id)
}

export type CallOptions = Omit<RequestOptions, 'body'>

export type Endpoint = 'create' | 'message' | 'get'

export class AgentApi {
  constructor(
    private readonly http: HttpClient,
    private readonly projectId: string
  ) {}

  /** POST /v2/agent/{projectId}/job: 201 with the new, active job. */
  createJob(prompt: string, options: CallOptions): Promise<AgentJob> {
    return this.call('POST', { ...options, body: { prompt } })
  }

  /** POST /v2/agent/{projectId}/job/{id}/message: 200 with the job. */
  sendMessage(jobId: string, prompt: string, options: CallOptions): Promise<AgentJob> {
    return this.call('POST', { ...options, body: { prompt } }, jobId, '/message')
  }

  /** GET /v2/agent/{projectId}/job/{id}: 200 with the job. */
  getJob(jobId: string, options: CallOptions): Promise<AgentJob> {
    return this.call('GET', options, jobId)
  }

  private async call(
    method: 'GET' | 'POST',
    options: RequestOptions,
    jobId?: string,
    suffix = ''
  ): Promise<AgentJob> {
    const jobs = `/v2/agent/${segment(this.projectId)}/job`
    const path = jobId === undefined ? jobs : `${jobs}/${segment(jobId)}${suffix}`
    return jobFrom(method, path, await this.http.requestJson(method, path, options), jobId)
  }
}
