// Wires the modules together and owns the step's conclusion. Nothing runs on import.

import * as core from '@actions/core'
import type { Dispatcher } from 'undici'
import { AgentApi } from '../agent/agent-api.js'
import { listenForCancellation } from './cancellation.js'
import { systemClock, type Clock } from '../common/clock.js'
import { describeError, type ErrorContext } from '../agent/describe-error.js'
import { createDispatcher, proxyFor } from '../agent/dispatcher.js'
import { formatDuration } from '../common/duration.js'
import { HttpClient } from '../agent/http.js'
import { readSettings, type Settings } from './inputs.js'
import { PullRequestThread } from '../github/pr-thread.js'
import { renderComment } from './comment-body.js'
import { RunReport } from './report.js'
import { withRetry } from '../agent/retry.js'
import { registerSecret, safeLine } from '../common/safe-text.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'
import { DocsCheckRun } from '../github/check-run.js'
import { withHandedOff } from '../github/pr-record.js'
import { completeCheckRun, docsPullRequestAfterJob, linkDocsPullRequest } from './docs-steps.js'
import { runJob } from './run-job.js'
import type { Outcome, Session } from './session.js'
import { isCommandEvent } from '../github/command.js'
import { reactToEnding, settingsFor, takeCommand, type TakenCommand } from './command-run.js'

