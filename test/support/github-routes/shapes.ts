// Pieces of GitHub's REST shapes that several routes share: a user as GitHub
// describes one (the `simple-user` schema, every required field), and a label.
//
// Runs under Node 24 directly (erasable TypeScript only).

import type { GitHubUser } from './types.ts'

const API = 'https://api.github.com'
const WEB = 'https://github.com'

/** A stable numeric id for a login, so the same person keeps the same id. */
function idOf(text: string): number {
  let hash = 7
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 2_000_000_000
  return hash + 1
}

/** `user` as GitHub's `simple-user`. */
export function simpleUser(user: GitHubUser): Record<string, unknown> {
  const url = `${API}/users/${encodeURIComponent(user.login)}`
  const id = idOf(user.login)
  return {
    login: user.login,
    id,
    node_id: `U_${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${encodeURIComponent(user.login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    site_admin: false
  }
}

/** A label of `repository` as GitHub's `label` schema. */
export function labelView(repository: string, name: string): Record<string, unknown> {
  const id = idOf(`${repository}:${name}`)
  return {
    id,
    node_id: `LA_${id}`,
    url: `${API}/repos/${repository}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: 'ededed',
    default: false
  }
}

export const API_BASE = API
export const WEB_BASE = WEB
