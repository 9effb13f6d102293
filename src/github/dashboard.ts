// The dashboard issue: one open issue per project, branch and key, written with the run's
// token and labelled `docs-agent`; the branch's ledger (branch-record.ts), then a page for people
// (dashboard-page.ts).

import * as core from '@actions/core'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { safeHtml, safeLine } from '../common/safe-text.js'
import { StateUnknownError } from '../common/run-errors.js'
import { describeGitHubError, gitHubAnswerStatus, gitHubFailure, walkPages } from './client.js'
import type { GitHubClient } from './client.js'
import { lostRace, MAX_ENDED, parseBranchRecords, type BranchRecord } from './branch-record.js'
import { pullLink, renderDashboard, type DashboardView, type Place } from './dashboard-page.js'
import { readDocsPrEnd, writeDocsPrEnd } from './docs-pr-writes.js'
import { positive } from './marker.js'
import type { GitHubSession } from './session.js'
import { asObject, text } from './workflow-run.js'
import type { Author, Claim } from './writers.js'

/** `unlabelled`: listed without the label (a person removed it); the next write puts it back. */
export type FoundDashboard = {
  issue: { number: number }
  record: BranchRecord
  unlabelled?: true
}
/**
 * Which records a run keeps, and the login whose issues are believed (undefined while it cannot
 * be told: learned from the issues, writers.ts).
 */
export type DashboardKey = { projectId: string; branch: string; key: string; identity?: string }

export { commitsUrl, renderDashboard, type DashboardView } from './dashboard-page.js'

/** The label people find the dashboards by; the action finds them by author and marker. */
export const DASHBOARD_LABEL = 'docs-agent'

const ISSUES_HINT =
  'The dashboard issue needs `permissions: issues: write` for the job ' +
  '(and issues turned on in the repository).'

/**
 * Whether an issue as GitHub lists it has the label (names, or label objects; GitHub matches
 * label names whatever their case).
 */
export function hasLabel(issue: unknown, name = DASHBOARD_LABEL): boolean {
  const labels = asObject(issue)?.labels
  if (!Array.isArray(labels)) {
    return false
  }
  const named = (label: unknown) =>
    typeof label === 'string' ? label : text(asObject(label)?.name)
  return labels.some((label) => named(label)?.toLowerCase() === name.toLowerCase())
}

/** This key's open dashboards by its identity, newest first. */
export function pickDashboards(issues: readonly unknown[], key: DashboardKey): FoundDashboard[] {
  const found: FoundDashboard[] = []
  for (const issue of issues.map(asObject)) {
    const number = positive(issue?.number)
    if (!issue || !number || issue.pull_request !== undefined || issue.state !== 'open') {
      continue
    }
    if (key.identity === undefined || text(asObject(issue.user)?.login) !== key.identity) {
      continue
    }
    const mine = parseBranchRecords(text(issue.body)).find(
      (found) => found.projectId === key.projectId && found.branch === key.branch
    )
    if (!mine || mine.key !== key.key) {
      continue
    }
    const dashboard: FoundDashboard = { issue: { number }, record: mine }
    if (!hasLabel(issue)) {
      dashboard.unlabelled = true
    }
    found.push(dashboard)
  }
  return found.sort((a, b) => b.issue.number - a.issue.number)
}

/** This key's records, anyone's, as claims (writers.ts): whose, when GitHub would not say. */
const keyClaims = (issues: readonly unknown[], key: DashboardKey): Claim[] =>
  issues.flatMap((issue) => {
    const user = asObject(asObject(issue)?.user)
    const [mine] = pickDashboards([issue], { ...key, identity: text(user?.login) })
    return mine ? [{ user, by: mine.record.by, where: `issue #${mine.issue.number}` }] : []
  })

/** The warning (`%s`: why) when GitHub did not take a call about the repository's issues. */
const couldNot = (what: string, session: GitHubSession, so = ''): string =>
  `dashboard: could not ${what} ${safeLine(session.repository, 200)} (%s)${so}.`

/** The most pages of the token's open issues read (100 a page); past that is unknown. */
export const MAX_ISSUE_PAGES = 50

/**
 * From every open issue the identity wrote, labelled or not; no answer throws StateUnknownError,
 * a refusal is `denied` (with one warning).
 */
export async function findDashboards(
  session: GitHubSession,
  key: DashboardKey,
  budgetMs: number
): Promise<{ winner?: FoundDashboard; others: FoundDashboard[]; denied?: true }> {
  const where = `the dashboard issues of ${safeLine(session.repository, 200)}`
  const list = async (octokit: GitHubClient) => {
    // Whose issues: the identity's, or while it cannot be told, all open ones.
    const creator = key.identity === undefined ? {} : { creator: key.identity }
    const params = { ...session.repo, ...creator, state: 'open' as const, per_page: 100 }
    const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, params)
    const issues: unknown[] = []
    const keepAll = (page: unknown[]) => {
      issues.push(...page)
      return false
    }
    const readToTheEnd = await walkPages(pages, MAX_ISSUE_PAGES, keepAll)
    if (readToTheEnd) {
      return issues
    }
    const by = key.identity === undefined ? '' : ` by ${safeLine(key.identity, 100)}`
    const many = `more than ${MAX_ISSUE_PAGES * 100} open issues${by}`
    throw new StateUnknownError(where, many)
  }
  const so = ", so the branch's docs job is not recorded and this run works on its own"
  const failed = couldNot('read the issues of', session, so)
  const issues = await session.bestEffort(budgetMs, list, failed, ISSUES_HINT, where)
  if (!issues) {
    return { others: [], denied: true }
  }
  const identity = key.identity ?? (await session.believed(keyClaims(issues, key), budgetMs))
  // The others: older records of the same key, to retire.
  const [winner, ...others] = pickDashboards(issues, { ...key, identity })
  return { winner, others }
}

