// One outcome, read by every publisher (issue: outputs that disagreed with the log).
// Through the bundled action: a follow-up whose status stays `completed` while the
// docs pull request changes reports the new link everywhere; a recorded job found
// failed or archived while the run waited for it is reported everywhere.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkRuns } from '../support/github-routes/check-runs.js'
import { startGitHubStandIn } from '../support/github-stand-in.js'
import { runAction, type ActionRun } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'
import {
  GITHUB_TOKEN as TOKEN,
  holdBusy,
  inputs,
  onDemand,
  runnerEnv,
  startedWithFile
} from '../support/fixtures.js'

const HEAD = '4'.repeat(40)
const LINK = (n: number): string => `https://github.com/acme/docs/pull/${n}`

async function world() {
  const standIn = await startStandIn({ jobDurationMs: 150 })
  const github = await startGitHubStandIn({ token: TOKEN })
  const dir = mkdtempSync(join(tmpdir(), 'one-outcome-'))
  const eventFile = join(dir, 'pull_request.json')
  writeFileSync(
    eventFile,
    JSON.stringify({
      action: 'synchronize',
      number: 7,
      pull_request: { number: 7, head: { ref: 'feature', sha: HEAD } }
    })
  )
  let runId = 5000
  const run = (prompt: string, extra: Record<string, string> = {}): Promise<ActionRun> =>
    runAction({
      inputs: inputs(standIn.url, {
        'github-token': TOKEN,
        'check-run': 'true',
        prompt,
        ...extra
      }),
      env: runnerEnv('pull_request', eventFile, github.apiUrl, { GITHUB_RUN_ID: String(runId++) })
    })
  const comment = (): string => github.comments('acme/app', 7).at(-1)?.body ?? ''
  const lastCheck = () => checkRuns(github.state, 'acme/app').at(-1)
  return {
    standIn,
    github,
    run,
    comment,
    lastCheck,
    close: async () => {
      await standIn.close()
      await github.close()
    }
  }
}
const freshWorld = onDemand(world)

// One pull request's life, run once and read by both tests: a first run leaves its job
// working (wait: false) on a prompt that fails later; the next run waits for it and
// creates a new job; a follow-up to that job then sees its docs pull request change.
const life = startedWithFile(async () => {
  const { standIn, run, comment, lastCheck } = await freshWorld()
  const failing = await run('fail: slow:2500: Document it', { wait: 'false' })
  const [oldJob] = standIn.jobIds()
  // Still working when the next run reads it, however long that run takes to start.
  holdBusy(standIn, 1)
  const replaced = await run('fast: Document the limits')
  const afterReplaced = { jobIds: standIn.jobIds(), comment: comment(), check: lastCheck() }

  // The previous turn's pull request was merged; the agent opened another. The answer
  // to the message still shows the old turn; every read after it shows the new link.
  standIn.inject({
    method: 'GET',
    path: /\/job\/[^/]+$/,
    times: 50,
    fault: { kind: 'patch', fields: { prLink: LINK(201) } }
  })
  const messagesBefore = standIn.requests.filter((r) => r.path.endsWith('/message')).length
  const followUp = await run('fast: Document the usage')
  const messages =
    standIn.requests.filter((r) => r.path.endsWith('/message')).length - messagesBefore
  return { failing, oldJob, replaced, afterReplaced, followUp, messages, comment, lastCheck }
})

// The job that opened a docs pull request, found failed or archived by a command, is
// declined and reported as it is: test/action/execute/executor.test.ts.
describe("a pull request's job that ends badly while the run waits for it", () => {
  // Archived takes the same path (test/action/plan/plan.test.ts, afterBusyWait).
  it.concurrent(
    'is reported everywhere when it is failed: a new job is created, and the old one is named in the log',
    async () => {
      const { failing, oldJob, replaced, afterReplaced } = await life()

      expect(failing.outputs.status).toBe('active')
      expect(replaced.stdout).toContain(
        `Job ${oldJob} is still working on an earlier prompt; waiting for it to end before sending this one.`
      )
      // The run's job is the new one, reported the same way everywhere.
      const [, newJob] = afterReplaced.jobIds
      expect(afterReplaced.jobIds).toHaveLength(2)
      expect(replaced.stdout).toContain(
        `Created a new job ${newJob}: the recorded job ${oldJob} failed.`
      )
      expect(replaced.outputs).toMatchObject({
        'job-id': newJob,
        status: 'completed',
        created: 'true'
      })
      expect(afterReplaced.comment).toContain(`<code>${newJob}</code>`)
      expect(afterReplaced.check).toMatchObject({ external_id: newJob, conclusion: 'success' })
    }
  )
})

describe('a follow-up whose status stays completed while its docs pull request changes', () => {
  it.concurrent(
    'gives the new link in every output, the summary, the comment and the check run',
    async () => {
      const { replaced, followUp, messages, comment, lastCheck } = await life()
      // The job the run before created, with its first docs pull request.
      const jobId = replaced.outputs['job-id']
      expect(replaced.outputs['pr-link']).toBe(LINK(100))

      expect(followUp.exitCode).toBe(0)
      expect(messages).toBe(1)
      // The step's ending line (the check run and comment lines follow it).
      expect(followUp.stdout.split('\n')).toContain(`Job ${jobId} completed: ${LINK(201)}`)
      expect(followUp.outputs).toMatchObject({
        'job-id': jobId,
        status: 'completed',
        'pr-link': LINK(201),
        'pr-number': '201'
      })
      expect(JSON.parse(followUp.outputs.job ?? '{}')).toMatchObject({
        id: jobId,
        prLink: LINK(201)
      })
      expect(followUp.summary).toContain('acme/docs#201')
      expect(followUp.summary).not.toContain('acme/docs#100')
      expect(comment()).toContain('acme/docs#201')
      expect(comment()).not.toContain('acme/docs#100')
      expect(lastCheck()).toMatchObject({
        conclusion: 'success',
        details_url: LINK(201),
        output: expect.objectContaining({
          title: `Docs job ${jobId} completed: pull request acme/docs#201`
        })
      })
    }
  )
})
