// The end run: the flow of a run for a code pull request that closed or reopened. Its docs pull
// request follows, nothing is sent to the agent (no credit); every write is best effort, a
// denial one warning.

import * as core from '@actions/core'
import { RetryWouldOutlastTimeoutError } from '../agent/http-errors.js'
import { isTerminal, type AgentJob } from '../agent/job.js'
import { formatDuration } from '../common/duration.js'
import { parsePullRequestLink } from '../common/pull-request-link.js'
import { DeadlineError, messageOf, NEXT_RUN } from '../common/run-errors.js'
import { safeLine, safeMarkdown } from '../common/safe-text.js'
import { KEPT_LABEL, readDocsPrEnd, writeDocsPrEnd } from '../github/docs-pr-writes.js'
import { followDocsPullRequest, type DocsPullRequest } from '../github/docs-pull-request.js'
import { readBackLinks } from '../github/back-links.js'
import { ACTION_TITLE } from '../github/check-run.js'
import type { GitHubSession } from '../github/session.js'
import type { DocsPrAction, EndEvent, EndStep } from '../github/pr-record.js'
import { PullRequestThread, readPullRequestState } from '../github/pr-thread.js'
import { cleanLabel } from '../github/untrusted-text.js'
import { pullRequestOf, asObject, recordedRunId, text } from '../github/workflow-run.js'
import { isAgentAccount } from '../github/agent-work.js'
import { JobOwner } from './execute/job-owner.js'
import {
  announceToRunner,
  linkOutputs,
  renderComment,
  setOutputs,
  writeSummary
} from './publish/summary.js'
import { BUDGETS, docsSession, type RunContext } from './shell/context.js'
import type { RunEvent } from './shell/event.js'
import {
  AGENTS_OWN,
  byHand,
  decideEnd,
  docsLinkFor,
  handOffOf,
  WORKING_WHY,
  type EndFacts,
  type EndPlan
} from './plan/docs-fate.js'
import { agentOpened } from './plan/apart.js'

export function pullRequestEnd(event: RunEvent): EndEvent | undefined {
  const { eventName, payload } = event.run
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') {
    return undefined
  }
  if (payload.action === 'reopened') {
    return 'reopened'
  }
  if (payload.action !== 'closed') {
    return undefined
  }
  return asObject(payload.pull_request)?.merged === true ? 'merged' : 'closed'
}

/** What the run did to the docs pull request, and `skipped` on an end run: true when nothing. */
function did(ctx: RunContext, action: DocsPrAction): void {
  const skipped = ctx.event.commandEvent ? {} : { skipped: String(action === 'none') }
  setOutputs(ctx.host, { 'docs-pr-action': action, ...skipped })
}

function nothing(ctx: RunContext, line: string): void {
  core.info(safeLine(line, 1000))
  did(ctx, 'none')
}

// The job is read once: the client's own retries only within this much (never the step's whole
// timeout); a still-working job is then waited for only on an unmerged close.
const JOB_READ = { budgetMs: 10_000, backoff: { baseMs: 1_000, maxMs: 4_000 } }

/** The job as the service says now, read once; undefined after one warning. */
async function readJobOnce(ctx: RunContext, jobId: string): Promise<AgentJob | undefined> {
  const budgetMs = ctx.left(JOB_READ.budgetMs)
  return ctx.calls.readWithin(jobId, budgetMs, JOB_READ.backoff).catch((error: unknown) => {
    const last = error instanceof RetryWouldOutlastTimeoutError ? error.lastError : error
    const why =
      last instanceof DeadlineError
        ? `no answer within ${formatDuration(budgetMs)}`
        : messageOf(last)
    core.warning(safeLine(`Could not read job ${jobId} for its status: ${why}`, 1000))
    return undefined
  })
}

