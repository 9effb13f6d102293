// The one module that sets the step's outputs: the job id and `created` at once
// (nothing is lost if the run dies later), the rest from the outcome at the end. Every
// value goes through redact; text from GitHub stays on one line.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { inertJson, redact, safeLine } from '../../common/safe-text.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import type { Outcome } from '../execute/job-owner.js'
import { namingLine, type Naming } from '../plan/words.js'

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
  'triggered',
  'skipped',
  'docs-pr-action'
] as const
export type OutputName = (typeof OUTPUT_NAMES)[number]

export function setOutput(name: OutputName, value: string): void {
  core.setOutput(name, redact(value))
}

export function announceToRunner(id: string, how: Naming): void {
  if (how === 'created') setOutput('created', 'true')
  setOutput('job-id', id)
  core.info(namingLine(how, safeLine(id)))
}

/** Every output's value from the outcome (and the docs pull request, when it was read). */
export function outputValues(
  outcome: Outcome,
  docs: DocsPullRequest | undefined
): Record<Exclude<OutputName, 'triggered'>, string> {
  const job = outcome.job
  const pr = parsePullRequestLink(job?.prLink ?? null)
  return {
    'job-id': outcome.jobId ?? '',
    status: job?.status ?? '',
    'pr-link': pr?.link ?? '',
    'pr-number': pr ? String(pr.number) : '',
    'pr-repository': pr?.repository ?? '',
    job: job ? inertJson(job) : '',
    created: String(outcome.created),
    // Text from GitHub, one line per value: a path with a line break cannot add a line.
    'pr-title': docs ? safeLine(docs.title, 300) : '',
    'pr-files': docs ? docs.files.map((path) => safeLine(path, 1000)).join('\n') : '',
    'pr-additions': docs ? String(docs.additions) : '',
    'pr-deletions': docs ? String(docs.deletions) : '',
    skipped: String(outcome.skipped === true),
    // Set only when the code pull request closes or reopens (pr-end.ts).
    'docs-pr-action': ''
  }
}

export function writeOutputs(outcome: Outcome, docs: DocsPullRequest | undefined): void {
  for (const [name, value] of Object.entries(outputValues(outcome, docs))) {
    setOutput(name as OutputName, value)
  }
}

/** The step's last line: the ending, as a failure, a warning or a plain line. */
export function announceEnding({ ending }: Outcome): void {
  const line = safeLine(ending.message, 2000)
  if (ending.conclusion === 'failed') core.setFailed(line)
  else if (ending.conclusion === 'warned') core.warning(line)
  else core.info(line)
}
