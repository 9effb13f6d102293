// The GitHub steps around the job's end: read the docs pull request (and hand it to
// its reviewers), write its back-link, and complete the check run. None ever throws:
// the outputs and the summary are written after them, and nothing may stop them.

import * as core from '@actions/core'
import type { AgentJob } from '../agent/job.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { CHECK_CALL_BUDGET_MS, type DocsCheckRun } from '../github/check-run.js'
import type { DocsPullRequest } from '../github/docs-pull-request.js'
import { writeBackLink } from '../github/docs-back-link.js'
import { DOCS_BUDGET_MS, followDocsPullRequest } from '../github/follow-docs-pr.js'
import { onSameServer, readWorkflowRun } from '../github/workflow-run.js'
import { checkOutcome, type RunEnd } from './check-outcome.js'
import type { Settings } from './inputs.js'

export interface DocsStepOptions {
  settings: Pick<Settings, 'docsToken' | 'githubToken' | 'docsPrReviewers' | 'docsPrLabels'>
  env: NodeJS.ProcessEnv
  job?: AgentJob
  /** Until the step's timeout. */
  timeLeftMs: number
  signal: AbortSignal
  userAgent: string
  /** Reviewers and labels were already requested for this docs pull request (the record's `handedOff`). */
  alreadyHandedOff: boolean
}

export interface DocsStepResult {
  /** The docs pull request as GitHub describes it, when it was read. */
  pr?: DocsPullRequest
  /** This run requested the reviewers and labels (so a record can say so). */
  handedOff: boolean
}

/**
 * The job's docs pull request as GitHub describes it (none when there is none, it is
 * not to be read, or it could not be), after handing it to its reviewers once.
 */
export async function docsPullRequestAfterJob(options: DocsStepOptions): Promise<DocsStepResult> {
  const { settings, job } = options
  const nothing: DocsStepResult = { handedOff: false }
  if (!job?.prLink || options.timeLeftMs <= 0) return nothing
  // GITHUB_TOKEN reaches no other repository: without docs-token, reviewers or labels,
  // a docs pull request elsewhere is not read (no call, no warning).
  const asked =
    settings.docsToken !== undefined ||
    settings.docsPrReviewers.length > 0 ||
    settings.docsPrLabels.length > 0
  const docsRepository = parsePullRequestLink(job.prLink)?.repository.toLowerCase()
  if (!asked && docsRepository !== options.env.GITHUB_REPOSITORY?.toLowerCase()) {
    core.debug(
      'The docs pull request is in another repository and docs-token is empty; it is not read.'
    )
    return nothing
  }
  const token = settings.docsToken ?? settings.githubToken
  try {
    return await followDocsPullRequest({
      link: job.prLink,
      env: options.env,
      ...(token ? { token } : {}),
      userAgent: options.userAgent,
      signal: options.signal,
      budgetMs: Math.min(DOCS_BUDGET_MS, options.timeLeftMs),
      reviewers: settings.docsPrReviewers,
      labels: settings.docsPrLabels,
      alreadyHandedOff: options.alreadyHandedOff
    })
  } catch (error) {
    // Not expected (every GitHub failure is a warning inside); still never fatal.
    core.warning(
      `Could not read the docs pull request: ${safeLine(error instanceof Error ? error.message : String(error))}`
    )
    return nothing
  }
}

/** Completes the check run with the run's outcome; its summary is the job summary. */
export async function completeCheckRun(
  checkRun: DocsCheckRun,
  end: RunEnd & { jobId?: string; summary: string }
): Promise<void> {
  const { conclusion, title } = checkOutcome(end)
  const link = end.job?.prLink
  await checkRun.complete(
    {
      conclusion,
      title,
      summary: end.summary || end.ending.message,
      ...(end.jobId ? { jobId: end.jobId } : {}),
      ...(link && parsePullRequestLink(link) && /^https:\/\//i.test(link)
        ? { detailsUrl: link }
        : {})
    },
    // When cancelled, within the runner's window before SIGTERM (7.5 s after SIGINT).
    end.cancelled ? 5_000 : CHECK_CALL_BUDGET_MS
  )
}

/**
 * Once a job's docs pull request is known, the back-link that later commands on it use.
 * Written where a token can reach: the docs in this repository, or docs-token. 'done'
 * when the link is there or cannot be written by any run (said once), 'retry' when a
 * later run may succeed.
 */
export async function linkDocsPullRequest(
  settings: Pick<Settings, 'prComment' | 'docsToken' | 'githubToken' | 'projectId'>,
  env: NodeJS.ProcessEnv,
  job: AgentJob | undefined,
  readable: boolean,
  options: { userAgent: string; budgetMs: number }
): Promise<'done' | 'retry' | 'skipped'> {
  const docs = parsePullRequestLink(job?.prLink ?? null)
  if (!settings.prComment || !job || !docs || !job.prLink) return 'skipped'
  const run = readWorkflowRun(env)
  if (!onSameServer(job.prLink, run)) {
    core.info(
      `Docs pull request ${safeLine(job.prLink)} is not on ${safeLine(run.serverUrl)}; no back-link is written there.`
    )
    return 'done'
  }
  const sameRepository = docs.repository.toLowerCase() === run.repository.toLowerCase()
  if (!sameRepository && settings.docsToken === undefined) {
    // Said in the log, not as a warning: most such runs never see a command on the docs
    // pull request, and a warning on every one would be noise.
    core.info(
      `docs back-link: docs pull request ${safeLine(job.prLink)} is in another repository and docs-token is empty, so it gets no link to its job and commands given on it cannot find the job. Set docs-token to a token with pull-requests: write there.`
    )
    return 'done'
  }
  // A token that could not read the docs pull request cannot comment on it either.
  if (!readable) return 'retry'
  const token = settings.docsToken ?? settings.githubToken
  const linked = await writeBackLink({
    run,
    ...(token ? { token } : {}),
    userAgent: options.userAgent,
    budgetMs: options.budgetMs,
    jobId: job.id,
    projectId: settings.projectId,
    docsPullRequest: docs
  })
  return linked ? 'done' : 'retry'
}