export async function endPullRequest(ctx: RunContext, endEvent: EndEvent): Promise<void> {
  const { settings } = ctx
  const { run, pullRequest } = ctx.event
  setOutputs(ctx.host, { created: 'false' })
  if (!settings.prComment || pullRequest === undefined) {
    const why = settings.prComment
      ? 'The event names no pull request'
      : 'pr-comment is false, so no docs job is recorded here'
    nothing(ctx, `${why}; nothing to do as the pull request ends.`)
    return
  }
  // The docs agent's own pull request has no docs job of its own, at any event.
  if (isAgentAccount(pullRequestOf(run.payload)?.user)) {
    nothing(ctx, `Pull request #${pullRequest} ${AGENTS_OWN}; nothing to do as it ends.`)
    return
  }
  let told = false
  try {
    const budgetMs = ctx.left(BUDGETS.pullRequestThread)
    const thread = await PullRequestThread.open(ctx.github, run, settings.projectId, budgetMs)
    // A late run, or a re-run after the pull request changed again, acts on what it is now.
    const code = `${run.serverUrl}/${run.repository}/pull/${pullRequest}`
    const budget = ctx.left(BUDGETS.docsPullRequestState)
    const now = thread?.record && (await readPullRequestState(ctx.github, code, budget, 'code'))
    // A reopen run finds it open, a close or merge run finds it closed; else it changed since.
    const outOfDate = now && (endEvent === 'reopened') !== (now === 'open')
    if (!thread?.record || outOfDate) {
      if (thread && !thread.record && !settings.dryRun) {
        await recordEndAlone(ctx, thread, endEvent)
      }
      if (now) {
        nothing(
          ctx,
          `Pull request #${pullRequest} is ${now} now, so this ${endEvent} run is out of date; ` +
            'the docs pull request is left as it is.'
        )
      } else {
        nothing(
          ctx,
          `Pull request #${pullRequest} has no docs job recorded for project ` +
            `${settings.projectId}; nothing to do as it ends.`
        )
      }
      return
    }
    const jobId = thread.record.job
    setOutputs(ctx.host, { 'job-id': jobId })
    const unread = settings.dryRun && settings.apiKey === ''
    let job = unread ? undefined : await readJobOnce(ctx, jobId)
    // Closed unmerged while the job works: its docs pull request is closed once it ends.
    if (job && !isTerminal(job.status) && endEvent === 'closed' && !settings.dryRun) {
      core.info(
        `Job ${safeLine(jobId)} is still working; ` +
          'waiting for it before closing its docs pull request.'
      )
      const owner = new JobOwner((id, how) => announceToRunner(ctx.host, id, how), ctx)
      await owner.watch(jobId, job)
      job = owner.reportedJob() ?? job
    }
    if (job) {
      setOutputs(ctx.host, { status: job.status })
    }
    const handOff = handOffOf(ctx, { job, record: thread.record })
    const facts: EndFacts = {
      event: endEvent,
      run: { runId: recordedRunId(run), runAttempt: run.runAttempt },
      record: thread.record,
      jobLink: handOff.ref?.link,
      onClose: settings.docsPrOnClose,
      handOffAsked: handOff.asked,
      jobWorking: job !== undefined && !isTerminal(job.status)
    }
    if (job?.createdAt) {
      facts.jobCreatedAt = job.createdAt
    }
    if (!job) {
      facts.jobUnread = unread ? 'dry-run' : 'failed'
    }
    const link = docsLinkFor(facts)
    setOutputs(ctx.host, linkOutputs(link))
    const docs = docsSession(ctx, link, 'write')
    if (link && !docs) {
      core.warning(
        `The docs pull request ${safeLine(link)} is in another repository or on another host ` +
          'and docs-token is empty, so it cannot follow its code pull request. ' +
          'Set docs-token to a token with pull-requests: write there.'
      )
    }
    const closing = endEvent === 'closed'
    const state = await readDocsPrEnd(docs, link, closing, ctx.left(BUDGETS.docsPullRequest))
    // Whether the agent opened it decides a close only: asked then, by the one judgement.
    const asked = closing && settings.docsPrOnClose === 'close' && state?.state === 'open'
    let byAgent = false
    if (asked && docs && link && job) {
      byAgent = await docsByAgent(ctx, docs, link, state.pr, job)
    }
    const plan = decideEnd(facts, link, state && { ...state, pr: state.pr, byAgent })
    const writeBudget = ctx.left(BUDGETS.docsPullRequest)
    const comment = docsNote(ctx.event, plan, facts, job?.status === 'active')
    const steps = settings.dryRun ? [] : plan.steps
    const written = await writeDocsPrEnd(docs, link, steps, comment, writeBudget)
    // The hand-off comes after the note (this run's, or an earlier attempt's), on the state read.
    const follow = { ...handOff, link, already: false, pr: state?.pr }
    const handOver = docs && !written.refused && steps.includes('hand-off')
    if (handOver) {
      const followed = await followDocsPullRequest(docs, run, follow, writeBudget)
      if (followed.handedOff) {
        written.done.push('hand-off')
      }
    }
    const { action, record } = plan.outcome(written.done)
    did(ctx, action)
    told = true
    let line: string
    if (settings.dryRun) {
      line = `Dry run: would ${wouldEnd(plan)} (${plan.why}).`
    } else {
      const hand = byHand(facts, plan, KEPT_LABEL)
      line = endLine(endEvent, plan, action, written.refused, hand)
    }
    core.info(safeLine(line, 1000))
    if (settings.dryRun) {
      core.info('Dry run: nothing was written to GitHub.')
    }
    // The job summary is the comment without its footer: it says nothing was sent.
    const ending = { conclusion: 'succeeded' as const, message: 'Nothing was sent to the agent.' }
    const said = { jobId, job, did: line, ending, docsLink: link }
    await writeSummary(ctx.host, renderComment(said, run, false))
    // A docs pull request not followed: the comment says what to do by hand, the record as it was.
    const kept = record ?? (plan.unfollowed ? thread.record : undefined)
    if (!kept || settings.dryRun) {
      return
    }
    await thread.save(kept, renderComment(said, run), ctx.last(BUDGETS.prComment))
  } catch (error) {
    // A failure before the writes' outcome: nothing was done to the docs pull request.
    if (!told) {
      did(ctx, 'none')
    }
    // No later run comes for this end, so a re-run finishes it (only StateUnknownError says NEXT_RUN).
    const rerun =
      'Nothing was written either: re-run this workflow run to follow the docs pull request.'
    core.setFailed(safeLine(messageOf(error).replace(NEXT_RUN, rerun), 2000))
  }
}

