// The bundled action, run as the runner runs it, against the local stand-in of the
// Agent Jobs API: what a workflow sees (exit code, annotations, outputs, summary)
// and what the service sees (requests).

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StandIn } from '../support/stand-in.js'
import { inputs, jobCreatedThroughApi, KEY, posts, standIns } from '../support/fixtures.js'
import { errorLines, runAction } from '../support/run-action.js'

const freshStandIn = standIns({ jobDurationMs: 400 })
const gets = (standIn: StandIn): number => standIn.requests.filter((r) => r.method === 'GET').length

/** One run, started by the first test that reads it and shared by the others. */
function shared<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined
  return () => (started ??= start())
}

// One run of a job that completes serves every test of what such a run shows: a job
// long enough for several polls (however slowly the process starts), RUNNER_DEBUG on
// for the poll lines, and a prompt with HTML and pipes for the summary, read from
// prompt-file (the inline prompt is every other run's).
describe('a job that completes', () => {
  const PROMPT = 'slow:1200: Document <script>alert(1)</script> | pipes\n\nand a second paragraph\n'
  const completed = shared(async () => {
    const standIn = await freshStandIn()
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))
    writeFileSync(join(workspace, 'docs-prompt.md'), PROMPT)
    const run = await runAction({
      inputs: inputs(standIn.url, { 'prompt-file': 'docs-prompt.md' }),
      env: { RUNNER_DEBUG: '1', GITHUB_WORKSPACE: workspace }
    })
    return { standIn, run }
  })

  it.concurrent(
    'creates the job with the prompt from prompt-file byte for byte, waits for it to complete and hands its pull request to later steps',
    async () => {
      const { standIn, run } = await completed()

      expect(run.exitCode).toBe(0)
      const [id] = standIn.jobIds()
      expect(posts(standIn)).toEqual([
        { path: '/v2/agent/proj-test/job', body: JSON.stringify({ prompt: PROMPT }) }
      ])
      expect(run.outputs).toMatchObject({
        'job-id': id,
        status: 'completed',
        'pr-link': 'https://github.com/acme/docs/pull/100',
        'pr-number': '100',
        'pr-repository': 'acme/docs'
      })
      expect(JSON.parse(run.outputs.job as string)).toMatchObject({
        id,
        status: 'completed',
        model: 'claude-sonnet-4-5'
      })
      expect(run.summary).toContain(`<code>${id}</code>`)
      expect(run.summary).toContain(
        '<a href="https://github.com/acme/docs/pull/100">acme/docs#100</a>'
      )
    }
  )

  it.concurrent('logs each status change once, not every poll', async () => {
    const { standIn, run } = await completed()

    const statusLines = run.stdout.split('\n').filter((line) => /^Job job_\w+: /.test(line))
    expect(statusLines).toHaveLength(2)
    expect(statusLines[0]).toMatch(/: active \(after/)
    expect(statusLines[1]).toMatch(
      /: active → completed \(after .*pull request https:\/\/github\.com\/acme\/docs\/pull\/100\)/
    )
    expect(gets(standIn)).toBeGreaterThan(2)
  })

  it.concurrent('gives a line per poll in debug mode (RUNNER_DEBUG)', async () => {
    const { standIn, run } = await completed()

    const pollLines = run.stdout.split('\n').filter((line) => line.startsWith('::debug::Poll '))
    expect(pollLines).toHaveLength(gets(standIn))
    expect(pollLines[0]).toMatch(/^::debug::Poll 1: job job_\w+ is active; next poll in \d+ms$/)
    expect(pollLines.at(-1)).toMatch(/is completed; done$/)
  })

  it.concurrent(
    'summarises the job in a table and shows the prompt escaped, in a collapsed block',
    async () => {
      const { standIn, run } = await completed()

      expect(run.summary).toMatch(/^\| Status \| ✅ completed \|$/m)
      expect(run.summary).toMatch(/^\| Model \| claude-sonnet-4-5 \|$/m)
      expect(run.summary).toMatch(/^\| Source \| https:\/\/github.com\/acme\/docs @ main \|$/m)
      expect(run.summary).toMatch(new RegExp(`^\\| Polls \\| ${gets(standIn)} \\|$`, 'm'))
      expect(run.summary).toMatch(/^\| Duration \| (\d+ms|\d+(\.\d)?s) \|$/m)
      expect(run.summary).toContain(
        '<details><summary>Sent to the agent</summary>\n\n<pre>slow:1200: Document &lt;script&gt;alert(1)&lt;/script&gt; &#124; pipes\n\nand a second paragraph\n</pre>'
      )
      expect(run.summary).not.toContain('<script>')
    }
  )

  it.concurrent(
    'masks the API key before anything else is printed and never prints it otherwise',
    async () => {
      const { standIn, run } = await completed()

      const lines = run.stdout.split('\n')
      expect(lines[0]).toBe(`::add-mask::${KEY}`)
      expect(lines.slice(1).join('\n')).not.toContain(KEY)
      expect(run.stderr + run.summary + JSON.stringify(run.outputs)).not.toContain(KEY)
      expect(standIn.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    }
  )
})

