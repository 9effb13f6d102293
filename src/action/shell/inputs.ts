// Every input is read and checked here, once, into one typed Settings object.
// A bad value stops the step with one line naming the input and the accepted
// form, before any request is sent.

import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { DURATION_FORM, formatDuration, parseDuration } from '../../common/duration.js'
import { parseReviewer, type ReviewerSpec } from '../../github/docs-review.js'
import {
  ACTIONS_BOT,
  DEFAULT_TRIGGER_PHRASE,
  TRIGGER_PHRASE_FORM,
  isValidTriggerPhrase
} from '../../github/command.js'
import { isPlainId, PLAIN_ID_FORM } from '../../common/plain-id.js'

/** What every mode shares. */
interface CommonSettings {
  apiKey: string
  projectId: string
  baseUrl: URL
  wait: boolean
  pollIntervalMs: number
  maxPollIntervalMs: number
  timeoutMs: number
  requirePr: boolean
  githubToken?: string
  includeContext: boolean
  prComment: boolean
  /** On a pull-request run, send the prompt to the pull request's recorded job. */
  reuseJob: boolean
  /** Which branch record a step keeps (record-key); the workflow's file when not given. */
  recordKey?: string
  /** docs-token, when given (the docs repository's calls otherwise use githubToken). */
  docsToken?: string
  docsPrReviewers: ReviewerSpec[]
  docsPrLabels: string[]
  /** When the code pull request closes without merging: close its docs pull request, or keep it open. */
  docsPrOnClose: 'close' | 'keep'
  checkRun: boolean
  /** What starts a command in a pull request comment. */
  triggerPhrase: string
  /** Bot logins trusted to give commands, as listed. */
  allowedBots: string[]
  /** Decide and show, send and write nothing. */
  dryRun: boolean
}

/** create: a new job; message: a follow-up to jobId; wait: only watch jobId. */
type Target =
  | { mode: 'create'; prompt: string }
  | { mode: 'message'; prompt: string; jobId: string }
  | { mode: 'wait'; jobId: string }

export type Settings = CommonSettings & Target

export type Mode = Settings['mode']

/** Reads one input as the runner passes it (`INPUT_<NAME>`); '' when absent. */
export type InputReader = (name: string, options?: { trimWhitespace?: boolean }) => string

export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
    this.name = 'InputError'
  }
}

const MIN_POLL_MS = 100
const MAX_DURATION_MS = 24 * 3_600_000
const MAX_PROMPT_FILE_BYTES = 1024 * 1024
export const DEFAULT_BASE_URL = 'https://api.mintlify.com'

function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
}

function readBoolean(read: InputReader, name: string, fallback: boolean): boolean {
  const raw = read(name)
  if (raw === '') return fallback
  const value = raw.toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  throw new InputError(name, `Input '${name}' must be true or false; got ${quoted(raw)}.`)
}

function readDuration(read: InputReader, name: string, fallback: string, min = 1): number {
  const raw = read(name) || fallback
  const ms = parseDuration(raw)
  if (ms === undefined) {
    throw new InputError(name, `Input '${name}' must be ${DURATION_FORM}; got ${quoted(raw)}.`)
  }
  if (ms < min || ms > MAX_DURATION_MS) {
    throw new InputError(
      name,
      `Input '${name}' must be between ${formatDuration(min)} and 24h; got ${quoted(raw)}.`
    )
  }
  return ms
}

/** An identifier that goes into a URL path: the same rule as the ids the service sends. */
function readId(read: InputReader, name: string, required: boolean): string | undefined {
  const value = read(name)
  if (value === '') {
    if (required) throw new InputError(name, `Input '${name}' is required.`)
    return undefined
  }
  if (!isPlainId(value)) {
    throw new InputError(name, `Input '${name}' must be ${PLAIN_ID_FORM}; got ${quoted(value)}.`)
  }
  return value
}

// What an HTTP header value can carry: visible ASCII, no spaces.
const HEADER_TOKEN = /^[\x21-\x7e]+$/

function readApiKey(read: InputReader, dryRun: boolean): string {
  const key = read('api-key')
  if (key === '' && dryRun) return ''
  if (key === '') {
    throw new InputError(
      'api-key',
      "Input 'api-key' is required: pass the admin API key from a secret, e.g. api-key: ${{ secrets.MINTLIFY_API_KEY }}."
    )
  }
  // Never echoed: the message says what is wrong, not what the key is.
  if (!HEADER_TOKEN.test(key)) {
    throw new InputError(
      'api-key',
      "Input 'api-key' must be one token of the form mint_<secret>, in visible ASCII characters without spaces; the secret's value holds another character (a space, a line break, an invisible or non-ASCII character): copy the key again."
    )
  }
  return key
}

