// The dashboard issue: one open issue per project, branch and key, written with the run's
// token and labelled `docs-agent`; the branch's ledger (branch-record.ts), then a page for people.

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { htmlLink, safeHtml, safeLine, safeMarkdown } from '../common/safe-text.js'
import { StateUnknownError } from '../common/run-errors.js'
import { describeGitHubError, gitHubAnswerStatus, gitHubFailure, walkPages } from './client.js'
import type { GitHubClient } from './client.js'
import {
  lostRace,
  MAX_ENDED,
  parseBranchRecords,
  renderBranchRecord,
  RUN_WORDS,
  type BranchRecord,
  type BranchRun
} from './branch-record.js'
import { readDocsPrEnd, writeDocsPrEnd } from './docs-pr-writes.js'
import { isSha, positive } from './marker.js'
import { plural } from './source-pulls.js'
import type { GitHubSession } from './session.js'
import { asObject, REPOSITORY, text, type WorkflowRun } from './workflow-run.js'

/** `unlabelled`: listed without the label (a person removed it); the next write puts it back. */
export type FoundDashboard = {
  issue: { number: number }
  record: BranchRecord
  unlabelled?: true
}
/** Which records a run keeps, and the login whose issues are believed. */
export type DashboardKey = { projectId: string; branch: string; key: string; identity: string }

type Place = Pick<WorkflowRun, 'repository' | 'serverUrl'>
/** The record, and for people: the repository, the docs pull request, the job, a note. */
export type DashboardView = Place & {
  record: BranchRecord
  docsPullRequest?: { link: string; state?: 'open' | 'merged' | 'closed' }
  jobStatus?: string
  note?: string
}

/** The label people find the dashboards by; the action finds them by author and marker. */
export const DASHBOARD_LABEL = 'docs-agent'

const ISSUES_HINT =
  'The dashboard issue needs `permissions: issues: write` for the job (and issues turned on in the repository).'

/** Whether an issue as GitHub lists it has the label (names, or label objects; GitHub matches
 * label names whatever their case). */
export function hasLabel(issue: unknown, name = DASHBOARD_LABEL): boolean {
  const labels = asObject(issue)?.labels
  if (!Array.isArray(labels)) return false
  const named = (label: unknown) =>
    typeof label === 'string' ? label : text(asObject(label)?.name)
  return labels.some((label) => named(label)?.toLowerCase() === name.toLowerCase())
}

/** This key's open dashboards by its identity, newest first. */
export function pickDashboards(issues: readonly unknown[], key: DashboardKey): FoundDashboard[] {
  const found: FoundDashboard[] = []
  for (const issue of issues.map(asObject)) {
    const number = positive(issue?.number)
    if (!issue || !number || issue.pull_request !== undefined || issue.state !== 'open') continue
    if (text(asObject(issue.user)?.login) !== key.identity) continue
    const mine = parseBranchRecords(text(issue.body)).find(
      (found) => found.projectId === key.projectId && found.branch === key.branch
    )
    if (!mine || mine.key !== key.key) continue
    found.push({
      issue: { number },
      record: mine,
      ...(hasLabel(issue) ? {} : { unlabelled: true })
    })
  }
  return found.sort((a, b) => b.issue.number - a.issue.number)
}

const pullLink = (pull: PullRequestRef): string =>
  htmlLink(pull.link, safeHtml(`${pull.repository}#${pull.number}`))

/** The page of commit `to`, or of the commits after `from` up to `to`. */
export function commitsUrl(run: Place, to: string, from?: string): string | undefined {
  if (!REPOSITORY.test(run.repository)) return undefined
  return `${run.serverUrl}/${run.repository}/${from ? `compare/${from}...${to}` : `commit/${to}`}`
}

function runRow({ at, event, did, commits, from, to, ...run }: BranchRun, view: DashboardView) {
  const url = isSha(to) && commitsUrl(view, to, isSha(from) ? from : undefined)
  const head = url && !from ? ` (to ${htmlLink(url, to.slice(0, 7))})` : ''
  const cell = url && from ? htmlLink(url, String(commits)) : `${commits}${head}`
  const apart = (run.apart ?? []).map(({ pull, why, docs }) => {
    const ref = parsePullRequestLink(docs)
    const to = ref ? ` → ${pullLink(ref)}` : ''
    return why === 'agent' ? `#${pull} (the docs agent's own)` : `#${pull}${to} (documented there)`
  })
  const told = run.pulls.map((n) => `#${n}`)
  const pulls = told.length + apart.length > 0 ? [...told, ...apart].join(', ') : '—'
  return `| ${safeMarkdown(`${at.slice(0, 10)} ${at.slice(11, 16)}`)} | ${safeMarkdown(event, 40)} | ${RUN_WORDS[did]} | ${cell} | ${pulls} |`
}

