// The docs marks of the pull requests a branch's commits came from (pr-thread.ts reads them):
// whether each has its own docs job in this project, or is the docs pull request of one.

import { allPages, type GitHubClient } from './client.js'
import { listComments, threadClaims, threadMarks, type ThreadMarks } from './back-links.js'
import type { GitHubSession } from './session.js'

/** 100 comments a page: the action writes its comment at the pull request's first run. */
const MAX_PAGES = 10

/**
 * The marks of each pull request in `numbers` (one listing each). A refusal is one warning and
 * undefined (the caller tells as before); no answer throws StateUnknownError.
 */
export async function readSourceMarks(
  session: GitHubSession,
  numbers: readonly number[],
  projectId: string,
  budgetMs: number
): Promise<Map<number, ThreadMarks> | undefined> {
  if (numbers.length === 0) {
    return new Map()
  }
  await session.identity(budgetMs)
  const read = async (octokit: GitHubClient) => {
    const marks = new Map<number, ThreadMarks>()
    for (const number of numbers) {
      const ref = { repository: session.repository, number }
      const comments = await allPages(listComments(octokit, ref), MAX_PAGES)
      // The identity, or learned from the records here (when GitHub would not say whose).
      const identity = await session.believed(threadClaims(comments, projectId), budgetMs)
      marks.set(number, threadMarks(comments, projectId, identity ?? ''))
    }
    return marks
  }
  return session.bestEffort(
    budgetMs,
    read,
    'Could not read the comments of the pull requests the commits came from (%s), ' +
      'so a change documented with its own pull request may be told again.',
    'Reading them needs `permissions: pull-requests: read` for the job.',
    'the docs records of the pull requests the commits came from'
  )
}
