// What every GitHub feature repeats: a repository's owner and name, GitHub's name
// patterns, and a best-effort call whose failure is one warning.

import * as core from '@actions/core'
import { describeGitHubError, permissionHint, walkPages } from './client.js'
import type { WorkflowRun } from './workflow-run.js'

/** A GitHub login as people and organisations have them (no `[bot]`). */
export const LOGIN_PART = '[A-Za-z0-9][A-Za-z0-9-]{0,38}'
export const LOGIN = new RegExp(`^${LOGIN_PART}$`)
/** A login, or an app's bot account (`name[bot]`). */
export const ACCOUNT = new RegExp(`^${LOGIN_PART}(?:\\[bot\\])?$`)
/** `owner/repo`, as a comment may name it and GitHub link it. */
export const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/

/** What a feature of the run needs to call GitHub: the token may be missing (then it says so). */
export interface RunAccess {
  run: WorkflowRun
  token?: string
  userAgent: string
  /** The run's cancellation. */
  signal?: AbortSignal
  /** How long the feature's calls may take in all. */
  budgetMs: number
}

/** `owner/repo` as REST parameters ('' for a missing part). */
export function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = repository.split('/')
  return { owner, repo }
}

/**
 * `call`'s answer; when it fails, undefined and one warning: `${failed} (why)${after}.`,
 * then `hint` when GitHub denied it. Never throws.
 */
export async function bestEffort<T>(
  call: () => Promise<T>,
  failed: string,
  hint: string,
  after = ''
): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    core.warning(`${failed} (${describeGitHubError(error)})${after}.${permissionHint(error, hint)}`)
    return undefined
  }
}

/** Every item of a paginated listing, reading at most `maxPages` pages. */
export async function allPages<T>(
  pages: AsyncIterable<{ data: T[] }>,
  maxPages: number
): Promise<T[]> {
  const items: T[] = []
  await walkPages(pages, maxPages, (page) => {
    items.push(...page)
    return false
  })
  return items
}
