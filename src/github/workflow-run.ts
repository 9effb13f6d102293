// The workflow run this step belongs to, from the runner's environment and event
// payload: repository, event, run id and attempt, and the pull request it is for; GitHub's
// name patterns and REST parameters, which the records' codecs use too.

import { readFileSync } from 'node:fs'

/** The account the workflow's GITHUB_TOKEN writes as. */
export const ACTIONS_BOT = 'github-actions[bot]'

export const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

export const UNREADABLE_PAYLOAD =
  'Could not read the event payload (GITHUB_EVENT_PATH); the context has no event details.'

/** A GitHub login as people and organisations have them (no `[bot]`). */
export const LOGIN_PART = '[A-Za-z0-9][A-Za-z0-9-]{0,38}'
export const LOGIN = new RegExp(`^${LOGIN_PART}$`)
/** A login, or an app's bot account (`name[bot]`). */
export const ACCOUNT = new RegExp(`^${LOGIN_PART}(?:\\[bot\\])?$`)
/** `owner/repo`, as a comment may name it and GitHub link it. */
export const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/

/** `owner/repo` as REST parameters ('' for a missing part). */
export function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = repository.split('/')
  return { owner, repo }
}

type Ref = { repository: string; number: number }
/** A pull request's REST parameters, as an issue (comments, labels) and as a pull request. */
export const issueOf = (r: Ref) => ({ ...splitRepository(r.repository), issue_number: r.number })
export const pullOf = (r: Ref) => ({ ...splitRepository(r.repository), pull_number: r.number })

/** The run as the runner describes it; '' for what it does not say. */
export interface WorkflowRun {
  /** owner/repo. */
  readonly repository: string
  readonly eventName: string
  readonly ref: string
  readonly sha: string
  /** https://github.com or the GitHub Enterprise server, without a trailing slash. */
  readonly serverUrl: string
  readonly runId: string
  /** 1 when the runner did not say. */
  readonly runAttempt: number
  readonly workflow: string
  /** The workflow's file (`.github/workflows/docs.yml`). */
  readonly workflowFile: string
  readonly job: string
  /** The step's id as the runner names it (`__owner_repo` when the step has none). */
  readonly action: string
  /** The event's payload; {} when there is none or it is unreadable. */
  readonly payload: Record<string, unknown>
  /** GITHUB_EVENT_PATH named a file that is not a readable JSON object. */
  readonly payloadUnreadable: boolean
}

/** The run as the runner describes it, read once per step; an unreadable payload is {}. */
export function readWorkflowRun(env: NodeJS.ProcessEnv): WorkflowRun {
  const path = env.GITHUB_EVENT_PATH
  let payload: Record<string, unknown> | undefined
  if (path) {
    try {
      payload = asObject(JSON.parse(readFileSync(path, 'utf8')))
    } catch {
      payload = undefined
    }
  }
  // Anything but a plain attempt number is taken as the first attempt.
  const attempt = env.GITHUB_RUN_ATTEMPT ?? ''
  const runAttempt = /^[1-9]\d{0,8}$/.test(attempt) ? Number(attempt) : 1
  // GITHUB_WORKFLOW_REF is `owner/repo/.github/workflows/docs.yml@ref`.
  const workflowRef = env.GITHUB_WORKFLOW_REF ?? ''
  const workflowFile = /^[^/]+\/[^/]+\/([^@]+)@/.exec(workflowRef)?.[1] ?? ''
  return {
    repository: env.GITHUB_REPOSITORY ?? '',
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID ?? '',
    runAttempt,
    workflow: env.GITHUB_WORKFLOW ?? '',
    workflowFile,
    job: env.GITHUB_JOB ?? '',
    action: env.GITHUB_ACTION ?? '',
    payload: payload ?? {},
    payloadUnreadable: Boolean(path) && payload === undefined
  }
}

export const RUN_ID = /^\d{1,20}$/

/** The run's id as records hold it ('0' when the runner did not say). */
export const recordedRunId = ({ runId }: Pick<WorkflowRun, 'runId'>): string =>
  RUN_ID.test(runId) ? runId : '0'

/** The payload's pull request: pull_request* events, or the issue a comment on one is on. */
export function pullRequestOf(
  payload: Record<string, unknown>
): Record<string, unknown> | undefined {
  const pr = asObject(payload.pull_request)
  if (typeof pr?.number === 'number') {
    return pr
  }
  // A comment's issue is a pull request when it carries a `pull_request` field.
  const issue = asObject(payload.issue)
  const onPullRequest = issue?.pull_request !== undefined && typeof issue.number === 'number'
  return onPullRequest ? issue : undefined
}

/** How the payload's pull request ended: merged, closed unmerged; undefined while it is open. */
export function pullRequestEnded(
  payload: Record<string, unknown>
): 'merged' | 'closed' | undefined {
  const pr = pullRequestOf(payload)
  if (pr?.state !== 'closed') {
    return undefined
  }
  // A comment's issue says merged only in its own `pull_request` field.
  const mergedAt = text(pr.merged_at) ?? text(asObject(pr.pull_request)?.merged_at)
  return pr.merged === true || mergedAt ? 'merged' : 'closed'
}

export const pullRequestNumber = (run: WorkflowRun): number | undefined =>
  pullRequestOf(run.payload)?.number as number | undefined

export const hostOf = (url: string): string => URL.parse(url)?.host.toLowerCase() ?? ''

/** Whether `link` is on the GitHub the run is on: only there can the run's token reach it. */
export function onSameServer(link: string, run: WorkflowRun): boolean {
  const host = hostOf(link)
  return host !== '' && host === hostOf(run.serverUrl)
}

export const sameRepository = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

export function runUrl(run: Pick<WorkflowRun, 'serverUrl' | 'repository' | 'runId'>) {
  return run.repository && run.runId
    ? `${run.serverUrl}/${run.repository}/actions/runs/${run.runId}`
    : undefined
}
