// dry-run: true, through the bundled action: the decision and the exact prompt in the
// log and the job summary, reads only, nothing sent to the Agent Jobs API and nothing
// written to GitHub, and the step succeeds (with or without api-key).

import { formatRecord } from '../../src/github/pr-record.js'
import { simulate, type Simulation } from '../support/pr-workflow.js'
import { jobCreatedThroughApi, onDemand } from '../support/fixtures.js'
import { commentBy, writePayload } from '../support/command-events.js'

const freshSimulation = onDemand(async (): Promise<Simulation & { close(): Promise<void> }> =>
  simulate()
)

// The GraphQL query (whose token it is) is a read sent as a POST; its contract admits no other.
const writes = (sim: Simulation, from = 0): string[] =>
  sim.github.requests
    .slice(from)
    .filter((r) => r.method !== 'GET' && r.path !== '/graphql')
    .map((r) => `${r.method} ${r.path}`)
const agentWrites = (sim: Simulation): string[] =>
  sim.agent.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)

describe('a dry run', () => {
  it.concurrent(
    'of a first pull request run without api-key: would create a job, shows the exact prompt, sends and writes nothing',
    async () => {
      const sim = await freshSimulation()
      const run = await sim.run('Document the widget API.', {
        inputs: { 'dry-run': 'true', 'api-key': '', 'include-context': 'true', 'check-run': 'true' }
      })

      expect(run.exitCode).toBe(0)
      expect(sim.agent.requests).toEqual([])
      expect(writes(sim)).toEqual([])
      const log = run.stdout.split('\n')
      expect(log).toContain('::group::Dry run: what this run would do')
      expect(log).toContain('Would create a new job.')
      expect(log).toContain('  Document the widget API.')
      // The context block the real run would append, cleaned, line by line.
      expect(log).toContain('  - Event: pull_request')
      expect(run.outputs).toMatchObject({ 'job-id': '', status: '', created: 'false' })
      expect(run.summary).toContain('Would create a new job.')
      expect(run.summary).toContain('<details><summary>The text it would send</summary>')
      expect(run.summary).toContain('Document the widget API.')
    }
  )

  it.concurrent(
    'of a later pull request run: reads the record and the job, would follow it up, sends nothing',
    async () => {
      const sim = await freshSimulation()
      // What a first run leaves (test/e2e/pr-job.test.ts proves it does): a job, and the
      // pull request's record of it in a comment by the workflow's bot.
      const jobId = await jobCreatedThroughApi(sim.agent, 'fast: Document it')
      const record = formatRecord({
        project: 'proj-test',
        job: jobId,
        run: '4242',
        attempt: 1,
        followUps: 0
      })
      sim.github.addComment('acme/app', 7, `${record}\n### Mintlify Docs Agent Job`)
      const before = { agent: sim.agent.requests.length, github: sim.github.requests.length }

      const dry = await sim.run('Document the limits', { inputs: { 'dry-run': 'true' } })

      expect(dry.exitCode).toBe(0)
      const agentCalls = sim.agent.requests.slice(before.agent).map((r) => `${r.method} ${r.path}`)
      expect(agentCalls).toEqual([`GET /v2/agent/proj-test/job/${jobId}`])
      expect(writes(sim, before.github)).toEqual([])
      expect(dry.stdout).toContain(`Would send the prompt to job ${jobId} as a follow-up.`)
      expect(dry.outputs).toMatchObject({ 'job-id': jobId, status: '', created: 'false' })
      expect(sim.messages()).toEqual([])
      expect(agentWrites(sim)).toHaveLength(1)
    }
  )

  it.concurrent(
    'of a command from someone who may not give one: would refuse, replies nothing',
    async () => {
      const sim = await freshSimulation()
      const run = await sim.run('', {
        event: 'issue_comment',
        inputs: { 'dry-run': 'true', 'api-key': '' },
        env: { GITHUB_EVENT_PATH: writePayload(commentBy('stranger')) }
      })

      expect(run.exitCode).toBe(0)
      expect(run.stdout).toMatch(/Would refuse the command \(/)
      expect(writes(sim)).toEqual([])
      expect(sim.agent.requests).toEqual([])
      expect(run.outputs.triggered).toBe('false')
    }
  )
})
