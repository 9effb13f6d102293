// The docs pull request the job opened, as GitHub describes it: title, state,
// author, line counts and changed paths. The service only gives a link; this reads
// the rest with the docs token, bounded in pages and time.

import type { PullRequestRef } from '../common/pull-request-link.js'
import { walkPages, type GitHubClient } from './client.js'
import { record, text } from './workflow-run.js'

/** At most this many changed paths are read (three pages of the listing). */
export const MAX_DOCS_FILES = 300

export interface GitHubAccount {
  login: string
  /** `User`, `Bot` or `Organization`, as GitHub says. */
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
  /** How many files the pull request changes, as GitHub counts them. */
  changedFiles: number
  /** The changed paths read, at most MAX_DOCS_FILES. */
  files: string[]
}

/** A GitHub account from an API or payload object, or undefined. */
export function account(value: unknown): GitHubAccount | undefined {
  const user = record(value)
  const login = text(user?.login)
  return login ? { login, type: text(user?.type) ?? 'User' } : undefined
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0
}

/** Reads the pull request and up to `maxFiles` of its changed paths. */
export async function readDocsPullRequest(
  octokit: GitHubClient,
  ref: PullRequestRef,
  maxFiles: number = MAX_DOCS_FILES
): Promise<DocsPullRequest> {
  const [owner = '', repo = ''] = ref.repository.split('/')
  const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: ref.number })
  const pr = record(data) ?? {}
  const changedFiles = count(pr.changed_files)
  const files: string[] = []
  if (changedFiles > 0 && maxFiles > 0) {
    const pages = octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: ref.number,
      per_page: 100
    })
    // Every page holds at least one file, so maxFiles pages is a bound, never reached.
    await walkPages(pages, maxFiles, (page) => {
      for (const file of page) if (files.length < maxFiles) files.push(file.filename)
      return files.length >= maxFiles
    })
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
