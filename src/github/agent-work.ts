// Whose work a pull request or a commit is. The agent's own work (its docs pull requests and
// the commits they bring) never starts or feeds a job, and a change whose code pull request has
// its own docs job is documented there, not told again to the branch's job. Pure.

import { asObject, text } from './workflow-run.js'

/** The accounts the docs agent writes as: the Mintlify GitHub App's bot. */
export const AGENT_ACCOUNTS: readonly string[] = ['mintlify[bot]']

/** A user as GitHub gives it (`login`, `type`): the agent's, when its login is one of them. */
export function isAgentAccount(user: unknown): boolean {
  const login = text(asObject(user)?.login)?.toLowerCase()
  if (login === undefined) {
    return false
  }
  // A user given without a type is taken as the bot its login names.
  const type = text(asObject(user)?.type) ?? 'Bot'
  return type === 'Bot' && AGENT_ACCOUNTS.includes(login)
}

/**
 * Why a change is not told to the branch's job: documented with its own pull request's job, or
 * the agent's own work.
 */
export type ApartReason = 'documented' | 'agent'

/** A commit set apart, and why. */
export interface ApartCommit {
  sha: string
  why: ApartReason
  /** The pull request it came from; none for a direct push. */
  pull?: number
  /** The docs pull request of that pull request's job, when known. */
  docs?: string
  /**
   * Apart for this run only, not settled: its job has no docs pull request yet, or the token
   * cannot see it.
   */
  recheck?: true
}

/** What a source pull request is, as its comments and the service say. */
export type SourceVerdict =
  | { kind: 'agent'; why: string }
  | { kind: 'documented'; docs?: string; recheck?: true }
  | { kind: 'tell' }

/**
 * The commits set apart for good: no job is told them again. One whose documentation is not known
 * yet is checked again by a later run (if its job fails, the branch's job is told it).
 */
export const settledApart = (apart: readonly ApartCommit[]): string[] =>
  apart.filter((commit) => !commit.recheck).map((commit) => commit.sha)

/** The commits set apart, given each source pull request's verdict (pure). */
export function setApart(
  commits: ReadonlyArray<{ sha: string; author?: string; authorIsBot: boolean }>,
  pulls: ReadonlyArray<{ number: number; commits: readonly string[] }>,
  verdicts: ReadonlyMap<number, SourceVerdict>
): ApartCommit[] {
  const apart: ApartCommit[] = []
  for (const commit of commits) {
    const from = pulls.filter((pull) => pull.commits.includes(commit.sha))
    const agent = from.find((pull) => verdicts.get(pull.number)?.kind === 'agent')
    if (agent) {
      apart.push({ sha: commit.sha, why: 'agent', pull: agent.number })
      continue
    }
    // Pushed straight to the branch by the agent's account (a commit in a pull request is
    // judged by its pull request: a commit's author is only what its email claims).
    const agentAuthor = commit.authorIsBot && isAgentAccount({ login: commit.author, type: 'Bot' })
    const pushedStraight = from.length === 0
    if (pushedStraight && agentAuthor) {
      apart.push({ sha: commit.sha, why: 'agent' })
      continue
    }
    for (const pull of from) {
      const verdict = verdicts.get(pull.number)
      if (verdict?.kind !== 'documented') {
        continue
      }
      const documented: ApartCommit = { sha: commit.sha, why: 'documented', pull: pull.number }
      if (verdict.docs) {
        documented.docs = verdict.docs
      }
      if (verdict.recheck) {
        documented.recheck = true
      }
      apart.push(documented)
      // The first pull request with its own docs job is enough.
      break
    }
  }
  return apart
}

/** One line for people: `#57 → acme/docs#102` for each pull request set apart, each once. */
export function describeApart(apart: readonly ApartCommit[], name: (link: string) => string) {
  const documented = new Map<number, string>()
  const own = new Set<string>()
  for (const commit of apart) {
    if (commit.why === 'agent') {
      own.add(commit.pull ? `#${commit.pull}` : commit.sha.slice(0, 7))
    } else if (commit.pull) {
      const docs = commit.docs ? ` → ${name(commit.docs)}` : ' (its job is working)'
      documented.set(commit.pull, docs)
    }
  }
  const parts: string[] = []
  if (documented.size > 0) {
    const list = [...documented].map(([pull, docs]) => `#${pull}${docs}`).join(', ')
    parts.push(`documented with their own pull request's docs job: ${list}`)
  }
  if (own.size > 0) {
    parts.push(`the docs agent's own work: ${[...own].join(', ')}`)
  }
  return parts.join('; ')
}
