// Every input read and checked once, into one typed Settings object. A bad value stops
// the step with one line naming the input and the accepted form, before any request.

import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { DURATION_FORM, formatDuration, parseDuration } from '../../common/duration.js'
import { isPlainId, PLAIN_ID_FORM } from '../../common/plain-id.js'
import { ACTIONS_BOT } from '../../github/workflow-run.js'
import {
  DEFAULT_TRIGGER_PHRASE,
  TRIGGER_PHRASE_FORM,
  isValidTriggerPhrase
} from '../../github/command.js'
import { parseReviewer, type ReviewerSpec } from '../../github/docs-pull-request.js'
import { ACCOUNT } from '../../github/plumbing.js'

/** create: a new job; message: a follow-up to jobId; wait: only watch jobId. */
type Target =
  | { mode: 'create'; prompt: string }
  | { mode: 'message'; prompt: string; jobId: string }
  | { mode: 'wait'; jobId: string }

export type Settings = ReturnType<typeof readSettings>

/** Reads one input as the runner passes it (`INPUT_<NAME>`); '' when absent. */
export type InputReader = (name: string, options?: { trimWhitespace?: boolean }) => string

export class InputError extends Error {
  override name = 'InputError'
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
  }
}

function bad(name: string, rest: string): InputError {
  return new InputError(name, `Input '${name}' ${rest}`)
}

export const DEFAULT_BASE_URL = 'https://api.mintlify.com'
// What an HTTP header value can carry: visible ASCII, no spaces.
const HEADER_TOKEN = /^[\x21-\x7e]+$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
}

function readBoolean(read: InputReader, name: string, fallback: boolean): boolean {
  const raw = read(name)
  if (raw === '') return fallback
  const value = raw.toLowerCase()
  if (value === 'true' || value === 'false') return value === 'true'
  throw bad(name, `must be true or false; got ${quoted(raw)}.`)
}

function readDuration(read: InputReader, name: string, fallback: string, min = 100): number {
  const raw = read(name) || fallback
  const ms = parseDuration(raw)
  if (ms === undefined) throw bad(name, `must be ${DURATION_FORM}; got ${quoted(raw)}.`)
  if (ms < min || ms > 24 * 3_600_000) {
    throw bad(name, `must be between ${formatDuration(min)} and 24h; got ${quoted(raw)}.`)
  }
  return ms
}

/** An identifier that goes into a URL path: the same rule as the ids the service sends. */
function readId(read: InputReader, name: string): string | undefined {
  const value = read(name)
  if (value === '') return undefined
  if (!isPlainId(value)) throw bad(name, `must be ${PLAIN_ID_FORM}; got ${quoted(value)}.`)
  return value
}

/** A secret that goes into a header: checked, never echoed. */
function readToken(read: InputReader, name: 'api-key' | 'github-token'): string {
  const value = read(name)
  if (value === '' || HEADER_TOKEN.test(value)) return value
  const chars = 'a space, a line break, an invisible or non-ASCII character'
  throw bad(
    name,
    name === 'api-key'
      ? `must be one token of the form mint_<secret>, in visible ASCII characters without spaces; the secret's value holds another character (${chars}): copy the key again.`
      : `must be visible ASCII characters without spaces; the value holds another character (${chars}).`
  )
}

