// Issues: list a repository's issues by labels, creator and state (pull requests
// included, as GitHub does, marked by `pull_request`), create one (labels that do not
// exist yet are created), read one, and edit its body or state. Issues and pull requests share
// their numbers, as on GitHub. Kept between runs.
//
// Runs under Node 24 directly (erasable TypeScript only).

import { pullRequestWorld, type StoredPull } from './pull-requests.ts'
import { API_BASE, labelView, simpleUser, WEB_BASE } from './shapes.ts'
import { invalid, key, notFound, type GitHubState, type GitHubUser, type Route } from './types.ts'

export interface StoredIssue {
  number: number
  title: string
  body: string | null
  state: 'open' | 'closed'
  user: GitHubUser
  labels: string[]
  created_at: string
  updated_at: string
  closed_at: string | null
  closedBy?: GitHubUser
}

const worlds = new WeakMap<GitHubState, Map<string, StoredIssue>>()

/** The issues of one stand-in, by `owner/repo#number`. */
export function issueWorld(state: GitHubState): Map<string, StoredIssue> {
  let world = worlds.get(state)
  if (!world) worlds.set(state, (world = new Map()))
  return world
}

/** The issues of `repository`, oldest first. */
export function issuesOf(state: GitHubState, repository: string): StoredIssue[] {
  return [...issueWorld(state).entries()]
    .filter(([id]) => id.startsWith(`${repository}#`))
    .map(([, issue]) => issue)
    .sort((a, b) => a.number - b.number)
}

function nextNumber(state: GitHubState, repository: string): number {
  const numbers = [
    ...issuesOf(state, repository).map((issue) => issue.number),
    ...[...pullRequestWorld(state).pulls.entries()]
      .filter(([id]) => id.startsWith(`${repository}#`))
      .map(([, pull]) => pull.number)
  ]
  return Math.max(0, ...numbers) + 1
}

/** Adds an issue as `user` would, with the labels given (they come into being). */
export function addIssue(
  state: GitHubState,
  repository: string,
  fields: { title: string; body?: string | null; labels?: string[]; user?: GitHubUser }
): StoredIssue {
  const now = new Date().toISOString()
  const issue: StoredIssue = {
    number: nextNumber(state, repository),
    title: fields.title,
    body: fields.body ?? null,
    state: 'open',
    user: { ...(fields.user ?? state.actor) },
    labels: [...new Set(fields.labels ?? [])],
    created_at: now,
    updated_at: now,
    closed_at: null
  }
  const known = pullRequestWorld(state).labels.get(repository)
  for (const label of issue.labels) known?.add(label)
  issueWorld(state).set(key(repository, issue.number), issue)
  return issue
}

/** Closes an issue as `user` would on GitHub. */
export function closeIssue(
  state: GitHubState,
  repository: string,
  number: number,
  user: GitHubUser
): void {
  const issue = issueWorld(state).get(key(repository, number))
  if (!issue) throw new Error(`No issue ${repository}#${number} in the stand-in.`)
  const now = new Date().toISOString()
  Object.assign(issue, { state: 'closed', closed_at: now, updated_at: now, closedBy: { ...user } })
}

function common(repository: string, number: number): Record<string, unknown> {
  const url = `${API_BASE}/repos/${repository}/issues/${number}`
  return {
    id: 100_000 + number,
    node_id: `I_${repository}_${number}`,
    url,
    repository_url: `${API_BASE}/repos/${repository}`,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    number,
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    comments: 0,
    author_association: 'NONE'
  }
}

/** An issue as GitHub's `issue` schema. */
export function issueView(repository: string, issue: StoredIssue): Record<string, unknown> {
  return {
    ...common(repository, issue.number),
    html_url: `${WEB_BASE}/${repository}/issues/${issue.number}`,
    state: issue.state,
    state_reason: issue.state === 'closed' ? 'completed' : null,
    title: issue.title,
    body: issue.body,
    user: simpleUser(issue.user),
    labels: issue.labels.map((name) => labelView(repository, name)),
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    closed_by: issue.closedBy ? simpleUser(issue.closedBy) : null
  }
}

