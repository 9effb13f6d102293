import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEFAULT_BASE_URL,
  InputError,
  readSettings,
  type InputReader,
  type Settings
} from '../../../src/action/shell/inputs.js'

const KEY = 'mint_s3cr3tKeyValue'
const BASE: Record<string, string> = {
  'api-key': KEY,
  'project-id': 'proj-1',
  prompt: 'Document it.'
}

/** Reads inputs as @actions/core's getInput does: trimmed unless asked not to. */
function reader(values: Record<string, string | undefined>): InputReader {
  return (name, options) => {
    const raw = values[name] ?? ''
    return options?.trimWhitespace === false ? raw : raw.trim()
  }
}

let workspace: string

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'inputs-test-'))
  writeFileSync(join(workspace, 'prompt.md'), 'Line one.\n\nLine two.\n')
  writeFileSync(join(workspace, 'bom.md'), '\uFEFFWith a byte order mark.\n')
  writeFileSync(join(workspace, 'empty.md'), '')
  writeFileSync(join(workspace, 'blank.md'), '  \n\t\n')
  writeFileSync(join(workspace, 'huge.md'), Buffer.alloc(1024 * 1024 + 1, 'a'))
  mkdirSync(join(workspace, 'docs'))
  writeFileSync(join(workspace, 'docs', 'nested.md'), 'Nested prompt.')
})

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true })
})

function settings(overrides: Record<string, string | undefined> = {}): Settings {
  return readSettings(reader({ ...BASE, ...overrides }), workspace)
}

