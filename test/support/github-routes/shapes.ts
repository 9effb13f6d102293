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

// The `repository` schema's many address fields, each `<api>/repos/<owner/repo>/<path>`.
const REPOSITORY_URLS: Record<string, string> = {
  archive_url: '{archive_format}{/ref}',
  assignees_url: 'assignees{/user}',
  blobs_url: 'git/blobs{/sha}',
  branches_url: 'branches{/branch}',
  collaborators_url: 'collaborators{/collaborator}',
  comments_url: 'comments{/number}',
  commits_url: 'commits{/sha}',
  compare_url: 'compare/{base}...{head}',
  contents_url: 'contents/{+path}',
  contributors_url: 'contributors',
  deployments_url: 'deployments',
  downloads_url: 'downloads',
  events_url: 'events',
  forks_url: 'forks',
  git_commits_url: 'git/commits{/sha}',
  git_refs_url: 'git/refs{/sha}',
  git_tags_url: 'git/tags{/sha}',
  hooks_url: 'hooks',
  issue_comment_url: 'issues/comments{/number}',
  issue_events_url: 'issues/events{/number}',
  issues_url: 'issues{/number}',
  keys_url: 'keys{/key_id}',
  labels_url: 'labels{/name}',
  languages_url: 'languages',
  merges_url: 'merges',
  milestones_url: 'milestones{/number}',
  notifications_url: 'notifications{?since,all,participating}',
  pulls_url: 'pulls{/number}',
  releases_url: 'releases{/id}',
  stargazers_url: 'stargazers',
  statuses_url: 'statuses/{sha}',
  subscribers_url: 'subscribers',
  subscription_url: 'subscription',
  tags_url: 'tags',
  teams_url: 'teams',
  trees_url: 'git/trees{/sha}'
}

/** `owner/repo` as GitHub's `repository` schema (every required field). */
export function repositoryView(repository: string): Record<string, unknown> {
  const [owner = '', name = ''] = repository.split('/')
  const url = `${API}/repos/${repository}`
  const id = idOf(repository)
  const when = new Date(0).toISOString()
  return {
    id,
    node_id: `R_${id}`,
    name,
    full_name: repository,
    license: null,
    forks: 0,
    owner: simpleUser({ login: owner, type: 'Organization' }),
    private: false,
    html_url: `${WEB}/${repository}`,
    description: null,
    fork: false,
    url,
    ...Object.fromEntries(
      Object.entries(REPOSITORY_URLS).map(([field, path]) => [field, `${url}/${path}`])
    ),
    git_url: `git://github.com/${repository}.git`,
    ssh_url: `git@github.com:${repository}.git`,
    clone_url: `${WEB}/${repository}.git`,
    svn_url: `${WEB}/${repository}`,
    mirror_url: null,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 0,
    default_branch: 'main',
    open_issues_count: 0,
    open_issues: 0,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: false,
    archived: false,
    disabled: false,
    pushed_at: when,
    created_at: when,
    updated_at: when
  }
}
