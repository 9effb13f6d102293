// The reads a plan's facts share: a recorded job (found, gone or unread), and whether a docs pull
// request was merged or closed.

import { isNotFound } from '../../agent/http-errors.js'
import { readPullRequestState } from '../../github/pr-thread.js'
import { BUDGETS, docsSession, type RunContext } from '../shell/context.js'
import type { RecordedJob } from './plan.js'

export type JobReader = Pick<RunContext['calls'], 'read'>

/** Whether a docs pull request was merged or closed, through the docs token. */
export function docsStateOf(
  ctx: RunContext,
  link: string
): Promise<'open' | 'merged' | 'closed' | undefined> {
  const session = docsSession(ctx, link, 'read')
  return readPullRequestState(session, link, ctx.left(BUDGETS.docsPullRequestState))
}

/**
 * A job, found or gone (the service answered 404). Other errors throw. With `ctx`, a completed
 * job's docs pull request is read too.
 */
export async function lookUp(
  calls: JobReader | undefined,
  jobId: string,
  ctx?: RunContext
): Promise<RecordedJob> {
  if (!calls) {
    return { kind: 'unread' }
  }
  const job = await calls.read(jobId).catch((error: unknown) => {
    if (isNotFound(error)) {
      return undefined
    }
    throw error
  })
  if (!job) {
    return { kind: 'gone' }
  }
  const link = job.status === 'completed' ? job.prLink : null
  if (!ctx || !link) {
    return { kind: 'found', job, docsPullRequest: undefined }
  }
  return { kind: 'found', job, docsPullRequest: await docsStateOf(ctx, link) }
}
