// A `pull_request` run for a code pull request that closed or reopened: its docs pull
// request follows (plan/pr-end.ts), and nothing is sent to the agent (no credit). The job is
// read once for the outputs; every write is best effort, a denial one warning.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { messageOf, NEXT_RUN, StateUnknownError } from '../common/run-errors.js'
import { ACTION_TITLE } from '../common/action-title.js'
import { safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import type { AgentJob } from '../agent/job.js'
import { readDocsPrEnd, writeDocsPrEnd } from '../github/docs-pr-end.js'
import { followDocsPullRequest } from '../github/docs-pull-request.js'
import type { EndEvent, EndStep } from '../github/pr-end-record.js'
import { PullRequestThread, readPullRequestState } from '../github/pr-thread.js'
import { record, recordedRunId } from '../github/workflow-run.js'
import { renderComment } from './publish/comment-body.js'
import { setOutput } from './publish/outputs.js'
import { factTable, pullRequestCell, statusCell, writeSummary } from './publish/summary.js'
import { BUDGETS, docsSession, type RunContext } from './shell/context.js'
import type { RunEvent } from './shell/event.js'
import { decideEnd, docsLinkFor, endOf, type EndFacts } from './plan/pr-end.js'
import { codePullRequestOf, docsNote, endLine, KEPT_LABEL } from './publish/pr-end-notes.js'

const RE_RUN =
  'Nothing was written either: re-run this workflow run to follow the docs pull request.'

/** The code pull request's end this run is for, or undefined for any other run. */
export function pullRequestEnd(event: RunEvent): EndEvent | undefined {
  const { eventName, payload } = event.run
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') return undefined
  if (payload.action === 'reopened') return 'reopened'
  if (payload.action !== 'closed') return undefined
  return record(payload.pull_request)?.merged === true ? 'merged' : 'closed'
}

function nothing(line: string): void {
  core.info(safeLine(line, 1000))
  setOutput('docs-pr-action', 'none')
  setOutput('skipped', 'true')
  setOutput('created', 'false')
}

export async function endPullRequest(ctx: RunContext, endEvent: EndEvent): Promise<void> {
  const { settings } = ctx
  const { run, pullRequest } = ctx.event
  if (!settings.prComment || pullRequest === undefined) {
    const why = settings.prComment
      ? 'The event names no pull request'
      : 'pr-comment is false, so no docs job is recorded here'
    nothing(`${why}; nothing to do as the pull request ends.`)
    return
  }
  try {
    const budgetMs = ctx.left(BUDGETS.pullRequestThread)
    const thread = await PullRequestThread.open(ctx.github, run, settings.projectId, budgetMs)
    const previous = thread?.record
    if (!thread || !previous) {
      nothing(
        `Pull request #${pullRequest} has no docs job recorded for project ${settings.projectId}; nothing to do as it ends.`
      )
      return
    }
    // A late run, or a re-run after the pull request changed again, acts on what it is now.
    const code = codePullRequestOf(run, pullRequest)
    const budget = ctx.left(BUDGETS.docsPullRequestState)
    const now = await readPullRequestState(ctx.github, code.link, budget, 'code')
    if (now && (endEvent === 'reopened') !== (now === 'open')) {
      nothing(
        `Pull request #${pullRequest} is ${now} now, so this ${endEvent} run is out of date; the docs pull request is left as it is.`
      )
      return
    }
    setOutput('job-id', previous.jobId)
    setOutput('created', 'false')
    const job =
      settings.dryRun && settings.apiKey === ''
        ? undefined
        : await ctx.calls.read(previous.jobId).catch((error: unknown) => {
            core.warning(
              `Could not read job ${safeLine(previous.jobId)} for its status: ${safeLine(messageOf(error), 500)}`
            )
            return undefined
          })
    if (job) setOutput('status', job.status)
    const facts: EndFacts = {
      event: endEvent,
      run: { id: recordedRunId(run), attempt: run.runAttempt },
      record: previous,
      jobLink: parsePullRequestLink(job?.prLink)?.link,
      onClose: settings.docsPrOnClose,
      handOffAsked: settings.docsPrReviewers.length + settings.docsPrLabels.length > 0
    }
    const link = docsLinkFor(facts)
    const ref = parsePullRequestLink(link)
    setOutput('pr-link', ref?.link ?? '')
    setOutput('pr-number', ref ? String(ref.number) : '')
    setOutput('pr-repository', ref?.repository ?? '')
    const docs = docsSession(ctx, link, 'write')
    if (link && !docs) {
      core.warning(
        `The docs pull request ${safeLine(link)} is in another repository or on another host and docs-token is empty, so it cannot follow its code pull request. Set docs-token to a token with pull-requests: write there.`
      )
    }
    const state =
      docs && link
        ? await readDocsPrEnd(docs, link, endEvent === 'closed', ctx.left(BUDGETS.docsPullRequest))
        : undefined
    const plan = decideEnd(facts, state)
    core.info(
      safeLine(
        `Pull request #${pullRequest} was ${endEvent}; docs pull request ${link ?? 'none'}: ${plan.steps.length > 0 ? plan.steps.join(', ') : 'nothing to do'} (${plan.why}).`,
        1000
      )
    )
    if (settings.dryRun) {
      core.info('Dry run: nothing was written to GitHub.')
      setOutput('docs-pr-action', 'none')
      const would = plan.steps.length > 0 ? plan.steps.join(', ') : 'nothing'
      await endSummary(previous.jobId, job, plan.link, `Dry run: would do ${would} (${plan.why}).`)
      return
    }
    let written: { done: EndStep[]; refused?: EndStep } = { done: [] }
    if (docs && plan.link && plan.steps.length > 0) {
      const texts = {
        comment: docsNote(plan.note ?? 'closed', code, plan.why, job?.status === 'active'),
        label: KEPT_LABEL
      }
      const budgetMs = ctx.left(BUDGETS.docsPullRequest)
      written = await writeDocsPrEnd(docs, plan.link, plan.steps, texts, budgetMs)
      // After the note: this run's, or an earlier attempt's (then the plan holds no comment).
      const noted = written.done.includes('comment') || !plan.steps.includes('comment')
      if (plan.steps.includes('hand-off') && noted) {
        const { docsPrReviewers: reviewers, docsPrLabels: labels } = settings
        const follow = { link: plan.link, reviewers, labels, alreadyHandedOff: false }
        const { handedOff } = await followDocsPullRequest(docs, run, follow, budgetMs)
        if (handedOff) written.done.push('hand-off')
      }
    }
    const { action, end } = endOf(facts, plan, written.done)
    setOutput('docs-pr-action', action)
    const line = endLine(endEvent, plan, action, written.refused)
    core.info(safeLine(line, 1000))
    await endSummary(previous.jobId, job, plan.link, line)
    if (!end) return
    const next = {
      ...previous,
      end,
      ...(written.done.includes('hand-off') && plan.link ? { handedOff: plan.link } : {})
    }
    const body = renderComment(
      {
        jobId: previous.jobId,
        ...(job ? { job } : {}),
        did: line,
        ending: { conclusion: 'succeeded', message: 'Nothing was sent to the agent.' }
      },
      run
    )
    await thread.save(next, body, ctx.last(BUDGETS.prComment))
  } catch (error) {
    // No later run of this pull request will come for its end: a re-run finishes it.
    const unknown = error instanceof StateUnknownError
    const message = unknown ? messageOf(error).replace(NEXT_RUN, RE_RUN) : messageOf(error)
    core.setFailed(safeLine(message, 2000))
  }
}

/** The job summary of an end run: what it did to the docs pull request, and that nothing was sent. */
function endSummary(
  jobId: string,
  job: AgentJob | undefined,
  docs: string | undefined,
  did: string
) {
  const rows: [string, string][] = [
    ['This run', `${safeMarkdown(did, 1000)} Nothing was sent to the agent.`],
    ['Job', `<code>${safeHtml(jobId)}</code>`],
    ['Status', statusCell(job?.status)],
    ['Docs pull request', pullRequestCell(docs)]
  ]
  return writeSummary(`### ${ACTION_TITLE}\n\n${factTable(rows)}\n`)
}
