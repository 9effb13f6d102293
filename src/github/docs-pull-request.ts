// The docs pull request the job opened, as GitHub describes it (the service gives only a
// link): title, state, author, line counts and changed paths, read with the docs token.

import type { PullRequestRef } from '../common/pull-request-link.js'
import { walkPages, type GitHubClient } from './client.js'
import { splitRepository } from './plumbing.js'
import { record, text } from './workflow-run.js'

/** At most this many changed paths are read (three pages of the listing). */
const MAX_DOCS_FILES = 300

export interface GitHubAccount {
  login: string
  /** `User`, `Bot` or `Organization`. */
  type: string
}

export interface DocsPullRequest {
  repository: string
  number: number
  title: string
  state: string
  merged: boolean
  author?: GitHubAccount
  additions: number
  deletions: number
  /** As GitHub counts them; `files` holds at most MAX_DOCS_FILES of them. */
  changedFiles: number
  files: string[]
}

export function account(value: unknown): GitHubAccount | undefined {
  const user = record(value)
  const login = text(user?.login)
  return login ? { login, type: text(user?.type) ?? 'User' } : undefined
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0

export async function readDocsPullRequest(
  octokit: GitHubClient,
  ref: PullRequestRef
): Promise<DocsPullRequest> {
  const pull = { ...splitRepository(ref.repository), pull_number: ref.number }
  const pr = record((await octokit.rest.pulls.get(pull)).data) ?? {}
  const changedFiles = count(pr.changed_files)
  const files: string[] = []
  if (changedFiles > 0) {
    const pages = octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
      ...pull,
      per_page: 100
    })
    // Every page holds at least one file, so MAX_DOCS_FILES pages is a bound, never reached.
    await walkPages(pages, MAX_DOCS_FILES, (page) => {
      files.push(...page.map((file) => file.filename))
      return files.length >= MAX_DOCS_FILES
    })
    files.splice(MAX_DOCS_FILES)
  }
  const author = account(pr.user)
  return {
    repository: ref.repository,
    number: ref.number,
    title: text(pr.title) ?? '',
    state: text(pr.state) ?? 'unknown',
    merged: pr.merged === true,
    ...(author ? { author } : {}),
    additions: count(pr.additions),
    deletions: count(pr.deletions),
    changedFiles: Math.max(changedFiles, files.length),
    files
  }
}
