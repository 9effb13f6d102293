// Pull requests as the docs features see them: read one, close or reopen it, request
// reviewers, add and remove labels (and add them to an issue). Like GitHub, a review request
// naming anyone who cannot be asked (the pull request's author, someone without access, a
// team without access) is refused whole with a 422. A label outside the repository's labels is
// refused with a 422 when the test says labels cannot be created (as for a token that
// may not create them).
// The state lives beside the stand-in's own, keyed by it, and is kept between runs.

import { issueWorld } from './issues.ts'
import {
  invalid,
  key,
  notFound,
  type Answer,
  type GitHubState,
  type GitHubUser,
  type Route
} from './types.ts'

export interface StoredPull {
  number: number
  title: string
  state: 'open' | 'closed'
  merged: boolean
  user: GitHubUser
  additions: number
  deletions: number
  /** As GitHub counts them; the listing's length when not given. */
  changed_files?: number
  head: { ref: string; sha: string }
  requestedReviewers: string[]
  requestedTeams: string[]
  labels: string[]
  /** When it was opened (ISO 8601): when it was seeded, unless the test says otherwise. */
  createdAt: string
  /** Its commits, oldest first, by the accounts GitHub links them to; one by its author when not given. */
  commits?: PullCommit[]
}

export interface PullCommit {
  sha: string
  /** The GitHub account of the commit's author and committer; null when GitHub links none. */
  author: string | null
  committer: string | null
}

export interface PullRequestWorld {
  pulls: Map<string, StoredPull>
  /** Who may be asked to review, by repository; anyone when a repository has no entry. */
  collaborators: Map<string, Set<string>>
  /** Team slugs with access, by repository; none when a repository has no entry. */
  teams: Map<string, Set<string>>
  /** The labels that exist, by repository; any label may be added when a repository has no entry. */
  labels: Map<string, Set<string>>
}

const worlds = new WeakMap<GitHubState, PullRequestWorld>()

/** The pull request data of one stand-in. */
export function pullRequestWorld(state: GitHubState): PullRequestWorld {
  let world = worlds.get(state)
  if (!world) {
    world = { pulls: new Map(), collaborators: new Map(), teams: new Map(), labels: new Map() }
    worlds.set(state, world)
  }
  return world
}

/** Adds (or replaces) a pull request, with defaults for what the test leaves out. */
export function seedPull(
  state: GitHubState,
  repository: string,
  number: number,
  fields: Partial<StoredPull> = {}
): StoredPull {
  const pull: StoredPull = {
    number,
    title: `Pull request ${number}`,
    state: 'open',
    merged: false,
    user: { login: 'mintlify[bot]', type: 'Bot' },
    additions: 0,
    deletions: 0,
    head: { ref: `branch-${number}`, sha: 'a'.repeat(40) },
    requestedReviewers: [],
    requestedTeams: [],
    labels: [],
    createdAt: new Date().toISOString(),
    ...fields
  }
  pullRequestWorld(state).pulls.set(key(repository, number), pull)
  return pull
}

function view(state: GitHubState, repository: string, pull: StoredPull): Record<string, unknown> {
  const files = state.files.get(key(repository, pull.number))
  return {
    number: pull.number,
    title: pull.title,
    state: pull.state,
    merged: pull.merged,
    user: pull.user,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changed_files ?? files?.length ?? 0,
    head: pull.head,
    created_at: pull.createdAt,
    html_url: `https://github.com/${repository}/pull/${pull.number}`,
    requested_reviewers: pull.requestedReviewers.map((login) => ({ login, type: 'User' })),
    requested_teams: pull.requestedTeams.map((slug) => ({ slug })),
    labels: pull.labels.map((name) => ({ name }))
  }
}

function strings(value: unknown): string[] | undefined {
  if (value === undefined) return []
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined
}

const refused = (message: string): Answer => ({
  status: 422,
  body: { message, documentation_url: 'https://docs.github.com/rest' }
})

