// Which of a branch's new commits its job is not told: the docs agent's own work (its docs pull
// requests, its direct pushes), and changes whose code pull request has its own docs job in this
// project with a docs pull request that is open or merged (documented there, once).

import * as core from '@actions/core'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import {
  isAgentAccount,
  setApart,
  type ApartCommit,
  type SourceVerdict
} from '../../github/agent-work.js'
import type { BranchRecord } from '../../github/branch-record.js'
import type { CoveredCommit } from '../../github/branch-commits.js'
import type { BackLink, ThreadMarks } from '../../github/back-links.js'
import type { PullRequestRecord } from '../../github/pr-record.js'
import { readSourceMarks } from '../../github/source-records.js'
import { plural, type SourcePullRequest } from '../../github/source-pulls.js'
import type { GitHubSession } from '../../github/session.js'
import { sameRepository } from '../../github/workflow-run.js'
import type { RunContext } from '../shell/context.js'
import { docsStateOf, lookUp, type JobReader } from './reads.js'
import { apartWords } from './words.js'

/** The commits of `commits` set apart; unknown throws StateUnknownError (nothing is sent). */
export async function commitsApart(
  ctx: RunContext,
  calls: JobReader | undefined,
  session: GitHubSession,
  record: BranchRecord | undefined,
  commits: readonly CoveredCommit[],
  pulls: readonly SourcePullRequest[],
  budgetMs: number
): Promise<ApartCommit[]> {
  const { run } = ctx.event
  const linkOf = (number: number) => `${run.serverUrl}/${run.repository}/pull/${number}`
  // The branch's own job's docs pull request, merged into the branch: the agent's.
  const ownDocs = new Set([record?.docs, record?.handedOff].filter((link) => link !== undefined))
  const verdicts = new Map<number, SourceVerdict>()
  for (const pull of pulls) {
    if (pull.byAgent) {
      verdicts.set(pull.number, { kind: 'agent', why: 'opened by the agent' })
    } else if (ownDocs.has(linkOf(pull.number))) {
      verdicts.set(pull.number, { kind: 'agent', why: "the branch's docs pull request" })
    }
  }
  const unread = pulls.filter((pull) => !verdicts.has(pull.number)).map((pull) => pull.number)
  const { projectId } = ctx.settings
  const marks = await readSourceMarks(session, unread, projectId, budgetMs)
  for (const number of unread) {
    const found = marks?.get(number)
    if (found) {
      verdicts.set(number, await verdictOf(ctx, calls, found, linkOf(number)))
    }
  }
  const apart = setApart(commits, pulls, verdicts)
  if (apart.length > 0) {
    const count = plural(apart.length, 'commit')
    const said = `${count} not told to the branch's job: ${apartWords(apart)}.`
    core.info(safeLine(said, 2000))
  }
  return apart
}

/**
 * A source pull request: the agent's (a back-link to a job that opened it), documented with its
 * own job (its docs pull request open or merged, or on its way), or to tell.
 */
async function verdictOf(
  ctx: RunContext,
  calls: JobReader | undefined,
  { record, backLinks }: ThreadMarks,
  link: string
): Promise<SourceVerdict> {
  if (await openedByJob(calls, backLinks, link)) {
    return { kind: 'agent', why: 'a back-link' }
  }
  if (!record) {
    return { kind: 'tell' }
  }
  return documented(ctx, calls, record)
}

/**
 * Whether the docs agent opened pull request `link` (created at `openedAt`, when known): its
 * `author` is the agent's account, or a back-link's job opened it (openedByJob). The one judgement
 * of "the agent's pull request": a run's own, and a docs pull request at its end.
 */
export async function agentOpened(
  calls: JobReader | undefined,
  author: unknown,
  links: () => Promise<readonly BackLink[]>,
  link: string,
  openedAt?: string
): Promise<boolean> {
  if (isAgentAccount(author)) {
    return true
  }
  // The back-links are read only when the author does not settle it.
  return openedByJob(calls, await links(), link, openedAt)
}

/**
 * Whether a back-link's job opened `link`, proven by the job: it names `link`, and it was created
 * before `link` was opened. A back-link is only a claim anyone can paste (the workflow's shared
 * account too); the action's own account's back-link is believed only when the service cannot say.
 */
export async function openedByJob(
  calls: JobReader | undefined,
  links: readonly BackLink[],
  link: string,
  openedAt?: string
) {
  for (const { job, trusted } of links) {
    const recorded = await lookUp(calls, job).catch((error: unknown) => {
      if (trusted) {
        return { kind: 'unread' as const }
      }
      throw error
    })
    if (recorded.kind === 'unread' && trusted) {
      return true
    }
    if (recorded.kind === 'found' && jobOpened(recorded.job, link, openedAt)) {
      return true
    }
  }
  return false
}

/** The job names `link` as its pull request, and existed before `link` was opened (`openedAt`). */
function jobOpened(job: AgentJob, link: string, openedAt?: string): boolean {
  const opened = parsePullRequestLink(job.prLink)
  const asked = parsePullRequestLink(link)
  if (!opened || !asked || opened.number !== asked.number) {
    return false
  }
  if (!sameRepository(opened.repository, asked.repository)) {
    return false
  }
  // An unknown time parses as NaN, and never counts against the job.
  const openedBeforeJob = Date.parse(openedAt ?? '') < Date.parse(job.createdAt ?? '')
  return !openedBeforeJob
}

async function documented(
  ctx: RunContext,
  calls: JobReader | undefined,
  record: PullRequestRecord
): Promise<SourceVerdict> {
  const recorded = await lookUp(calls, record.job)
  const job = recorded.kind === 'found' ? recorded.job : undefined
  // Read now whatever the record says: a person may have closed it since the merged run.
  const link = job?.prLink ?? record.handedOff ?? record.end?.docs
  // A job still working opens or updates its docs pull request; until it has, a later run checks.
  if (!link) {
    const working = job !== undefined && !isTerminal(job.status)
    return working ? { kind: 'documented', recheck: true } : { kind: 'tell' }
  }
  // A docs pull request the token cannot see is taken as open, as everywhere else, for now.
  const state = await docsStateOf(ctx, link)
  if (state === undefined) {
    return { kind: 'documented', docs: link, recheck: true }
  }
  if (state === 'closed') {
    return { kind: 'tell' }
  }
  return { kind: 'documented', docs: link }
}