/** A pull request as the issues listing shows it: an issue with `pull_request`. */
function pullAsIssue(repository: string, pull: StoredPull): Record<string, unknown> {
  const now = new Date(0).toISOString()
  return {
    ...common(repository, pull.number),
    html_url: `${WEB_BASE}/${repository}/pull/${pull.number}`,
    state: pull.state,
    title: pull.title,
    body: null,
    user: simpleUser(pull.user),
    labels: pull.labels.map((name) => labelView(repository, name)),
    created_at: now,
    updated_at: now,
    closed_at: pull.state === 'closed' ? now : null,
    pull_request: {
      url: `${API_BASE}/repos/${repository}/pulls/${pull.number}`,
      html_url: `${WEB_BASE}/${repository}/pull/${pull.number}`,
      diff_url: `${WEB_BASE}/${repository}/pull/${pull.number}.diff`,
      patch_url: `${WEB_BASE}/${repository}/pull/${pull.number}.patch`,
      merged_at: pull.merged ? now : null
    }
  }
}

interface Listed {
  number: number
  state: string
  login: string
  labels: string[]
  view: Record<string, unknown>
}

export const issueRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues$/,
    handle: ({ params: [repository = ''], request: { query }, state, page }) => {
      const wanted = (query.labels ?? '')
        .split(',')
        .map((label) => label.trim())
        .filter((label) => label !== '')
      const which = query.state ?? 'open'
      if (!['open', 'closed', 'all'].includes(which)) return invalid
      const pulls = [...pullRequestWorld(state).pulls.entries()]
        .filter(([id]) => id.startsWith(`${repository}#`))
        .map(([, pull]) => pull)
      const all: Listed[] = [
        ...issuesOf(state, repository).map((issue) => ({
          number: issue.number,
          state: issue.state,
          login: issue.user.login,
          labels: issue.labels,
          view: issueView(repository, issue)
        })),
        ...pulls.map((pull) => ({
          number: pull.number,
          state: pull.state,
          login: pull.user.login,
          labels: pull.labels,
          view: pullAsIssue(repository, pull)
        }))
      ]
      const lower = (text: string): string => text.toLowerCase()
      const listed = all
        .filter((item) => which === 'all' || item.state === which)
        .filter((item) => !query.creator || lower(item.login) === lower(query.creator))
        .filter((item) => wanted.every((label) => item.labels.includes(label)))
        // Newest first, as GitHub sorts by default.
        .sort((a, b) => b.number - a.number)
      return page(listed.map((item) => item.view))
    }
  },
  {
    method: 'POST',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues$/,
    handle: ({ params: [repository = ''], state, json }) => {
      const body = json()
      const title = body?.title
      const labels = body?.labels ?? []
      if (typeof title !== 'string' || title === '') return invalid
      if (body?.body !== undefined && body.body !== null && typeof body.body !== 'string') {
        return invalid
      }
      if (!Array.isArray(labels) || !labels.every((label) => typeof label === 'string')) {
        return invalid
      }
      const issue = addIssue(state, repository, {
        title,
        body: body?.body ?? null,
        labels
      })
      return { status: 201, body: issueView(repository, issue) }
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/,
    handle: ({ params: [repository = '', number = ''], state }) => {
      const issue = issueWorld(state).get(key(repository, number))
      return issue ? { status: 200, body: issueView(repository, issue) } : notFound
    }
  },
  {
    method: 'PATCH',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/,
    handle: ({ params: [repository = '', number = ''], state, json }) => {
      const issue = issueWorld(state).get(key(repository, number))
      if (!issue) return notFound
      const body = json()
      if (body?.body !== undefined && body.body !== null && typeof body.body !== 'string') {
        return invalid
      }
      if (body?.state !== undefined && body.state !== 'open' && body.state !== 'closed') {
        return invalid
      }
      if (body?.title !== undefined && (typeof body.title !== 'string' || body.title === '')) {
        return invalid
      }
      const now = new Date().toISOString()
      if (body?.body !== undefined) issue.body = body.body
      if (typeof body?.title === 'string') issue.title = body.title
      if (body?.state === 'closed' && issue.state === 'open') {
        Object.assign(issue, { state: 'closed', closed_at: now, closedBy: { ...state.actor } })
      } else if (body?.state === 'open') Object.assign(issue, { state: 'open', closed_at: null })
      issue.updated_at = now
      return { status: 200, body: issueView(repository, issue) }
    }
  }
]