describe('how a job ends', () => {
  it.concurrent(
    'fails the step when the job fails, naming the job, whose id was written as soon as it was created',
    async () => {
      const standIn = await freshStandIn()
      const run = await runAction({ inputs: inputs(standIn.url, { prompt: 'fail: Document it' }) })
      const id = standIn.jobIds()[0] as string

      expect(run.exitCode).toBe(1)
      expect(errorLines(run.stdout)).toEqual([
        `Job ${id} failed: the agent hit an unrecoverable error.`
      ])
      expect(run.outputs).toMatchObject({
        'job-id': id,
        status: 'failed',
        'pr-link': '',
        'pr-number': ''
      })
      expect(run.summary).toContain('❌ failed')
      // The first value written is the id alone, before the job ended.
      expect(run.outputHistory['job-id']?.[0]).toBe(id)
      expect(run.stdout.indexOf('Created agent job')).toBeLessThan(run.stdout.indexOf('::group::'))
    }
  )

  it.concurrent('succeeds with a warning when the job is archived', async () => {
    const standIn = await freshStandIn()
    const run = await runAction({ inputs: inputs(standIn.url, { prompt: 'archive: Document it' }) })

    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/^::warning::Job job_\w+ was archived before it completed\.$/m)
    expect(run.outputs.status).toBe('archived')
  })

  // With require-pr: false the same ending is a success, saying so: the ending's own
  // tests prove both (test/action/ending.test.ts); the run shows the failure's wiring.
  it.concurrent(
    'fails when the job completes without a pull request and require-pr is true',
    async () => {
      const standIn = await freshStandIn()
      const run = await runAction({
        inputs: inputs(standIn.url, { prompt: 'nopr: Document it', 'require-pr': 'true' })
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        status: 'completed',
        'pr-link': '',
        'pr-number': '',
        'pr-repository': ''
      })
      expect(run.stdout).toContain('completed without a pull request')
    }
  )

  // Failing at the timeout, naming the job and its last status, with the outputs set:
  // test/e2e/faults-retry.test.ts (a hung poll) and test/github/pr-thread.test.ts (between polls).
})

// The job these runs continue is created through the API itself: how the action
// creates one is proven above.
describe('existing jobs', () => {
  it.concurrent('sends a follow-up message to the job and waits for it again', async () => {
    const standIn = await freshStandIn()
    const id = await jobCreatedThroughApi(standIn, 'fast: Document it')

    const run = await runAction({
      inputs: inputs(standIn.url, { 'job-id': id, prompt: 'Also document errors' })
    })

    expect(run.exitCode).toBe(0)
    expect(posts(standIn)[1]).toEqual({
      path: `/v2/agent/proj-test/job/${id}/message`,
      body: '{"prompt":"Also document errors"}'
    })
    expect(run.outputs).toMatchObject({ 'job-id': id, status: 'completed' })
  })

  it.concurrent(
    'only waits when job-id is given without a prompt, and reports a finished job at once',
    async () => {
      const standIn = await freshStandIn()
      const id = await jobCreatedThroughApi(standIn, 'fast: Document it')
      const before = standIn.requests.length

      const run = await runAction({ inputs: inputs(standIn.url, { 'job-id': id }) })

      expect(run.exitCode).toBe(0)
      expect(standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /v2/agent/proj-test/job/${id}`
      ])
      expect(run.outputs).toMatchObject({ 'job-id': id, status: 'completed', 'pr-number': '100' })
    }
  )
  // A job id that is not a plain identifier is refused like any bad input (below); its
  // message is proven in test/action/inputs.test.ts.
})

describe('wait: false', () => {
  it.concurrent('returns as soon as the job is created', async () => {
    const standIn = await freshStandIn()
    const run = await runAction({
      inputs: inputs(standIn.url, { prompt: 'Document it', wait: 'false' })
    })

    expect(run.exitCode).toBe(0)
    expect(standIn.requests).toHaveLength(1)
    expect(run.outputs).toMatchObject({
      'job-id': standIn.jobIds()[0],
      status: 'active',
      'pr-link': ''
    })
  })

  it.concurrent('reads the status once when only job-id is given', async () => {
    const standIn = await freshStandIn()
    const id = await jobCreatedThroughApi(standIn, 'slow:60000: Document it')

    const run = await runAction({ inputs: inputs(standIn.url, { 'job-id': id, wait: 'false' }) })

    expect(run.exitCode).toBe(0)
    expect(standIn.requests.map((r) => r.method)).toEqual(['POST', 'GET'])
    expect(run.outputs).toMatchObject({ 'job-id': id, status: 'active' })
  })
})

// Every bad input goes through the same path: readSettings throws, the step prints
// one error line and stops before any request. Two runs prove that path: a key with a
// line break (masked line by line before the error) and a prompt file read from the
// workspace. The error line of every other bad input is proven where it is decided,
// in test/action/inputs.test.ts ('the one error line of each bad input').
describe('bad input', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'workspace-'))

  it.concurrent.each([
    [
      'a key with a line break',
      { 'api-key': 'mint_abc\ndef' },
      /^Input 'api-key' must be one token of the form mint_<secret>/
    ],
    [
      'a missing prompt file',
      { prompt: '', 'prompt-file': 'nope.md' },
      /^Input 'prompt-file' must name a readable file .*"nope\.md" was not found/
    ]
  ])(
    'rejects %s with one error line naming the input, and sends nothing',
    async (_, extra, message) => {
      const standIn = await freshStandIn()
      const run = await runAction({
        inputs: { ...inputs(standIn.url, { prompt: 'Document it' }), ...extra },
        env: { GITHUB_WORKSPACE: workspace }
      })

      expect(run.exitCode).toBe(1)
      const errors = errorLines(run.stdout)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(message)
      expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /) // no stack trace
      expect(standIn.requests).toHaveLength(0)
      expect(run.outputs).toEqual({})
    }
  )
})
