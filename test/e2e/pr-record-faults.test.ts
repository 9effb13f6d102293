// The pull request's record when GitHub falters, end to end: comments GitHub could not
// list fail the run before anything is sent (a second job would follow from "no record");
// a write that failed without a refusal is tried again at the end; a comment deleted
// while a run works is written anew; a record behind many pages of comments is found.

import { jest } from '@jest/globals'
import { errorLines } from '../support/run-action.js'
import { jobCreatedThroughApi, onDemand, startedWithFile } from '../support/fixtures.js'
import { markerLine } from '../support/markers.js'
import {
  codeRepositoryCalls,
  PR,
  recorded,
  REPO,
  simulate,
  type Simulation
} from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'

// The chain below is four runs in a row.
jest.setTimeout(40_000)

const freshSimulation = onDemand(() => simulate())
/** Two comments a page, so that many pages need few comments. */
const pagedSimulation = onDemand(() => simulate({ maxPerPage: 2 }))

const warnings = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
const writes = (sim: Simulation): string[] =>
  sim.github.requests
    .filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    .map((r) => `${r.method} ${r.path}`)

describe('comments GitHub could not list', () => {
  it.concurrent(
    'fail the run in one line when every read of them answers 502: nothing sent, nothing written, no permission named',
    async () => {
      const sim = await freshSimulation()
      sim.github.deny({ method: 'GET', path: /\/issues\/7\/comments$/, status: 502 })

      const run = await sim.run('Document the widget API')

      expect(run.exitCode).toBe(1)
      expect(errorLines(run.stdout)).toEqual([
        'Could not read the comments of pull request #7 (the GitHub API answered 502), so nothing was sent to the agent: sending now could start a second job or tell commits twice or not at all. The next run picks the work up.'
      ])
      expect(warnings(run)).toEqual([])
      expect(run.stdout).not.toMatch(/pull-requests: (read|write)/)
      expect(sim.agent.requests).toEqual([])
      expect(writes(sim)).toEqual([])
      expect(run.outputs).toMatchObject({ 'job-id': '', created: 'false' })
    }
  )
})

describe('a record behind many pages of comments', () => {
  it.concurrent('is found on the 32nd page, and the job followed up', async () => {
    // Two comments a page: the record, after 62 others, is past the 30 pages once read.
    const sim = await pagedSimulation()
    const jobId = await jobCreatedThroughApi(sim.agent, 'Document it')
    for (let i = 0; i < 62; i++) sim.github.addComment(REPO, PR, `comment ${i}`, 'octocat')
    const record = { project: 'proj-test', job: jobId, run: '4242', attempt: 1, followUps: 0 }
    const old = sim.github.addComment(
      REPO,
      PR,
      `${markerLine('pr', record)}\n### Mintlify Docs Agent Job`
    )
    const before = sim.github.requests.length

    const later = await sim.run('Second push')

    expect(later.exitCode).toBe(0)
    expect(later.outputs).toMatchObject({ 'job-id': jobId, created: 'false' })
    expect(sim.agent.jobIds()).toEqual([jobId])
    expect(sim.messages()).toEqual(['Second push'])
    const reads = codeRepositoryCalls(sim.github, before).filter((c) =>
      c.startsWith('GET /repos/acme/app/issues/7/comments')
    )
    expect(reads).toHaveLength(32)
    // The same comment now holds the record, one follow-up counted.
    expect(sim.comments()).toHaveLength(63)
    expect(sim.comments()[62]?.id).toBe(old.id)
    expect(recorded(sim.comments()[62]?.body)).toMatchObject({ job: jobId, followUps: 1 })
  })
})

// One pull request's pushes, each with GitHub failing one write while the job works: the
// early comment (lifted once the run notes it), the early update, then a re-run, then a
// comment someone deletes while the run works.
const lifted =
  (lift: () => void, line: string) =>
  (text: string): void => {
    if (text.includes(line)) lift()
  }
const TRYING_AGAIN = 'trying again when the run ends.'

