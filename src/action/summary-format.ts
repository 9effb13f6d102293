// The pieces of Markdown that the job summary and the pull request comment share,
// written once so both follow the same rules for what counts as a link.

import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeHtml, safeMarkdown } from '../common/safe-text.js'

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
