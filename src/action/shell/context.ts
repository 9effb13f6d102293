// The run's one context, never changed once built: the step's clock, deadline and budgets, its
// cancellation, GitHub sessions, job calls. After a command's check, run() builds the run's own
// with the command's settings.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import {
  describeError,
  type Backoff,
  type Endpoint,
  type ErrorContext
} from '../../agent/http-errors.js'
import { createDispatcher, proxyFor } from '../../agent/dispatcher.js'
import { AgentApi } from '../../agent/http.js'
import type { AgentJob } from '../../agent/job.js'
import type { Clock } from '../../common/clock.js'
import { formatDuration } from '../../common/duration.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { messageOf } from '../../common/run-errors.js'
import { registerSecret, safeLine } from '../../common/safe-text.js'
import { DocsCheckRun } from '../../github/check-run.js'
import { GitHubSession } from '../../github/session.js'
import { onSameServer, sameRepository } from '../../github/workflow-run.js'
import type { RunEvent } from './event.js'
import { readInput, type Host } from './host.js'
import { readSettings, type Settings } from './inputs.js'
import { USER_AGENT } from '../../common/version.js'

/** The Agent Jobs API's calls, bound to the run's settings, deadline and cancellation. */
export interface JobCalls {
  /** What an error message says about a call to `endpoint` (for `jobId`). */
  readonly context: (endpoint: Endpoint, jobId?: string) => ErrorContext
  /** How a failed call ends the step. */
  readonly failure: (
    error: unknown,
    endpoint: Endpoint,
    jobId?: string
  ) => { conclusion: 'failed'; message: string }
  readonly read: (jobId: string) => Promise<AgentJob>
  /** The job read within `budgetMs` alone (not the step's timeout), retrying by `backoff`. */
  readonly readWithin: (jobId: string, budgetMs: number, backoff: Backoff) => Promise<AgentJob>
  readonly create: (prompt: string) => Promise<AgentJob>
  readonly message: (jobId: string, prompt: string) => Promise<AgentJob>
}

export interface RunContext {
  readonly event: RunEvent
  /** The process the run belongs to: its environment, clock, outputs and summary. */
  readonly host: Host
  /** The inputs; after a command's check, its prompt in place of the workflow's. */
  readonly settings: Settings
  /** When the step started (ms, on `clock`). */
  readonly startedAt: number
  /** Every request's way out: direct, or through the proxy the environment names. */
  readonly dispatcher: Dispatcher
  /** Aborted when the runner cancels the step (SIGINT or SIGTERM, as the host says). */
  readonly signal: AbortSignal
  /** The signal that cancelled the run, if one came. */
  readonly cancelled: () => NodeJS.Signals | undefined
  /** Stops listening for the runner's signals. */
  readonly release: () => void
  readonly clock: Clock
  /** When the timeout input ends the step (ms, on `clock`). */
  readonly deadline: number
  readonly calls: JobCalls
  /** github-token's session, on the run's repository; undefined without the input. */
  readonly github: GitHubSession | undefined
  /** docs-token's session, for a docs repository elsewhere; undefined without the input. */
  readonly docs: GitHubSession | undefined
  /** The docs check run, when check-run asks for one. */
  readonly checkRun: DocsCheckRun | undefined
  /** A budget, never past the step's deadline (at least 1 ms, so a call fails fast). */
  readonly left: (budgetMs: number) => number
  /** The budget of a last write, shorter when the run was cancelled. */
  readonly last: (budget: { normal: number; cancelled: number }) => number
}

/** Secrets masked before anything is logged (line by line, as the runner matches), the inputs
 * read, the network set up; 'untriggered' or undefined when the step ended here (said why). */
