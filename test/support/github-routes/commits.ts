// A repository's commit history: branches as lists of commits (oldest first), the
// commits of a branch (newest first, `since`, paged), a comparison of two commits as
// GitHub computes it (ahead, behind, diverged or identical; at most 250 commits,
// oldest first; 404 for a commit it does not know), and the pull requests a commit
// came from. A test pushes commits with `pushCommits`, or rewrites a branch. Kept
// between runs.
//
// Runs under Node 24 directly (erasable TypeScript only).

import { createHash } from 'node:crypto'
import { pullRequestWorld, seedPull } from './pull-requests.ts'
import { API_BASE, repositoryView, simpleUser, WEB_BASE } from './shapes.ts'
import { key, notFound, type GitHubState, type GitHubUser, type Route } from './types.ts'

export interface StoredCommit {
  sha: string
  message: string
  /** The GitHub account of the author; null when GitHub cannot match the email. */
  author: GitHubUser | null
  authorName: string
  date: string
  parent?: string
  /** The pull requests this commit came from. */
  pulls: number[]
}

export interface SeedCommit {
  sha?: string
  message: string
  /** The author's login (a Bot when it ends in `[bot]`); null for an unmatched email. */
  author?: string | null
  /** ISO time; now when left out. */
  date?: string
  /** The pull request it came from: seeded (merged) when the stand-in does not know it. */
  pull?: { number: number; title?: string; author?: string }
}

interface History {
  commits: Map<string, StoredCommit>
  /** Branch name → shas, oldest first. */
  branches: Map<string, string[]>
}

const worlds = new WeakMap<GitHubState, Map<string, History>>()

function history(state: GitHubState, repository: string): History {
  let world = worlds.get(state)
  if (!world) worlds.set(state, (world = new Map()))
  let repo = world.get(repository)
  if (!repo) world.set(repository, (repo = { commits: new Map(), branches: new Map() }))
  return repo
}

const account = (login: string): GitHubUser => ({
  login,
  type: login.endsWith('[bot]') ? 'Bot' : 'User'
})

let counter = 0

/**
 * Pushes `commits` (oldest first) onto `branch`, or replaces the branch's history with
 * them when `replace` (a force push). Resolves to the commits as stored.
 */
export function pushCommits(
  state: GitHubState,
  repository: string,
  branch: string,
  commits: SeedCommit[],
  replace = false
): StoredCommit[] {
  const repo = history(state, repository)
  const list = replace ? [] : [...(repo.branches.get(branch) ?? [])]
  const stored: StoredCommit[] = []
  for (const seed of commits) {
    const sha =
      seed.sha ??
      createHash('sha1')
        .update(`${repository}\n${branch}\n${seed.message}\n${++counter}`)
        .digest('hex')
    if (seed.pull) {
      const pulls = pullRequestWorld(state).pulls
      if (!pulls.has(key(repository, seed.pull.number))) {
        seedPull(state, repository, seed.pull.number, {
          title: seed.pull.title ?? `Pull request ${seed.pull.number}`,
          state: 'closed',
          merged: true,
          user: account(seed.pull.author ?? seed.author ?? 'octocat'),
          head: { ref: `topic-${seed.pull.number}`, sha }
        })
      }
    }
    const commit: StoredCommit = {
      sha,
      message: seed.message,
      author: seed.author === null ? null : account(seed.author ?? 'octocat'),
      authorName: seed.author ?? 'Someone',
      date: seed.date ?? new Date().toISOString(),
      ...(list.length > 0 ? { parent: list[list.length - 1] } : {}),
      pulls: seed.pull ? [seed.pull.number] : []
    }
    repo.commits.set(sha, commit)
    list.push(sha)
    stored.push(commit)
  }
  repo.branches.set(branch, list)
  return stored
}

/** The history up to `ref` (a branch name or a known sha), oldest first; undefined when unknown. */
function lineOf(repo: History, ref: string): string[] | undefined {
  const branch = repo.branches.get(ref)
  if (branch) return branch
  if (!repo.commits.has(ref)) return undefined
  // A commit's line: follow its parents back (bounded by the number of commits).
  const line: string[] = []
  let sha: string | undefined = ref
  for (let step = 0; sha && step <= repo.commits.size; step++) {
    line.unshift(sha)
    sha = repo.commits.get(sha)?.parent
  }
  return line
}

