// The dashboard issue: one open issue per project and branch in the code repository,
// written with the workflow's token (so by `github-actions[bot]`) and labelled
// `docs-agent`. Its first line is the branch's record (branch-record.ts); the rest is
// for people: the docs pull request, the job, the last runs, how to start over. Found
// in one call (open issues by label and creator), believed only from the action's own
// bot. Best effort: without `issues: write`, or with issues turned off, one warning
// and `unavailable`, so the caller goes on as a run on its own.

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import {
  describeGitHubError,
  gitHubAnswerStatus,
  openRepository,
  permissionHint,
  type RepositoryAccess
} from './client.js'
import {
  parseBranchRecord,
  renderBranchRecord,
  type BranchRecord,
  type BranchRun
} from './branch-record.js'
import { isTrustedAuthor, TRUSTED_AUTHORS } from './pr-record.js'
import { record, text } from './workflow-run.js'

export const DASHBOARD_LABEL = 'docs-agent'

export interface DashboardIssue {
  number: number
  url: string
}

export type DashboardFound =
  | { kind: 'found'; issue: DashboardIssue; record: BranchRecord }
  | { kind: 'none' }
  | { kind: 'unavailable'; reason: string }

export type DashboardSaved =
  { kind: 'saved'; issue: DashboardIssue } | { kind: 'unavailable'; reason: string }

/** What the body shows besides the record. */
export interface DashboardView {
  record: BranchRecord
  /** `owner/repo` of the code, and its server's web address (`https://github.com`). */
  repository: string
  serverUrl: string
  /** The branch's docs pull request, and its state when the token could see it. */
  docsPullRequest?: { link: string; state?: 'open' | 'merged' | 'closed' }
  /** The job's status as last seen. */
  jobStatus?: string
  /** A line for people, e.g. why a new job was started. */
  note?: string
}

const ISSUES_HINT =
  'The dashboard issue needs `permissions: issues: write` for the job (and issues turned on in the repository).'

/** The hint after a no from GitHub, also for 410 (issues turned off). */
function issuesHint(error: unknown): string {
  return gitHubAnswerStatus(error) === 410 ? ` ${ISSUES_HINT}` : permissionHint(error, ISSUES_HINT)
}

export function dashboardTitle(projectId: string, branch: string): string {
  return `Docs agent: ${branch} (${projectId})`.slice(0, 250)
}

/**
 * This project's and branch's dashboard among one page of issues (pure): pull
 * requests and issues not written by a trusted bot are skipped; of several, the oldest.
 */
export function pickDashboard(
  issues: readonly unknown[],
  projectId: string,
  branch: string,
  trusted: readonly string[] = TRUSTED_AUTHORS
): { issue: DashboardIssue; record: BranchRecord } | undefined {
  let best: { issue: DashboardIssue; record: BranchRecord } | undefined
  for (const value of issues) {
    const issue = record(value)
    if (!issue || issue.pull_request !== undefined || issue.state !== 'open') continue
    const user = record(issue.user)
    if (!isTrustedAuthor({ login: text(user?.login), type: text(user?.type) }, trusted)) continue
    const found = parseBranchRecord(text(issue.body))
    if (found?.projectId !== projectId || found.branch !== branch) continue
    const number = issue.number
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) continue
    if (best && best.issue.number < number) continue
    best = { issue: { number, url: text(issue.html_url) ?? '' }, record: found }
  }
  return best
}

const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/
const SHA = /^[0-9a-f]{40,64}$/

function link(url: string, label: string): string {
  return `<a href="${safeHtml(url, 1000)}">${label}</a>`
}

function commitsCell(run: BranchRun, view: DashboardView): string {
  const count = String(run.commits)
  if (!REPOSITORY.test(view.repository) || !run.to || !SHA.test(run.to)) return count
  const base = `${view.serverUrl}/${view.repository}`
  if (run.from && SHA.test(run.from)) {
    return link(`${base}/compare/${run.from}...${run.to}`, count)
  }
  return `${count} (to ${link(`${base}/commit/${run.to}`, run.to.slice(0, 7))})`
}

const DID: Record<BranchRun['did'], string> = {
  created: 'started the job',
  'followed-up': 'sent a follow-up',
  waited: 'waited for the busy job, then sent a follow-up',
  'started-over': 'started a new job',
  'nothing-new': 'nothing new: sent nothing',
  reported: 'reported the job as it is',
  failed: 'failed before reaching the agent'
}

function runRow(run: BranchRun, view: DashboardView): string {
  const time = `${run.at.slice(0, 10)} ${run.at.slice(11, 16)}`
  const pulls = run.pulls.length > 0 ? run.pulls.map((n) => `#${n}`).join(', ') : '—'
  return `| ${safeMarkdown(time)} | ${safeMarkdown(run.event, 40)} | ${DID[run.did]} | ${commitsCell(run, view)} | ${pulls} |`
}

