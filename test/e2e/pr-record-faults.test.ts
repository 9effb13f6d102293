// The pull request's record when GitHub falters, end to end: comments GitHub could not
// list fail the run before anything is sent (a second job would follow from "no record");
// a record behind many pages of comments is found.

import { errorLines } from '../support/run-action.js'
import { jobCreatedThroughApi, onDemand } from '../support/fixtures.js'
import {
  codeRepositoryCalls,
  PR,
  recorded,
  REPO,
  simulate,
  type Simulation
} from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'

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
  it.concurrent(
    'is found on the 32nd page, in the format of earlier versions, and the job followed up',
    async () => {
      // Two comments a page: the record, after 62 others, is past the 30 pages once read.
      const sim = await pagedSimulation()
      const jobId = await jobCreatedThroughApi(sim.agent, 'Document it')
      for (let i = 0; i < 62; i++) sim.github.addComment(REPO, PR, `comment ${i}`, 'octocat')
      const old = sim.github.addComment(
        REPO,
        PR,
        `<!-- mintlify-agent-job project="proj-test" job="${jobId}" run="4242" attempt="1" follow-ups="0" -->\n### Mintlify Docs Agent Job`
      )
      const before = sim.github.requests.length

      const later = await sim.run('Second push')

      expect(later.exitCode).toBe(0)
      expect(later.outputs).toMatchObject({ 'job-id': jobId, created: 'false' })
      expect(sim.agent.jobIds()).toEqual([jobId])
      expect(sim.messages()).toEqual(['Second push'])
      const reads = codeRepositoryCalls(sim.github, before).filter((c) => c.startsWith('GET'))
      expect(reads).toHaveLength(32)
      // The same comment now holds the record in today's format, one follow-up counted.
      expect(sim.comments()).toHaveLength(63)
      expect(sim.comments()[62]?.id).toBe(old.id)
      expect(recorded(sim.comments()[62]?.body)).toMatchObject({ job: jobId, followUps: 1 })
    }
  )
})
