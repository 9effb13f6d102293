// Whether this run's event is a command for the action, read from the payload alone. The entry
// point asks before anything heavy loads, so a comment that is not a command costs no request.

import type { GitHubAccount } from './docs-pull-request.js'
import { positive } from './marker.js'
import { ACTIONS_BOT, asObject } from './workflow-run.js'

/** The events that may carry a command. */
type CommandEvent = 'issue_comment' | 'pull_request_review_comment' | 'pull_request_review'
export type CommandKind = 'issue-comment' | 'review-comment' | 'review'

const KINDS: Record<CommandEvent, CommandKind> = {
  issue_comment: 'issue-comment',
  pull_request_review_comment: 'review-comment',
  pull_request_review: 'review'
}
const str = (value: unknown): string => (typeof value === 'string' ? value : '')

export const DEFAULT_TRIGGER_PHRASE = '/docs'
export const TRIGGER_PHRASE_FORM =
  'one word of 1 to 50 characters without spaces, such as /docs or @docs-agent'

export function isValidTriggerPhrase(phrase: string): boolean {
  const fits = phrase.length >= 1 && phrase.length <= 50
  return fits && !/[\s\p{Cc}\p{Cf}]/u.test(phrase)
}

/** Where on the diff a line comment sits. */
export interface CommentedLine {
  path: string
  line?: number
  /** The first line of a comment on several lines. */
  startLine?: number
  /** LEFT: the old version; RIGHT: the new. */
  side?: string
  diffHunk?: string
}

export interface Command {
  kind: CommandKind
  /** The comment's or review's id (reactions go to comments only). */
  id: number
  url: string
  pullNumber: number
  pullTitle: string
  /** The pull request's author's login, when the payload says. */
  pullAuthor: string
  author: GitHubAccount
  /** What follows the trigger phrase, as written (uncleaned); '' when nothing does. */
  instruction: string
  /** Where on the diff a line comment sits. */
  line?: CommentedLine
}

/** A command read from the payload, or why there is none. */
export type CommandCheck = { command: Command } | { command?: undefined; reason: string }

export function isCommandEvent(eventName: string): eventName is CommandEvent {
  return Object.hasOwn(KINDS, eventName)
}

/**
 * The instruction after the phrase, or undefined when the body does not start with it. Blanks may
 * come before the phrase; a blank or the end must come after it, so `/docsy` is not `/docs`.
 */
export function matchTrigger(body: string, phrase: string): string | undefined {
  const start = body.length - body.trimStart().length
  if (!body.startsWith(phrase, start)) {
    return undefined
  }
  const after = body.slice(start + phrase.length)
  const wholeWord = after === '' || /^[ \t\r\n]/.test(after)
  if (!wholeWord) {
    return undefined
  }
  return after.trim()
}

export function readCommand(
  eventName: string,
  payload: Record<string, unknown>,
  phrase: string
): CommandCheck {
  const not = (reason: string): CommandCheck => ({ reason })
  if (!isCommandEvent(eventName)) {
    return not(`the event ${eventName || 'unknown'}`)
  }
  const action = str(payload.action)
  const review = eventName === 'pull_request_review'
  const wantedAction = review ? 'submitted' : 'created'
  if (action !== wantedAction) {
    return not(`a ${eventName} event with action '${action}'`)
  }
  const source = asObject(review ? payload.review : payload.comment)
  // An issue comment's payload holds the pull request as an issue.
  const pr = asObject(eventName === 'issue_comment' ? payload.issue : payload.pull_request)
  const pullNumber = positive(pr?.number)
  if (!source || !pr || pullNumber === undefined) {
    return not(`a ${eventName} without its object`)
  }
  if (eventName === 'issue_comment' && pr.pull_request === undefined) {
    return not('a comment on an issue, not on a pull request')
  }
  const id = positive(source.id)
  const user = asObject(source.user)
  const author = { login: str(user?.login), type: str(user?.type) }
  if (id === undefined || author.login === '') {
    return not(`a ${eventName} without an author`)
  }
  if (author.login.toLowerCase() === ACTIONS_BOT) {
    return not(`a comment by ${ACTIONS_BOT}`)
  }
  const instruction = matchTrigger(str(source.body), phrase)
  if (instruction === undefined) {
    return not('a comment that does not start with the trigger phrase')
  }
  const command: Command = {
    kind: KINDS[eventName],
    id,
    url: str(source.html_url),
    pullNumber,
    pullTitle: str(pr.title),
    pullAuthor: str(asObject(pr.user)?.login),
    author,
    instruction
  }
  if (eventName === 'pull_request_review_comment' && str(source.path) !== '') {
    // A comment on a line that has changed since keeps only its original line numbers.
    const line = positive(source.line) ?? positive(source.original_line)
    const startLine = positive(source.start_line) ?? positive(source.original_start_line)
    command.line = {
      path: str(source.path),
      line,
      startLine: startLine === line ? undefined : startLine,
      side: str(source.side) || undefined,
      diffHunk: str(source.diff_hunk) || undefined
    }
  }
  return { command }
}
