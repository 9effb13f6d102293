// The pull request's record, end to end: whose record is believed (the account
// github-token writes as: the workflow's bot, or a GitHub App's), what a run without
// permission to comment still does, and what a pull request costs (counted requests).

import { formatRecord } from '../../src/github/pr-record.js'
import {
  codeRepositoryCalls,
  recordedJob,
  simulate,
  REPO,
  PR,
  type Simulation
} from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'
import { jobCreatedThroughApi, onDemand, startedWithFile } from '../support/fixtures.js'
import { markerLine } from '../support/markers.js'

// Each case its own pair of stand-ins, so the cases run concurrently.
const freshSimulation = onDemand(() => simulate())
const APP_TOKEN = 'ghs_app_installation_token'
const withApp = onDemand(() =>
  simulate({ tokens: { [APP_TOKEN]: { login: 'docs-app[bot]', type: 'Bot' } } })
)

const warnings = (stdout: string): string[] =>
  stdout.split('\n').filter((line) => line.startsWith('::warning::'))

const record = (jobId: string, projectId = 'proj-test'): string =>
  formatRecord({ project: projectId, job: jobId, run: '1', attempt: 1, followUps: 0 })

describe('a record is believed only from a trusted bot, for its project', () => {
  // One pull request holding every record the action must not follow, all naming a real
  // job on the project (which it would find, were it to believe one), and one run.
  const untrusted = (() => {
    let started: Promise<{ sim: Simulation; run: ActionRun; otherJob: string; seeded: string[] }>
    return () =>
      (started ??= (async () => {
        const sim = await freshSimulation()
        const otherJob = await jobCreatedThroughApi(sim.agent, 'Attacker job')
        // Someone else's job, pasted by a person; the same from another bot account.
        sim.github.addComment(REPO, PR, `${record(otherJob)}\nlooks official`, 'mallory')
        sim.github.addComment(REPO, PR, record(otherJob), 'some-app[bot]')
        // From the action's own bot: a malformed record, and another project's record.
        const broken = { project: 'proj-test', job: 'job_x', run: 'abc', attempt: 1, followUps: 0 }
        sim.github.addComment(REPO, PR, `${markerLine('pr', broken)}\nbroken`)
        sim.github.addComment(REPO, PR, record(otherJob, 'proj-b'))
        const seeded = sim.comments().map((c) => c.body)

        const run = await sim.run('Document the widget API')
        return { sim, run, otherJob, seeded }
      })())
  })()

  it.concurrent(
    'ignores a marker a person pasted, or another bot account wrote, to point the pull request at another job',
    async () => {
      const { sim, run, otherJob } = await untrusted()

      const [, ours] = sim.agent.jobIds()
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ 'job-id': ours, created: 'true' })
      expect(sim.messages()).toEqual([])
      expect(sim.agent.requests.filter((r) => r.path.includes(otherJob))).toEqual([])
      // The pasted comments are left alone; the action keeps its own.
      expect(
        sim
          .comments()
          .map((c) => c.user.login)
          .slice(0, 2)
      ).toEqual(['mallory', 'some-app[bot]'])
    }
  )

  it.concurrent(
    'ignores a malformed record, even from the bot, and writes a good one',
    async () => {
      const { sim, seeded } = await untrusted()

      expect(sim.agent.requests.filter((r) => r.path.includes('job_x'))).toEqual([])
      expect(sim.comments()).toHaveLength(5)
      expect(
        sim
          .comments()
          .slice(0, 4)
          .map((c) => c.body)
      ).toEqual(seeded)
      expect(recordedJob(sim.comments()[4]?.body)).toBe(sim.agent.jobIds()[1])
    }
  )

  it.concurrent(
    "keeps another project's record apart: one comment per pull request and project",
    async () => {
      const { sim, seeded } = await untrusted()

      // proj-b's record names a job the run could reach: it must not reuse it.
      expect(sim.messages()).toEqual([])
      expect(sim.creations()).toBe(2)
      expect(sim.comments()[3]?.body).toBe(seeded[3])
      expect(recordedJob(sim.comments()[4]?.body)).toBe(sim.agent.jobIds()[1])
    }
  )
})

describe("with a GitHub App's token", () => {
  // Two pushes with the App's token, on a pull request where the workflow's bot once
  // recorded another job (written with another token: not the App's record).
  const pushes = startedWithFile(async () => {
    const sim = await withApp()
    const otherJob = await jobCreatedThroughApi(sim.agent, 'Another job')
    sim.github.addComment(REPO, PR, `${record(otherJob)}\nolder`, 'github-actions[bot]')
    const app = { inputs: { 'github-token': APP_TOKEN } }
    const first = await sim.run('Document the widget API', app)
    const second = await sim.run('Second push', app)
    return { sim, otherJob, first, second }
  })

  it.concurrent(
    'believes the records the App wrote: one job and one comment over two pushes, and says whose records it believes',
    async () => {
      const { sim, otherJob, first, second } = await pushes()

      const ours = sim.agent.jobIds()[1]
      expect([first.exitCode, second.exitCode]).toEqual([0, 0])
      expect(first.outputs).toMatchObject({ 'job-id': ours, created: 'true' })
      expect(second.outputs).toMatchObject({ 'job-id': ours, created: 'false' })
      expect(sim.agent.jobIds()).toHaveLength(2)
      expect(sim.messages()).toEqual(['Second push'])
      expect(sim.agent.requests.filter((r) => r.path.includes(otherJob))).toEqual([])
      expect(sim.comments().map((c) => c.user.login)).toEqual([
        'github-actions[bot]',
        'docs-app[bot]'
      ])
      expect(recordedJob(sim.comments()[1]?.body)).toBe(ours)
      for (const run of [first, second]) {
        expect(run.stdout).toContain(
          'Believing records written by docs-app[bot], the account github-token writes as.'
        )
      }
    }
  )
})

