// What a route of the GitHub stand-in sees: the request, the shared state of the
// fake GitHub, and a way to answer one page of a listing as GitHub does.
//
// Runs under Node 24 directly (erasable TypeScript only).

import type { IncomingMessage } from 'node:http'

export interface GitHubRequest {
  method: string
  /** Path without the prefix, e.g. /repos/acme/app/issues/7/comments. */
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  body: string
}

export interface GitHubUser {
  login: string
  type: string
}

export interface StoredComment {
  id: number
  body: string
  user: GitHubUser
  created_at: string
  updated_at: string
}

export interface PullFile {
  filename: string
  status?: string
  previous_filename?: string
}

export interface PullState {
  state?: 'open' | 'closed'
  merged?: boolean
  /** When it was opened (ISO 8601). */
  createdAt?: string
}

/** Everything the fake GitHub holds, kept between the action's runs like GitHub does. */
export interface GitHubState {
  /** Pull request files by `owner/repo#number`. */
  files: Map<string, PullFile[]>
  /** Issue and pull request comments by `owner/repo#number`, oldest first. */
  comments: Map<string, StoredComment[]>
  /** The login the token writes as (`github-actions[bot]` for the workflow's token). */
  actor: GitHubUser
  nextId(): number
}

export interface Answer {
  status: number
  body: unknown
  headers?: Record<string, string>
  /**
   * Why this answer is a deliberate fault outside GitHub's contract (see contracts.ts's
   * `faultInjection`): only such answers skip the check of their schema.
   */
  faultInjection?: string
}

export interface RouteContext {
  request: GitHubRequest
  /** The path's capture groups. */
  params: string[]
  state: GitHubState
  /** One page of `items` with the Link header GitHub would send. */
  page(items: unknown[]): Answer
  /** The request body as JSON (an object), or undefined when it is not one. */
  json(): Record<string, unknown> | undefined
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: RegExp
  handle(context: RouteContext): Answer
}

export const notFound: Answer = { status: 404, body: { message: 'Not Found' } }
export const invalid: Answer = { status: 422, body: { message: 'Validation Failed' } }

export function key(repository: string, number: number | string): string {
  return `${repository}#${number}`
}