const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`

/** Masks a secret in the runner's log (line by line, as the runner matches) and in ours. */
function maskSecret(value: string): void {
  if (value === '') return
  for (const part of new Set([value, ...value.split(/\r?\n/)])) {
    if (part.trim() === '') continue
    core.setSecret(part)
    registerSecret(part)
  }
}

/** Settings and the network path, or one error line and undefined: before any request. */
function prepare(
  env: NodeJS.ProcessEnv
): { settings: Settings; dispatcher: Dispatcher; proxy: string | undefined } | undefined {
  try {
    const settings = readSettings(core.getInput, env.GITHUB_WORKSPACE, {
      commandEvent: isCommandEvent(env.GITHUB_EVENT_NAME ?? '')
    })
    const dispatcher = createDispatcher(env)
    return { settings, dispatcher, proxy: proxyFor(env, settings.baseUrl) }
  } catch (error) {
    // Bad inputs and malformed proxy variables: expected, so no stack trace.
    core.setFailed(safeLine(error instanceof Error ? error.message : String(error), 2000))
    return undefined
  }
}

// Reads the process's inputs and environment and writes its outputs: the tests run it
// as the runner does, in the bundle (test/e2e); the loops inside take a clock and are
// unit-tested with a fake one.
export async function run(): Promise<void> {
  // Masked before anything else can be logged.
  maskSecret(core.getInput('api-key'))
  maskSecret(core.getInput('github-token'))
  maskSecret(core.getInput('docs-token'))

  const env = process.env
  if (isCommandEvent(env.GITHUB_EVENT_NAME ?? '') && core.getInput('api-key') === '') {
    // GitHub gives review events on pull requests from forks no secrets: a command
    // there cannot be acted on, which is no failure of the workflow.
    core.warning(
      "Input 'api-key' is empty on a comment event: the command cannot be acted on and nothing was sent. GitHub passes no secrets to pull_request_review and pull_request_review_comment events on pull requests from forks; elsewhere, set api-key from a secret."
    )
    core.setOutput('triggered', 'false')
    return
  }
  const prepared = prepare(env)
  if (!prepared) return
  let { settings } = prepared
  const { dispatcher, proxy } = prepared

  // Comment events: here the command is taken or refused, before anything is sent.
  let taken: TakenCommand | undefined
  if (isCommandEvent(env.GITHUB_EVENT_NAME ?? '')) {
    try {
      taken = await takeCommand(settings, env, USER_AGENT)
    } catch (error) {
      core.warning(
        safeLine(
          `The command could not be checked (${error instanceof Error ? error.message : String(error)}); nothing was sent.`,
          1000
        )
      )
    }
    if (!taken) {
      core.setOutput('triggered', 'false')
      await dispatcher.destroy()
      return
    }
    settings = settingsFor(settings, taken)
    core.setOutput('triggered', 'true')
  } else core.setOutput('triggered', 'false')

  const clock: Clock = systemClock
  const startedAt = clock.now()
  const deadline = startedAt + settings.timeoutMs
  const cancellation = listenForCancellation()
  const http = new HttpClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    dispatcher,
    now: () => clock.now()
  })
  const context: ErrorContext = {
    endpoint:
      settings.mode === 'create' ? 'create' : settings.mode === 'message' ? 'message' : 'get',
    projectId: settings.projectId,
    host: settings.baseUrl.host,
    ...(proxy === undefined ? {} : { proxy }),
    ...(settings.mode === 'create' ? {} : { jobId: settings.jobId })
  }
  const session: Session = {
    settings,
    env,
    api: new AgentApi(http, settings.projectId),
    clock,
    deadline,
    signal: cancellation.signal,
    report: new RunReport(
      startedAt,
      () => clock.now(),
      settings.mode === 'wait' ? undefined : settings.prompt
    ),
    context,
    call: { deadline, signal: cancellation.signal },
    userAgent: USER_AGENT,
    ...(settings.checkRun
      ? {
          checkRun: new DocsCheckRun({
            env,
            ...(settings.githubToken ? { token: settings.githubToken } : {}),
            userAgent: USER_AGENT,
            projectId: settings.projectId,
            signal: cancellation.signal
          })
        }
      : {}),
    retried: (kind, call) =>
      withRetry(call, {
        kind,
        backoff: { baseMs: settings.pollIntervalMs, maxMs: settings.maxPollIntervalMs },
        deadline,
        clock,
        signal: cancellation.signal,
        onRetry: (error, attempt, delayMs) => {
          const why = describeError(error, { ...context, endpoint: 'get' })
          core.info(
            `Retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1}): ${safeLine(why)}`
          )
        }
      })
  }

  let outcome: Outcome | undefined
  let thread: PullRequestThread | undefined
  try {
    // Read once, before the job: the pull request's record decides what this run does.
    thread = settings.prComment
      ? await PullRequestThread.open({
          env,
          ...(settings.githubToken ? { token: settings.githubToken } : {}),
          userAgent: USER_AGENT,
          projectId: settings.projectId,
          signal: cancellation.signal,
          budgetMs: Math.min(15_000, Math.max(1, deadline - clock.now()))
        })
      : undefined
    outcome = await runJob(
      session,
      thread,
      taken?.docsJobCandidates
        ? {
            pullRequest: { repository: taken.repository, number: taken.command.pullNumber },
            candidates: taken.docsJobCandidates
          }
        : undefined
    )
  } catch (error) {
    // Not an expected failure: say so plainly, keep the stack for debug logs.
    core.debug(error instanceof Error && error.stack ? safeLine(error.stack, 4000) : String(error))
    outcome = { ending: { conclusion: 'failed', message: describeError(error, context) } }
  } finally {
    cancellation.dispose()
    let ending = outcome?.ending ?? { conclusion: 'failed', message: 'The run ended unexpectedly.' }
    if (cancellation.reason && ending.conclusion !== 'failed') {
      ending = {
        conclusion: 'failed',
        message: `Cancelled (${cancellation.reason}). ${ending.message}`
      }
    }
    const job = outcome?.job
    let record = outcome?.record
    // Before the outputs, which carry what GitHub says about the docs pull request.
    const prLink = job?.prLink ?? undefined
    // Once per docs pull request (the record says when): reviewers, labels, back-link.
    const alreadyHandedOff = prLink !== undefined && record?.handedOff === prLink
    const { pr: docs, handedOff } = cancellation.reason
      ? { pr: undefined, handedOff: false }
      : await docsPullRequestAfterJob({
          settings,
          env,
          ...(job ? { job } : {}),
          timeLeftMs: deadline - clock.now(),
          signal: cancellation.signal,
          userAgent: USER_AGENT,
          alreadyHandedOff
        })
    if (docs) session.report.docsPullRequestKnown(docs)
    const backLink =
      alreadyHandedOff || cancellation.reason !== undefined
        ? 'skipped'
        : await linkDocsPullRequest(settings, env, job, docs !== undefined, {
            userAgent: USER_AGENT,
            budgetMs: 10_000
          })
    const asked = settings.docsPrReviewers.length > 0 || settings.docsPrLabels.length > 0
    if (record && prLink && !alreadyHandedOff && backLink !== 'retry' && (handedOff || !asked)) {
      record = withHandedOff(record, prLink)
    }
    const summary = await session.report.finish(ending)
    await dispatcher.destroy()
    // After the outputs are written, so a comment or check run that fails loses nothing.
    // Side by side: when cancelled, both within the runner's window before SIGTERM.
    const afterwards: Promise<unknown>[] = []
    if (thread && record) {
      const body = renderComment(
        {
          jobId: record.jobId,
          ...(job ? { job } : {}),
          ending,
          ...(outcome?.did ? { did: outcome.did } : {}),
          ...(docs ? { docs } : {})
        },
        thread.run
      )
      // When cancelled, within the runner's window before SIGTERM (7.5 s after SIGINT).
      afterwards.push(thread.save(record, body, cancellation.reason ? 5_000 : 15_000))
    } else if (settings.prComment && thread) {
      core.debug('pr-comment: no agent job was started or named; no comment.')
    }
    if (session.checkRun) {
      const jobId =
        job?.id ?? record?.jobId ?? (settings.mode === 'create' ? undefined : settings.jobId)
      afterwards.push(
        completeCheckRun(session.checkRun, {
          ending,
          ...(outcome?.waitEnd ? { waitEnd: outcome.waitEnd } : {}),
          cancelled: cancellation.reason !== undefined,
          ...(job ? { job } : {}),
          ...(jobId ? { jobId } : {}),
          summary
        })
      )
    }
    if (taken) {
      afterwards.push(reactToEnding(taken, ending, job, cancellation.reason ? 3_000 : 10_000))
    }
    await Promise.all(afterwards)
  }
}
