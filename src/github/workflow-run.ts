// The workflow run this step belongs to, from the runner's environment and event
// payload: repository, event, run id and attempt, and the pull request it is for.

import { readFileSync } from 'node:fs'

export interface WorkflowRun {
  /** owner/repo, '' when unknown. */
  repository: string
  eventName: string
  ref: string
  sha: string
  serverUrl: string
  runId: string
  /** Which attempt of the run this is (GITHUB_RUN_ATTEMPT); 1 when unknown. */
  runAttempt: number
  workflow: string
  /** The workflow's file (`.github/workflows/docs.yml`), from GITHUB_WORKFLOW_REF; '' when unknown. */
  workflowFile: string
  job: string
  /** The step's id as the runner names it (`__owner_repo` when the step has none). */
  action: string
  payload: Record<string, unknown>
  /** GITHUB_EVENT_PATH named a file that is not a readable JSON object (payload is {}). */
  payloadUnreadable: boolean
}

/** A JSON object, or undefined for anything else. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) return undefined
  return Number(value)
}

/** What run() says once when the payload could not be read. */
export const UNREADABLE_PAYLOAD =
  'Could not read the event payload (GITHUB_EVENT_PATH); the context has no event details.'

/**
 * The run as the runner describes it. Read once per step (the entry passes it down);
 * an unreadable payload becomes {} and `payloadUnreadable`.
 */
export function readWorkflowRun(env: NodeJS.ProcessEnv): WorkflowRun {
  let payload: Record<string, unknown> | undefined
  const path = env.GITHUB_EVENT_PATH
  if (path) {
    try {
      payload = record(JSON.parse(readFileSync(path, 'utf8')))
    } catch {
      payload = undefined
    }
  }
  return {
    repository: env.GITHUB_REPOSITORY ?? '',
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID ?? '',
    runAttempt: positiveInteger(env.GITHUB_RUN_ATTEMPT) ?? 1,
    workflow: env.GITHUB_WORKFLOW ?? '',
    workflowFile: /^[^/]+\/[^/]+\/([^@]+)@/.exec(env.GITHUB_WORKFLOW_REF ?? '')?.[1] ?? '',
    job: env.GITHUB_JOB ?? '',
    action: env.GITHUB_ACTION ?? '',
    payload: payload ?? {},
    payloadUnreadable: Boolean(path) && payload === undefined
  }
}

/** The pull request the run is for: pull_request* events, or a comment on a pull request. */
export function pullRequestNumber(run: WorkflowRun): number | undefined {
  const pr = record(run.payload.pull_request)
  if (typeof pr?.number === 'number') return pr.number
  const issue = record(run.payload.issue)
  if (issue?.pull_request !== undefined && typeof issue.number === 'number') return issue.number
  return undefined
}

/** The host (and port) of a URL in lower case, or '' when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ''
  }
}

/**
 * Whether `link` is on the GitHub the run is on (host names compare in any case):
 * only there can the run's token reach it. The one rule for "same GitHub host".
 */
export function onSameServer(link: string, run: WorkflowRun): boolean {
  const host = hostOf(link)
  return host !== '' && host === hostOf(run.serverUrl)
}

export function runUrl(run: WorkflowRun): string | undefined {
  return run.repository && run.runId
    ? `${run.serverUrl}/${run.repository}/actions/runs/${run.runId}`
    : undefined
}
