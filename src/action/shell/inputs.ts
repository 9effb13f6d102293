// Every input read and checked once, into one typed Settings object. A bad value stops
// the step with one line naming the input and the accepted form, before any request.

import { existsSync, readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { DURATION_FORM, formatDuration, parseDuration } from '../../common/duration.js'
import { isPlainId, PLAIN_ID_FORM } from '../../common/plain-id.js'
import { ACCOUNT, ACTIONS_BOT } from '../../github/workflow-run.js'
import {
  DEFAULT_TRIGGER_PHRASE,
  TRIGGER_PHRASE_FORM,
  isValidTriggerPhrase
} from '../../github/command.js'
import { parseReviewer, type ReviewerSpec } from '../../github/docs-pull-request.js'

/** Every input but the target, checked. */
export interface CommonSettings {
  readonly apiKey: string
  readonly projectId: string
  readonly baseUrl: URL
  /** Wait for the job to end (else report it as the last call returned it). */
  readonly wait: boolean
  readonly pollIntervalMs: number
  readonly maxPollIntervalMs: number
  readonly timeoutMs: number
  readonly requirePr: boolean
  readonly githubToken: string | undefined
  /** Append the workflow's context to the prompt. */
  readonly includeContext: boolean
  readonly prComment: boolean
  readonly reuseJob: boolean
  /** Which branch record this step keeps (undefined: the workflow's file). */
  readonly recordKey: string | undefined
  readonly docsToken: string | undefined
  readonly docsPrReviewers: readonly ReviewerSpec[]
  readonly docsPrLabels: readonly string[]
  readonly docsPrOnClose: 'close' | 'keep'
  readonly checkRun: boolean
  readonly triggerPhrase: string
  /** Bot logins whose comments may give commands. */
  readonly allowedBots: readonly string[]
  readonly dryRun: boolean
}

/** A new job with `prompt`. */
export interface CreateSettings extends CommonSettings {
  readonly mode: 'create'
  readonly prompt: string
}

/** A follow-up `prompt` to the job `jobId`. */
export interface MessageSettings extends CommonSettings {
  readonly mode: 'message'
  readonly prompt: string
  readonly jobId: string
}

/** Only watch the job `jobId`. */
export interface WaitSettings extends CommonSettings {
  readonly mode: 'wait'
  readonly jobId: string
}

/** The inputs, checked: a union by mode, which follows from the prompt and job-id given. */
export type Settings = CreateSettings | MessageSettings | WaitSettings

type Target =
  | Pick<CreateSettings, 'mode' | 'prompt'>
  | Pick<MessageSettings, 'mode' | 'prompt' | 'jobId'>
  | Pick<WaitSettings, 'mode' | 'jobId'>

/** Reads one input as the runner passes it (`INPUT_<NAME>`); '' when absent. */
export type InputReader = (name: string, options?: { trimWhitespace?: boolean }) => string

export class InputError extends Error {
  override name = 'InputError'
  input = ''
}

function fail(name: string, rest: string, message = `Input '${name}' ${rest}`): never {
  throw Object.assign(new InputError(message), { input: name })
}

/** One input's check: its value from the raw text, or `bad` with the rest of the error line. */
type Check<T> = (raw: string, bad: (rest: string) => never) => T

function input<T>(read: InputReader, name: string, check: Check<T>, fallback = ''): T {
  return check(read(name) || fallback, (rest) => fail(name, rest))
}

export const DEFAULT_BASE_URL = 'https://api.mintlify.com'
// What an HTTP header value can carry: visible ASCII, no spaces.
const HEADER_TOKEN = /^[\x21-\x7e]+$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
const INVISIBLE = 'a space, a line break, an invisible or non-ASCII character'
const URL_FORM =
  'an https URL such as https://api.mintlify.com (plain http only to a loopback address)'

const quoted = (value: string): string =>
  JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
const list = (raw: string): string[] => raw.split(/[,\r\n]+/).flatMap((item) => item.trim() || [])

/** A check that takes what `ok` accepts (as `value` reads it), else names the form. */
const rule =
  <T = string>(ok: (raw: string) => boolean, form: string, value = (raw: string) => raw as T) =>
  (raw: string, bad: (rest: string) => never): T =>
    ok(raw) ? value(raw) : bad(`must be ${form}; got ${quoted(raw)}.`)

const flag = rule(
  (raw) => /^(true|false)$/i.test(raw),
  'true or false',
  (raw) => /^t/i.test(raw)
)
const orNone = (raw: string): string | undefined => raw || undefined
/** An identifier that goes into a URL path: the same rule as the ids the service sends. */
const id = rule((raw) => raw === '' || isPlainId(raw), PLAIN_ID_FORM, orNone)
const onClose = rule<'close' | 'keep'>((raw) => raw === 'close' || raw === 'keep', 'close or keep')
const recordKey = rule(
  (raw) => raw.length <= 100 && !CONTROL.test(raw),
  'a name of at most 100 characters on one line',
  orNone
)
const triggerPhrase = rule(isValidTriggerPhrase, TRIGGER_PHRASE_FORM)

const duration =
  (min = 100): Check<number> =>
  (raw, bad) => {
    const ms = parseDuration(raw) ?? bad(`must be ${DURATION_FORM}; got ${quoted(raw)}.`)
    if (ms >= min && ms <= 24 * 3_600_000) {
      return ms
    }
    return bad(`must be between ${formatDuration(min)} and 24h; got ${quoted(raw)}.`)
  }

/** A secret that goes into a header: checked, never echoed. */
const token =
  (form: string): Check<string> =>
  (raw, bad) =>
    raw === '' || HEADER_TOKEN.test(raw) ? raw : bad(form)

const baseUrl: Check<URL> = (raw, bad) => {
  const url = URL.parse(raw)
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    return bad(`must be ${URL_FORM}; got ${quoted(raw)}.`)
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const loopback = host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
  if (url.protocol === 'http:' && !loopback) {
    bad(
      `must use https: plain http would send the API key unencrypted to ${url.hostname}. ` +
        `Use ${URL_FORM}.`
    )
  }
  if (url.username || url.password || url.search || url.hash) {
    bad(`must not carry credentials, a query or a fragment; use ${URL_FORM}.`)
  }
  return url
}

const reviewers: Check<ReviewerSpec[]> = (raw, bad) => {
  const form =
    'GitHub logins, org/team slugs or the word author, separated by commas or line breaks'
  const words = list(raw).flatMap((item) => item.split(/\s+/))
  if (words.length > 15) {
    bad(`may name at most 15 reviewers; got ${words.length}.`)
  }
  return words.map((word) => {
    const reviewer = parseReviewer(word.replace(/^@/, ''))
    return reviewer ?? bad(`must list ${form}; got ${quoted(word)}.`)
  })
}

const labels: Check<string[]> = (raw, bad) => {
  const names = list(raw)
  if (names.length > 20) {
    bad(`may name at most 20 labels; got ${names.length}.`)
  }
  const wrong = names.find((label) => label.length > 50 || CONTROL.test(label))
  if (wrong !== undefined) {
    const form = 'label names of at most 50 characters, separated by commas or line breaks'
    bad(`must list ${form}; got ${quoted(wrong)}.`)
  }
  return [...new Set(names)]
}

const allowedBots: Check<string[]> = (raw, bad) => {
  const form = 'takes exact bot logins such as renovate[bot], comma-separated'
  return list(raw).map((entry) => {
    if (entry.includes('*')) {
      bad(`${form}; a wildcard ('*') is not accepted.`)
    }
    if (!ACCOUNT.test(entry)) {
      bad(`${form}; got ${quoted(entry)}.`)
    }
    if (entry.toLowerCase() === ACTIONS_BOT) {
      bad(`cannot list ${ACTIONS_BOT}: the action's own comments never give commands (no loops).`)
    }
    return entry
  })
}

/**
 * The mode follows from which of prompt (or prompt-file) and job-id are given: create, a new job;
 * message, a follow-up to jobId; wait, only watch jobId.
 */
function readTarget(
  read: InputReader,
  workspace: string,
  jobId?: string,
  commandEvent = false
): Target {
  const inline = read('prompt', { trimWhitespace: false })
  const file = read('prompt-file')
  if (inline.trim() !== '' && file !== '') {
    fail('prompt', '', "Inputs 'prompt' and 'prompt-file' cannot both be set: choose one.")
  }
  if (file === '' && inline !== '' && inline.trim() === '') {
    fail('prompt', 'is blank: write the instruction for the agent.')
  }
  // On a command event the command says what to do, so the standing instruction may be empty.
  let prompt = inline || (commandEvent ? '' : undefined)
  if (file) {
    const path = resolve(workspace, file)
    // Not found or not readable: said as for a folder.
    const stat = existsSync(path) ? statSync(path) : undefined
    const form = `must name a readable file (relative to the workspace); ${quoted(file)} was not found.`
    if (!stat?.isFile()) {
      fail('prompt-file', form)
    }
    if (stat.size > 1024 * 1024) {
      fail('prompt-file', `must be a file of at most 1 MiB; ${quoted(file)} is larger.`)
    }
    prompt = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
    if (prompt.trim() === '') {
      fail('prompt-file', `names an empty file (${quoted(file)}): write the instruction in it.`)
    }
  }
  if (jobId !== undefined) {
    return prompt === undefined ? { mode: 'wait', jobId } : { mode: 'message', prompt, jobId }
  }
  if (prompt !== undefined) {
    return { mode: 'create', prompt }
  }
  return fail(
    'prompt',
    "(or 'prompt-file') is required, unless 'job-id' is given to wait on an existing job."
  )
}

const KEY_FORM =
  'must be one token of the form mint_<secret>, in visible ASCII characters without spaces; ' +
  `the secret's value holds another character (${INVISIBLE}): copy the key again.`
const GITHUB_TOKEN_FORM =
  'must be visible ASCII characters without spaces; ' +
  `the value holds another character (${INVISIBLE}).`

// Every input, in the order they are checked. On a command event, prompt and prompt-file are
// optional: when given, the standing instruction sent before the command.
export function readSettings(
  read: InputReader,
  workspace = process.cwd(),
  commandEvent = false
): Settings {
  const dryRun = input(read, 'dry-run', flag, 'false')
  const apiKey = input(read, 'api-key', token(KEY_FORM))
  if (apiKey === '' && !dryRun) {
    fail(
      'api-key',
      'is required: pass the admin API key from a secret, e.g. api-key: ${{ secrets.MINTLIFY_API_KEY }}.'
    )
  }
  const projectId = input(read, 'project-id', id) ?? fail('project-id', 'is required.')
  const jobId = input(read, 'job-id', id)
  const target = readTarget(read, workspace, jobId, commandEvent)
  const url = input(read, 'base-url', baseUrl, DEFAULT_BASE_URL)
  const wait = input(read, 'wait', flag, 'true')
  const pollIntervalMs = input(read, 'poll-interval', duration(), '5s')
  const maxPollIntervalMs = input(read, 'max-poll-interval', duration(), '30s')
  if (maxPollIntervalMs < pollIntervalMs) {
    const [max, min] = [maxPollIntervalMs, pollIntervalMs].map(formatDuration)
    fail('max-poll-interval', `(${max}) must not be shorter than 'poll-interval' (${min}).`)
  }
  const settings: CommonSettings = {
    apiKey,
    projectId,
    baseUrl: url,
    wait,
    pollIntervalMs,
    maxPollIntervalMs,
    timeoutMs: input(read, 'timeout', duration(1000), '30m'),
    requirePr: input(read, 'require-pr', flag, 'false'),
    githubToken: input(read, 'github-token', token(GITHUB_TOKEN_FORM)) || undefined,
    includeContext: input(read, 'include-context', flag, 'false'),
    prComment: input(read, 'pr-comment', flag, 'true'),
    reuseJob: input(read, 'reuse-job', flag, 'true'),
    recordKey: input(read, 'record-key', recordKey),
    docsToken: read('docs-token') || undefined,
    docsPrReviewers: input(read, 'docs-pr-reviewers', reviewers),
    docsPrLabels: input(read, 'docs-pr-labels', labels),
    docsPrOnClose: input(read, 'docs-pr-on-close', onClose, 'close'),
    checkRun: input(read, 'check-run', flag, 'false'),
    triggerPhrase: input(read, 'trigger-phrase', triggerPhrase, DEFAULT_TRIGGER_PHRASE),
    allowedBots: input(read, 'allowed-bots', allowedBots),
    dryRun
  }
  return { ...settings, ...target }
}
