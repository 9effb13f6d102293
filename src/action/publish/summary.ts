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
  /** The workflow's prompt, when the run had one. */
  prompt?: string
}

/** The job summary's Markdown; '' before a job is known. */
export function summaryMarkdown(facts: SummaryFacts): string {
  const { outcome } = facts
  if (!outcome.jobId) return ''
  const job = outcome.job
  const source = job?.source?.repository
    ? `${safeMarkdown(job.source.repository)}${job.source.ref ? ` @ ${safeMarkdown(job.source.ref)}` : ''}`
    : '—'
  const rows: [string, string][] = [
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
  if (facts.prompt) parts.push(promptBlock(facts.prompt))
  return parts.join('\n') + '\n'
}

function promptBlock(prompt: string): string {
  const lines = prompt.trim().split(/\r?\n/)
  const shown = lines.slice(0, 10).map((line) => safeHtml(line, 200))
  const more = lines.length > shown.length ? `\n… (${lines.length - shown.length} more lines)` : ''
  return `\n<details><summary>Prompt</summary>\n\n<pre>${shown.join('\n')}${more}</pre>\n\n</details>\n`
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
