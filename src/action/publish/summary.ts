// The outputs (all through redact), the job summary and the pull request's comment. Text from
// the service or GitHub is escaped for Markdown and HTML; only a parsed link is a link.

import * as core from '@actions/core'
import { ACTION_TITLE } from '../../github/check-run.js'
import { formatDuration } from '../../common/duration.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { messageOf } from '../../common/run-errors.js'
import { htmlLink, inertJson, redact, safeHtml } from '../../common/safe-text.js'
import { safeLine, safeMarkdown } from '../../common/safe-text.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import { pullRequestState } from '../../github/pr-thread.js'
import { plural } from '../../github/source-pulls.js'
import { runUrl, type WorkflowRun } from '../../github/workflow-run.js'
import type { Outcome } from '../execute/job-owner.js'
import type { Host } from '../shell/host.js'
import { NAMING, type Naming } from '../plan/words.js'

type Row = [string, string]

/** `✅ completed`; an unknown status gets a neutral icon, and its text is made inert. */
export function statusCell(status: string | undefined): string {
  if (status === undefined) {
    return 'unknown'
  }
  const icons: Record<string, string> = {
    active: '⏳',
    completed: '✅',
    archived: '🗄️',
    failed: '❌'
  }
  return `${icons[status] ?? '❔'} ${safeMarkdown(status)}`
}

export function pullRequestCell(link: string | null | undefined, none = '—'): string {
  if (!link) {
    return none
  }
  const pr = parsePullRequestLink(link)
  // Only a parsed link is a link; anything else is shown as text.
  if (!pr) {
    return safeMarkdown(link)
  }
  const name = safeHtml(`${pr.repository}#${pr.number}`)
  return `<a href="${safeHtml(pr.link, 2000)}">${name}</a>`
}

export function factTable(rows: readonly (readonly [string, string])[]): string {
  const lines = rows.map(([name, value]) => `| ${name} | ${value} |`)
  return ['| | |', '|---|---|', ...lines].join('\n')
}

export function docsPullRequestRows(pr: DocsPullRequest | undefined): Row[] {
  if (!pr) {
    return []
  }
  const state = pullRequestState(pr)
  const shown = pr.files.slice(0, 5).map((path) => `<code>${safeHtml(path, 200)}</code>`)
  const more = pr.changedFiles - shown.length
  const andMore = more > 0 ? `<br>… and ${more} more` : ''
  const files = shown.join('<br>') + andMore
  const changes = `+${pr.additions} −${pr.deletions} in ${plural(pr.changedFiles, 'file')}`
  const notOpen = state === 'open' ? '' : ` (${state})`
  return [
    ['Docs title', `${safeMarkdown(pr.title, 200)}${notOpen}`],
    ['Changes', changes],
    ['Files', shown.length > 0 ? files : '—']
  ]
}

/** More than this of the text sent is cut, with a note: the summary has its own size limit. */
export const SHOWN_PROMPT_CHARS = 20_000

/** The job summary's Markdown ('' before a job is known); `prompt` is shown when nothing was sent. */
export function summaryMarkdown(
  outcome: Outcome,
  durationMs: number,
  docs?: DocsPullRequest,
  prompt?: string
): string {
  if (!outcome.jobId) {
    return ''
  }
  const job = outcome.job
  const { repository, ref } = job?.source ?? {}
  let source = '—'
  if (repository) {
    const at = ref ? ` @ ${safeMarkdown(ref)}` : ''
    source = `${safeMarkdown(repository)}${at}`
  }
  const rows: Row[] = []
  if (outcome.did) {
    rows.push(['This run', safeMarkdown(outcome.did, 1000)])
  }
  rows.push(
    ['Job', `<code>${safeHtml(outcome.jobId)}</code>`],
    ['Status', statusCell(job?.status)],
    ['Model', job?.model ? safeMarkdown(job.model) : '—'],
    ['Source', source],
    ['Pull request', pullRequestCell(job?.prLink ?? null)],
    ...docsPullRequestRows(docs),
    ['Duration', formatDuration(durationMs)],
    ['Polls', String(outcome.polls)]
  )
  const parts = [
    `### ${ACTION_TITLE}\n`,
    `${safeMarkdown(outcome.ending.message, 2000)}\n`,
    factTable(rows)
  ]
  if (outcome.sent !== undefined) {
    parts.push(promptBlock('Sent to the agent', outcome.sent))
  } else if (prompt) {
    parts.push(promptBlock('Prompt (not sent)', prompt))
  }
  return parts.join('\n') + '\n'
}

