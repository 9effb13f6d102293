// What the end of a run does with the job's docs pull request, decided here (pure):
// whether it is read and handed to reviewers, who is asked, and what the record keeps.

import type { AgentJob } from '../../agent/job.js'
import type { BranchRecord } from '../../github/branch-record.js'
import type { ReviewerSpec } from '../../github/docs-pull-request.js'
import type { PullRequestRecord } from '../../github/pr-record.js'
import type { Settings } from '../shell/inputs.js'

/** `quiet`: nothing was sent or the run was cancelled, so the docs pull request is left
 * alone; `already`: the record says reviewers and labels were requested; on a branch,
 * `author` means the covered changes' authors, asked apart (`askAuthors`). */
export interface HandOff {
  link?: string
  quiet: boolean
  already: boolean
  reviewers: ReviewerSpec[]
  askAuthors: boolean
}

export function handOffOf(
  settings: Pick<Settings, 'docsPrReviewers'>,
  end: { job?: AgentJob; record?: PullRequestRecord; skipped?: boolean; cancelled?: string },
  branch?: { record?: BranchRecord }
): HandOff {
  const link = end.job?.prLink ?? undefined
  const { docsPrReviewers: reviewers } = settings
  return {
    ...(link ? { link } : {}),
    quiet: end.cancelled !== undefined || end.skipped === true,
    already:
      link !== undefined && [end.record?.handedOff, branch?.record?.handedOff].includes(link),
    reviewers: branch ? reviewers.filter((r) => r.kind !== 'author') : reviewers,
    askAuthors: !!branch && reviewers.some((r) => r.kind === 'author')
  }
}

/** The record names the docs pull request as handed off once reviewers and labels were
 * requested (or none asked) and the back-link is there or cannot be written; else a later
 * run retries. */
export function recordAfterHandOff(
  record: PullRequestRecord | undefined,
  handOff: HandOff,
  settings: Pick<Settings, 'docsPrReviewers' | 'docsPrLabels'>,
  done: { handedOff: boolean; backLink: 'done' | 'retry' | 'skipped' }
): PullRequestRecord | undefined {
  const asked = settings.docsPrReviewers.length > 0 || settings.docsPrLabels.length > 0
  const { link } = handOff
  if (!record || !link || handOff.already || done.backLink === 'retry') return record
  return done.handedOff || !asked ? { ...record, handedOff: link } : record
}
