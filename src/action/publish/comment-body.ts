// What the pull request comment says about the docs job. Every value from the
// service goes through safe-text (via the summary's cells).

import { ACTION_TITLE } from '../../common/action-title.js'
import { safeHtml, safeMarkdown } from '../../common/safe-text.js'
import { runUrl, type WorkflowRun } from '../../github/workflow-run.js'
import type { Outcome } from '../execute/outcome.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import { docsPullRequestRows, factTable, pullRequestCell, statusCell } from './summary.js'

/** What the comment reports: the job (by id at least), how the run ended, what it did, the docs pull request. */
export type CommentFacts = Pick<Outcome, 'job' | 'ending' | 'did'> & {
  jobId: string
  docs?: DocsPullRequest
}

/** The comment's Markdown below its marker. */
export function renderComment(facts: CommentFacts, run: WorkflowRun): string {
  const url = runUrl(run)
  const rows: [string, string][] = [
    ['Status', statusCell(facts.job?.status)],
    ['Docs pull request', pullRequestCell(facts.job?.prLink, 'none')],
    ...(facts.docs ? docsPullRequestRows(facts.docs) : []),
    ['Job', `<code>${safeHtml(facts.jobId)}</code>`]
  ]
  if (url) {
    rows.push(['Workflow run', `<a href="${safeHtml(url, 2000)}">${safeHtml(run.runId)}</a>`])
  }
  const commit = run.sha ? ` for commit ${safeMarkdown(run.sha.slice(0, 7))}` : ''
  return [
    `### ${ACTION_TITLE}`,
    '',
    factTable(rows),
    '',
    ...(facts.did ? [`**This run:** ${safeMarkdown(facts.did, 500)}`, ''] : []),
    safeMarkdown(facts.ending.message, 1000),
    '',
    `<sub>Updated by the workflow run${commit}; later runs for this pull request use the same job and update this comment.</sub>`
  ].join('\n')
}
