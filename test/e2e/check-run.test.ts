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
import { runAction, type ActionRun, type RunOptions, bundleFirst } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'
import {
  GITHUB_TOKEN as TOKEN,
  holdBusy,
  inputs,
  onDemand,
  runnerEnv,
  startedWithFile
} from '../support/fixtures.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

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
      pull_request: {
        action: 'synchronize',
        number: 7,
        pull_request: { number: 7, head: { ref: 'feature', sha: HEAD } }
      },
      issue_comment: {
        action: 'created',
        issue: { number: 7, pull_request: {} },
        comment: { id: 31, body: '/docs please', user: { login: 'octocat', type: 'User' } }
      },
      push: { ref: 'refs/heads/main', pusher: { name: 'grace' } }
    }
    const body = bodies[event]
    return {
      inputs: inputs(standIn.url, {
        'max-poll-interval': '200ms',
        'github-token': TOKEN,
        'check-run': 'true',
        prompt: scenario.prompt ?? 'Document it',
        // A push run here is a one-shot (reuse-job: false): its re-runs find their job
        // through the check run. A branch's job (test/e2e/branch-job.test.ts) is found
        // through its dashboard.
        ...(event === 'push' ? { 'reuse-job': 'false' } : {}),
        ...scenario.inputs
      }),
      env: runnerEnv(event, payload(`${event}.json`, body), github.apiUrl, {
        GITHUB_SHA: PUSHED,
        GITHUB_RUN_ID: scenario.runId ?? '4242',
        GITHUB_RUN_ATTEMPT: scenario.attempt ?? '1'
      })
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
      expect(check?.output.summary).toContain('### Mintlify Docs Agent Job')
      expect(check?.output.summary).toContain(`<code>${jobId}</code>`)
      expect(check?.output.text).toContain('Started by workflow run 4242.')
      // In progress before the job ended: created before the first poll.
      expect(result.stdout.indexOf('in progress.')).toBeLessThan(
        result.stdout.indexOf('→ completed')
      )
      expect(warnings(result.stdout)).toEqual([])
    }
  )

  // Every conclusion and title (neutral, timed_out, …) is asserted in process in
  // test/action/check-outcome.test.ts; failure by a push run of the chain below (the
  // conclusion does not depend on the event), timed_out also there.

  it.concurrent('completes cancelled when the run is cancelled', async () => {
    const { options, checks } = await freshWorld()
    let sent = false
    const result = await runAction({
      ...options({ prompt: 'slow:60000: Document it' }),
      // Signals reach a real process only.
      bundle: true,
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
})

// Push runs, chained on one commit as they would come: a run that timed out and its
// re-runs, another run on the same commit that does not wait, then a failed run (listed
// third, on the second page of two) and its re-run. Run once, read by the tests below.

/** A test of the chain waits for all six of its runs, two of them on a slow job. */
const CHAIN_MS = 60_000

async function runPushReruns() {
  const { standIn, github, run, checks, jobPosts } = await freshWorld()
  // The job outlasts the first run's timeout.
  const timedOut = await run({
    event: 'push',
    prompt: 'slow:5000: Document it',
    inputs: { timeout: '1s' }
  })
  const [jobId] = standIn.jobIds()
  // Still working when the re-run reads it, however long that run takes to start.
  holdBusy(standIn, 1)
  const resumed = await run({ event: 'push', prompt: 'slow:5000: Document it', attempt: '2' })
  const afterResume = { posts: jobPosts(), checks: structuredClone(checks()) }

  let before = standIn.requests.length
  const reported = await run({ event: 'push', attempt: '3' })
  const reportedCalls = standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`)

  const another = await run({
    event: 'push',
    runId: '4243',
    attempt: '2',
    inputs: { wait: 'false' }
  })
  const afterAnother = { posts: jobPosts(), checks: structuredClone(checks()) }

  // Its check run is the third on the commit (the test of `another` checks there are two
  // before it), so with two to a page the re-run finds it on page 2.
  const failed = await run({ event: 'push', runId: '4244', prompt: 'fail: Document it' })
  const failedJob = standIn.jobIds()[2]
  const afterFailed = structuredClone(checks())
  before = github.requests.length
  const restarted = await run({ event: 'push', runId: '4244', attempt: '2' })
  const listing = github.requests
    .slice(before)
    .filter((r) => r.method === 'GET' && r.path.endsWith('/check-runs'))
    .map((r) => [r.query.page ?? '1', r.query.check_name])
  return {
    standIn,
    jobId,
    timedOut,
    resumed,
    afterResume,
    reported,
    reportedCalls,
    another,
    afterAnother,
    failed,
    failedJob,
    afterFailed,
    restarted,
    listing,
    jobPosts
  }
}

// Started with the file, beside the blocks above, and read by the tests below.
const pushReruns = startedWithFile(runPushReruns)

describe('the check run of a push run', () => {
  it.concurrent(
    'sits on the pushed commit, and is neutral when the step does not wait, rather than in progress for ever',
    async () => {
      const { standIn, another, afterAnother } = await pushReruns()

      // The chain's second run on the commit, which does not wait.
      const check = afterAnother.checks[1]
      expect(another.exitCode).toBe(0)
      expect(check).toMatchObject({
        head_sha: PUSHED,
        external_id: standIn.jobIds()[1],
        history: ['in_progress', 'completed:neutral']
      })
      expect(check?.output.title).toMatch(/^Not waited for: docs job job_\w+ is active$/)
    },
    CHAIN_MS
  )

  it.concurrent(
    'completes failure when the job failed, and the step fails',
    async () => {
      const { failed, failedJob, afterAnother, afterFailed } = await pushReruns()

      expect(failed.exitCode).toBe(1)
      // One check run more than before the failed run: its own.
      expect(afterFailed).toHaveLength(afterAnother.checks.length + 1)
      const check = afterFailed.at(-1)
      expect(check).toMatchObject({
        head_sha: PUSHED,
        conclusion: 'failure',
        external_id: failedJob,
        details_url: null,
        history: ['in_progress', 'completed:failure']
      })
      expect(check?.output.title).toMatch(/^Docs job job_\w+ failed$/)
      expect(failed.outputs['job-id']).toBe(failedJob)
    },
    CHAIN_MS
  )
})

describe('the check run of a push re-run', () => {
  it.concurrent(
    'lets a re-run wait for the job its earlier attempt left running, instead of starting another',
    async () => {
      const { jobId, timedOut, resumed, afterResume } = await pushReruns()

      expect(timedOut.exitCode).toBe(1)
      expect(resumed.exitCode).toBe(0)
      expect(afterResume.posts).toBe(1)
      expect(resumed.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' })
      expect(resumed.stdout).toContain(`Re-run: following job ${jobId} (active)`)
      // The same check run, taken over by the re-run.
      expect(afterResume.checks).toHaveLength(1)
      expect(afterResume.checks[0]).toMatchObject({
        head_sha: PUSHED,
        external_id: jobId,
        conclusion: 'success',
        history: ['in_progress', 'completed:timed_out', 'in_progress', 'completed:success']
      })
    },
    CHAIN_MS
  )

  it.concurrent(
    'lets a re-run report a completed job as it is',
    async () => {
      const { jobId, reported, reportedCalls } = await pushReruns()

      expect(reported.exitCode).toBe(0)
      expect(reportedCalls).toEqual([`GET /v2/agent/proj-test/job/${jobId}`])
      expect(reported.outputs).toMatchObject({ 'job-id': jobId, 'pr-number': '100' })
    },
    CHAIN_MS
  )

  it.concurrent(
    'does not take a new run on the same commit for a re-run',
    async () => {
      const { another, afterAnother } = await pushReruns()

      expect(another.exitCode).toBe(0)
      expect(afterAnother.posts).toBe(2)
      expect(afterAnother.checks).toHaveLength(2)
      expect(another.stdout).toContain(
        'Re-run: no check run of an earlier attempt names a job; creating one.'
      )
    },
    CHAIN_MS
  )

  it.concurrent(
    'lets a re-run start again when the earlier job failed, its check run found on a later page of the listing',
    async () => {
      const { standIn, failedJob, restarted, listing, jobPosts } = await pushReruns()

      expect(restarted.exitCode).toBe(0)
      expect(jobPosts()).toBe(4)
      expect(restarted.stdout).toContain(
        `Re-run: the earlier attempt's job ${failedJob} is failed; creating a new job.`
      )
      expect(restarted.outputs['job-id']).toBe(standIn.jobIds()[3])
      expect(listing).toEqual([
        ['1', 'Mintlify Docs Agent Job'],
        ['2', 'Mintlify Docs Agent Job']
      ])
    },
    CHAIN_MS
  )
})