/**
 * Puts the label back on issue `number`; best effort (the next run's listing shows it missing
 * again): whether it is back.
 */
async function labelAgain(session: GitHubSession, { rest }: GitHubClient, number: number) {
  const labels = [DASHBOARD_LABEL]
  try {
    await rest.issues.addLabels({ ...session.repo, issue_number: number, labels })
    core.info(`Put the ${DASHBOARD_LABEL} label back on the dashboard issue #${number}.`)
    return true
  } catch (error) {
    const why = safeLine(describeGitHubError(error), 300)
    core.info(
      `dashboard: could not put the ${DASHBOARD_LABEL} label back on the dashboard issue ` +
        `#${number} (${why}); the next run tries again.`
    )
    return false
  }
}

/**
 * Opens the dashboard with `view`'s body, or rewrites issue `number`'s (one call, and one more to
 * put the label back when the run's listing showed it missing): the issue's number, undefined
 * when GitHub did not take it (one warning); `denied` when GitHub refused it.
 */
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
  // The issue this call opened: kept when the write naming its author fails after it (an App's
  // token), so that the run's later writes go to it rather than open another.
  let opened: number | undefined
  const by = session.writer()
  const render = (writer: string) =>
    renderDashboard({ ...view, record: { ...view.record, by: writer } })
  const save = async (octokit: GitHubClient): Promise<number | undefined> => {
    const { rest } = octokit
    const body = render(by)
    const named = ({ number: issue_number, user }: { number: number; user: Author }) =>
      session.named(user, by, (as) =>
        rest.issues.update({ ...session.repo, issue_number, body: render(as) })
      )
    try {
      if (number !== undefined) {
        const { data } = await rest.issues.update({ ...session.repo, issue_number: number, body })
        await named(data)
        if (relabel) {
          said.relabelled = await labelAgain(session, octokit, data.number)
        }
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
    opened = data.number
    await named(data)
    return data.number
  }
  const what =
    number === undefined ? 'open the dashboard issue' : `update the dashboard issue #${number}`
  const saved = await session.bestEffort(
    budgetMs,
    save,
    couldNot(`${what} in`, session),
    ISSUES_HINT
  )
  const written = saved ?? opened
  const answer: { number?: number; denied?: true; relabelled?: true } = {}
  if (written === undefined) {
    session.writeFailed()
  } else {
    answer.number = written
  }
  if (said.denied) {
    answer.denied = true
  }
  if (said.relabelled) {
    answer.relabelled = true
  }
  return answer
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

/**
 * Older records of the same key (two first runs at once, or one reopened) are absorbed at once
 * (the winner lists their jobs as ended), then closed with their docs pull requests (through
 * `docs`) once the winner is written: a run that fails later loses nothing. Like every write of
 * the dashboard, it puts back the label a person took off the winner. The winner's record as
 * written and whether the label is back, or undefined when GitHub did not take it.
 */
export async function settleRace(
  session: GitHubSession,
  { issue: winner, record: won, unlabelled, ...place }: FoundDashboard & Place,
  others: ReadonlyArray<FoundDashboard & { docsPullRequest?: string }>,
  budgetMs: number,
  docsOf: (link?: string) => GitHubSession | undefined
): Promise<{ record: BranchRecord; relabelled: boolean } | undefined> {
  const record = { ...won, ended: [...won.ended, ...lostRace(others)].slice(-MAX_ENDED) }
  const view = { ...place, record }
  const written = await writeDashboard(session, winner.number, view, budgetMs, unlabelled)
  if (written.number === undefined) {
    return
  }
  for (const { issue, record: loser, docsPullRequest } of others) {
    const pull = parsePullRequestLink(docsPullRequest)
    const close = async (octokit: GitHubClient) => {
      const job = `<code>${safeHtml(loser.job)}</code>`
      const docsClosed = pull
        ? ` Its docs pull request, ${pullLink(pull)}, is closed where the token can reach it.`
        : ''
      const note =
        `> This record was replaced by #${winner.number}, the branch's record now: ` +
        `its job (${job}) is no longer followed up, ` +
        `and the commits it was told will be told to the branch's job.${docsClosed}`
      const update = { ...session.repo, issue_number: issue.number, state: 'closed' as const }
      await octokit.rest.issues.update({ ...update, body: `${note}\n` })
      const older = safeLine(loser.branch, 100)
      core.info(
        `Closed the dashboard issue #${issue.number}, an older record of ${older}: ` +
          `#${winner.number} is the branch's record.`
      )
    }
    const what = `close the older dashboard issue #${issue.number} in`
    await session.bestEffort(budgetMs, close, couldNot(what, session), ISSUES_HINT)
    const docs = docsOf(docsPullRequest)
    if (!pull || !docs) {
      continue
    }
    const branch = `<code>${safeHtml(loser.branch, 100)}</code>`
    const current = `${safeHtml(session.repository, 200)}#${winner.number}`
    const comment =
      'The docs job that opened this pull request lost a race to another run of the same ' +
      `workflow on ${branch}: its commits are told to the branch's job (see ${current}), ` +
      'which opens or updates its own docs pull request.'
    const end = await readDocsPrEnd(docs, pull.link, false, budgetMs)
    if (end?.state === 'open') {
      await writeDocsPrEnd(docs, pull.link, ['comment', 'close'], comment, budgetMs)
    }
  }
  return { record, relabelled: written.relabelled === true }
}
