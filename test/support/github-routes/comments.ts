// Issue and pull request comments: list (paginated), read one, create, update. A comment is
// written as the token's actor, and kept between runs.

import { faultInjection } from '../contracts.ts'
import {
  invalid,
  key,
  notFound,
  type GitHubState,
  type Route,
  type StoredComment
} from './types.ts'

export function thread(state: GitHubState, repository: string, number: number): StoredComment[] {
  const id = key(repository, number)
  let list = state.comments.get(id)
  if (!list) state.comments.set(id, (list = []))
  return list
}

export function addComment(
  state: GitHubState,
  repository: string,
  number: number,
  body: string,
  user = state.actor
): StoredComment {
  const now = new Date().toISOString()
  const comment: StoredComment = {
    id: state.nextId(),
    body,
    user: { ...user },
    created_at: now,
    updated_at: now
  }
  thread(state, repository, number).push(comment)
  return comment
}

/** The comment `id` of a repository's issues and pull requests. */
const findComment = (state: GitHubState, repository: string, id: number) =>
  [...state.comments.entries()]
    .filter(([thread]) => thread.startsWith(`${repository}#`))
    .flatMap(([, list]) => list)
    .find((c) => c.id === id)

export const commentRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
    handle: ({ params: [repository = '', number = ''], state, page }) =>
      page(thread(state, repository, Number(number)))
  },
  {
    method: 'POST',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/,
    handle: ({ params: [repository = '', number = ''], state, json }) => {
      const body = json()?.body
      if (typeof body !== 'string' || body === '') return invalid
      return { status: 201, body: addComment(state, repository, Number(number), body) }
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/,
    handle: ({ params: [repository = '', id = ''], state }) => {
      const comment = findComment(state, repository, Number(id))
      return comment ? { status: 200, body: comment } : notFound
    }
  },
  {
    method: 'PATCH',
    path: /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/,
    handle: ({ params: [repository = '', id = ''], state, json }) => {
      const comment = findComment(state, repository, Number(id))
      // GitHub answers 404 for a comment deleted meanwhile; its description lists only 200 and 422.
      if (!comment) return faultInjection(notFound, 'undocumented 404 for a deleted comment')
      const body = json()?.body
      if (typeof body !== 'string' || body === '') return invalid
      comment.body = body
      comment.updated_at = new Date().toISOString()
      return { status: 200, body: comment }
    }
  }
]
