// The docs pull request the job opened, as GitHub describes it (the service gives only a link).
// Also its hand-off to reviewers and labels, made once per docs pull request.

import * as core from '@actions/core'
import { parsePullRequestLink, type PullRequestRef } from '../common/pull-request-link.js'
import { safeLine } from '../common/safe-text.js'
import { allPages, describeGitHubError, gitHubAnswerStatus, permissionHint } from './client.js'
import type { GitHubClient } from './client.js'
import type { GitHubSession } from './session.js'
import { hostOf, issueOf, onSameServer, pullOf, asObject, text } from './workflow-run.js'
import { LOGIN, LOGIN_PART, splitRepository, type WorkflowRun } from './workflow-run.js'

const TEAM = new RegExp(`^(${LOGIN_PART})/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})$`)

export type GitHubAccount = { login: string; type: string }

export type DocsPullRequest = Awaited<ReturnType<typeof readDocsPullRequest>>

export type ReviewerSpec =
  { kind: 'author' } | { kind: 'user'; login: string } | { kind: 'team'; org: string; slug: string }

export interface FollowOptions {
  link?: string
  reviewers: readonly ReviewerSpec[]
  labels: readonly string[]
  /** An earlier run asked the reviewers and added the labels. */
  already: boolean
  /** A refused read is only a debug line. */
  justTrying: boolean
  pr?: DocsPullRequest
}

export const docsTokenHint = (permission: string, repository: string): string =>
  'The docs token (docs-token, or github-token when it is empty) ' +
  `needs \`${permission}\` on ${safeLine(repository, 200)}; ` +
  'when the docs live in another repository, use a GitHub App token or a fine-grained token there.'

function account(value: unknown): GitHubAccount | undefined {
  const login = text(asObject(value)?.login)
  if (!login) {
    return undefined
  }
  return { login, type: text(asObject(value)?.type) ?? 'User' }
}

/** `changedFiles` as GitHub counts them; `files` holds at most 300 of them (three pages of 100). */
export async function readDocsPullRequest(
  octokit: GitHubClient,
  ref: PullRequestRef,
  withFiles = true
) {
  const pull = pullOf(ref)
  const { data: pr } = await octokit.rest.pulls.get(pull)
  const list = octokit.paginate.iterator(octokit.rest.pulls.listFiles, { ...pull, per_page: 100 })
  const wantsFiles = withFiles && pr.changed_files > 0
  const read = wantsFiles ? await allPages(list, 3) : []
  const files = read.map((file) => file.filename)
  return {
    repository: ref.repository,
    number: ref.number,
    title: pr.title,
    state: pr.state,
    merged: pr.merged,
    author: { login: pr.user.login, type: pr.user.type },
    ...(pr.created_at ? { createdAt: pr.created_at } : {}),
    additions: pr.additions,
    deletions: pr.deletions,
    changedFiles: Math.max(pr.changed_files, files.length),
    files
  }
}

/** `author`, a login or an `org/team` slug; undefined when the word is none of them. */
export function parseReviewer(word: string): ReviewerSpec | undefined {
  if (word.toLowerCase() === 'author') {
    return { kind: 'author' }
  }
  if (LOGIN.test(word)) {
    return { kind: 'user', login: word }
  }
  const team = TEAM.exec(word)
  if (!team) {
    return undefined
  }
  return { kind: 'team', org: team[1] as string, slug: team[2] as string }
}

/** Who `author` means: the code pull request's author, or the pusher of a push. */
export function codeAuthor({ payload, eventName }: WorkflowRun): GitHubAccount | undefined {
  const pr = asObject(payload.pull_request)
  const issue = asObject(payload.issue)
  if (pr) {
    return account(pr.user)
  }
  // A comment's payload holds its pull request as an issue.
  if (issue?.pull_request !== undefined) {
    return account(issue.user)
  }
  if (eventName !== 'push') {
    return undefined
  }
  // The sender tells whether the pusher is a bot; the pusher's name alone does not.
  const pusher = text(asObject(payload.pusher)?.name)
  const sender = account(payload.sender)
  const senderPushed = sender !== undefined && sender.login.toLowerCase() === pusher?.toLowerCase()
  if (sender && (!pusher || senderPushed)) {
    return sender
  }
  if (!pusher) {
    return undefined
  }
  return { login: pusher, type: 'User' }
}