function commitView(repository: string, commit: StoredCommit): Record<string, unknown> {
  const url = `${API_BASE}/repos/${repository}/commits/${commit.sha}`
  const person = {
    name: commit.authorName,
    email: `${commit.authorName}@example.com`,
    date: commit.date
  }
  return {
    sha: commit.sha,
    node_id: `C_${commit.sha.slice(0, 12)}`,
    commit: {
      url: `${API_BASE}/repos/${repository}/git/commits/${commit.sha}`,
      author: person,
      committer: person,
      message: commit.message,
      comment_count: 0,
      tree: {
        sha: createHash('sha1').update(`tree ${commit.sha}`).digest('hex'),
        url: `${API_BASE}/repos/${repository}/git/trees/${commit.sha}`
      }
    },
    url,
    html_url: `${WEB_BASE}/${repository}/commit/${commit.sha}`,
    comments_url: `${url}/comments`,
    author: commit.author ? simpleUser(commit.author) : null,
    committer: commit.author ? simpleUser(commit.author) : null,
    parents: commit.parent
      ? [
          {
            sha: commit.parent,
            url: `${API_BASE}/repos/${repository}/commits/${commit.parent}`,
            html_url: `${WEB_BASE}/${repository}/commit/${commit.parent}`
          }
        ]
      : []
  }
}

/** The most commits a comparison lists, as on GitHub. */
export const COMPARE_LIMIT = 250

function paged(ahead: string[], query: Record<string, string>): string[] {
  if (query.per_page === undefined && query.page === undefined) return ahead.slice(0, COMPARE_LIMIT)
  const size = Math.min(100, Math.max(1, Number(query.per_page ?? 30)))
  const number = Math.max(1, Number(query.page ?? 1))
  return ahead.slice((number - 1) * size, number * size)
}

