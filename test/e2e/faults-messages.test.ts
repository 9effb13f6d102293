// Messages that must say the right thing, through the bundled action: a GitHub that
// cannot be reached is not "answered 500" with a permission hint; and a run by hand
// (no runner) prints no workflow command and never the key. Each case checks the
// exit code, the message, the outputs and how many requests each service received.
// A proxy that is unreachable or silent (named as the proxy; a request that never
// left never earns "a job may have been created"): test/agent/faults-in-process.test.ts.

import { join } from 'node:path'
import { startedWithFile } from '../support/fixtures.js'
import { runAction, ROOT } from '../support/run-action.js'
import { closedPort, count, inputsFor, KEY, withStandIn } from '../support/faults-kit.js'

const githubEnv = (apiUrl: string): Record<string, string> => ({
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: join(ROOT, 'test', 'fixtures', 'pull_request.json'),
  GITHUB_REPOSITORY: 'acme/app',
  GITHUB_API_URL: apiUrl,
  GITHUB_RUN_ID: '4242'
})

// Mostly waiting (each GitHub call is asked three times, two seconds in all), so it starts
// with the file instead of holding up the block after it.
const unreachable = startedWithFile(async () => {
  const port = await closedPort()
  return withStandIn({}, async (standIn) => {
    const run = await runAction({
      inputs: inputsFor(standIn.url, {
        'github-token': 'ghs_token',
        'pr-comment': 'true',
        'include-context': 'true'
      }),
      env: githubEnv(`http://127.0.0.1:${port}`)
    })
    return { run, requests: standIn.requests }
  })
})

describe('a GitHub API that cannot be reached', () => {
  it.concurrent(
    'is reported as unreachable, without "answered 500" or a permission hint, and the step succeeds',
    async () => {
      const { run, requests } = await unreachable()

      expect(run.exitCode).toBe(0)
      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
      expect(warnings).toHaveLength(2)
      for (const warning of warnings) {
        expect(warning).toContain('the GitHub API could not be reached')
        expect(warning).toContain('ECONNREFUSED')
        expect(warning).not.toMatch(/answered 500|permissions|pull-requests: (read|write)/)
      }
      // The pull request's record is read first, then the context's changed files.
      expect(warnings[0]).toContain('pr-comment: could not read the comments of pull request #7')
      expect(warnings[1]).toContain('include-context: could not list the changed files')
      expect(run.outputs).toMatchObject({
        status: 'completed',
        'pr-number': '100',
        'pr-repository': 'acme/docs'
      })
      expect(count(requests, 'POST')).toBe(1)
      expect(count(requests, 'GET')).toBe(1)
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
