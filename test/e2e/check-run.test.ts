// check-run: true, through the bundled action: a check run on the pull request's head
// commit (or the pushed commit) that is in progress with the job id, then completed
// with the outcome; and a re-run of a push run that finds its job through it.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkRuns, type StoredCheckRun } from '../support/github-routes/check-runs.js'
import { setRole } from '../support/github-routes/commands.js'
import { seedPull } from '../support/github-routes/pull-requests.js'
import { startGitHubStandIn } from '../support/github-stand-in.js'
import { runAction, type ActionRun, type RunOptions } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'
import { onDemand } from '../support/fixtures.js'

const TOKEN = 'ghs_test_token'
const HEAD = '4'.repeat(40)
const PUSHED = '3'.repeat(40)

// Each case its own stand-ins (and helpers bound to them), so the cases run concurrently.
async function world() {
  const standIn = await startStandIn({ jobDurationMs: 150 })
  const github = await startGitHubStandIn({ token: TOKEN, prefix: '/api/v3', maxPerPage: 2 })
  const dir = mkdtempSync(join(tmpdir(), 'check-run-'))

  function payload(name: string, body: unknown): string {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(body))
    return path
  }

  interface Scenario {
    prompt?: string
    inputs?: Record<string, string>
    event?: 'pull_request' | 'push' | 'issue_comment'
    runId?: string
    attempt?: string
  }

  function options(scenario: Scenario = {}): RunOptions {
    const event = scenario.event ?? 'pull_request'
    const bodies = {
      pull_request: { number: 7, pull_request: { number: 7, head: { ref: 'feature', sha: HEAD } } },
      issue_comment: {
        action: 'created',
        issue: { number: 7, pull_request: {} },
        comment: { id: 31, body: '/docs please', user: { login: 'octocat', type: 'User' } }
      },
      push: { ref: 'refs/heads/main', pusher: { name: 'grace' } }
    }
    const body = bodies[event]
    return {
      inputs: {
        'api-key': 'mint_test_key',
        'project-id': 'proj-test',
        'base-url': standIn.url,
        'poll-interval': '100ms',
        'max-poll-interval': '200ms',
        timeout: '20s',
        'github-token': TOKEN,
        'check-run': 'true',
        prompt: scenario.prompt ?? 'Document it',
        ...scenario.inputs
      },
      env: {
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: payload(`${event}.json`, body),
        GITHUB_REPOSITORY: 'acme/app',
        GITHUB_SHA: PUSHED,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_API_URL: github.apiUrl,
        GITHUB_RUN_ID: scenario.runId ?? '4242',
        GITHUB_RUN_ATTEMPT: scenario.attempt ?? '1',
        GITHUB_WORKFLOW: 'Docs',
        GITHUB_JOB: 'docs',
        GITHUB_ACTION: 'docs-agent'
      }
    }
  }

  const run = (scenario: Scenario = {}): Promise<ActionRun> => runAction(options(scenario))
  const checks = (): StoredCheckRun[] => checkRuns(github.state, 'acme/app')
  const jobPosts = (): number =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/job')).length
  const warnings = (stdout: string): string[] =>
    stdout.split('\n').filter((line) => line.startsWith('::warning::'))
  return {
    standIn,
    github,
    run,
    options,
    checks,
    jobPosts,
    warnings,
    close: async () => {
      await standIn.close()
      await github.close()
    }
  }
}
const freshWorld = onDemand(world)

