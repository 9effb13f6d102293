// What every GitHub feature repeats: GitHub's name patterns, a repository's owner and
// name, every item of a paginated listing.

import { walkPages } from './client.js'

/** A GitHub login as people and organisations have them (no `[bot]`). */
export const LOGIN_PART = '[A-Za-z0-9][A-Za-z0-9-]{0,38}'
export const LOGIN = new RegExp(`^${LOGIN_PART}$`)
/** A login, or an app's bot account (`name[bot]`). */
export const ACCOUNT = new RegExp(`^${LOGIN_PART}(?:\\[bot\\])?$`)
/** `owner/repo`, as a comment may name it and GitHub link it. */
export const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/

/** `owner/repo` as REST parameters ('' for a missing part). */
export function splitRepository(repository: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = repository.split('/')
  return { owner, repo }
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