/**
 * With no job recorded, the end alone: a run of the pull request that starts late (no shared
 * concurrency group) then sends nothing, and a reopen lifts it. Never written over a later run's.
 */
async function recordEndAlone(ctx: RunContext, thread: PullRequestThread, event: EndEvent) {
  const { run } = ctx.event
  const runId = recordedRunId(run)
  const earlier = thread.ended
  // A job's docs pull request (back-linked) never gets a job of its own: nothing to guard.
  if (thread.backLinks.length > 0) {
    return
  }
  if (earlier && BigInt(earlier.run) > BigInt(runId)) {
    return
  }
  // A reopen only lifts an end that closed it.
  if (event === 'reopened' && earlier?.event !== 'closed') {
    return
  }
  const end = { event, run: runId, attempt: run.runAttempt, did: 'none' as const, done: [] }
  let said: string
  if (event === 'reopened') {
    said = `Pull request #${thread.number} was reopened: its next run starts its docs job.`
  } else {
    const how = event === 'merged' ? 'was merged' : 'was closed'
    said =
      `Pull request #${thread.number} ${how} before a docs job was recorded for it, ` +
      'so a run of it that starts late sends nothing to the agent.'
  }
  const body = `### ${ACTION_TITLE}\n\n${said}\n`
  await thread.saveEnd(ctx.settings.projectId, end, body, ctx.last(BUDGETS.prComment))
}

/**
 * Whether the docs agent opened the docs pull request at `link`: its account, or a back-link
 * there to this job, proven by the job as read (no second read of the service).
 */
async function docsByAgent(
  ctx: RunContext,
  docs: GitHubSession,
  link: string,
  pr: Pick<DocsPullRequest, 'author' | 'createdAt'>,
  job: AgentJob
): Promise<boolean> {
  const ref = parsePullRequestLink(link)
  if (!ref) {
    return false
  }
  const { projectId } = ctx.settings
  const thisJob = { read: () => Promise.resolve(job) }
  const links = async () => {
    const found = await readBackLinks(docs, ref, projectId, ctx.left(BUDGETS.docsPullRequest))
    return found.filter((backLink) => backLink.job === job.id)
  }
  return agentOpened(thisJob, pr.author, links, link, pr.createdAt)
}

