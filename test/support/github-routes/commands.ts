// What comment commands need: the collaborator-permission endpoint (answering as
// GitHub does: `permission` folds maintain into write and triage into read,
// `role_name` is precise), and reactions on issue comments and on review comments.
// Its state sits beside the shared state, kept between runs like the rest.

import { invalid, type GitHubState, type Route } from './types.ts'

export interface StoredReaction {
  /** `issue` for a conversation comment, `pull` for a review (line) comment. */
  on: 'issue' | 'pull'
  repository: string
  commentId: number
  content: string
  user: string
}

interface CommandState {
  /** `owner/repo:login` (login lower-cased) → role name. */
  roles: Map<string, string>
  reactions: StoredReaction[]
}

const states = new WeakMap<GitHubState, CommandState>()

function commandState(state: GitHubState): CommandState {
  let found = states.get(state)
  if (!found) states.set(state, (found = { roles: new Map(), reactions: [] }))
  return found
}

/** Gives `login` a role on `repository`: admin, maintain, write, triage, read or none. */
export function setRole(state: GitHubState, repository: string, login: string, role: string): void {
  commandState(state).roles.set(`${repository}:${login.toLowerCase()}`, role)
}

/** Every reaction made, oldest first. */
export function reactionsOf(state: GitHubState): StoredReaction[] {
  return commandState(state).reactions
}

const FOLDED: Record<string, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none'
}
const CONTENTS = new Set(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'])

function reactionRoute(on: 'issue' | 'pull'): Route {
  return {
    method: 'POST',
    path:
      on === 'issue'
        ? /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)\/reactions$/
        : /^\/repos\/([^/]+\/[^/]+)\/pulls\/comments\/(\d+)\/reactions$/,
    handle: ({ params: [repository = '', id = ''], state, json }) => {
      const content = json()?.content
      if (typeof content !== 'string' || !CONTENTS.has(content)) return invalid
      const reaction: StoredReaction = {
        on,
        repository,
        commentId: Number(id),
        content,
        user: state.actor.login
      }
      commandState(state).reactions.push(reaction)
      return {
        status: 201,
        body: { id: state.nextId(), content, user: { ...state.actor } }
      }
    }
  }
}

export const commandRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)\/permission$/,
    handle: ({ params: [repository = '', login = ''], state }) => {
      // Someone without a role on a public repository reads as `read`.
      const role = commandState(state).roles.get(`${repository}:${login.toLowerCase()}`) ?? 'read'
      return {
        status: 200,
        body: {
          permission: FOLDED[role] ?? 'read',
          role_name: role,
          user: { login, type: 'User' }
        }
      }
    }
  },
  reactionRoute('issue'),
  reactionRoute('pull')
]