/** The issue's body: the record's line, then the page for people (pure). */
export function renderDashboard(view: DashboardView): string {
  const { record: rec } = view
  const lines = [
    renderBranchRecord(rec),
    `## Mintlify docs agent: <code>${safeHtml(rec.branch, 100)}</code>`,
    '',
    `The docs agent's record for the branch <code>${safeHtml(rec.branch, 100)}</code> of project <code>${safeHtml(rec.projectId, 100)}</code>. The action keeps this issue up to date; its first line (hidden) is the record, so please leave it as it is.`,
    '',
    '| | |',
    '|---|---|'
  ]
  const docs = view.docsPullRequest ? parsePullRequestLink(view.docsPullRequest.link) : undefined
  if (docs) {
    const state = view.docsPullRequest?.state ? ` (${view.docsPullRequest.state})` : ''
    lines.push(
      `| Docs pull request | ${link(docs.link, safeHtml(`${docs.repository}#${docs.number}`))}${state} |`
    )
  } else lines.push('| Docs pull request | not opened yet |')
  const status = view.jobStatus ? ` (${safeMarkdown(view.jobStatus, 40)})` : ''
  lines.push(`| Job | <code>${safeHtml(rec.jobId)}</code>${status} |`)
  if (rec.lastSha && REPOSITORY.test(view.repository)) {
    lines.push(
      `| Last commit told to the agent | ${link(`${view.serverUrl}/${view.repository}/commit/${rec.lastSha}`, rec.lastSha.slice(0, 7))} |`
    )
  }
  if (view.note) lines.push('', `> ${safeMarkdown(view.note, 500)}`)
  lines.push('', `### Last runs (at most 20, newest first)`, '')
  if (rec.runs.length === 0) lines.push('No run recorded yet.')
  else {
    lines.push(
      '| Time (UTC) | Trigger | What it did | Commits | Source pull requests |',
      '|---|---|---|---|---|',
      ...[...rec.runs].reverse().map((run) => runRow(run, view))
    )
  }
  lines.push(
    '',
    '### Start over',
    '',
    'Close this issue: the next run starts a new docs job (and a new docs pull request) and opens a new issue.'
  )
  return lines.join('\n')
}

/**
 * The dashboard of this project and branch, in one call. `none` when there is no
 * open one (or it was closed: start over); `unavailable` with one warning when the
 * issues cannot be read.
 */
export async function findDashboard(
  access: RepositoryAccess,
  key: { projectId: string; branch: string; trustedAuthors?: readonly string[] }
): Promise<DashboardFound> {
  const trusted = key.trustedAuthors ?? TRUSTED_AUTHORS
  try {
    const { octokit, owner, repo } = await openRepository(access)
    const { data } = await octokit.rest.issues.listForRepo({
      owner,
      repo,
      labels: DASHBOARD_LABEL,
      creator: trusted[0] ?? TRUSTED_AUTHORS[0],
      state: 'open',
      per_page: 100
    })
    const found = pickDashboard(data, key.projectId, key.branch, trusted)
    return found ? { kind: 'found', ...found } : { kind: 'none' }
  } catch (error) {
    return unavailable('read the issues of', access, error)
  }
}

function unavailable(
  what: string,
  access: RepositoryAccess,
  error: unknown
): { kind: 'unavailable'; reason: string } {
  const reason = describeGitHubError(error)
  core.warning(
    `dashboard: could not ${what} ${safeLine(access.repository, 200)} (${reason}), so the branch's docs job is not recorded and this run works on its own.${issuesHint(error)}`
  )
  return { kind: 'unavailable', reason }
}

function issueOf(data: unknown): DashboardIssue {
  const issue = record(data)
  return {
    number: typeof issue?.number === 'number' ? issue.number : 0,
    url: text(issue?.html_url) ?? ''
  }
}

/** Opens the dashboard with `view`'s body. One call. */
export async function createDashboard(
  access: RepositoryAccess,
  view: DashboardView
): Promise<DashboardSaved> {
  try {
    const { octokit, owner, repo } = await openRepository(access)
    const { data } = await octokit.rest.issues.create({
      owner,
      repo,
      title: dashboardTitle(view.record.projectId, view.record.branch),
      body: renderDashboard(view),
      labels: [DASHBOARD_LABEL]
    })
    const issue = issueOf(data)
    core.info(
      `Opened the dashboard issue #${issue.number} for ${safeLine(view.record.branch, 100)}.`
    )
    return { kind: 'saved', issue }
  } catch (error) {
    return unavailable('open the dashboard issue in', access, error)
  }
}

/** Rewrites the dashboard's body with `view`. One call. */
export async function updateDashboard(
  access: RepositoryAccess,
  issueNumber: number,
  view: DashboardView
): Promise<DashboardSaved> {
  try {
    const { octokit, owner, repo } = await openRepository(access)
    const { data } = await octokit.rest.issues.update({
      owner,
      repo,
      issue_number: issueNumber,
      body: renderDashboard(view)
    })
    return { kind: 'saved', issue: issueOf(data) }
  } catch (error) {
    return unavailable(`update the dashboard issue #${issueNumber} in`, access, error)
  }
}