function rejection(overrides: Record<string, string | undefined>): InputError {
  try {
    settings(overrides)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error('readSettings accepted the inputs')
}

describe('readSettings rejects bad inputs with an error naming the input and the accepted form', () => {
  it.each<[string, Record<string, string | undefined>, string, RegExp]>([
    ['a missing key', { 'api-key': undefined }, 'api-key', /is required.*from a secret/],
    ['a blank key', { 'api-key': '   ' }, 'api-key', /is required/],
    ['a missing project', { 'project-id': undefined }, 'project-id', /is required/],
    ['a project id with a space', { 'project-id': 'my project' }, 'project-id', /plain identifier/],
    ['a job id with a line break', { 'job-id': 'job_1\njob_2' }, 'job-id', /plain identifier/],
    // URL parsing would resolve these as path segments, taking the request off the job's path.
    ['a job id of ..', { 'job-id': '..' }, 'job-id', /plain identifier/],
    ['a job id of .', { 'job-id': '.' }, 'job-id', /plain identifier/],
    ['a project id of ..', { 'project-id': '..' }, 'project-id', /plain identifier/],
    ['a job id with a dollar sign', { 'job-id': 'job_$(id)' }, 'job-id', /plain identifier/],
    ['a job id with a quote', { 'job-id': "job_1'" }, 'job-id', /plain identifier/],
    ['a job id with a slash', { 'job-id': 'a/b' }, 'job-id', /plain identifier/],
    [
      'a key with an invisible character',
      { 'api-key': 'mint_abc\u200bdef' },
      'api-key',
      /visible ASCII characters without spaces/
    ],
    [
      'a key with a non-breaking space',
      { 'api-key': 'mint_abc\u00a0def' },
      'api-key',
      /visible ASCII characters without spaces/
    ],
    [
      'a key with a letter outside ASCII',
      { 'api-key': 'mint_abcdéf' },
      'api-key',
      /visible ASCII characters without spaces/
    ],
    [
      'neither prompt nor job',
      { prompt: undefined },
      'prompt',
      /'prompt' \(or 'prompt-file'\) is required.*'job-id'/
    ],
    ['a blank prompt', { prompt: ' \n\t ' }, 'prompt', /blank/],
    [
      'prompt and prompt-file together',
      { 'prompt-file': 'prompt.md' },
      'prompt',
      /'prompt-file'.*choose one/
    ],
    [
      'a missing prompt file',
      { prompt: undefined, 'prompt-file': 'nope.md' },
      'prompt-file',
      /readable file.*"nope\.md"/
    ],
    [
      'a directory as prompt file',
      { prompt: undefined, 'prompt-file': 'docs' },
      'prompt-file',
      /readable file/
    ],
    [
      'an empty prompt file',
      { prompt: undefined, 'prompt-file': 'empty.md' },
      'prompt-file',
      /empty file/
    ],
    [
      'a whitespace-only prompt file',
      { prompt: undefined, 'prompt-file': 'blank.md' },
      'prompt-file',
      /empty file/
    ],
    [
      'a prompt file over 1 MiB',
      { prompt: undefined, 'prompt-file': 'huge.md' },
      'prompt-file',
      /at most 1 MiB/
    ],
    [
      'a junk duration',
      { 'poll-interval': 'soon' },
      'poll-interval',
      /a duration such as 500ms, 10s, 5m.*"soon"/
    ],
    ['a duration in words', { timeout: '5 minutes' }, 'timeout', /a duration such as/],
    [
      'a negative duration',
      { 'max-poll-interval': '-1s' },
      'max-poll-interval',
      /a duration such as/
    ],
    ['a duration in days', { timeout: '1d' }, 'timeout', /a duration such as/],
    [
      'a poll interval under 100ms',
      { 'poll-interval': '50ms' },
      'poll-interval',
      /between 100ms and 24h/
    ],
    ['a timeout under a second', { timeout: '500ms' }, 'timeout', /between 1s and 24h/],
    ['a timeout over a day', { timeout: '25h' }, 'timeout', /between 1s and 24h/],
    [
      'max-poll-interval shorter than poll-interval',
      { 'poll-interval': '10s', 'max-poll-interval': '5s' },
      'max-poll-interval',
      /\(5s\) must not be shorter than 'poll-interval' \(10s\)/
    ],
    ['wait: yes', { wait: 'yes' }, 'wait', /must be true or false; got "yes"/],
    [
      'require-pr: perhaps',
      { 'require-pr': 'perhaps' },
      'require-pr',
      /must be true or false; got "perhaps"/
    ],
    ['include-context: 1', { 'include-context': '1' }, 'include-context', /must be true or false/],
    ['pr-comment: on', { 'pr-comment': 'on' }, 'pr-comment', /must be true or false/],
    ['reuse-job: yes', { 'reuse-job': 'yes' }, 'reuse-job', /must be true or false/],
    [
      'a base-url that is not a URL',
      { 'base-url': 'api.mintlify.com' },
      'base-url',
      /an https URL such as/
    ],
    [
      'a base-url with another scheme',
      { 'base-url': 'ftp://api.example.com' },
      'base-url',
      /an https URL such as/
    ],
    [
      'plain http to a remote host',
      { 'base-url': 'http://api.example.com' },
      'base-url',
      /must use https.*unencrypted/
    ],
    [
      'plain http to a look-alike of 127.0.0.1',
      { 'base-url': 'http://127.0.0.1.example.com' },
      'base-url',
      /must use https/
    ],
    [
      'plain http to a look-alike of localhost',
      { 'base-url': 'http://localhost.example.com' },
      'base-url',
      /must use https/
    ],
    [
      'a base-url with credentials',
      { 'base-url': 'https://user:pw@api.example.com' },
      'base-url',
      /credentials.*https URL/
    ],
    [
      'a base-url with a query',
      { 'base-url': 'https://api.example.com/?x=1' },
      'base-url',
      /a query/
    ],
    [
      'a base-url with a fragment',
      { 'base-url': 'https://api.example.com/#top' },
      'base-url',
      /a fragment/
    ]
  ])('%s', (_, overrides, input, form) => {
    const error = rejection(overrides)
    expect(error.input).toBe(input)
    expect(error.message).toContain(`'${input}'`)
    expect(error.message).toMatch(form)
    expect(error.message).not.toContain(KEY)
  })

  it.each([
    ['an internal space', 'mint_abc def'],
    ['an internal tab', 'mint_abc\tdef'],
    ['a line break', 'mint_abc\nmint_def'],
    ['a carriage return', 'mint_abc\r\ndef']
  ])('rejects a key with %s without repeating the key', (_, key) => {
    const error = rejection({ 'api-key': key })
    expect(error.input).toBe('api-key')
    expect(error.message).toContain('mint_<secret>')
    for (const part of key.split(/\s+/)) expect(error.message).not.toContain(part)
  })
})

// The step prints the message of the InputError as its one error line (the bundled
// runs in test/e2e/action.test.ts prove that path, and that nothing is sent): here,
// the line each bad input gives, from its start.
describe('the one error line of each bad input', () => {
  it.each<[string, Record<string, string | undefined>, RegExp]>([
    ['a missing key', { 'api-key': '' }, /^Input 'api-key' is required/],
    [
      'a key with a line break',
      { 'api-key': 'mint_abc\ndef' },
      /^Input 'api-key' must be one token of the form mint_<secret>/
    ],
    ['a key with a space', { 'api-key': 'mint_abc def' }, /^Input 'api-key' must be one token/],
    ['a missing project', { 'project-id': '' }, /^Input 'project-id' is required\.$/],
    [
      'no prompt and no job',
      { prompt: '' },
      /^Input 'prompt' \(or 'prompt-file'\) is required, unless 'job-id'/
    ],
    ['a blank prompt', { prompt: '   \n ' }, /^Input 'prompt' is blank/],
    [
      'both prompt and prompt-file',
      { 'prompt-file': 'blank.md' },
      /^Inputs 'prompt' and 'prompt-file' cannot both be set/
    ],
    [
      'a missing prompt file',
      { prompt: '', 'prompt-file': 'nope.md' },
      /^Input 'prompt-file' must name a readable file .*"nope\.md" was not found/
    ],
    [
      'an empty prompt file',
      { prompt: '', 'prompt-file': 'blank.md' },
      /^Input 'prompt-file' names an empty file/
    ],
    [
      'a job id that is not a plain identifier',
      { 'job-id': '../../admin?x=1#y' },
      /^Input 'job-id' must be a plain identifier/
    ],
    [
      'a bad duration',
      { timeout: '10 minutes' },
      /^Input 'timeout' must be a duration such as 500ms, 10s, 5m, 1h/
    ],
    [
      'a bad poll interval',
      { 'poll-interval': 'often' },
      /^Input 'poll-interval' must be a duration/
    ],
    ['a bad boolean', { wait: 'perhaps' }, /^Input 'wait' must be true or false; got "perhaps"\.$/],
    ['a bad require-pr', { 'require-pr': 'yes' }, /^Input 'require-pr' must be true or false/],
    [
      'a base-url that is not a URL',
      { 'base-url': 'api.mintlify.com' },
      /^Input 'base-url' must be an https URL/
    ],
    [
      'plain http to another host',
      { 'base-url': 'http://api.example.com' },
      /^Input 'base-url' must use https: plain http would send the API key unencrypted to api\.example\.com/
    ]
  ])('%s', (_, overrides, line) => {
    const { message } = rejection(overrides)
    expect(message).toMatch(line)
    expect(message).not.toMatch(/[\r\n]/)
  })
})

describe('readSettings accepts good inputs', () => {
  it('applies the documented defaults', () => {
    const result = settings()
    expect(result).toEqual({
      apiKey: KEY,
      projectId: 'proj-1',
      mode: 'create',
      prompt: 'Document it.',
      baseUrl: new URL(DEFAULT_BASE_URL),
      wait: true,
      pollIntervalMs: 5000,
      maxPollIntervalMs: 30_000,
      timeoutMs: 1_800_000,
      requirePr: false,
      includeContext: false,
      prComment: true,
      reuseJob: true,
      docsPrReviewers: [],
      docsPrLabels: [],
      docsPrOnClose: 'close',
      checkRun: false,
      triggerPhrase: '/docs',
      allowedBots: [],
      dryRun: false
    })
    expect(result.baseUrl.href).toBe('https://api.mintlify.com/')
  })

  it('reads durations and booleans as written', () => {
    const result = settings({
      'poll-interval': '500ms',
      'max-poll-interval': '1m30s',
      timeout: '2h',
      wait: 'false',
      'require-pr': 'true'
    })
    expect(result).toMatchObject({
      pollIntervalMs: 500,
      maxPollIntervalMs: 90_000,
      timeoutMs: 7_200_000,
      wait: false,
      requirePr: true
    })
  })

  // include-context is off unless set to true: 'false' and leaving it out mean the same
  // (the bundled run in test/github/context-block.test.ts shows what off sends).
  it.each([
    ['', false],
    ['false', false],
    ['true', true]
  ])('reads include-context %j as %s', (value, expected) => {
    expect(settings({ 'include-context': value }).includeContext).toBe(expected)
  })

  it('accepts a max-poll-interval equal to the poll interval', () => {
    expect(settings({ 'poll-interval': '10s', 'max-poll-interval': '10' })).toMatchObject({
      pollIntervalMs: 10_000,
      maxPollIntervalMs: 10_000
    })
  })

  it.each([
    ['TRUE', true],
    ['True', true],
    ['tRuE', true],
    ['FALSE', false],
    ['False', false]
  ])('reads the boolean %j as %s', (text, value) => {
    expect(settings({ wait: text, 'require-pr': text })).toMatchObject({
      wait: value,
      requirePr: value
    })
  })

  it.each([
    ['create', { prompt: 'Do it.' }, { prompt: 'Do it.' }],
    [
      'message',
      { prompt: 'And this.', 'job-id': 'job_1' },
      { prompt: 'And this.', jobId: 'job_1' }
    ],
    [
      'message',
      { prompt: undefined, 'prompt-file': 'prompt.md', 'job-id': 'job_1' },
      { jobId: 'job_1' }
    ],
    ['wait', { prompt: undefined, 'job-id': 'job_1' }, { jobId: 'job_1' }]
  ])('selects mode %s', (mode, overrides, expected) => {
    const result = settings(overrides)
    expect(result.mode).toBe(mode)
    expect(result).toMatchObject(expected)
    if (mode === 'wait') expect(result).not.toHaveProperty('prompt')
    if (mode === 'create') expect(result).not.toHaveProperty('jobId')
  })

  it('sends a multi-line prompt untrimmed', () => {
    const prompt = '  Update the guide.\n\n- keep examples\n- fix links\n'
    expect(settings({ prompt })).toMatchObject({ mode: 'create', prompt })
  })

  it('reads a prompt file relative to the workspace, as written', () => {
    expect(settings({ prompt: undefined, 'prompt-file': 'prompt.md' })).toMatchObject({
      prompt: 'Line one.\n\nLine two.\n'
    })
    expect(settings({ prompt: undefined, 'prompt-file': 'docs/nested.md' })).toMatchObject({
      prompt: 'Nested prompt.'
    })
  })

  it('reads a prompt file given as an absolute path', () => {
    const path = join(workspace, 'prompt.md')
    expect(settings({ prompt: undefined, 'prompt-file': path })).toMatchObject({
      prompt: 'Line one.\n\nLine two.\n'
    })
  })

  it('strips a byte order mark from a prompt file', () => {
    expect(settings({ prompt: undefined, 'prompt-file': 'bom.md' })).toMatchObject({
      prompt: 'With a byte order mark.\n'
    })
  })

  it('keeps a key whose only whitespace is around it (the runner trims it)', () => {
    expect(settings({ 'api-key': `  ${KEY}\n` }).apiKey).toBe(KEY)
  })

  it.each([
    'http://127.0.0.1',
    'http://127.0.0.1:8080/prefix',
    'http://127.1.2.3:9000',
    'http://localhost',
    'http://localhost:3000',
    'http://[::1]',
    'http://[::1]:3000/api'
  ])('accepts plain http to the loopback address %s', (url) => {
    expect(settings({ 'base-url': url }).baseUrl.href).toBe(new URL(url).href)
  })

  it('keeps a base-url path prefix', () => {
    const result = settings({ 'base-url': 'https://gateway.example.com/mintlify/' })
    expect(result.baseUrl.host).toBe('gateway.example.com')
    expect(result.baseUrl.pathname).toBe('/mintlify/')
  })
})

// The inputs that decide who may command: a wider door than the workflow meant is an
// input error, before any request (test/e2e/commands-refused.test.ts keeps one of each
// end to end: the step fails on the error line alone).
describe('readSettings guards the command inputs', () => {
  it.each([
    ['*', /a wildcard \('\*'\) is not accepted/],
    ['renovate[bot], *', /a wildcard/],
    ['*[bot]', /a wildcard/],
    ['github-actions[bot]', /cannot list github-actions\[bot\]/],
    ['not a login', /exact bot logins such as renovate\[bot\], comma-separated; got "not a login"/]
  ])('rejects allowed-bots %j', (value, message) => {
    const error = rejection({ 'allowed-bots': value })
    expect(error.input).toBe('allowed-bots')
    expect(error.message).toContain("Input 'allowed-bots'")
    expect(error.message).toMatch(message)
  })

  it('reads allowed-bots as exact logins, comma-separated', () => {
    expect(settings({ 'allowed-bots': 'dependabot[bot], renovate[bot]' }).allowedBots).toEqual([
      'dependabot[bot]',
      'renovate[bot]'
    ])
  })

  it('rejects a trigger-phrase with a space, saying the accepted form', () => {
    const error = rejection({ 'trigger-phrase': 'hey docs' })
    expect(error.input).toBe('trigger-phrase')
    expect(error.message).toBe(
      `Input 'trigger-phrase' must be one word of 1 to 50 characters without spaces, such as /docs or @docs-agent; got "hey docs".`
    )
  })

  it('reads the trigger-phrase the workflow sets', () => {
    expect(settings({ 'trigger-phrase': '@docs-agent' }).triggerPhrase).toBe('@docs-agent')
  })
})

describe('dry-run', () => {
  const read =
    (values: Record<string, string>) =>
    (name: string): string =>
      values[name] ?? ''

  it('lets api-key be empty, and only then', () => {
    const dry = readSettings(read({ 'project-id': 'p', prompt: 'x', 'dry-run': 'true' }))
    expect(dry).toMatchObject({ dryRun: true, apiKey: '' })
    expect(() => readSettings(read({ 'project-id': 'p', prompt: 'x' }))).toThrow(
      "Input 'api-key' is required"
    )
  })

  it('is strict true or false, like every boolean', () => {
    expect(() =>
      readSettings(read({ 'api-key': 'mint_k', 'project-id': 'p', prompt: 'x', 'dry-run': 'yes' }))
    ).toThrow('Input \'dry-run\' must be true or false; got "yes".')
  })
})
