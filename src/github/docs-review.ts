// Hands the docs pull request to its reviewers (people and teams) and labels. GitHub
// refuses a whole request when one name in it cannot be taken (422), so a refused batch
// is sent again one name at a time: one refused reviewer never stops the others.

import type { PullRequestRef } from '../common/pull-request-link.js'
import { gitHubAnswerStatus, type GitHubClient } from './client.js'
import { account, type DocsPullRequest, type GitHubAccount } from './docs-pull-request.js'
import { LOGIN, LOGIN_PART, splitRepository } from './plumbing.js'
import { record, text, type WorkflowRun } from './workflow-run.js'

/** A reviewer as written in `docs-pr-reviewers`. */
export type ReviewerSpec =
  { kind: 'author' } | { kind: 'user'; login: string } | { kind: 'team'; org: string; slug: string }

const TEAM = new RegExp(`^(${LOGIN_PART})/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})$`)

/** `author`, a login or an `org/team` slug; undefined when the word is none of them. */
export function parseReviewer(word: string): ReviewerSpec | undefined {
  if (word.toLowerCase() === 'author') return { kind: 'author' }
  if (LOGIN.test(word)) return { kind: 'user', login: word }
  const team = TEAM.exec(word)
  return team ? { kind: 'team', org: team[1] as string, slug: team[2] as string } : undefined
}

export function isBot(user: GitHubAccount): boolean {
  return user.type === 'Bot' || /\[bot\]$/i.test(user.login)
}

/** Who `author` means: the code pull request's author, or the pusher of a push. */
export function codeAuthor(run: WorkflowRun): GitHubAccount | undefined {
  const pr = record(run.payload.pull_request)
  if (pr) return account(pr.user)
  const issue = record(run.payload.issue)
  if (issue?.pull_request !== undefined) return account(issue.user)
  if (run.eventName !== 'push') return undefined
  const pusher = text(record(run.payload.pusher)?.name)
  const sender = account(run.payload.sender)
  if (sender && (!pusher || sender.login.toLowerCase() === pusher.toLowerCase())) return sender
  return pusher ? { login: pusher, type: 'User' } : undefined
}

export interface ReviewPlan {
  users: string[]
  /** Team slugs (the organisation is the docs repository's owner). */
  teams: string[]
  /** Why a reviewer was left out, one line each. */
  skipped: string[]
}

/** The review requests to send for `specs`. */
export function planReviews(
  specs: readonly ReviewerSpec[],
  author: GitHubAccount | undefined,
  docs: Pick<DocsPullRequest, 'repository' | 'author'>
): ReviewPlan {
  const plan: ReviewPlan = { users: [], teams: [], skipped: [] }
  const { owner } = splitRepository(docs.repository)
  const seen = new Set<string>()
  const add = (list: string[], key: string, value: string): void => {
    if (!seen.has(key.toLowerCase())) list.push(value)
    seen.add(key.toLowerCase())
  }
  for (const spec of specs) {
    if (spec.kind === 'team') {
      const name = `${spec.org}/${spec.slug}`
      if (spec.org.toLowerCase() === owner.toLowerCase()) add(plan.teams, name, spec.slug)
      else plan.skipped.push(`${name}: the team is not in ${owner}, which owns the docs repository`)
      continue
    }
    const login =
      spec.kind === 'user' ? spec.login : author && !isBot(author) ? author.login : undefined
    if (login === undefined) {
      plan.skipped.push(
        author
          ? `author: ${author.login} is a bot`
          : 'author: this run has no code pull request author or pusher'
      )
    } else if (login.toLowerCase() === docs.author?.login.toLowerCase()) {
      plan.skipped.push(`${login}: opened the docs pull request, so cannot review it`)
    } else add(plan.users, login, login)
  }
  return plan
}

export interface Refusal {
  name: string
  reason: string
}
type Sent = { done: string[]; refused: Refusal[] }

/** Sends `items` in one call; after a 422 for several, each alone. Other errors throw. */
async function eachOrAll<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  send: (items: readonly T[]) => Promise<unknown>,
  sent: Sent = { done: [], refused: [] }
): Promise<Sent> {
  if (items.length === 0) return sent
  try {
    await send(items)
    sent.done.push(...items.map(nameOf))
  } catch (error) {
    if (gitHubAnswerStatus(error) !== 422) throw error
    if (items.length > 1) for (const item of items) await eachOrAll([item], nameOf, send, sent)
    else {
      const reason = text(record(record(record(error)?.response)?.data)?.message) ?? 'refused'
      sent.refused.push({ name: nameOf(items[0] as T), reason })
    }
  }
  return sent
}

export function requestReviews(
  octokit: GitHubClient,
  ref: PullRequestRef,
  plan: Pick<ReviewPlan, 'users' | 'teams'>
): Promise<Sent> {
  const { owner, repo } = splitRepository(ref.repository)
  const named = [
    ...plan.users.map((login) => ({ login, team: false })),
    ...plan.teams.map((login) => ({ login, team: true }))
  ]
  const logins = (batch: readonly (typeof named)[number][], team: boolean): string[] =>
    batch.filter((r) => r.team === team).map((r) => r.login)
  return eachOrAll(
    named,
    (r) => (r.team ? `${owner}/${r.login}` : r.login),
    (batch) =>
      octokit.rest.pulls.requestReviewers({
        owner,
        repo,
        pull_number: ref.number,
        reviewers: logins(batch, false),
        team_reviewers: logins(batch, true)
      })
  )
}

export function addLabels(
  octokit: GitHubClient,
  ref: PullRequestRef,
  labels: readonly string[]
): Promise<Sent> {
  const issue = { ...splitRepository(ref.repository), issue_number: ref.number }
  return eachOrAll(labels, String, (batch) =>
    octokit.rest.issues.addLabels({ ...issue, labels: [...batch] })
  )
}