export function parseBaseUrl(raw: string): URL {
  const form =
    'an https URL such as https://api.mintlify.com (plain http only to a loopback address)'
  const invalid = bad('base-url', `must be ${form}; got ${quoted(raw)}.`)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw invalid
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const loopback = host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
  if (url.protocol === 'http:' && !loopback) {
    throw bad(
      'base-url',
      `must use https: plain http would send the API key unencrypted to ${url.hostname}. Use ${form}.`
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid
  if (url.username || url.password || url.search || url.hash) {
    throw bad('base-url', `must not carry credentials, a query or a fragment; use ${form}.`)
  }
  return url
}

function readPromptFile(workspace: string, file: string): string {
  const path = resolve(workspace, file)
  let size = -1
  try {
    const stat = statSync(path)
    if (stat.isFile()) size = stat.size
  } catch {
    // Not found or not readable: said below, as for a folder.
  }
  if (size < 0) {
    const form = 'must name a readable file (relative to the workspace)'
    throw bad('prompt-file', `${form}; ${quoted(file)} was not found.`)
  }
  if (size > 1024 * 1024) {
    throw bad('prompt-file', `must be a file of at most 1 MiB; ${quoted(file)} is larger.`)
  }
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  if (text.trim() === '') {
    throw bad('prompt-file', `names an empty file (${quoted(file)}): write the instruction in it.`)
  }
  return text
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
  if (file !== '') return readPromptFile(workspace, file)
  if (inline === '') return undefined
  if (inline.trim() === '') throw bad('prompt', 'is blank: write the instruction for the agent.')
  return inline
}

function readTriggerPhrase(read: InputReader): string {
  const phrase = read('trigger-phrase') || DEFAULT_TRIGGER_PHRASE
  if (!isValidTriggerPhrase(phrase)) {
    throw bad('trigger-phrase', `must be ${TRIGGER_PHRASE_FORM}; got ${quoted(phrase)}.`)
  }
  return phrase
}

/** The mode follows from which of prompt and job-id are given. */
function readTarget(prompt: string | undefined, jobId: string | undefined): Target {
  if (jobId !== undefined) {
    return prompt === undefined ? { mode: 'wait', jobId } : { mode: 'message', prompt, jobId }
  }
  if (prompt !== undefined) return { mode: 'create', prompt }
  const what =
    "(or 'prompt-file') is required, unless 'job-id' is given to wait on an existing job."
  throw bad('prompt', what)
}

function readList(raw: string): string[] {
  return raw.split(/[,\r\n]+/).flatMap((item) => item.trim() || [])
}

export function readAllowedBots(read: InputReader): string[] {
  const entries = readList(read('allowed-bots'))
  const form = 'takes exact bot logins such as renovate[bot], comma-separated'
  for (const entry of entries) {
    if (entry.includes('*')) throw bad('allowed-bots', `${form}; a wildcard ('*') is not accepted.`)
    if (!ACCOUNT.test(entry)) throw bad('allowed-bots', `${form}; got ${quoted(entry)}.`)
    if (entry.toLowerCase() === ACTIONS_BOT) {
      throw bad(
        'allowed-bots',
        `cannot list ${ACTIONS_BOT}: the action's own comments never give commands (no loops).`
      )
    }
  }
  return entries
}

function readOnClose(read: InputReader): 'close' | 'keep' {
  const raw = read('docs-pr-on-close') || 'close'
  if (raw === 'close' || raw === 'keep') return raw
  throw bad('docs-pr-on-close', `must be close or keep; got ${quoted(raw)}.`)
}

function readRecordKey(read: InputReader): string | undefined {
  const raw = read('record-key')
  if (raw.length <= 100 && !CONTROL.test(raw)) return raw || undefined
  const form = 'must be a name of at most 100 characters on one line'
  throw bad('record-key', `${form}; got ${quoted(raw)}.`)
}

function readReviewers(read: InputReader): ReviewerSpec[] {
  const name = 'docs-pr-reviewers'
  const form =
    'GitHub logins, org/team slugs or the word author, separated by commas or line breaks'
  const words = readList(read(name)).flatMap((item) => item.split(/\s+/))
  if (words.length > 15) throw bad(name, `may name at most 15 reviewers; got ${words.length}.`)
  return words.map((word) => {
    const spec = parseReviewer(word.replace(/^@/, ''))
    if (!spec) throw bad(name, `must list ${form}; got ${quoted(word)}.`)
    return spec
  })
}

function readLabels(read: InputReader): string[] {
  const name = 'docs-pr-labels'
  const labels = readList(read(name))
  if (labels.length > 20) throw bad(name, `may name at most 20 labels; got ${labels.length}.`)
  const wrong = labels.find((label) => label.length > 50 || CONTROL.test(label))
  if (wrong !== undefined) {
    const form = 'label names of at most 50 characters, separated by commas or line breaks'
    throw bad(name, `must list ${form}; got ${quoted(wrong)}.`)
  }
  return [...new Set(labels)]
}

/**
 * Every input, in the order they are checked. `commandEvent`: prompt and prompt-file are
 * optional, and when given are the standing instruction sent before the command.
 */
export function readSettings(
  read: InputReader,
  workspace: string = process.cwd(),
  commandEvent = false
) {
  const dryRun = readBoolean(read, 'dry-run', false)
  const apiKey = readToken(read, 'api-key')
  if (apiKey === '' && !dryRun) {
    throw bad(
      'api-key',
      'is required: pass the admin API key from a secret, e.g. api-key: ${{ secrets.MINTLIFY_API_KEY }}.'
    )
  }
  const projectId = readId(read, 'project-id')
  if (projectId === undefined) throw bad('project-id', 'is required.')
  const jobId = readId(read, 'job-id')
  const prompt = readPrompt(read, workspace)
  const target = readTarget(commandEvent && prompt === undefined ? '' : prompt, jobId)
  const baseUrl = parseBaseUrl(read('base-url') || DEFAULT_BASE_URL)
  const wait = readBoolean(read, 'wait', true)
  const pollIntervalMs = readDuration(read, 'poll-interval', '5s')
  const maxPollIntervalMs = readDuration(read, 'max-poll-interval', '30s')
  if (maxPollIntervalMs < pollIntervalMs) {
    throw bad(
      'max-poll-interval',
      `(${formatDuration(maxPollIntervalMs)}) must not be shorter than 'poll-interval' (${formatDuration(pollIntervalMs)}).`
    )
  }
  const common = {
    apiKey,
    projectId,
    baseUrl,
    wait,
    pollIntervalMs,
    maxPollIntervalMs,
    timeoutMs: readDuration(read, 'timeout', '30m', 1000),
    requirePr: readBoolean(read, 'require-pr', false),
    githubToken: readToken(read, 'github-token') || undefined,
    includeContext: readBoolean(read, 'include-context', false),
    prComment: readBoolean(read, 'pr-comment', true),
    reuseJob: readBoolean(read, 'reuse-job', true),
    recordKey: readRecordKey(read),
    docsToken: read('docs-token') || undefined,
    docsPrReviewers: readReviewers(read),
    docsPrLabels: readLabels(read),
    docsPrOnClose: readOnClose(read),
    checkRun: readBoolean(read, 'check-run', false),
    triggerPhrase: readTriggerPhrase(read),
    allowedBots: readAllowedBots(read),
    dryRun
  }
  // Object.assign keeps the union by mode, where a spread would flatten it.
  return Object.assign(common, target)
}
