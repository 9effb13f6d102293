// The three Agent Jobs endpoints, typed. Ids are encoded into the path, never spliced.

import { BadResponseError } from './http-errors.js'
import type { HttpClient, JsonResponse } from './http.js'
import { NotAJobError, parseJob, type AgentJob } from './job.js'

/**
 * The job in a 2xx answer; a body that is not one, or a job other than the one asked
 * about, becomes a BadResponseError. The excerpt is cut from the text as it came,
 * never rebuilt from the parsed value, so no shape of JSON can make it costly.
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

/**
 * One path segment. `.` and `..` would be read as steps up the path even when
 * percent-encoded, so they are refused rather than sent somewhere else.
 */
function segment(id: string): string {
  if (id === '.' || id === '..') throw new Error(`'${id}' cannot be used as an id in a URL path`)
  return encodeURIComponent(id)
}

export interface CallOptions {
  deadline: number
  signal?: AbortSignal
}

export type Endpoint = 'create' | 'message' | 'get'

export class AgentApi {
  constructor(
    private readonly http: HttpClient,
    private readonly projectId: string
  ) {}

  private jobsPath(): string {
    return `/v2/agent/${segment(this.projectId)}/job`
  }

  private jobPath(jobId: string): string {
    return `${this.jobsPath()}/${segment(jobId)}`
  }

  /** POST /v2/agent/{projectId}/job: 201 with the new, active job. */
  async createJob(prompt: string, options: CallOptions): Promise<AgentJob> {
    const path = this.jobsPath()
    const response = await this.http.requestJson('POST', path, { ...options, body: { prompt } })
    return jobFrom('POST', path, response)
  }

  /** POST /v2/agent/{projectId}/job/{id}/message: 200 with the job. */
  async sendMessage(jobId: string, prompt: string, options: CallOptions): Promise<AgentJob> {
    const path = `${this.jobPath(jobId)}/message`
    const response = await this.http.requestJson('POST', path, { ...options, body: { prompt } })
    return jobFrom('POST', path, response, jobId)
  }

  /** GET /v2/agent/{projectId}/job/{id}: 200 with the job. */
  async getJob(jobId: string, options: CallOptions): Promise<AgentJob> {
    const path = this.jobPath(jobId)
    const response = await this.http.requestJson('GET', path, options)
    return jobFrom('GET', path, response, jobId)
  }
}