export function openRun(event: RunEvent, host: Host): RunContext | 'untriggered' | undefined {
  const { env, clock } = host
  const startedAt = clock.now()
  const getInput = (name: string, options?: { trimWhitespace?: boolean }): string =>
    readInput(env, name, options)
  const secrets = ['api-key', 'github-token', 'docs-token'].map((name) => getInput(name))
  // Each line of a multi-line secret is masked too, so a line printed alone is hidden.
  const parts = new Set(secrets.flatMap((value) => [value, ...value.split(/\r?\n/)]))
  for (const part of parts) {
    if (part.trim() === '') {
      continue
    }
    core.setSecret(part)
    registerSecret(part)
  }
  const noApiKey = secrets[0] === ''
  if (event.commandEvent && noApiKey && getInput('dry-run') !== 'true') {
    // GitHub gives review events on pull requests from forks no secrets: no failure.
    core.warning(
      "Input 'api-key' is empty on a comment event: the command cannot be acted on " +
        'and nothing was sent. GitHub passes no secrets to pull_request_review and ' +
        'pull_request_review_comment events on pull requests from forks; ' +
        'elsewhere, set api-key from a secret.'
    )
    return 'untriggered'
  }
  try {
    const settings = readSettings(getInput, env.GITHUB_WORKSPACE, event.commandEvent)
    const { baseUrl, projectId } = settings
    const dispatcher = createDispatcher(env)
    const proxy = proxyFor(env, baseUrl)
    // The runner cancels a step with SIGINT, then SIGTERM 7.5 s later: either aborts the
    // run's signal, so the call under way stops and the step can still say which job runs.
    const controller = new AbortController()
    const { signal } = controller
    let reason: NodeJS.Signals | undefined
    const onSignal = (received: NodeJS.Signals): void => {
      reason ??= received
      controller.abort()
    }
    const release = host.onCancel(onSignal)
    const deadline = startedAt + settings.timeoutMs
    const { githubToken: token, docsToken } = settings
    // @actions/github's default is the process's GITHUB_API_URL as it was when it loaded.
    const apiUrl = env.GITHUB_API_URL || 'https://api.github.com'
    const reach = { signal, apiUrl, secondMs: host.gitHubSecondMs }
    const session = (secret: string, repository: string, name: string): GitHubSession =>
      new GitHubSession(secret, repository, name, reach)
    const github = token ? session(token, event.run.repository, 'github-token') : undefined
    const context = (endpoint: Endpoint, jobId?: string): ErrorContext => {
      return { endpoint, projectId, host: baseUrl.host, proxy, jobId }
    }
    // Every client of the service: the run's way out and cancellation, each retry logged.
    const agentApi = (until: number, backoff: Backoff, jobId?: string): AgentApi =>
      new AgentApi({
        ...settings,
        userAgent: USER_AGENT,
        dispatcher,
        clock,
        deadline: until,
        signal,
        backoff,
        onRetry: (error, attempt, delayMs) => {
          const why = safeLine(describeError(error, context('get', jobId)))
          core.info(`Retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1}): ${why}`)
        }
      })
    const api = agentApi(deadline, {
      baseMs: settings.pollIntervalMs,
      maxMs: settings.maxPollIntervalMs
    })
    return {
      event,
      host,
      settings,
      startedAt,
      dispatcher,
      signal,
      cancelled: () => reason,
      release,
      clock,
      deadline,
      calls: {
        context,
        failure: (error, endpoint, jobId) => ({
          conclusion: 'failed',
          message: describeError(error, context(endpoint, jobId))
        }),
        read: (jobId) => api.getJob(jobId),
        readWithin: (jobId, budgetMs, backoff) =>
          agentApi(clock.now() + budgetMs, backoff, jobId).getJob(jobId),
        create: (prompt) => api.createJob(prompt),
        message: (jobId, prompt) => api.sendMessage(jobId, prompt)
      },
      github,
      docs: docsToken ? session(docsToken, '', 'docs-token') : undefined,
      checkRun: settings.checkRun ? new DocsCheckRun(github, event.run, projectId) : undefined,
      left: (budgetMs) => Math.max(1, Math.min(budgetMs, deadline - clock.now())),
      last: (budget) => (reason ? budget.cancelled : budget.normal)
    }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(messageOf(error), 2000))
    return undefined
  }
}

// How long each GitHub step around the job may take. Every GitHub call is best effort,
// so a slow GitHub costs the run at most these, never the job's own timeout. When the
// run is cancelled, the last writes share the runner's 7.5 s before SIGTERM.
export const BUDGETS = {
  commandCheck: 15_000,
  pullRequestThread: 60_000,
  docsPullRequestState: 10_000,
  branchReads: 30_000,
  dashboard: { normal: 10_000, cancelled: 4_000 },
  earlierAttempt: 10_000,
  workflowContext: 15_000,
  earlyRecord: 10_000,
  checkRunCall: 10_000,
  docsPullRequest: 20_000,
  backLink: 10_000,
  prComment: { normal: 15_000, cancelled: 5_000 },
  checkRunEnd: { normal: 10_000, cancelled: 5_000 },
  reaction: { normal: 10_000, cancelled: 3_000 }
} as const

// The one rule for the docs token: the session that reaches the docs pull request at `link`, on
// this server only: docs-token's; else github-token's, to read anywhere, to write only here.
export function docsSession(
  ctx: Pick<RunContext, 'event' | 'github' | 'docs'>,
  link: string | null | undefined,
  use: 'read' | 'write'
): GitHubSession | undefined {
  const ref = parsePullRequestLink(link)
  const { run } = ctx.event
  if (!ref || !onSameServer(ref.link, run)) {
    return undefined
  }
  if (ctx.docs) {
    return ctx.docs
  }
  const here = sameRepository(ref.repository, run.repository)
  return use === 'read' || here ? ctx.github : undefined
}
