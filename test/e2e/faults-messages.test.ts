// Messages that must say the right thing, through the bundled action: a GitHub that
// cannot be reached is not "answered 500" with a permission hint (and a pull request's
// record it cannot read fails the run before anything is sent); and a run by hand
// (no runner) prints no workflow command and never the key. Each case checks the
// exit code, the message, the outputs and how many requests each service received.
// A proxy that is unreachable or silent (named as the proxy; a request that never
// left never earns "a job may have been created"): test/agent/faults-in-process.test.ts.

import { join } from 'node:path'
import { runAction, ROOT, type ActionRun, bundleFirst } from '../support/run-action.js'
import type { StandIn } from '../support/stand-in.js'
import { closedPort, count, failure, inputsFor, KEY, withStandIn } from '../support/faults-kit.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

describe('a GitHub API that cannot be reached', () => {
  const githubEnv = (apiUrl: string): Record<string, string> => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(ROOT, 'test', 'fixtures', 'pull_request.json'),
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_API_URL: apiUrl,
    GITHUB_RUN_ID: '4242'
  })
  /** A pull request's run (with include-context) against a GitHub nothing answers at. */
  async function unreachable(
    prComment: string,
    check: (run: ActionRun, standIn: StandIn) => void
  ): Promise<void> {
    const port = await closedPort()
    await withStandIn({}, async (standIn) => {
      const run = await runAction({
        // Octokit names a failed fetch's cause only when it is an Error of its own realm:
        // in jest's sandbox it is not, so the bundle says what a runner shows.
        bundle: true,
        inputs: inputsFor(standIn.url, {
          'github-token': 'ghs_token',
          'pr-comment': prComment,
          'include-context': 'true'
        }),
        env: githubEnv(`http://127.0.0.1:${port}`)
      })
      check(run, standIn)
    })
  }

  it.concurrent(
    'fails the step when it holds the record, in one line naming it unreachable (no "answered 500", no permission hint), having sent nothing',
    async () => {
      await unreachable('true', (run, standIn) => {
        expect(run.exitCode).toBe(1)
        // The comments are read first: GitHub cannot say what they hold.
        const line = failure(run)
        expect(line).toMatch(
          /^Could not read the comments of pull request #7 \(the GitHub API could not be reached: .*ECONNREFUSED.*\), so nothing was sent to the agent: .* The next run picks the work up\.$/
        )
        expect(line).not.toMatch(/answered 500|permissions|pull-requests: (read|write)/)
        expect(run.stdout).not.toContain('::warning::')
        expect(standIn.requests).toEqual([])
        expect(run.outputs).toMatchObject({ 'job-id': '', created: 'false' })
      })
    }
  )

  it.concurrent(
    'is one warning naming it unreachable (no "answered 500", no permission hint) where it is a courtesy, and the step succeeds',
    async () => {
      await unreachable('false', (run, standIn) => {
        expect(run.exitCode).toBe(0)
        const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain('include-context: could not list the changed files')
        expect(warnings[0]).toContain('the GitHub API could not be reached')
        expect(warnings[0]).toContain('ECONNREFUSED')
        expect(warnings[0]).not.toMatch(/answered 500|permissions|pull-requests: (read|write)/)
        expect(run.outputs).toMatchObject({
          status: 'completed',
          'pr-number': '100',
          'pr-repository': 'acme/docs'
        })
        expect(count(standIn.requests, 'POST')).toBe(1)
        expect(count(standIn.requests, 'GET')).toBe(1)
      })
    }
  )
})

describe('a run by hand, outside a runner', () => {
  it.concurrent('prints no workflow command, never the key, and the outputs plainly', async () => {
    await withStandIn({}, async (standIn) => {
      const run = await runAction({
        inputs: inputsFor(standIn.url),
        env: { GITHUB_ACTIONS: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' }
      })

      const id = standIn.jobIds()[0] as string
      expect(run.exitCode).toBe(0)
      const lines = run.stdout.split('\n')
      expect(lines.filter((line) => line.trimStart().startsWith('::'))).toEqual([])
      expect(run.stdout + run.stderr).not.toContain(KEY)
      expect(lines).toContain(`▼ Waiting for job ${id} (timeout 15s)`)
      expect(lines).toContain(`Output job-id: ${id}`)
      expect(lines).toContain('Output status: completed')
      expect(lines).toContain('Output pr-link: https://github.com/acme/docs/pull/100')
      expect(run.outputs).toEqual({})
      expect(count(standIn.requests, 'POST')).toBe(1)
      expect(count(standIn.requests, 'GET')).toBe(1)
    })
  })

  it.concurrent('shows a failure as a person reads it', async () => {
    await withStandIn({}, async (standIn) => {
      const run = await runAction({
        inputs: inputsFor(standIn.url, { prompt: 'fail: x' }),
        env: { GITHUB_ACTIONS: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' }
      })

      const id = standIn.jobIds()[0] as string
      expect(run.exitCode).toBe(1)
      expect(run.stdout.split('\n')).toContain(
        `Error: Job ${id} failed: the agent hit an unrecoverable error.`
      )
      expect(run.stdout).not.toMatch(/^::/m)
      expect(count(standIn.requests, 'POST')).toBe(1)
    })
  })
})
