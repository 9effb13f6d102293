// The job summary: the ending, the job's facts, the docs pull request, and the exact
// prompt sent. All text from the service or GitHub is escaped for Markdown and HTML.

import * as core from '@actions/core'
import { ACTION_TITLE } from '../../common/action-title.js'
import { formatDuration } from '../../common/duration.js'
import { safeHtml, safeLine, safeMarkdown } from '../../common/safe-text.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import type { Outcome } from '../execute/outcome.js'
import { docsPullRequestRows, factTable, pullRequestCell, statusCell } from './summary-format.js'

export interface SummaryFacts {
  outcome: Outcome
  docs?: DocsPullRequest
  /** How long the run took. */
  durationMs: number
  /** The workflow's prompt, when the run had one (shown when nothing was sent). */
  prompt?: string
}

/** More than this of the text sent is cut, with a note: the summary has its own size limit. */
export const SHOWN_PROMPT_CHARS = 20_000

/** The job summary's Markdown; '' before a job is known. */
export function summaryMarkdown(facts: SummaryFacts): string {
  const { outcome } = facts
  if (!outcome.jobId) return ''
  const job = outcome.job
  const source = job?.source?.repository
    ? `${safeMarkdown(job.source.repository)}${job.source.ref ? ` @ ${safeMarkdown(job.source.ref)}` : ''}`
    : '—'
  const rows: [string, string][] = [
    // What a pull request's or a branch's run did with its job (created, followed up, nothing new).
    ...(outcome.did ? [['This run', safeMarkdown(outcome.did, 1000)] as [string, string]] : []),
    ['Job', `<code>${safeHtml(outcome.jobId)}</code>`],
    ['Status', statusCell(job?.status)],
    ['Model', job?.model ? safeMarkdown(job.model) : '—'],
    ['Source', source],
    ['Pull request', pullRequestCell(job?.prLink ?? null)],
    ...(facts.docs ? docsPullRequestRows(facts.docs) : []),
    ['Duration', formatDuration(facts.durationMs)],
    ['Polls', String(outcome.polls)]
  ]
  const parts = [
    `### ${ACTION_TITLE}\n`,
    `${safeMarkdown(outcome.ending.message, 2000)}\n`,
    factTable(rows)
  ]
  if (outcome.sent !== undefined) parts.push(promptBlock('Sent to the agent', outcome.sent))
  else if (facts.prompt) parts.push(promptBlock('Prompt (not sent)', facts.prompt))
  return parts.join('\n') + '\n'
}

/** The whole text in a collapsed block, escaped, cut with a note when very long. */
export function promptBlock(title: string, text: string): string {
  const shown = text.length > SHOWN_PROMPT_CHARS ? text.slice(0, SHOWN_PROMPT_CHARS) : text
  const more =
    text.length > shown.length
      ? `\n\n… ${text.length - shown.length} more characters are not shown here.`
      : ''
  const lines = shown.split(/\r?\n/).map((line) => safeHtml(line, SHOWN_PROMPT_CHARS))
  return `\n<details><summary>${title}</summary>\n\n<pre>${lines.join('\n')}</pre>${more}\n\n</details>\n`
}

/** A courtesy like the comment: a summary that cannot be written is a warning. */
export async function writeSummary(summary: string): Promise<void> {
  if (!summary || !process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(summary, true).write()
  } catch (error) {
    core.warning(
      `Could not write the job summary (GITHUB_STEP_SUMMARY): ${safeLine(error instanceof Error ? error.message : error)}`
    )
  }
}