/** The review requests to send for `specs` (teams as `owner/slug` of the docs repository's owner). */
export function planReviews(
  specs: readonly ReviewerSpec[],
  author: GitHubAccount | undefined,
  docs: { repository: string; author?: GitHubAccount }
): { users: string[]; teams: string[]; skipped: string[] } {
  const plan = { users: [] as string[], teams: [] as string[], skipped: [] as string[] }
  const { owner } = splitRepository(docs.repository)
  const seen = new Set<string>()
  // GitHub logins and team slugs are case-insensitive: each is asked once.
  const add = (list: string[], key: string, value: string): void => {
    if (!seen.has(key.toLowerCase())) {
      list.push(value)
    }
    seen.add(key.toLowerCase())
  }
  const bot = author?.type === 'Bot' || /\[bot\]$/i.test(author?.login ?? '')
  const authorLogin = author && !bot ? author.login : undefined
  for (const spec of specs) {
    if (spec.kind === 'team') {
      const name = `${spec.org}/${spec.slug}`
      if (spec.org.toLowerCase() === owner.toLowerCase()) {
        add(plan.teams, name, `${owner}/${spec.slug}`)
      } else {
        plan.skipped.push(`${name}: the team is not in ${owner}, which owns the docs repository`)
      }
      continue
    }
    const login = spec.kind === 'user' ? spec.login : authorLogin
    if (login === undefined) {
      const why = author
        ? `author: ${author.login} is a bot`
        : 'author: this run has no code pull request author or pusher'
      plan.skipped.push(why)
    } else if (login.toLowerCase() === docs.author?.login.toLowerCase()) {
      plan.skipped.push(`${login}: opened the docs pull request, so cannot review it`)
    } else {
      add(plan.users, login, login)
    }
  }
  return plan
}

/**
 * Sends `names` in one call. After a 422 (GitHub refuses the whole batch for one name), each
 * name is sent alone.
 *
 * Logs what GitHub took (`did`) and what it refused (`refused`, a warning unless `quiet`); `%s`
 * in each stands for the names.
 */
async function eachOrAll(
  names: readonly string[],
  send: (names: string[]) => Promise<unknown>,
  [did, refused, quiet = false]: [string, string, boolean?]
): Promise<true> {
  const done: string[] = []
  const no: string[] = []
  const each = async (batch: string[]): Promise<void> => {
    try {
      if (batch.length > 0) {
        await send(batch)
      }
      done.push(...batch)
    } catch (error) {
      if (gitHubAnswerStatus(error) !== 422) {
        throw error
      }
      if (batch.length > 1) {
        for (const name of batch) {
          await each([name])
        }
        return
      }
      const answer = asObject(asObject(asObject(error)?.response)?.data)
      const reason = text(answer?.message) ?? 'refused'
      no.push(`${String(batch[0])} (${safeLine(reason, 200)})`)
    }
  }
  await each([...names])
  if (done.length > 0) {
    core.info(did.replace('%s', () => safeLine(done.join(', '))))
  }
  if (no.length > 0) {
    const say = quiet ? core.info : core.warning
    say(refused.replace('%s', () => no.join(', ')))
  }
  return true
}

/**
 * Review requests for people and teams, logged. A team is written `owner/slug` (a login holds no
 * slash).
 *
 * With `authors`, the reviewers are the authors of the changes the docs cover. They are asked
 * unbidden, so GitHub refusing one is only noted.
 */
export function requestReviews(
  octokit: GitHubClient,
  ref: PullRequestRef,
  reviewers: readonly string[],
  authors = false
): Promise<true> {
  const pull = pullOf(ref)
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const who = authors ? ', who wrote the changes it covers' : ''
  const did = `Requested review of ${name} from %s${who}.`
  const refused =
    `docs-pr-reviewers: GitHub refused to request a review of ${name} from %s. ` +
    `A reviewer needs read access to ${safeLine(ref.repository)}; ` +
    "a team must be one of its owner's teams with access."
  const send = (names: string[]) => {
    const users = names.filter((name) => !name.includes('/'))
    const teams = names.filter((name) => name.includes('/'))
    const slugs = teams.map((name) => name.slice(pull.owner.length + 1))
    return octokit.rest.pulls.requestReviewers({ ...pull, reviewers: users, team_reviewers: slugs })
  }
  return eachOrAll(reviewers, send, [did, refused, authors])
}