export const commitRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/commits$/,
    handle: ({ params: [repository = ''], request: { query }, state, page }) => {
      const repo = history(state, repository)
      const ref = query.sha ?? repo.branches.keys().next().value ?? ''
      const line = lineOf(repo, ref)
      if (!line) return notFound
      const since = query.since ? Date.parse(query.since) : undefined
      const listed = [...line]
        .reverse()
        .map((sha) => repo.commits.get(sha) as StoredCommit)
        .filter((commit) => since === undefined || Date.parse(commit.date) >= since)
      return page(listed.map((commit) => commitView(repository, commit)))
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/commits\/([0-9a-f]{7,64})$/,
    handle: ({ params: [repository = '', sha = ''], state }) => {
      const commit = history(state, repository).commits.get(sha)
      if (!commit) return notFound
      return { status: 200, body: { ...commitView(repository, commit), files: [] } }
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/compare\/([^/]+?)\.\.\.([^/]+)$/,
    handle: ({ params: [repository = '', base = '', head = ''], request: { query }, state }) => {
      const repo = history(state, repository)
      const baseLine = lineOf(repo, base)
      const headLine = lineOf(repo, head)
      if (!baseLine || !headLine) return notFound
      let shared = 0
      while (shared < Math.min(baseLine.length, headLine.length)) {
        if (baseLine[shared] !== headLine[shared]) break
        shared++
      }
      const ahead = headLine.slice(shared)
      const behind = baseLine.length - shared
      const status =
        ahead.length === 0 && behind === 0
          ? 'identical'
          : behind === 0
            ? 'ahead'
            : ahead.length === 0
              ? 'behind'
              : 'diverged'
      const view = (sha: string | undefined): Record<string, unknown> | null => {
        const commit = sha ? repo.commits.get(sha) : undefined
        return commit ? commitView(repository, commit) : null
      }
      const tip = (line: string[]): string => line[line.length - 1] ?? ''
      const url = `${API_BASE}/repos/${repository}/compare/${base}...${head}`
      const web = `${WEB_BASE}/${repository}/compare/${base}...${head}`
      return {
        status: 200,
        body: {
          url,
          html_url: web,
          permalink_url: `${WEB_BASE}/${repository}/compare/${tip(baseLine)}...${tip(headLine)}`,
          diff_url: `${web}.diff`,
          patch_url: `${web}.patch`,
          base_commit: view(tip(baseLine)),
          merge_base_commit: view(baseLine[shared - 1] ?? tip(baseLine)),
          status,
          ahead_by: ahead.length,
          behind_by: behind,
          total_commits: ahead.length,
          // Paged when asked (per_page, page), as GitHub does; else the first 250.
          commits: paged(ahead, query).map((sha) => view(sha)),
          files: []
        }
      }
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/commits\/([0-9a-f]{7,64})\/pulls$/,
    handle: ({ params: [repository = '', sha = ''], state, page }) => {
      const repo = history(state, repository)
      const commit = repo.commits.get(sha)
      if (!commit) {
        return {
          status: 422,
          body: { message: `No commit found for SHA: ${sha}` },
          faultInjection:
            'a commit GitHub does not know: it answers 422, which the description does not list'
        }
      }
      const pulls = pullRequestWorld(state).pulls
      const listed = commit.pulls
        .map((number) => pulls.get(key(repository, number)))
        .filter((pull) => pull !== undefined)
        .map((pull) => {
          const url = `${API_BASE}/repos/${repository}/pulls/${pull.number}`
          const when = pull.merged || pull.state === 'closed' ? commit.date : null
          return {
            url,
            id: 200_000 + pull.number,
            node_id: `PR_${pull.number}`,
            html_url: `${WEB_BASE}/${repository}/pull/${pull.number}`,
            diff_url: `${WEB_BASE}/${repository}/pull/${pull.number}.diff`,
            patch_url: `${WEB_BASE}/${repository}/pull/${pull.number}.patch`,
            issue_url: `${API_BASE}/repos/${repository}/issues/${pull.number}`,
            commits_url: `${url}/commits`,
            review_comments_url: `${url}/comments`,
            review_comment_url: `${API_BASE}/repos/${repository}/pulls/comments{/number}`,
            comments_url: `${API_BASE}/repos/${repository}/issues/${pull.number}/comments`,
            statuses_url: `${API_BASE}/repos/${repository}/statuses/${pull.head.sha}`,
            number: pull.number,
            state: pull.state,
            locked: false,
            title: pull.title,
            user: simpleUser(pull.user),
            body: null,
            labels: [],
            milestone: null,
            created_at: commit.date,
            updated_at: commit.date,
            closed_at: when,
            merged_at: pull.merged ? commit.date : null,
            merge_commit_sha: pull.merged ? commit.sha : null,
            assignee: null,
            assignees: [],
            requested_reviewers: [],
            requested_teams: [],
            head: {
              label: `${repository.split('/')[0]}:${pull.head.ref}`,
              ref: pull.head.ref,
              repo: repositoryView(repository),
              sha: pull.head.sha,
              user: simpleUser(pull.user)
            },
            base: {
              label: `${repository.split('/')[0]}:main`,
              ref: 'main',
              repo: repositoryView(repository),
              sha: commit.parent ?? commit.sha,
              user: simpleUser(pull.user)
            },
            _links: Object.fromEntries(
              Object.entries({
                self: url,
                html: `${WEB_BASE}/${repository}/pull/${pull.number}`,
                issue: `${API_BASE}/repos/${repository}/issues/${pull.number}`,
                comments: `${API_BASE}/repos/${repository}/issues/${pull.number}/comments`,
                review_comments: `${url}/comments`,
                review_comment: `${API_BASE}/repos/${repository}/pulls/comments{/number}`,
                commits: `${url}/commits`,
                statuses: `${API_BASE}/repos/${repository}/statuses/${pull.head.sha}`
              }).map(([name, href]) => [name, { href }])
            ),
            author_association: 'CONTRIBUTOR',
            auto_merge: null,
            draft: false
          }
        })
      return page(listed)
    }
  }
]
