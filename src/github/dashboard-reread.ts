// The dashboard read again just before a run writes it: the record another run may have written
// since this run listed the dashboards, believed as the listing believes it.

import * as core from '@actions/core'
import { safeLine } from '../common/safe-text.js'
import type { BranchRecord } from './branch-record.js'
import { describeGitHubError } from './client.js'
import { pickDashboards, type DashboardKey } from './dashboard.js'
import type { GitHubSession } from './session.js'

/**
 * The record in issue `number` now, believed as the listing believes it (the identity's issue,
 * open, this key's record); undefined when GitHub does not show one. One call; never throws.
 */
export async function readDashboard(
  session: GitHubSession,
  number: number,
  key: Omit<DashboardKey, 'identity'>,
  budgetMs: number
): Promise<BranchRecord | undefined> {
  try {
    const identity = await session.identity(budgetMs)
    const { rest } = await session.client(budgetMs, false)
    const { data } = await rest.issues.get({ ...session.repo, issue_number: number })
    const [mine] = pickDashboards([data], { ...key, identity })
    return mine?.record
  } catch (error) {
    // Not read: the run writes its own record as it stands.
    const why = safeLine(describeGitHubError(error), 300)
    core.info(`dashboard: could not read the dashboard issue #${number} again (${why}).`)
    return undefined
  }
}