const RUNS_HEADER = '| Time (UTC) | Trigger | What it did | Commits | Source pull requests |'
const START_OVER =
  'Close this issue: the next run starts a new docs job (and a new docs pull request) and opens a new issue.'

/** The issue's body: the record's line, then the page for people (pure). */
export function renderDashboard(view: DashboardView): string {
  const { record: rec } = view
  const branch = `<code>${safeHtml(rec.branch, 100)}</code>`
  const docs = parsePullRequestLink(view.docsPullRequest?.link)
  const state = view.docsPullRequest?.state ? ` (${view.docsPullRequest.state})` : ''
  const status = view.jobStatus ? ` (${safeMarkdown(view.jobStatus, 40)})` : ''
  const told = rec.told.find((job) => job.id === rec.job)?.shas.length ?? 0
  const { created, followUps, quiet } = rec.counts
  const lines = [
    renderBranchRecord(rec),
    `## Mintlify docs agent: ${branch}`,
    '',
    `The docs agent's record for the branch ${branch} of project <code>${safeHtml(rec.projectId, 100)}</code>. The action keeps this issue up to date; its first line (hidden) is the record, so please leave it as it is.`,
    '',
    '| | |',
    '|---|---|',
    `| Docs pull request | ${docs ? `${pullLink(docs)}${state}` : 'not opened yet'} |`,
    `| Job | <code>${safeHtml(rec.job)}</code>${status} |`,
    `| Commits told to this job | ${told} |`,
    `| Runs of this record | ${plural(created, 'job')} created, ${plural(followUps, 'follow-up')}, ${quiet} that sent nothing |`
  ]
  if (rec.ended.length > 0) {
    const ended = rec.ended.map((job) => `<code>${safeHtml(job.id)}</code> (${job.why})`)
    lines.push(`| Jobs that ended without delivering (commits given back) | ${ended.join(', ')} |`)
  }
  if (view.note) lines.push('', `> ${safeMarkdown(view.note, 500)}`)
  lines.push('', `### Last runs (at most 20, newest first)`, '')
  const rows = [...rec.runs].reverse().map((run) => runRow(run, view))
  if (rows.length === 0) lines.push('No run recorded yet.')
  else lines.push(RUNS_HEADER, '|---|---|---|---|---|', ...rows)
  return [...lines, '', '### Start over', '', START_OVER].join('\n')
}

/** The warning (`%s`: why) when GitHub did not take a call about the repository's issues. */
const couldNot = (what: string, session: GitHubSession, so = ''): string =>
  `dashboard: could not ${what} ${safeLine(session.repository, 200)} (%s)${so}.`

/** The most pages of the token's open issues read (100 a page); past that is unknown. */
export const MAX_ISSUE_PAGES = 50

/** From every open issue the identity wrote, labelled or not; no answer throws StateUnknownError,
 * a refusal is `denied` (with one warning). */
export async function findDashboards(
  session: GitHubSession,
  key: DashboardKey,
  budgetMs: number
): Promise<{ winner?: FoundDashboard; others: FoundDashboard[]; denied?: true }> {
  const where = `the dashboard issues of ${safeLine(session.repository, 200)}`
  const list = async (octokit: GitHubClient) => {
    const params = { ...session.repo, creator: key.identity, state: 'open' as const, per_page: 100 }
    const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, params)
    const issues: unknown[] = []
    if (await walkPages(pages, MAX_ISSUE_PAGES, (page) => issues.push(...page) < 0)) return issues
    const many = `more than ${MAX_ISSUE_PAGES * 100} open issues by ${safeLine(key.identity, 100)}`
    throw new StateUnknownError(where, many)
  }
  const so = ", so the branch's docs job is not recorded and this run works on its own"
  const failed = couldNot('read the issues of', session, so)
  const issues = await session.bestEffort(budgetMs, list, failed, ISSUES_HINT, where)
  if (!issues) return { others: [], denied: true }
  // The others: older records of the same key, to retire.
  const [winner, ...others] = pickDashboards(issues, key)
  return { winner, others }
}

/** Puts the label back on issue `number`; best effort (the next run's listing shows it missing
 * again): whether it is back. */
async function labelAgain(session: GitHubSession, { rest }: GitHubClient, number: number) {
  const labels = [DASHBOARD_LABEL]
  try {
    await rest.issues.addLabels({ ...session.repo, issue_number: number, labels })
    core.info(`Put the ${DASHBOARD_LABEL} label back on the dashboard issue #${number}.`)
    return true
  } catch (error) {
    const why = describeGitHubError(error)
    core.info(
      `dashboard: could not put the ${DASHBOARD_LABEL} label back on the dashboard issue #${number} (${safeLine(why, 300)}); the next run tries again.`
    )
    return false
  }
}