/** The comment on the docs pull request; the merger and the commit never a mention or a command. */
function docsNote(event: RunEvent, plan: EndPlan, facts: EndFacts, jobWorking: boolean): string {
  const { run, pullRequest } = event
  const payload = asObject(run.payload.pull_request)
  const sha = text(payload?.merge_commit_sha)
  const by = text(asObject(payload?.merged_by)?.login)
  // Only a commit id that looks like one is quoted.
  const shaLike = sha !== undefined && /^[0-9a-f]{7,64}$/.test(sha)
  const commit = shaLike ? ` as commit \`${sha.slice(0, 7)}\`` : ''
  const merger = by ? ` by ${safeMarkdown(cleanLabel(by, 40))}` : ''
  const name = safeMarkdown(`${run.repository}#${pullRequest}`)
  const url = encodeURI(`${run.serverUrl}/${run.repository}/pull/${pullRequest}`)
  const pr = `The code pull request [${name}](${url})`
  const closed = `${pr} was closed without merging.`
  const merged = `${pr} was merged${commit}${merger}: the code this pull request documents is in`
  const why = safeMarkdown(plan.why, 300)
  const mergedNote = jobWorking
    ? `${merged}. Its docs job is still working on this pull request: ` +
      "review and merge it once the agent's last commit is in."
    : `${merged}, so it is ready to review and merge.`
  const keptNote =
    facts.onClose === 'keep'
      ? `${closed} This docs pull request stays open, as the workflow asks ` +
        `(\`docs-pr-on-close: keep\`), labelled \`${KEPT_LABEL}\`: ` +
        'close it if its changes are no longer needed.'
      : `${closed} This docs pull request was left open because ${why}: ` +
        'close it by hand if its changes are no longer needed.'
  const eventNote = facts.event === 'merged' ? `${merged}.` : closed
  const notes: Record<DocsPrAction, string> = {
    'merged-note': mergedNote,
    noted: `${eventNote} ${why}, so it is left as it is.`,
    closed:
      `${closed} This docs pull request documents code that will not ship, so it is closed too; ` +
      'if the code pull request is reopened, it is reopened as well.',
    kept: keptNote,
    reopened:
      `${pr} was reopened, so this docs pull request is reopened too; ` +
      'the next push there updates it.',
    unkept:
      `${pr} was reopened, so the label \`${KEPT_LABEL}\` is removed; ` +
      'the next push there updates this docs pull request.',
    none: ''
  }
  return notes[plan.action]
}

/** What a dry run would do to the docs pull request, naming it. */
function wouldEnd(plan: EndPlan): string {
  const ref = parsePullRequestLink(plan.link)
  const name = ref ? `${ref.repository}#${ref.number}` : 'the docs pull request'
  const words: Record<EndStep, string> = {
    comment: `comment on ${name}`,
    close: `close ${name}`,
    reopen: `reopen ${name}`,
    label: `label ${name} ${KEPT_LABEL}`,
    unlabel: `remove the label ${KEPT_LABEL} from ${name}`,
    'hand-off': `hand ${name} to its reviewers`
  }
  if (plan.steps.length === 0) {
    return `do nothing to ${name}`
  }
  return plan.steps.map((step) => words[step]).join(', then ')
}

/**
 * One line for the log and the code pull request's comment: what the run did, and what is left to
 * do by hand after a refused write or when the docs pull request could not be followed (`hand`).
 */
function endLine(
  event: EndEvent,
  plan: EndPlan,
  action: DocsPrAction,
  refused: string | undefined,
  hand: string | undefined
): string {
  const ref = parsePullRequestLink(plan.link)
  const docs = `its docs pull request${ref ? ` ${ref.repository}#${ref.number}` : ''}`
  const how = event === 'closed' ? 'closed without merging' : event
  const head = `The pull request was ${how}:`
  const byHand = leftByHand(plan, docs, refused, hand)
  // Planned but not done: GitHub refused the main write, and byHand says what to do.
  if (action === 'none' && plan.action !== 'none') {
    return `${head}${byHand}`
  }
  const alreadyWas = plan.why.replace(/^the docs pull request is already /, '')
  const next = 'the next push follows up the same job'
  const did: Record<DocsPrAction, string> = {
    'merged-note': `told ${docs} that it is ready to merge`,
    noted: `told ${docs}, which was already ${alreadyWas}, and left it as it is`,
    closed: `closed ${docs}; reopening this pull request reopens it`,
    kept: `left ${docs} open, with a comment (${plan.why})`,
    reopened: `reopened ${docs}; ${next}`,
    unkept: `removed the label ${KEPT_LABEL} from ${docs}; ${next}`,
    none: `nothing was done to ${docs} (${plan.why})`
  }
  return `${head} ${did[plan.action]}.${byHand}`
}

/** What endLine adds for a person to do, with its leading space; empty when nothing is left. */
function leftByHand(
  plan: EndPlan,
  docs: string,
  refused: string | undefined,
  hand: string | undefined
): string {
  if (refused) {
    return ` GitHub refused a write, so ${refused} by hand.`
  }
  if (plan.why === WORKING_WHY) {
    return (
      ` Its docs job is still working: once it ends, re-run this workflow run to close ${docs}, ` +
      'or close it by hand.'
    )
  }
  return hand ? ` ${hand}` : ''
}