/** Reads the docs pull request and hands it off, through `session` (docsSession's, to read). */
export async function followDocsPullRequest(
  session: GitHubSession | undefined,
  run: WorkflowRun,
  options: FollowOptions,
  budgetMs: number
): Promise<{ pr?: DocsPullRequest; handedOff: boolean }> {
  const ref = parsePullRequestLink(options.link)
  if (!ref) {
    return { handedOff: false }
  }
  const name = safeLine(`${ref.repository}#${ref.number}`)
  const notRead = 'so it is not read or handed to reviewers.'
  // A docs pull request on another GitHub server is out of reach: said, not warned.
  if (!onSameServer(ref.link, run)) {
    const there = safeLine(hostOf(ref.link))
    const here = safeLine(hostOf(run.serverUrl))
    core.info(
      `The docs pull request ${name} is on ${there}, not on ${here} where this runs, ${notRead}`
    )
    return { handedOff: false }
  }
  if (!session) {
    const noToken = 'has no token (docs-token and github-token are empty)'
    core.warning(`The docs pull request ${name} ${noToken}, ${notRead}`)
    return { handedOff: false }
  }
  let octokit: GitHubClient
  let pr: DocsPullRequest
  try {
    octokit = await session.client(budgetMs)
    pr = options.pr ?? (await readDocsPullRequest(octokit, ref))
  } catch (error) {
    const line = `Could not read the docs pull request ${name} (${describeGitHubError(error)}).`
    const hint = docsTokenHint('pull-requests: read', ref.repository)
    if (options.justTrying) {
      core.debug(line)
    } else {
      core.warning(`${line}${permissionHint(error, hint, session.name)}`)
    }
    return { handedOff: false }
  }
  const state = `${safeLine(pr.state, 20)}${pr.merged ? ', merged' : ''}`
  const size = `+${pr.additions} −${pr.deletions} in ${pr.changedFiles} files`
  core.info(`Docs pull request ${name}: "${safeLine(pr.title, 200)}" (${state}; ${size}).`)
  if (options.reviewers.length === 0 && options.labels.length === 0) {
    return { pr, handedOff: false }
  }
  if (options.already) {
    core.info(`Reviewers and labels were already requested on ${name}; not again.`)
    return { pr, handedOff: false }
  }
  if (pr.state !== 'open') {
    const ended = pr.merged ? 'merged' : 'closed'
    core.info(`The docs pull request ${name} is ${ended}; no reviewers or labels.`)
    return { pr, handedOff: false }
  }
  const plan = planReviews(options.reviewers, codeAuthor(run), pr)
  for (const why of plan.skipped) {
    core.info(`docs-pr-reviewers: skipped ${safeLine(why)}.`)
  }
  const addLabels = (labels: string[]) => octokit.rest.issues.addLabels({ ...issueOf(ref), labels })
  const refused =
    `docs-pr-labels: GitHub refused to add %s to ${name}. ` +
    `Create the label in ${safeLine(ref.repository)}, ` +
    'or give the token the right to create labels there.'
  const hint = docsTokenHint('pull-requests: write', ref.repository)
  const tried = (input: string, what: string, send: () => Promise<true>) =>
    session.bestEffort(octokit, send, `${input}: could not ${what} ${name} (%s).`, hint)
  const reviews = await tried('docs-pr-reviewers', 'request reviews of', () =>
    requestReviews(octokit, ref, [...plan.users, ...plan.teams])
  )
  const labels = await tried('docs-pr-labels', 'label', () =>
    eachOrAll(options.labels, addLabels, [`Labelled ${name}: %s.`, refused])
  )
  return { pr, handedOff: reviews !== undefined && labels !== undefined }
}