/** Opens the dashboard with `view`'s body, or rewrites issue `number`'s (one call, and one
 * more to put the label back when the run's listing showed it missing): the issue's number,
 * undefined when GitHub did not take it (one warning); `denied` when GitHub refused it. */
export async function writeDashboard(
  session: GitHubSession,
  number: number | undefined,
  view: DashboardView,
  budgetMs: number,
  relabel = false
): Promise<{ number?: number; denied?: true; relabelled?: true }> {
  const { projectId, branch } = view.record
  // Whether GitHub refused the write, as the call found (a 404 writes anew); the label put back.
  const said = { denied: false, relabelled: false }
  const save = async (octokit: GitHubClient): Promise<number | undefined> => {
    const { rest } = octokit
    const body = renderDashboard(view)
    try {
      if (number !== undefined) {
        const { data } = await rest.issues.update({ ...session.repo, issue_number: number, body })
        if (relabel) said.relabelled = await labelAgain(session, octokit, data.number)
        return data.number
      }
    } catch (error) {
      // Deleted meanwhile: the record is written anew rather than lost.
      if (gitHubAnswerStatus(error) === 404) {
        const again = await writeDashboard(session, undefined, view, budgetMs)
        said.denied = again.denied === true
        return again.number
      }
      said.denied = gitHubFailure(error) === 'denied'
      throw error
    }
    const title = `Docs agent: ${branch} (${projectId})`.slice(0, 250)
    const labels = [DASHBOARD_LABEL]
    const { data } = await rest.issues
      .create({ ...session.repo, title, body, labels })
      .catch((error: unknown) => {
        said.denied = gitHubFailure(error) === 'denied'
        throw error
      })
    core.info(`Opened the dashboard issue #${data.number} for ${safeLine(branch, 100)}.`)
    return data.number
  }
  const what =
    number === undefined ? 'open the dashboard issue' : `update the dashboard issue #${number}`
  const written = await session.bestEffort(
    budgetMs,
    save,
    couldNot(`${what} in`, session),
    ISSUES_HINT
  )
  return {
    ...(written !== undefined ? { number: written } : {}),
    ...(said.denied ? { denied: true as const } : {}),
    ...(said.relabelled ? { relabelled: true as const } : {})
  }
}

/** As writeDashboard: the issue's number, undefined when GitHub did not take it. */
export async function saveDashboard(
  session: GitHubSession,
  number: number | undefined,
  view: DashboardView,
  budgetMs: number
): Promise<number | undefined> {
  return (await writeDashboard(session, number, view, budgetMs)).number
}

/** Older records of the same key (two first runs at once, or one reopened) are absorbed at once
 * (the winner lists their jobs as ended), then closed with their docs pull requests (through
 * `docs`) once the winner is written: a run that fails later loses nothing. The winner's record
 * as written, or undefined when GitHub did not take it. */
export async function settleRace(
  session: GitHubSession,
  { issue: winner, record: won, ...place }: FoundDashboard & Place,
  others: ReadonlyArray<FoundDashboard & { docsPullRequest?: string }>,
  budgetMs: number,
  docsOf: (link?: string) => GitHubSession | undefined
): Promise<BranchRecord | undefined> {
  const record = { ...won, ended: [...won.ended, ...lostRace(others)].slice(-MAX_ENDED) }
  if (!(await saveDashboard(session, winner.number, { ...place, record }, budgetMs))) return
  for (const { issue, record: loser, docsPullRequest } of others) {
    const pull = parsePullRequestLink(docsPullRequest)
    const close = async (octokit: GitHubClient) => {
      const note = `> This record was replaced by #${winner.number}, the branch's record now: its job (<code>${safeHtml(loser.job)}</code>) is no longer followed up, and the commits it was told will be told to the branch's job.${pull ? ` Its docs pull request, ${pullLink(pull)}, is closed where the token can reach it.` : ''}`
      const update = { ...session.repo, issue_number: issue.number, state: 'closed' as const }
      await octokit.rest.issues.update({ ...update, body: `${note}\n` })
      core.info(
        `Closed the dashboard issue #${issue.number}, an older record of ${safeLine(loser.branch, 100)}: #${winner.number} is the branch's record.`
      )
    }
    const what = `close the older dashboard issue #${issue.number} in`
    await session.bestEffort(budgetMs, close, couldNot(what, session), ISSUES_HINT)
    const docs = docsOf(docsPullRequest)
    if (!pull || !docs) continue
    const comment = `The docs job that opened this pull request lost a race to another run of the same workflow on <code>${safeHtml(loser.branch, 100)}</code>: its commits are told to the branch's job (see ${safeHtml(session.repository, 200)}#${winner.number}), which opens or updates its own docs pull request.`
    const end = await readDocsPrEnd(docs, pull.link, false, budgetMs)
    if (end?.state === 'open')
      await writeDocsPrEnd(docs, pull.link, ['comment', 'close'], comment, budgetMs)
  }
  return record
}
