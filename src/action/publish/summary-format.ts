// The pieces of Markdown that the job summary and the pull request comment share,
// written once so both follow the same rules for what counts as a link.

import { parsePullRequestLink } from '../../common/pull-request-link.js'
import type { DocsPullRequest } from '../../github/docs-pull-request.js'
import { safeHtml, safeMarkdown } from '../../common/safe-text.js'

const STATUS_ICON: Record<string, string> = {
  active: '⏳',
  completed: '✅',
  archived: '🗄️',
  failed: '❌'
}

/** `✅ completed`; an unknown status gets a neutral icon, and its text is made inert. */
export function statusCell(status: string | undefined): string {
  if (status === undefined) return 'unknown'
  return `${STATUS_ICON[status] ?? '❔'} ${safeMarkdown(status)}`
}

/**
 * A docs pull request as a link labelled `owner/repo#n`. Only what the one link parser
 * reads as a pull request becomes a link; anything else is shown as inert text.
 */
export function pullRequestCell(link: string | null | undefined, none = '—'): string {
  if (!link) return none
  const pr = parsePullRequestLink(link)
  if (!pr) return safeMarkdown(link)
  return `<a href="${safeHtml(pr.link, 2000)}">${safeHtml(`${pr.repository}#${pr.number}`)}</a>`
}

/** A two-column Markdown table with an empty header. */
export function factTable(rows: readonly (readonly [string, string])[]): string {
  return ['| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n')
}

/** How many changed paths the summary and the comment list. */
export const SHOWN_FILES = 5

/** `+12 −3 in 4 files` */
export function changeCounts(
  pr: Pick<DocsPullRequest, 'additions' | 'deletions' | 'changedFiles'>
): string {
  return `+${pr.additions} −${pr.deletions} in ${pr.changedFiles} ${pr.changedFiles === 1 ? 'file' : 'files'}`
}

/** A short list of changed paths, one a line, with how many more there are. */
export function fileList(pr: Pick<DocsPullRequest, 'files' | 'changedFiles'>): string {
  if (pr.files.length === 0) return '—'
  const shown = pr.files.slice(0, SHOWN_FILES).map((path) => `<code>${safeHtml(path, 200)}</code>`)
  const more = Math.max(pr.changedFiles, pr.files.length) - shown.length
  return shown.join('<br>') + (more > 0 ? `<br>… and ${more} more` : '')
}

/** The docs pull request's rows: title, line counts, the first changed paths. */
export function docsPullRequestRows(pr: DocsPullRequest): [string, string][] {
  const state = pr.merged
    ? ' (merged)'
    : pr.state === 'open'
      ? ''
      : ` (${safeMarkdown(pr.state, 20)})`
  return [
    ['Docs title', `${safeMarkdown(pr.title, 200)}${state}`],
    ['Changes', changeCounts(pr)],
    ['Files', fileList(pr)]
  ]
}
