// Hands the docs pull request to its reviewers: review requests (people and teams)
// and labels. GitHub refuses a whole review request when one name in it cannot be
// requested (422), so a refused batch is retried one name at a time: one refused
// reviewer never stops the others.

import type { PullRequestRef } from '../common/pull-request-link.js'
import { gitHubAnswerStatus, type GitHubClient } from './client.js'
import { account, type DocsPullRequest, type GitHubAccount } from './docs-pull-request.js'
import { record, text, type WorkflowRun } from './workflow-run.js'

/** A reviewer as written in `docs-pr-reviewers`. */
export type ReviewerSpec =
  { kind: 'author' } | { kind: 'user'; login: string } | { kind: 'team'; org: string; slug: string }

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/
const TEAM = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})$/

/** `author`, a login or an `org/team` slug; undefined when the word is none of them. */
export function parseReviewer(word: string): ReviewerSpec | undefined {
  if (word.toLowerCase() === 'author') return { kind: 'author' }
  if (LOGIN.test(word)) return { kind: 'user', login: word }
  const team = TEAM.exec(word)
  if (team) return { kind: 'team', org: team[1] as string, slug: team[2] as string }
  return undefined
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
  if (run.eventName === 'push') {
    const pusher = text(record(run.payload.pusher)?.name)
    const sender = account(run.payload.sender)
    if (sender && (!pusher || sender.login.toLowerCase() === pusher.toLowerCase())) return sender
    return pusher ? { login: pusher, type: 'User' } : undefined
  }
  return undefined
}

export interface ReviewPlan {
  users: string[]
  /** Team slugs (the organisation is the docs repository's owner). */
  teams: string[]
  /** Why a reviewer was left out, one line each. */
  skipped: string[]
}

/** The review requests to send for `specs`: pure, so every rule is unit-tested. */
export function planReviews(
  specs: readonly ReviewerSpec[],
  author: GitHubAccount | undefined,
  docs: Pick<DocsPullRequest, 'repository' | 'author'>
): ReviewPlan {
  const plan: ReviewPlan = { users: [], teams: [], skipped: [] }
  const owner = docs.repository.split('/')[0] ?? ''
  const docsAuthor = docs.author?.login.toLowerCase()
  const seen = new Set<string>()
  for (const spec of specs) {
    if (spec.kind === 'team') {
      const name = `${spec.org}/${spec.slug}`
      if (spec.org.toLowerCase() !== owner.toLowerCase()) {
        plan.skipped.push(`${name}: the team is not in ${owner}, which owns the docs repository`)
      } else if (!seen.has(name.toLowerCase())) {
        seen.add(name.toLowerCase())
        plan.teams.push(spec.slug)
      }
      continue
    }
    let login: string
    if (spec.kind === 'author') {
      if (!author) {
        plan.skipped.push('author: this run has no code pull request author or pusher')
        continue
      }
      if (isBot(author)) {
        plan.skipped.push(`author: ${author.login} is a bot`)
        continue
      }
      login = author.login
    } else login = spec.login
    if (login.toLowerCase() === docsAuthor) {
      plan.skipped.push(`${login}: opened the docs pull request, so cannot review it`)
    } else if (!seen.has(login.toLowerCase())) {
      seen.add(login.toLowerCase())
      plan.users.push(login)
    }
  }
  return plan
}

/** GitHub's reason for a 422, one short line. */
function reasonOf(error: unknown): string {
  const data = record(record(record(error)?.response)?.data)
  return text(data?.message) ?? 'refused'
}

export interface Refusal {
  name: string
  reason: string
}

/**
 * Sends `names` in one call; when GitHub refuses it (422) and there is more than one
 * name, sends each alone so that the others still go through. Other errors throw.
 */
async function eachOrAll<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  send: (items: readonly T[]) => Promise<unknown>
): Promise<{ done: string[]; refused: Refusal[] }> {
  if (items.length === 0) return { done: [], refused: [] }
  try {
    await send(items)
    return { done: items.map(nameOf), refused: [] }
  } catch (error) {
    if (gitHubAnswerStatus(error) !== 422) throw error
    if (items.length === 1) {
      return { done: [], refused: [{ name: nameOf(items[0] as T), reason: reasonOf(error) }] }
    }
  }
  const done: string[] = []
  const refused: Refusal[] = []
  for (const item of items) {
    try {
      await send([item])
      done.push(nameOf(item))
    } catch (error) {
      if (gitHubAnswerStatus(error) !== 422) throw error
      refused.push({ name: nameOf(item), reason: reasonOf(error) })
    }
  }
  return { done, refused }
}

/** Requests review from the planned users and teams. */
export function requestReviews(
  octokit: GitHubClient,
  ref: PullRequestRef,
  plan: Pick<ReviewPlan, 'users' | 'teams'>
): Promise<{ done: string[]; refused: Refusal[] }> {
  const [owner = '', repo = ''] = ref.repository.split('/')
  const named = [
    ...plan.users.map((login) => ({ login, team: false })),
    ...plan.teams.map((login) => ({ login, team: true }))
  ]
  return eachOrAll(
    named,
    (r) => (r.team ? `${owner}/${r.login}` : r.login),
    (batch) =>
      octokit.rest.pulls.requestReviewers({
        owner,
        repo,
        pull_number: ref.number,
        reviewers: batch.filter((r) => !r.team).map((r) => r.login),
        team_reviewers: batch.filter((r) => r.team).map((r) => r.login)
      })
  )
}

/** Adds the labels to the docs pull request. */
export function addLabels(
  octokit: GitHubClient,
  ref: PullRequestRef,
  labels: readonly string[]
): Promise<{ done: string[]; refused: Refusal[] }> {
  const [owner = '', repo = ''] = ref.repository.split('/')
  return eachOrAll(
    labels,
    (label) => label,
    (batch) =>
      octokit.rest.issues.addLabels({ owner, repo, issue_number: ref.number, labels: [...batch] })
  )
}
