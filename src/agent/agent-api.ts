// The three Agent Jobs endpoints, typed. Ids are encoded into the path, never spliced.

import { BadResponseError } from './http-errors.js'
import type { HttpClient, RequestOptions } from './http.js'
import { parseJob, whyNotAJob, type AgentJob } from './job.js'

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

  /** The job in a 2xx answer; a BadResponseError for a body that is not one, or another job. */
  private async call(
    method: 'GET' | 'POST',
    options: RequestOptions,
    jobId?: string,
    suffix = ''
  ): Promise<AgentJob> {
    const jobs = `/v2/agent/${segment(this.projectId)}/job`
    const path = jobId === undefined ? jobs : `${jobs}/${segment(jobId)}${suffix}`
    const { status, body, text } = await this.http.requestJson(method, path, options)
    // The excerpt is cut from the text as it came, so no shape of JSON can make it costly.
    const bad = (reason: string): BadResponseError =>
      new BadResponseError(method, path, status, reason, text)
    const why = whyNotAJob(body)
    if (why) throw bad(`something that is not an agent job (${why})`)
    const job = parseJob(body)
    if (jobId !== undefined && job.id !== jobId) {
      throw bad(`a job other than the one asked about (job ${job.id})`)
    }
    return job
  }
}