export const pullRequestRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/,
    handle: ({ params: [repository = '', number = ''], state }) => {
      const pull = pullRequestWorld(state).pulls.get(key(repository, number))
      return pull ? { status: 200, body: view(state, repository, pull) } : notFound
    }
  },
  {
    // Closing or reopening; a merged pull request stays as it is (422), as on GitHub.
    method: 'PATCH',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/,
    handle: ({ params: [repository = '', number = ''], state, json }) => {
      const pull = pullRequestWorld(state).pulls.get(key(repository, number))
      if (!pull) return notFound
      const wanted = json()?.state
      if (wanted !== undefined && wanted !== 'open' && wanted !== 'closed') return invalid
      if (wanted !== undefined && pull.merged) return refused('Pull request is already merged')
      if (wanted) pull.state = wanted
      return { status: 200, body: view(state, repository, pull) }
    }
  },
  {
    // The commits, oldest first, paged (GitHub lists at most 250).
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/commits$/,
    handle: ({ params: [repository = '', number = ''], state, page }) => {
      const pull = pullRequestWorld(state).pulls.get(key(repository, number))
      if (!pull) return notFound
      const login = pull.user.login
      const commits = pull.commits ?? [{ sha: pull.head.sha, author: login, committer: login }]
      const account = (name: string | null) =>
        name === null ? null : { login: name, type: name.endsWith('[bot]') ? 'Bot' : 'User' }
      const person = (name: string | null) => ({
        name: name ?? 'Someone',
        email: `${name ?? 'someone'}@example.com`,
        date: '2026-01-01T00:00:00Z'
      })
      return page(
        commits.slice(0, 250).map((c) => ({
          sha: c.sha,
          commit: {
            message: `Commit ${c.sha.slice(0, 7)}`,
            author: person(c.author),
            committer: person(c.committer)
          },
          author: account(c.author),
          committer: account(c.committer),
          parents: []
        }))
      )
    }
  },
  {
    method: 'POST',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/requested_reviewers$/,
    handle: ({ params: [repository = '', number = ''], state, json }) => {
      const world = pullRequestWorld(state)
      const pull = world.pulls.get(key(repository, number))
      if (!pull) return notFound
      const body = json()
      const reviewers = strings(body?.reviewers)
      const teams = strings(body?.team_reviewers)
      if (!reviewers || !teams || reviewers.length + teams.length === 0) return invalid
      const lower = (s: string): string => s.toLowerCase()
      if (reviewers.some((login) => lower(login) === lower(pull.user.login))) {
        return refused('Review cannot be requested from pull request author.')
      }
      const collaborators = world.collaborators.get(repository)
      const withAccess = world.teams.get(repository) ?? new Set<string>()
      const outside =
        reviewers.some((login) => collaborators && !collaborators.has(lower(login))) ||
        teams.some((slug) => !withAccess.has(lower(slug)))
      if (outside) {
        return refused(
          `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${repository} repository.`
        )
      }
      for (const login of reviewers) {
        if (!pull.requestedReviewers.includes(login)) pull.requestedReviewers.push(login)
      }
      for (const slug of teams)
        if (!pull.requestedTeams.includes(slug)) pull.requestedTeams.push(slug)
      // GitHub answers with the simple form of the pull request, without the counts.
      const { merged, additions, deletions, changed_files, ...simple } = view(
        state,
        repository,
        pull
      )
      return { status: 201, body: simple }
    }
  },
  {
    method: 'POST',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/labels$/,
    handle: ({ params: [repository = '', number = ''], state, json }) => {
      const world = pullRequestWorld(state)
      // An issue's too: issues and pull requests share their numbers.
      const pull =
        world.pulls.get(key(repository, number)) ?? issueWorld(state).get(key(repository, number))
      if (!pull) return notFound
      const labels = strings(json()?.labels)
      if (!labels || labels.length === 0) return invalid
      const known = world.labels.get(repository)
      const missing = labels.filter((label) => known && !known.has(label))
      if (missing.length > 0) {
        return refused(`Label does not exist: ${missing.join(', ')}`)
      }
      for (const label of labels) if (!pull.labels.includes(label)) pull.labels.push(label)
      return { status: 200, body: pull.labels.map((name) => ({ name })) }
    }
  },
  {
    // A label the pull request does not have: 404, as on GitHub.
    method: 'DELETE',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/labels\/([^/]+)$/,
    handle: ({ params: [repository = '', number = '', name = ''], state }) => {
      const pull = pullRequestWorld(state).pulls.get(key(repository, number))
      const label = decodeURIComponent(name)
      if (!pull?.labels.includes(label)) {
        return { status: 404, body: { message: 'Label does not exist' } }
      }
      pull.labels = pull.labels.filter((l) => l !== label)
      return { status: 200, body: pull.labels.map((l) => ({ name: l })) }
    }
  }
]
