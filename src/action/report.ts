// Everything the step tells the runner: log lines, annotations, outputs and the
// job summary. All text from the server passes through safe-text first.

import * as core from '@actions/core'
import { isTerminal, type AgentJob } from '../agent/job.js'
import { formatDuration } from '../common/duration.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { inertJson, redact, safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import type { DocsPullRequest } from '../github/docs-pull-request.js'
import { docsPullRequestRows, factTable, pullRequestCell, statusCell } from './summary-format.js'

export const OUTPUT_NAMES = [
  'job-id',
  'status',
  'pr-link',
  'pr-number',
  'pr-repository',
  'job',
  'created',
  'pr-title',
  'pr-files',
  'pr-additions',
  'pr-deletions',
  'triggered'
] as const
type OutputName = (typeof OUTPUT_NAMES)[number]

export type Conclusion = 'succeeded' | 'warned' | 'failed'

export interface Ending {
  conclusion: Conclusion
  /** One line for the log and the annotation; may hold server text (made safe here). */
  message: string
}

export class RunReport {
  private jobId: string | undefined
  private job: AgentJob | undefined
  private polls = 0
  private created = false
  private docs: DocsPullRequest | undefined

  constructor(
    private readonly startedAt: number,
    private readonly now: () => number,
    private readonly prompt: string | undefined
  ) {}

  private setOutput(name: OutputName, value: string): void {
    core.setOutput(name, redact(value))
  }

  /** As soon as the id is known: to the log and the outputs, so nothing is lost. */
  jobIdKnown(id: string, how: string): void {
    if (this.jobId === id) return
    this.jobId = id
    this.setOutput('job-id', id)
    core.info(`${how} agent job ${safeLine(id)}.`)
  }

  /** This run created the job (the `created` output), written at once. */
  jobCreated(): void {
    this.created = true
    this.setOutput('created', 'true')
  }

  jobSeen(job: AgentJob): void {
    this.jobIdKnown(job.id, 'Following')
    this.job = job
  }

  statusChanged(job: AgentJob, previous: string | undefined): void {
    this.jobSeen(job)
    const change =
      previous === undefined
        ? safeLine(job.status)
        : `${safeLine(previous)} → ${safeLine(job.status)}`
    const pr = job.prLink ? `; pull request ${safeLine(job.prLink)}` : ''
    core.info(
      `Job ${safeLine(job.id)}: ${change} (after ${formatDuration(this.now() - this.startedAt)}${pr})`
    )
  }

  polled(job: AgentJob, polls: number, nextDelayMs: number | undefined): void {
    this.polls = polls
    if (core.isDebug()) {
      const next =
        nextDelayMs !== undefined
          ? `next poll in ${formatDuration(nextDelayMs)}`
          : isTerminal(job.status)
            ? 'done'
            : 'no further poll fits before the timeout'
      core.debug(`Poll ${polls}: job ${safeLine(job.id)} is ${safeLine(job.status)}; ${next}`)
    }
  }

  /** The docs pull request as GitHub describes it, for the outputs and the summary. */
  docsPullRequestKnown(pr: DocsPullRequest): void {
    this.docs = pr
  }

  warn(message: string): void {
    core.warning(safeLine(message, 2000))
  }

  /** Outputs and summary, whatever the ending; then the final line. Resolves to the summary. */
  async finish(ending: Ending): Promise<string> {
    this.writeOutputs()
    const summary = this.summaryMarkdown(ending)
    await this.writeSummary(summary)
    const line = safeLine(ending.message, 2000)
    if (ending.conclusion === 'failed') core.setFailed(line)
    else if (ending.conclusion === 'warned') core.warning(line)
    else core.info(line)
    return summary
  }

  private writeOutputs(): void {
    const job = this.job
    const pr = parsePullRequestLink(job?.prLink ?? null)
    this.setOutput('job-id', this.jobId ?? '')
    this.setOutput('status', job?.status ?? '')
    this.setOutput('pr-link', pr?.link ?? '')
    this.setOutput('pr-number', pr ? String(pr.number) : '')
    this.setOutput('pr-repository', pr?.repository ?? '')
    this.setOutput('job', job ? inertJson(job) : '')
    this.setOutput('created', String(this.created))
    const docs = this.docs
    // Text from GitHub, one line per value: a path with a line break cannot add a line.
    this.setOutput('pr-title', docs ? safeLine(docs.title, 300) : '')
    this.setOutput(
      'pr-files',
      docs ? docs.files.map((path) => safeLine(path, 1000)).join('\n') : ''
    )
    this.setOutput('pr-additions', docs ? String(docs.additions) : '')
    this.setOutput('pr-deletions', docs ? String(docs.deletions) : '')
  }

  /** The job summary's Markdown; '' before a job is known. */
  private summaryMarkdown(ending: Ending): string {
    if (!this.jobId) return ''
    const job = this.job
    const source = job?.source?.repository
      ? `${safeMarkdown(job.source.repository)}${job.source.ref ? ` @ ${safeMarkdown(job.source.ref)}` : ''}`
      : '—'
    const rows: [string, string][] = [
      ['Job', `<code>${safeHtml(this.jobId)}</code>`],
      ['Status', statusCell(job?.status)],
      ['Model', job?.model ? safeMarkdown(job.model) : '—'],
      ['Source', source],
      ['Pull request', pullRequestCell(job?.prLink ?? null)],
      ...(this.docs ? docsPullRequestRows(this.docs) : []),
      ['Duration', formatDuration(this.now() - this.startedAt)],
      ['Polls', String(this.polls)]
    ]
    const parts = [
      `### Mintlify agent job\n`,
      `${safeMarkdown(ending.message, 2000)}\n`,
      factTable(rows)
    ]
    if (this.prompt) parts.push(promptBlock(this.prompt))
    return parts.join('\n') + '\n'
  }

  private async writeSummary(summary: string): Promise<void> {
    if (!summary || !process.env.GITHUB_STEP_SUMMARY) return
    try {
      await core.summary.addRaw(summary, true).write()
    } catch (error) {
      // A courtesy like the comment: the step's result still follows the job.
      core.warning(
        `Could not write the job summary (GITHUB_STEP_SUMMARY): ${safeLine(error instanceof Error ? error.message : error)}`
      )
    }
  }
}

function promptBlock(prompt: string): string {
  const lines = prompt.trim().split(/\r?\n/)
  const shown = lines.slice(0, 10).map((line) => safeHtml(line, 200))
  const more = lines.length > shown.length ? `\n… (${lines.length - shown.length} more lines)` : ''
  return `\n<details><summary>Prompt</summary>\n\n<pre>${shown.join('\n')}${more}</pre>\n\n</details>\n`
}
