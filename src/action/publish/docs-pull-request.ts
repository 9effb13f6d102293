// The job's docs pull request on GitHub: read it, hand it to its reviewers and labels once,
// and write the back-link that commands given on it use to find the job. Never throws.

import * as core from '@actions/core'
import type { AgentJob } from '../../agent/job.js'
import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeLine } from '../../common/safe-text.js'
import { writeBackLink } from '../../github/docs-back-link.js'
import { followDocsPullRequest, type DocsPullRequest } from '../../github/docs-pull-request.js'
import { onSameServer, sameRepository } from '../../github/workflow-run.js'
import type { HandOff } from '../plan/hand-off.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'

export async function readAndHandOff(
  ctx: RunContext,
  job: AgentJob | undefined,
  handOff: HandOff
): Promise<{ pr?: DocsPullRequest; handedOff: boolean }> {
  const { settings, event } = ctx
  const docs = parsePullRequestLink(job?.prLink)
  if (!job?.prLink) return { handedOff: false }
  // Read whenever a token may reach it: when nothing was asked of a docs repository
  // elsewhere (public, say) and only the workflow's token reads it, a refusal is a debug line.
  const asked = ctx.docs || handOff.reviewers.length > 0 || settings.docsPrLabels.length > 0
  const justTrying = !asked && (!docs || !sameRepository(docs.repository, event.run.repository))
  if (justTrying && !ctx.github) return { handedOff: false }
  const follow = {
    link: job.prLink,
    reviewers: handOff.reviewers,
    labels: settings.docsPrLabels,
    alreadyHandedOff: handOff.already,
    justTrying
  }
  const session = docsSession(ctx, job.prLink, 'read')
  return followDocsPullRequest(session, event.run, follow, ctx.left(BUDGETS.docsPullRequest))
}

/** The back-link commands on the docs pull request use: 'done' when there or unwritable, 'retry' else. */
export async function linkDocsPullRequest(
  ctx: RunContext,
  job: AgentJob | undefined,
  readable: boolean
): Promise<'done' | 'retry' | 'skipped'> {
  const { run } = ctx.event
  const docs = parsePullRequestLink(job?.prLink)
  if (!ctx.settings.prComment || !job?.prLink || !docs) return 'skipped'
  const link = safeLine(job.prLink)
  if (!onSameServer(job.prLink, run)) {
    core.info(`Docs pull request ${link} is not on ${safeLine(run.serverUrl)}; no back-link.`)
    return 'done'
  }
  const session = docsSession(ctx, job.prLink, 'write')
  if (!session && !sameRepository(docs.repository, run.repository)) {
    // Only commands on the docs pull request need the link: a debug line, not a lesson
    // on every push run that never asked for them.
    core.debug(
      `docs back-link: docs pull request ${link} is in another repository and docs-token is empty, so it gets no link to its job and commands given on it cannot find the job. Set docs-token to a token with pull-requests: write there.`
    )
    return 'done'
  }
  // A token that cannot read the docs pull request cannot comment on it; one that can read
  // it here can write too (docs-token, or github-token in this repository).
  if (!readable || !session) return 'retry'
  const owner = { jobId: job.id, projectId: ctx.settings.projectId }
  return (await writeBackLink(session, run, owner, docs, BUDGETS.backLink)) ? 'done' : 'retry'
}
