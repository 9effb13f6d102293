// Every input is read and checked here, once, into one typed Settings object.
// A bad value stops the step with one line naming the input and the accepted
// form, before any request is sent.

import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { DURATION_FORM, formatDuration, parseDuration } from '../common/duration.js'
import { isPlainId, PLAIN_ID_FORM } from '../agent/job.js'

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

function readApiKey(read: InputReader): string {
  const key = read('api-key')
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

export function readSettings(read: InputReader, workspace: string = process.cwd()): Settings {
  const apiKey = readApiKey(read)
  const projectId = readId(read, 'project-id', true) as string
  const jobId = readId(read, 'job-id', false)
  const prompt = readPrompt(read, workspace)
  const target = readTarget(prompt, jobId)
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
  const prComment = readBoolean(read, 'pr-comment', false)
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
    prComment
  }
  // Object.assign keeps the union by mode, where a spread would flatten it.
  return Object.assign(common, target)
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