export function promptBlock(title: string, text: string): string {
  const shown = text.slice(0, SHOWN_PROMPT_CHARS)
  const more =
    text.length > shown.length
      ? `\n\n… ${text.length - shown.length} more characters are not shown here.`
      : ''
  const lines = shown.split(/\r?\n/).map((line) => safeHtml(line, SHOWN_PROMPT_CHARS))
  const pre = `<pre>${lines.join('\n')}</pre>`
  return `\n<details><summary>${title}</summary>\n\n${pre}${more}\n\n</details>\n`
}

/** A courtesy like the comment: a summary that cannot be written is a warning. */
export async function writeSummary(
  host: Pick<Host, 'appendSummary'>,
  summary: string
): Promise<void> {
  if (!summary || !host.appendSummary) {
    return
  }
  try {
    await host.appendSummary(summary)
  } catch (error) {
    core.warning(
      `Could not write the job summary (GITHUB_STEP_SUMMARY): ${safeLine(messageOf(error))}`
    )
  }
}

/** The pull request comment's Markdown, below its marker (without its footer: a job summary). */
export function renderComment(
  facts: Pick<Outcome, 'job' | 'ending' | 'did'> & {
    jobId: string
    docs?: DocsPullRequest
    /** The docs pull request a record names, when the job could not be read. */
    docsLink?: string
  },
  run: WorkflowRun,
  footer = true
): string {
  const url = runUrl(run)
  const rows: Row[] = [
    ['Status', statusCell(facts.job?.status)],
    ['Docs pull request', pullRequestCell(facts.job?.prLink ?? facts.docsLink, 'none')],
    ...docsPullRequestRows(facts.docs),
    ['Job', `<code>${safeHtml(facts.jobId)}</code>`]
  ]
  if (url) {
    rows.push(['Workflow run', htmlLink(url, safeHtml(run.runId))])
  }
  const lines = [`### ${ACTION_TITLE}`, '', factTable(rows), '']
  if (facts.did) {
    lines.push(`**This run:** ${safeMarkdown(facts.did, 500)}`, '')
  }
  lines.push(safeMarkdown(facts.ending.message, 1000), '')
  if (footer) {
    const commit = run.sha ? ` for commit ${safeMarkdown(run.sha.slice(0, 7))}` : ''
    lines.push(
      `<sub>Updated by the workflow run${commit}; ` +
        'later runs for this pull request use the same job and update this comment.</sub>'
    )
  } else {
    lines.push('')
  }
  return lines.join('\n')
}

type OutputName = keyof ReturnType<typeof outputValues> | 'triggered'
export function setOutputs(
  host: Pick<Host, 'setOutput'>,
  values: Partial<Record<OutputName, string>>
): void {
  for (const [name, value] of Object.entries(values)) {
    host.setOutput(name, redact(value))
  }
}

export function announceToRunner(host: Pick<Host, 'setOutput'>, id: string, how: Naming): void {
  setOutputs(host, how === 'created' ? { created: 'true', 'job-id': id } : { 'job-id': id })
  core.info(`${NAMING[how]} agent job ${safeLine(id)}.`)
}

export function outputValues(outcome: Outcome, docs: DocsPullRequest | undefined) {
  const job = outcome.job
  return {
    'job-id': outcome.jobId ?? '',
    status: job?.status ?? '',
    ...linkOutputs(job?.prLink),
    job: job ? inertJson(job) : '',
    created: String(outcome.created),
    // Text from GitHub, one line per value: a path with a line break cannot add a line.
    'pr-title': docs ? safeLine(docs.title, 300) : '',
    'pr-files': docs ? docs.files.map((path) => safeLine(path, 1000)).join('\n') : '',
    'pr-additions': docs ? String(docs.additions) : '',
    'pr-deletions': docs ? String(docs.deletions) : '',
    skipped: String(outcome.skipped === true),
    // Set only when the code pull request closes or reopens (end-run.ts).
    'docs-pr-action': ''
  }
}

export function linkOutputs(link: string | null | undefined) {
  const pr = parsePullRequestLink(link)
  const number = pr ? String(pr.number) : ''
  return {
    'pr-link': pr?.link ?? '',
    'pr-number': number,
    'pr-repository': pr?.repository ?? ''
  }
}