const writesTriedAgain = startedWithFile(async () => {
  const sim = await freshSimulation()
  const postsFail = sim.github.deny({ method: 'POST', path: /\/issues\/7\/comments$/, status: 502 })
  const created = await sim.run('slow:600: Document the widget API', {
    runId: 7100,
    onStdout: lifted(postsFail, TRYING_AGAIN)
  })
  const afterCreated = {
    comments: sim.comments().length,
    record: recorded(sim.comments()[0]?.body)
  }

  const patchesFail = sim.github.deny({ method: 'PATCH', path: /\/comments\/\d+$/, status: 502 })
  const updated = await sim.run('slow:600: Second push', {
    runId: 7101,
    onStdout: lifted(patchesFail, TRYING_AGAIN)
  })
  const afterUpdated = recorded(sim.comments()[0]?.body)
  const rerun = await sim.run('slow:600: Second push', { runId: 7101, attempt: 2 })

  const gone = sim.comments()[0]?.id
  let deleted = false
  const recreated = await sim.run('slow:600: Third push', {
    runId: 7102,
    onStdout: (text) => {
      if (deleted || !text.includes('Updated the comment on pull request #7')) return
      deleted = true
      sim.comments().splice(0)
    }
  })
  return { sim, created, afterCreated, updated, afterUpdated, rerun, gone, recreated }
})

describe('a write that failed without a refusal', () => {
  it.concurrent(
    "is tried again at the end: a first comment GitHub failed early still records the run's job",
    async () => {
      const { sim, created, afterCreated } = await writesTriedAgain()

      const [jobId] = sim.agent.jobIds()
      expect(created.exitCode).toBe(0)
      expect(created.stdout).toContain(
        `pr-comment: could not comment on pull request #7 (the GitHub API answered 502); ${TRYING_AGAIN}`
      )
      expect(warnings(created)).toEqual([])
      expect(afterCreated).toEqual({
        comments: 1,
        record: {
          project: 'proj-test',
          job: jobId,
          run: '7100',
          attempt: 1,
          followUps: 0,
          handedOff: 'https://github.com/acme/docs/pull/100',
          by: 'github-actions[bot]'
        }
      })
    }
  )

  it.concurrent(
    'is tried again at the end: an update GitHub failed early still names this run, so its re-run sends nothing again',
    async () => {
      const { sim, updated, afterUpdated, rerun } = await writesTriedAgain()

      const [jobId] = sim.agent.jobIds()
      expect(updated.exitCode).toBe(0)
      expect(updated.stdout).toContain(TRYING_AGAIN)
      expect(warnings(updated)).toEqual([])
      expect(afterUpdated).toMatchObject({ job: jobId, run: '7101', attempt: 1, followUps: 1 })
      expect(rerun.exitCode).toBe(0)
      expect(rerun.outputs).toMatchObject({ 'job-id': jobId, created: 'false' })
      // The re-run knew the prompt had been sent: one message in all, one job.
      expect(sim.messages().filter((m) => m === 'slow:600: Second push')).toHaveLength(1)
      expect(sim.creations()).toBe(1)
    }
  )
})

describe('a record comment deleted while a run works', () => {
  it.concurrent('is written anew, with the record, at the end of the run', async () => {
    const { sim, recreated, gone } = await writesTriedAgain()

    const [jobId] = sim.agent.jobIds()
    expect(recreated.exitCode).toBe(0)
    expect(recreated.stdout).toContain(
      `The comment on pull request #7 (comment ${gone}) is gone; writing it anew.`
    )
    expect(warnings(recreated)).toEqual([])
    expect(sim.comments()).toHaveLength(1)
    expect(sim.comments()[0]?.id).not.toBe(gone)
    expect(recorded(sim.comments()[0]?.body)).toMatchObject({
      job: jobId,
      run: '7102',
      followUps: 2
    })
    expect(sim.creations()).toBe(1)
  })
})

describe('a record comment that cannot be read again before the last write', () => {
  it.concurrent(
    'is left as it is, in one warning, while the job id still reaches the outputs and the summary',
    async () => {
      const sim = await freshSimulation()
      const first = await sim.run('Document the widget API', { runId: 7300 })
      const [jobId] = sim.agent.jobIds()
      expect(first.exitCode).toBe(0)
      const lastRead = sim.github.deny({
        method: 'GET',
        path: /\/issues\/comments\/\d+$/,
        status: 502
      })

      const later = await sim.run('Second push', { runId: 7301 })
      lastRead()

      expect(later.exitCode).toBe(0)
      expect(later.outputs).toMatchObject({ 'job-id': jobId, created: 'false' })
      expect(later.summary).toContain(`<code>${jobId}</code>`)
      expect(warnings(later)).toEqual([
        '::warning::pr-comment: could not read the comment on pull request #7 again before writing it (the GitHub API answered 502), so it is left as it is rather than written over what another run may have recorded since. The next run picks the work up.'
      ])
      // The early write (before the wait) names this run; the last one was not made.
      expect(recorded(sim.comments()[0]?.body)).toMatchObject({ job: jobId, run: '7301' })
      expect(sim.comments()).toHaveLength(1)
    }
  )
})