describe('the check run of a pull request run', () => {
  it.concurrent(
    'is in progress with the job id, then succeeds with the docs pull request as its details',
    async () => {
      const { standIn, run, checks, warnings } = await freshWorld()
      const result = await run()

      expect(result.exitCode).toBe(0)
      const [check] = checks()
      const jobId = standIn.jobIds()[0]
      expect(checks()).toHaveLength(1)
      expect(check).toMatchObject({
        name: 'Mintlify Docs Agent Job',
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'success',
        external_id: jobId,
        details_url: 'https://github.com/acme/docs/pull/100',
        history: ['in_progress', 'completed:success']
      })
      expect(check?.output.title).toMatch(
        /^Docs job job_\w+ completed: pull request acme\/docs#100$/
      )
      // The summary is the job summary.
      expect(check?.output.summary).toContain('### Mintlify agent job')
      expect(check?.output.summary).toContain(`<code>${jobId}</code>`)
      expect(check?.output.text).toContain('Started by workflow run 4242.')
      // In progress before the job ended: created before the first poll.
      expect(result.stdout.indexOf('in progress.')).toBeLessThan(
        result.stdout.indexOf('→ completed')
      )
      expect(warnings(result.stdout)).toEqual([])
    }
  )

  it.concurrent.each([
    {
      prompt: 'nopr: Document it',
      conclusion: 'neutral',
      title: /^Docs job job_\w+ changed nothing$/,
      exitCode: 0
    },
    {
      prompt: 'fail: Document it',
      conclusion: 'failure',
      title: /^Docs job job_\w+ failed$/,
      exitCode: 1
    },
    {
      prompt: 'slow:60000: Document it',
      conclusion: 'timed_out',
      title: /^Timed out waiting for docs job job_\w+$/,
      exitCode: 1,
      inputs: { timeout: '1s' }
    }
  ])('completes $conclusion', async ({ prompt, conclusion, title, exitCode, inputs }) => {
    const { standIn, run, checks } = await freshWorld()
    const result = await run({ prompt, ...(inputs ? { inputs } : {}) })

    expect(result.exitCode).toBe(exitCode)
    expect(checks()).toHaveLength(1)
    expect(checks()[0]).toMatchObject({
      conclusion,
      external_id: standIn.jobIds()[0],
      details_url: null,
      history: ['in_progress', `completed:${conclusion}`]
    })
    expect(checks()[0]?.output.title).toMatch(title)
    expect(result.outputs['job-id']).toBe(standIn.jobIds()[0])
  })

  it.concurrent('completes cancelled when the run is cancelled', async () => {
    const { options, checks } = await freshWorld()
    let sent = false
    const result = await runAction({
      ...options({ prompt: 'slow:60000: Document it' }),
      onStdout: (chunk, child) => {
        if (!sent && chunk.includes('in progress.')) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })

    expect(result.exitCode).toBe(1)
    expect(checks()[0]).toMatchObject({
      conclusion: 'cancelled',
      history: ['in_progress', 'completed:cancelled']
    })
  })

  it.concurrent(
    'is denied without checks: write: one warning, the outcome and outputs intact',
    async () => {
      const { standIn, github, run, warnings } = await freshWorld()
      github.deny({ path: /\/check-runs/, status: 403 })

      const result = await run()

      expect(result.exitCode).toBe(0)
      expect(warnings(result.stdout)).toEqual([
        '::warning::check-run: could not create the check run (the GitHub API answered 403). Give the job `permissions: checks: write`.'
      ])
      // No second call after the denial.
      expect(github.requests.filter((r) => r.path.includes('check-runs'))).toHaveLength(1)
      expect(result.outputs).toMatchObject({
        'job-id': standIn.jobIds()[0],
        status: 'completed',
        'pr-link': 'https://github.com/acme/docs/pull/100'
      })
    }
  )
})

describe('the check run of other runs', () => {
  it.concurrent('sits on the head commit of the pull request a comment was made on', async () => {
    const { github, run, checks } = await freshWorld()
    seedPull(github.state, 'acme/app', 7, { head: { ref: 'feature', sha: '5'.repeat(40) } })
    setRole(github.state, 'acme/app', 'octocat', 'write')

    const result = await run({ event: 'issue_comment' })

    expect(result.exitCode).toBe(0)
    expect(checks()).toMatchObject([{ head_sha: '5'.repeat(40), conclusion: 'success' }])
  })

  it.concurrent(
    'is neutral when the step does not wait, rather than in progress for ever',
    async () => {
      const { standIn, run, checks } = await freshWorld()
      const result = await run({ inputs: { wait: 'false' } })

      expect(result.exitCode).toBe(0)
      expect(checks()[0]).toMatchObject({
        external_id: standIn.jobIds()[0],
        history: ['in_progress', 'completed:neutral']
      })
      expect(checks()[0]?.output.title).toMatch(/^Not waited for: docs job job_\w+ is active$/)
    }
  )
})

describe('the check run of a push run', () => {
  it.concurrent('sits on the pushed commit', async () => {
    const { run, checks } = await freshWorld()
    const result = await run({ event: 'push' })

    expect(result.exitCode).toBe(0)
    expect(checks()).toMatchObject([{ head_sha: PUSHED, conclusion: 'success' }])
  })

  it.concurrent(
    'lets a re-run wait for the job its earlier attempt left running, instead of starting another',
    async () => {
      const { standIn, run, checks, jobPosts } = await freshWorld()
      // The job outlasts the first run's timeout and the next process's start on a busy machine.
      const first = await run({
        event: 'push',
        prompt: 'slow:5000: Document it',
        inputs: { timeout: '1s' }
      })
      expect(first.exitCode).toBe(1)
      const [jobId] = standIn.jobIds()

      const rerun = await run({ event: 'push', prompt: 'slow:5000: Document it', attempt: '2' })

      expect(rerun.exitCode).toBe(0)
      expect(jobPosts()).toBe(1)
      expect(rerun.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' })
      expect(rerun.stdout).toContain(`Re-run: following job ${jobId} (active)`)
      // The same check run, taken over by the re-run.
      expect(checks()).toHaveLength(1)
      expect(checks()[0]).toMatchObject({
        external_id: jobId,
        conclusion: 'success',
        history: ['in_progress', 'completed:timed_out', 'in_progress', 'completed:success']
      })
    }
  )

  it.concurrent('lets a re-run report a completed job as it is', async () => {
    const { standIn, run } = await freshWorld()
    await run({ event: 'push' })
    const [jobId] = standIn.jobIds()
    const before = standIn.requests.length

    const rerun = await run({ event: 'push', attempt: '3' })

    expect(rerun.exitCode).toBe(0)
    expect(standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v2/agent/proj-test/job/${jobId}`
    ])
    expect(rerun.outputs).toMatchObject({ 'job-id': jobId, 'pr-number': '100' })
  })

  it.concurrent('lets a re-run start again when the earlier job failed', async () => {
    const { standIn, run, jobPosts } = await freshWorld()
    await run({ event: 'push', prompt: 'fail: Document it' })

    const rerun = await run({ event: 'push', prompt: 'Document it', attempt: '2' })

    expect(rerun.exitCode).toBe(0)
    expect(jobPosts()).toBe(2)
    expect(rerun.stdout).toContain(
      `Re-run: the earlier attempt's job ${standIn.jobIds()[0]} is failed; creating a new job.`
    )
    expect(rerun.outputs['job-id']).toBe(standIn.jobIds()[1])
  })

  it.concurrent('does not take a new run on the same commit for a re-run', async () => {
    const { run, checks, jobPosts } = await freshWorld()
    await run({ event: 'push' })

    const next = await run({ event: 'push', runId: '4243', attempt: '2' })

    expect(next.exitCode).toBe(0)
    expect(jobPosts()).toBe(2)
    expect(next.stdout).toContain(
      'Re-run: no check run of an earlier attempt names a job; creating one.'
    )
    expect(checks()).toHaveLength(2)
  })

  it.concurrent('finds the earlier check run on a later page of the listing', async () => {
    const { standIn, github, run, jobPosts } = await freshWorld()
    // Three other check runs on the commit, listed first, two a page.
    for (let i = 0; i < 3; i++) await run({ event: 'push', runId: `90${i}`, prompt: 'fast: other' })
    await run({ event: 'push', prompt: 'fast: Document it' })
    const jobId = standIn.jobIds()[3]
    github.requests.length = 0

    const rerun = await run({ event: 'push', attempt: '2' })

    expect(rerun.outputs['job-id']).toBe(jobId)
    expect(jobPosts()).toBe(4)
    expect(
      github.requests
        .filter((r) => r.method === 'GET')
        .map((r) => [r.query.page ?? '1', r.query.check_name])
    ).toEqual([
      ['1', 'Mintlify Docs Agent Job'],
      ['2', 'Mintlify Docs Agent Job']
    ])
  })
})
