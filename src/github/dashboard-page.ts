// The dashboard issue's page for people, under the record's hidden line: the branch's docs pull
// request, its job, what the record cost, the last runs, and how to start over. Pure.

import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { htmlLink, safeHtml, safeMarkdown } from '../common/safe-text.js'
import {
  renderBranchRecord,
  RUN_WORDS,
  type BranchRecord,
  type BranchRun
} from './branch-record.js'
import { isSha } from './marker.js'
import { plural } from './source-pulls.js'
import { REPOSITORY, type WorkflowRun } from './workflow-run.js'

export type Place = Pick<WorkflowRun, 'repository' | 'serverUrl'>
/** The record, and for people: the repository, the docs pull request, the job, a note. */
export type DashboardView = Place & {
  record: BranchRecord
  docsPullRequest?: { link: string; state?: 'open' | 'merged' | 'closed' }
  jobStatus?: string
  note?: string
}

export const pullLink = (pull: PullRequestRef): string =>
  htmlLink(pull.link, safeHtml(`${pull.repository}#${pull.number}`))

/** The page of commit `to`, or of the commits after `from` up to `to`. */
export function commitsUrl(run: Place, to: string, from?: string): string | undefined {
  if (!REPOSITORY.test(run.repository)) {
    return undefined
  }
  const page = from ? `compare/${from}...${to}` : `commit/${to}`
  return `${run.serverUrl}/${run.repository}/${page}`
}

function runRow({ at, event, did, commits, from, to, ...run }: BranchRun, view: DashboardView) {
  const after = isSha(from) ? from : undefined
  const url = isSha(to) && commitsUrl(view, to, after)
  const head = url && !from ? ` (to ${htmlLink(url, to.slice(0, 7))})` : ''
  const cell = url && from ? htmlLink(url, String(commits)) : `${commits}${head}`
  const apart = (run.apart ?? []).map(({ pull, why, docs }) => {
    const ref = parsePullRequestLink(docs)
    const to = ref ? ` → ${pullLink(ref)}` : ''
    if (why === 'agent') {
      return `#${pull} (the docs agent's own)`
    }
    return `#${pull}${to} (documented there)`
  })
  const told = run.pulls.map((n) => `#${n}`)
  const pulls = told.length + apart.length > 0 ? [...told, ...apart].join(', ') : '—'
  const time = safeMarkdown(`${at.slice(0, 10)} ${at.slice(11, 16)}`)
  const trigger = safeMarkdown(event, 40)
  return `| ${time} | ${trigger} | ${RUN_WORDS[did]} | ${cell} | ${pulls} |`
}

const RUNS_HEADER = '| Time (UTC) | Trigger | What it did | Commits | Source pull requests |'
const START_OVER =
  'Close this issue: the next run starts a new docs job (and a new docs pull request) ' +
  'and opens a new issue.'

/** The body: the record's line, then the page for people (pure). */
export function renderDashboard(view: DashboardView): string {
  const { record: rec } = view
  const branch = `<code>${safeHtml(rec.branch, 100)}</code>`
  const docs = parsePullRequestLink(view.docsPullRequest?.link)
  const state = view.docsPullRequest?.state ? ` (${view.docsPullRequest.state})` : ''
  const status = view.jobStatus ? ` (${safeMarkdown(view.jobStatus, 40)})` : ''
  const told = rec.told.find((job) => job.id === rec.job)?.shas.length ?? 0
  const { created, followUps, quiet } = rec.counts
  const project = `<code>${safeHtml(rec.projectId, 100)}</code>`
  const intro =
    `The docs agent's record for the branch ${branch} of project ${project}. ` +
    'The action keeps this issue up to date; its first line (hidden) is the record, ' +
    'so please leave it as it is.'
  const docsCell = docs ? `${pullLink(docs)}${state}` : 'not opened yet'
  const runsCell =
    `${plural(created, 'job')} created, ${plural(followUps, 'follow-up')}, ` +
    `${quiet} that sent nothing`
  const lines = [
    renderBranchRecord(rec),
    `## Mintlify docs agent: ${branch}`,
    '',
    intro,
    '',
    '| | |',
    '|---|---|',
    `| Docs pull request | ${docsCell} |`,
    `| Job | <code>${safeHtml(rec.job)}</code>${status} |`,
    `| Commits told to this job | ${told} |`,
    `| Runs of this record | ${runsCell} |`
  ]
  if (rec.ended.length > 0) {
    const ended = rec.ended.map((job) => `<code>${safeHtml(job.id)}</code> (${job.why})`)
    lines.push(`| Jobs that ended without delivering (commits given back) | ${ended.join(', ')} |`)
  }
  if (view.note) {
    lines.push('', `> ${safeMarkdown(view.note, 500)}`)
  }
  lines.push('', `### Last runs (at most 20, newest first)`, '')
  const rows = [...rec.runs].reverse().map((run) => runRow(run, view))
  if (rows.length === 0) {
    lines.push('No run recorded yet.')
  } else {
    lines.push(RUNS_HEADER, '|---|---|---|---|---|', ...rows)
  }
  return [...lines, '', '### Start over', '', START_OVER].join('\n')
}
