// The pull request's record, end to end: whose record is believed, what a run without
// permission to comment still does, and what a pull request costs (counted requests).

import { formatRecord } from '../../src/github/pr-record.js'
import { codeRepositoryCalls, recordedJob, simulate, REPO, PR } from '../support/pr-workflow.js'
import { onDemand } from '../support/fixtures.js'

// Each case its own pair of stand-ins, so the cases run concurrently.
const freshSimulation = onDemand(() => simulate())

const warnings = (stdout: string): string[] =>
  stdout.split('\n').filter((line) => line.startsWith('::warning::'))

describe('a record is believed only from a trusted bot', () => {
  it.concurrent(
    'ignores a marker a person pasted to point the pull request at another job',
    async () => {
      const sim = await freshSimulation()
      // Someone else's job, on the same project.
      await sim.run('Attacker job', { inputs: { 'pr-comment': 'false' } })
      const [attackerJob] = sim.agent.jobIds()
      sim.github.addComment(
        REPO,
        PR,
        `${formatRecord({ projectId: 'proj-test', jobId: attackerJob as string, runId: '1', runAttempt: 1, followUps: 0 })}\nlooks official`,
        'mallory'
      )

      const run = await sim.run('Document the widget API')

      const [, ours] = sim.agent.jobIds()
      expect(run.outputs).toMatchObject({ 'job-id': ours, created: 'true' })
      expect(sim.messages()).toEqual([])
      // The pasted comment is left alone; the action keeps its own.
      expect(sim.comments()).toHaveLength(2)
      expect(sim.comments()[0]?.user.login).toBe('mallory')
      expect(recordedJob(sim.comments()[1]?.body)).toBe(ours)
    }
  )

  it.concurrent('ignores a marker written by another bot account', async () => {
    const sim = await freshSimulation()
    await sim.run('Other job', { inputs: { 'pr-comment': 'false' } })
    const [otherJob] = sim.agent.jobIds()
    sim.github.addComment(
      REPO,
      PR,
      formatRecord({
        projectId: 'proj-test',
        jobId: otherJob as string,
        runId: '1',
        runAttempt: 1,
        followUps: 0
      }),
      'some-app[bot]'
    )

    const run = await sim.run('Document it')

    expect(run.outputs.created).toBe('true')
    expect(sim.messages()).toEqual([])
  })

  it.concurrent(
    'ignores a malformed record, even from the bot, and writes a good one',
    async () => {
      const sim = await freshSimulation()
      sim.github.addComment(
        REPO,
        PR,
        '<!-- mintlify-agent-job project="proj-test" job="job_x" run="abc" attempt="1" follow-ups="0" -->\nbroken'
      )

      const run = await sim.run('Document it')

      expect(run.exitCode).toBe(0)
      expect(run.outputs.created).toBe('true')
      expect(sim.agent.requests.filter((r) => r.path.includes('job_x'))).toEqual([])
      expect(recordedJob(sim.comments()[1]?.body)).toBe(sim.agent.jobIds()[0])
    }
  )

  it.concurrent(
    "keeps another project's record apart: one comment per pull request and project",
    async () => {
      const sim = await freshSimulation()
      await sim.run('Docs for project A')
      await sim.run('Docs for project B', { inputs: { 'project-id': 'proj-b' } })

      // The stand-in knows only proj-test, so B's run fails, but it must not reuse A's job.
      expect(sim.messages()).toEqual([])
      expect(sim.creations()).toBe(2)
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
      // Nothing was written where a comment might already exist.
      expect(sim.github.requests.map((r) => r.method)).toEqual(['GET'])
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

describe('what a pull request costs', () => {
  it.concurrent(
    'five pushes: one creation, four messages, one docs pull request, few GitHub calls',
    async () => {
      const sim = await freshSimulation()
      const perRun: string[][] = []
      const links: string[] = []
      for (let push = 1; push <= 5; push++) {
        const before = sim.github.requests.length
        const run = await sim.run(`Push ${push}: document what changed`)
        expect(run.exitCode).toBe(0)
        links.push(run.outputs['pr-link'] as string)
        perRun.push(codeRepositoryCalls(sim.github, before))
      }

      expect(sim.creations()).toBe(1)
      expect(sim.messages()).toHaveLength(4)
      expect(new Set(links)).toEqual(new Set(['https://github.com/acme/docs/pull/100']))
      expect(sim.comments()).toHaveLength(1)
      expect(sim.comments()[0]?.body).toContain('follow-ups="4"')
      // At most 4 calls plus one per 100 comments (the thread has one comment: one page).
      for (const calls of perRun) expect(calls.length).toBeLessThanOrEqual(5)
      expect(perRun[0]).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        'POST /repos/acme/app/issues/7/comments',
        `PATCH /repos/acme/app/issues/comments/${sim.comments()[0]?.id}`
      ])
      expect(perRun[4]).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        `PATCH /repos/acme/app/issues/comments/${sim.comments()[0]?.id}`,
        `PATCH /repos/acme/app/issues/comments/${sim.comments()[0]?.id}`
      ])
    }
  )

  it.concurrent(
    'a pull request with 250 comments is read in three calls, the record found on the last page',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document it')
      const ours = sim.comments().shift()
      for (let i = 0; i < 249; i++) sim.github.addComment(REPO, PR, `comment ${i}`, 'octocat')
      if (ours) sim.comments().push(ours)

      const before = sim.github.requests.length
      const run = await sim.run('Second push')

      const calls = codeRepositoryCalls(sim.github, before)
      expect(run.outputs.created).toBe('false')
      expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(3)
      expect(calls.length).toBeLessThanOrEqual(4 + 3)
    }
  )
})