/** The GitHub token goes into a header too: the same rule as the API key, never echoed. */
function readGitHubToken(read: InputReader): string | undefined {
  const token = read('github-token')
  if (token === '') return undefined
  if (!HEADER_TOKEN.test(token)) {
    throw new InputError(
      'github-token',
      "Input 'github-token' must be visible ASCII characters without spaces; the value holds another character (a space, a line break, an invisible or non-ASCII character)."
    )
  }
  return token
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

export function parseBaseUrl(raw: string): URL {
  const form =
    'an https URL such as https://api.mintlify.com (plain http only to a loopback address)'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new InputError('base-url', `Input 'base-url' must be ${form}; got ${quoted(raw)}.`)
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new InputError(
      'base-url',
      `Input 'base-url' must use https: plain http would send the API key unencrypted to ${url.hostname}. Use ${form}.`
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError('base-url', `Input 'base-url' must be ${form}; got ${quoted(raw)}.`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InputError(
      'base-url',
      `Input 'base-url' must not carry credentials, a query or a fragment; use ${form}.`
    )
  }
  return url
}

function readPrompt(read: InputReader, workspace: string): string | undefined {
  const inline = read('prompt', { trimWhitespace: false })
  const file = read('prompt-file')
  if (inline.trim() !== '' && file !== '') {
    throw new InputError(
      'prompt',
      "Inputs 'prompt' and 'prompt-file' cannot both be set: choose one."
    )
  }
  if (file !== '') {
    const path = resolve(workspace, file)
    let size: number
    try {
      const stat = statSync(path)
      if (!stat.isFile()) throw new Error('not a file')
      size = stat.size
    } catch {
      throw new InputError(
        'prompt-file',
        `Input 'prompt-file' must name a readable file (relative to the workspace); ${quoted(file)} was not found.`
      )
    }
    if (size > MAX_PROMPT_FILE_BYTES) {
      throw new InputError(
        'prompt-file',
        `Input 'prompt-file' must be a file of at most 1 MiB; ${quoted(file)} is larger.`
      )
    }
    const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
    if (text.trim() === '') {
      throw new InputError(
        'prompt-file',
        `Input 'prompt-file' names an empty file (${quoted(file)}): write the instruction in it.`
      )
    }
    return text
  }
  if (inline === '') return undefined
  if (inline.trim() === '') {
    throw new InputError('prompt', "Input 'prompt' is blank: write the instruction for the agent.")
  }
  return inline
}

export function readTriggerPhrase(read: InputReader): string {
  const phrase = read('trigger-phrase') || DEFAULT_TRIGGER_PHRASE
  if (!isValidTriggerPhrase(phrase)) {
    throw new InputError(
      'trigger-phrase',
      `Input 'trigger-phrase' must be ${TRIGGER_PHRASE_FORM}; got ${quoted(phrase)}.`
    )
  }
  return phrase
}

/** Bot logins, comma-separated (line breaks also accepted); no wildcard. */
export function readAllowedBots(read: InputReader): string[] {
  const entries = read('allowed-bots')
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  for (const entry of entries) {
    if (entry.includes('*')) {
      throw new InputError(
        'allowed-bots',
        "Input 'allowed-bots' takes exact bot logins such as renovate[bot], comma-separated; a wildcard ('*') is not accepted."
      )
    }
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(entry)) {
      throw new InputError(
        'allowed-bots',
        `Input 'allowed-bots' takes exact bot logins such as renovate[bot], comma-separated; got ${quoted(entry)}.`
      )
    }
    if (entry.toLowerCase() === ACTIONS_BOT) {
      throw new InputError(
        'allowed-bots',
        `Input 'allowed-bots' cannot list ${ACTIONS_BOT}: the action's own comments never give commands (no loops).`
      )
    }
  }
  return entries
}

export interface ReadOptions {
  /**
   * A command event: prompt and prompt-file are optional, and when given are the
   * standing instruction sent before the command (an empty prompt means none).
   */
  commandEvent?: boolean
}

export function readSettings(
  read: InputReader,
  workspace: string = process.cwd(),
  options: ReadOptions = {}
): Settings {
  const dryRun = readBoolean(read, 'dry-run', false)
  const apiKey = readApiKey(read, dryRun)
  const projectId = readId(read, 'project-id', true) as string
  const jobId = readId(read, 'job-id', false)
  const prompt = readPrompt(read, workspace)
  const target =
    options.commandEvent && prompt === undefined ? readTarget('', jobId) : readTarget(prompt, jobId)
  const baseUrl = parseBaseUrl(read('base-url') || DEFAULT_BASE_URL)
  const wait = readBoolean(read, 'wait', true)
  const pollIntervalMs = readDuration(read, 'poll-interval', '5s', MIN_POLL_MS)
  const maxPollIntervalMs = readDuration(read, 'max-poll-interval', '30s', MIN_POLL_MS)
  if (maxPollIntervalMs < pollIntervalMs) {
    throw new InputError(
      'max-poll-interval',
      `Input 'max-poll-interval' (${formatDuration(maxPollIntervalMs)}) must not be shorter than 'poll-interval' (${formatDuration(pollIntervalMs)}).`
    )
  }
  const timeoutMs = readDuration(read, 'timeout', '30m', 1000)
  const requirePr = readBoolean(read, 'require-pr', false)
  const githubToken = readGitHubToken(read)
  const includeContext = readBoolean(read, 'include-context', false)
  const prComment = readBoolean(read, 'pr-comment', true)
  const reuseJob = readBoolean(read, 'reuse-job', true)
  const recordKey = readRecordKey(read)
  const docsToken = read('docs-token') || undefined
  const docsPrReviewers = readReviewers(read)
  const docsPrLabels = readLabels(read)
  const docsPrOnClose = readOnClose(read)
  const checkRun = readBoolean(read, 'check-run', false)
  const triggerPhrase = readTriggerPhrase(read)
  const allowedBots = readAllowedBots(read)
  const common: CommonSettings = {
    apiKey,
    projectId,
    baseUrl,
    wait,
    pollIntervalMs,
    maxPollIntervalMs,
    timeoutMs,
    requirePr,
    ...(githubToken === undefined ? {} : { githubToken }),
    includeContext,
    prComment,
    reuseJob,
    ...(recordKey === undefined ? {} : { recordKey }),
    ...(docsToken === undefined ? {} : { docsToken }),
    docsPrReviewers,
    docsPrLabels,
    docsPrOnClose,
    checkRun,
    triggerPhrase,
    allowedBots,
    dryRun
  }
  // Object.assign keeps the union by mode, where a spread would flatten it.
  return Object.assign(common, target)
}

function readOnClose(read: InputReader): 'close' | 'keep' {
  const raw = read('docs-pr-on-close') || 'close'
  if (raw === 'close' || raw === 'keep') return raw
  throw new InputError(
    'docs-pr-on-close',
    `Input 'docs-pr-on-close' must be close or keep; got ${quoted(raw)}.`
  )
}

function readRecordKey(read: InputReader): string | undefined {
  const raw = read('record-key')
  if (raw === '') return undefined
  // eslint-disable-next-line no-control-regex
  if (raw.length > 100 || /[\u0000-\u001f\u007f]/.test(raw)) {
    throw new InputError(
      'record-key',
      `Input 'record-key' must be a name of at most 100 characters on one line; got ${quoted(raw)}.`
    )
  }
  return raw
}

/** A list input: items separated by commas or line breaks, blanks dropped. */
function readList(raw: string): string[] {
  return raw
    .split(/[,\r\n]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

const MAX_REVIEWERS = 15
const MAX_LABELS = 20
const MAX_LABEL_LENGTH = 50

function readReviewers(read: InputReader): ReviewerSpec[] {
  const name = 'docs-pr-reviewers'
  const form =
    'GitHub logins, org/team slugs or the word author, separated by commas or line breaks'
  const words = readList(read('docs-pr-reviewers')).flatMap((item) => item.split(/\s+/))
  if (words.length > MAX_REVIEWERS) {
    throw new InputError(
      name,
      `Input '${name}' may name at most ${MAX_REVIEWERS} reviewers; got ${words.length}.`
    )
  }
  return words.map((word) => {
    const spec = parseReviewer(word.replace(/^@/, ''))
    if (!spec) throw new InputError(name, `Input '${name}' must list ${form}; got ${quoted(word)}.`)
    return spec
  })
}

function readLabels(read: InputReader): string[] {
  const name = 'docs-pr-labels'
  const labels = readList(read('docs-pr-labels'))
  if (labels.length > MAX_LABELS) {
    throw new InputError(
      name,
      `Input '${name}' may name at most ${MAX_LABELS} labels; got ${labels.length}.`
    )
  }
  for (const label of labels) {
    // eslint-disable-next-line no-control-regex
    if (label.length > MAX_LABEL_LENGTH || /[\u0000-\u001f\u007f]/.test(label)) {
      throw new InputError(
        name,
        `Input '${name}' must list label names of at most ${MAX_LABEL_LENGTH} characters, separated by commas or line breaks; got ${quoted(label)}.`
      )
    }
  }
  return [...new Set(labels)]
}

/** The mode follows from which of prompt and job-id are given. */
function readTarget(prompt: string | undefined, jobId: string | undefined): Target {
  if (jobId !== undefined) {
    return prompt === undefined ? { mode: 'wait', jobId } : { mode: 'message', prompt, jobId }
  }
  if (prompt === undefined) {
    throw new InputError(
      'prompt',
      "Input 'prompt' (or 'prompt-file') is required, unless 'job-id' is given to wait on an existing job."
    )
  }
  return { mode: 'create', prompt }
}
