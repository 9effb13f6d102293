// Whether this run's event is a command for the action, read from the event payload
// alone. Pure and cheap: the entry asks it before anything heavy loads, so that a
// comment that is not a command costs no request and almost no time.

/** The events a command can come from. */
export const COMMAND_EVENTS = [
  'issue_comment',
  'pull_request_review_comment',
  'pull_request_review'
] as const
export type CommandEvent = (typeof COMMAND_EVENTS)[number]

export const DEFAULT_TRIGGER_PHRASE = '/docs'
export const TRIGGER_PHRASE_FORM =
  'one word of 1 to 50 characters without spaces, such as /docs or @docs-agent'

export function isValidTriggerPhrase(phrase: string): boolean {
  return phrase.length >= 1 && phrase.length <= 50 && !/[\s\p{Cc}\p{Cf}]/u.test(phrase)
}
/** The login the workflow's own token writes as: its comments never trigger a run. */
export const ACTIONS_BOT = 'github-actions[bot]'

export interface Commenter {
  login: string
  /** `User`, `Bot`, `Organization`, as GitHub says. */
  type: string
}

/** Where on the diff a line comment sits. */
export interface LineContext {
  path: string
  line?: number
  startLine?: number
  side?: string
  diffHunk?: string
}

export interface Command {
  event: CommandEvent
  /** Which kind of thing was written: a conversation comment, a line comment, a review. */
  kind: 'issue-comment' | 'review-comment' | 'review'
  /** The comment's or review's id (reactions go to comments only). */
  id: number
  url: string
  pullNumber: number
  pullTitle: string
  /** The pull request's author's login, when the payload says. */
  pullAuthor: string
  author: Commenter
  /** What follows the trigger phrase, as written (uncleaned); '' when nothing does. */
  instruction: string
  line?: LineContext
}

export type CommandCheck =
  { command: Command } | { command?: undefined; reason: string; commentEvent: boolean }

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function int(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

export function isCommandEvent(eventName: string): eventName is CommandEvent {
  return (COMMAND_EVENTS as readonly string[]).includes(eventName)
}

/**
 * The instruction after the trigger phrase, or undefined when `body` is not a command:
 * the phrase, exactly (case and all), after leading blanks, followed by a space, tab,
 * line break or the end.
 */
export function matchTrigger(body: string, phrase: string): string | undefined {
  if (phrase === '') return undefined
  const start = body.length - body.trimStart().length
  if (!body.startsWith(phrase, start)) return undefined
  const after = body.slice(start + phrase.length)
  if (after !== '' && !/^[ \t\r\n]/.test(after)) return undefined
  return after.trim()
}

const not = (reason: string, commentEvent = true): CommandCheck => ({ reason, commentEvent })

/** Reads the event payload: a command for this action, or why not. */
export function readCommand(
  eventName: string,
  payload: Record<string, unknown>,
  phrase: string
): CommandCheck {
  if (!isCommandEvent(eventName)) return not(`the event ${eventName || 'unknown'}`, false)
  const action = str(payload.action)
  const expected = eventName === 'pull_request_review' ? 'submitted' : 'created'
  if (action !== expected) return not(`a ${eventName} event with action '${action}'`)

  const source = record(eventName === 'pull_request_review' ? payload.review : payload.comment)
  const pr = record(eventName === 'issue_comment' ? payload.issue : payload.pull_request)
  const pullNumber = int(pr?.number)
  if (!source || !pr || pullNumber === undefined) return not(`a ${eventName} without its object`)
  if (eventName === 'issue_comment' && pr.pull_request === undefined) {
    return not('a comment on an issue, not on a pull request')
  }
  const id = int(source.id)
  const user = record(source.user)
  const author = { login: str(user?.login), type: str(user?.type) }
  if (id === undefined || author.login === '') return not(`a ${eventName} without an author`)
  if (author.login.toLowerCase() === ACTIONS_BOT) return not(`a comment by ${ACTIONS_BOT}`)

  const instruction = matchTrigger(str(source.body), phrase)
  if (instruction === undefined) return not('a comment that does not start with the trigger phrase')

  const command: Command = {
    event: eventName,
    kind:
      eventName === 'issue_comment'
        ? 'issue-comment'
        : eventName === 'pull_request_review_comment'
          ? 'review-comment'
          : 'review',
    id,
    url: str(source.html_url),
    pullNumber,
    pullTitle: str(pr.title),
    pullAuthor: str(record(pr.user)?.login),
    author,
    instruction
  }
  if (eventName === 'pull_request_review_comment' && str(source.path) !== '') {
    const line = int(source.line) ?? int(source.original_line)
    const startLine = int(source.start_line) ?? int(source.original_start_line)
    command.line = {
      path: str(source.path),
      ...(line === undefined ? {} : { line }),
      ...(startLine === undefined || startLine === line ? {} : { startLine }),
      ...(str(source.side) ? { side: str(source.side) } : {}),
      ...(str(source.diff_hunk) ? { diffHunk: str(source.diff_hunk) } : {})
    }
  }
  return { command }
}