describe('without permission to comment', () => {
  it.concurrent(
    'warns once naming pull-requests: write, creates the job as today, and loses no output',
    async () => {
      const sim = await freshSimulation()
      sim.github.deny({ method: 'POST', path: /\/comments$/, status: 403 })

      const run = await sim.run('Document it')

      expect(run.exitCode).toBe(0)
      expect(sim.comments()).toEqual([])
      expect(warnings(run.stdout)).toHaveLength(1)
      expect(warnings(run.stdout)[0]).toMatch(
        /pr-comment: could not comment on pull request #7 \(the GitHub API answered 403\).*permissions: pull-requests: write/
      )
      expect(run.outputs).toMatchObject({
        'job-id': sim.agent.jobIds()[0],
        status: 'completed',
        created: 'true',
        'pr-link': 'https://github.com/acme/docs/pull/100'
      })
      expect(run.summary).toContain(`<code>${sim.agent.jobIds()[0]}</code>`)
    }
  )

  it.concurrent(
    'warns once when even reading the comments is refused, and creates the job',
    async () => {
      const sim = await freshSimulation()
      sim.github.deny({ method: 'GET', path: /\/comments$/, status: 404 })

      const run = await sim.run('Document it')

      expect(run.exitCode).toBe(0)
      expect(warnings(run.stdout)).toHaveLength(1)
      expect(warnings(run.stdout)[0]).toMatch(
        /could not read the comments of pull request #7 .*Reading them needs `permissions: pull-requests: read`/
      )
      expect(run.outputs.created).toBe('true')
      // Nothing was written where a comment might already exist (and with no comment to
      // believe, whose token it is was not asked); the docs pull request was read with
      // the same token.
      expect(sim.github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        expect.stringMatching(/^GET \/repos\/acme\/docs\/pulls\/\d+$/)
      ])
    }
  )

  it.concurrent('keeps the failed outcome of a failed job when the comment is denied', async () => {
    const sim = await freshSimulation()
    sim.github.deny({ method: 'POST', path: /\/comments$/, status: 403 })

    const run = await sim.run('fail: Document it')

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ status: 'failed', created: 'true' })
  })
})

describe('a GitHub that fails for a moment', () => {
  it.concurrent(
    'is asked again: after a 502 reading the comments, after a rate limit writing one, and the record is kept',
    async () => {
      const sim = await freshSimulation()
      sim.github.deny({ method: 'GET', path: /\/issues\/7\/comments$/, status: 502, times: 1 })
      // A primary limit whose reset has just passed (GitHub's clock a little ahead): no wait.
      const reset = String(Math.floor(Date.now() / 1000) - 10)
      sim.github.deny({
        method: 'POST',
        path: /\/issues\/7\/comments$/,
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
        times: 1
      })

      const run = await sim.run('Document it')

      expect(run.exitCode).toBe(0)
      expect(warnings(run.stdout)).toEqual([])
      expect(recordedJob(sim.comments()[0]?.body)).toBe(sim.agent.jobIds()[0])
      const calls = codeRepositoryCalls(sim.github)
      expect(calls.filter((c) => c === 'GET /repos/acme/app/issues/7/comments')).toHaveLength(2)
      expect(calls.filter((c) => c === 'POST /repos/acme/app/issues/7/comments')).toHaveLength(2)
    }
  )
})

describe('what a pull request costs', () => {
  // Three pushes (one creation, then a message each, few calls a push): hand-off-once.test.ts.

  it.concurrent(
    'a pull request with 250 comments is read in three calls, the record found on the last page',
    async () => {
      const sim = await freshSimulation()
      // The pull request's job, done, recorded by the action's bot after 249 other comments.
      const jobId = await jobCreatedThroughApi(sim.agent, 'fast: Document it')
      for (let i = 0; i < 249; i++) sim.github.addComment(REPO, PR, `comment ${i}`, 'octocat')
      sim.github.addComment(REPO, PR, record(jobId))

      const before = sim.github.requests.length
      const run = await sim.run('Second push')

      const calls = codeRepositoryCalls(sim.github, before)
      expect(run.outputs).toMatchObject({ 'job-id': jobId, created: 'false' })
      // Three pages of the thread, and the record read again before the last write.
      expect(
        calls.filter((c) => c.startsWith('GET /repos/acme/app/issues/7/comments'))
      ).toHaveLength(3)
      expect(
        calls.filter((c) => /^GET \/repos\/acme\/app\/issues\/comments\/\d+$/.test(c))
      ).toHaveLength(1)
      expect(calls.length).toBeLessThanOrEqual(5 + 3)
    }
  )
})
