// The docs pull request's back-link, end to end: written once when a job's pull
// request becomes known, trusted only from a bot, and how a command given on the
// docs pull request finds the job that opened it. The marker's rules (which project,
// which markers are well formed, the source in words for a pull request or a push) are
// proven in process in test/github/docs-back-link.test.ts.

import { setRole } from '../support/github-routes/commands.js'
import { seedPull } from '../support/github-routes/pull-requests.js'
import { jobCreatedThroughApi, onDemand } from '../support/fixtures.js'
import { markerLine, markerValues } from '../support/markers.js'
import type { StandIn } from '../support/stand-in.js'
import {
  commandStandIns,
  fixture,
  type Payload,
  runEvent,
  sentPrompts,
  warningLines
} from '../support/command-events.js'

// Each case its own stand-ins (and helpers bound to them), so the cases run concurrently.
async function world() {
  // Every job opens https://github.com/acme/docs/pull/100.
  const standIns = await commandStandIns()
  const { agent, github } = standIns
  setRole(github.state, 'acme/app', 'alice', 'write')
  setRole(github.state, 'acme/docs', 'alice', 'write')
  // The docs pull request every job opens, as GitHub knows it.
  seedPull(github.state, 'acme/docs', 100, { title: 'Docs: the widget API' })

  const pullRequestRun = (inputs: Record<string, string> = {}) =>
    runEvent({
      agent,
      github,
      event: 'pull_request',
      payload: fixture('pull_request'),
      // The docs live in another repository: docs-token reaches it (one token does all here).
      inputs: {
        prompt: 'Document the widget API',
        'pr-comment': 'true',
        'docs-token': 'ghs_test_token',
        ...inputs
      }
    })
  return {
    ...standIns,
    pullRequestRun
  }
}
const freshWorld = onDemand(world)

/**
 * A job created on the Agent Jobs stand-in as an earlier run would have, once its
 * pull request is known (every job opens the next docs pull request: #100, #101, …).
 */
async function startJob(agent: StandIn): Promise<string> {
  const id = await jobCreatedThroughApi(agent, 'Document the widget API')
  for (let i = 0; i < 100 && !agent.job(id)?.prLink; i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  expect(agent.job(id)?.prLink).toBeTruthy()
  return id
}

function commandOnDocsPr(body = '/docs use a table for the limits'): Payload {
  const payload = fixture('issue_comment')
  const issue = payload.issue as Record<string, unknown>
  issue.number = 100
  issue.title = 'Docs: the widget API'
  ;(payload.comment as Record<string, unknown>).body = body
  return payload
}

describe('the back-link on the docs pull request', () => {
  it.concurrent('is not written when pr-comment is off', async () => {
    const { github, pullRequestRun } = await freshWorld()
    await pullRequestRun({ 'pr-comment': 'false' })

    expect(github.comments('acme/docs', 100)).toEqual([])
    expect(github.requests.filter((r) => r.path.includes('/comments'))).toEqual([])
  })

  // One docs pull request's life in three runs: its back-link written by the first, not
  // again by a later run for the same job, then a command on it going to that job.
  it.concurrent(
    'is written once the docs pull request is known (the source in words, the job in a hidden marker), not again for the same job, and leads a command on it to that job',
    async () => {
      const { agent, github, pullRequestRun } = await freshWorld()
      const run = await pullRequestRun()
      const jobId = agent.jobIds()[0] as string

      expect(run.exitCode).toBe(0)
      const links = github.comments('acme/docs', 100)
      expect(links).toHaveLength(1)
      expect(links[0]?.user).toEqual({ login: 'github-actions[bot]', type: 'Bot' })
      const [marker, words] = (links[0]?.body ?? '').split('\n')
      expect(markerValues('back-link', marker)).toEqual([
        { job: jobId, project: 'proj-test', by: 'github-actions[bot]' }
      ])
      expect(words).toBe(
        `This docs pull request was opened by Mintlify agent job \`${jobId}\` for pull request acme/app#7 (workflow run https://github.com/acme/app/actions/runs/9001).`
      )

      // A later run for the same job does not write it twice.
      await runEvent({
        agent,
        github,
        event: 'pull_request',
        payload: fixture('pull_request'),
        inputs: { 'job-id': jobId, prompt: 'And the errors page', 'pr-comment': 'true' }
      })
      expect(github.comments('acme/docs', 100)).toHaveLength(1)

      // A command on the docs pull request goes to the job, as a follow-up message.
      const command = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commandOnDocsPr(),
        repository: 'acme/docs'
      })
      expect(command.exitCode).toBe(0)
      expect(command.outputs.triggered).toBe('true')
      expect(command.outputs['job-id']).toBe(jobId)
      expect(agent.jobIds()).toHaveLength(1)
      const last = sentPrompts(agent).at(-1)
      expect(last?.path).toBe(`/v2/agent/proj-test/job/${jobId}/message`)
      expect(last?.prompt).toContain('use a table for the limits')
      expect(command.stdout).toContain(`is the docs pull request of job ${jobId}`)
    }
  )

  // Warns and carries on when it may not comment there: docs-pull-request.test.ts, "may not write".

  it.concurrent('warns and carries on without a token', async () => {
    const { agent, github } = await freshWorld()
    const run = await runEvent({
      agent,
      github,
      event: 'pull_request',
      payload: fixture('pull_request'),
      inputs: { prompt: 'Document it', 'pr-comment': 'true' },
      noToken: true
    })

    expect(run.exitCode).toBe(0)
    expect(warningLines(run.stdout)).toEqual([
      expect.stringMatching(/^pr-comment: github-token is empty/)
    ])
    expect(github.requests).toEqual([])
  })
})

describe('a command on the docs pull request', () => {
  it.concurrent(
    'does not follow a marker pasted by a person naming a job that does not exist: the command is treated as on a code pull request',
    async () => {
      const { agent, github } = await freshWorld()
      github.addComment(
        'acme/docs',
        100,
        `${markerLine('back-link', { job: 'job_evil', project: 'proj-test' })}\nlook here`,
        'mallory'
      )

      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commandOnDocsPr(),
        repository: 'acme/docs'
      })

      expect(sentPrompts(agent).map((p) => p.path)).toEqual(['/v2/agent/proj-test/job'])
      expect(run.stdout).toContain(
        'A back-link names job job_evil, which does not exist; not following it.'
      )
    }
  )

  it.concurrent(
    'follows only a job the service confirms opened this pull request, whoever wrote the marker',
    async () => {
      const { agent, github } = await freshWorld()
      // Job A opened acme/docs#100 (and linked it); job B, started over, opened #101.
      const [jobA, jobB] = [await startJob(agent), await startJob(agent)]
      github.addComment(
        'acme/docs',
        100,
        `${markerLine('back-link', { job: jobA, project: 'proj-test' })}\nlinked`,
        'github-actions[bot]'
      )
      // Another app's bot puts a marker naming job B above the genuine back-link on #100.
      github.comments('acme/docs', 100).unshift({
        id: 1,
        body: `${markerLine('back-link', { job: jobB, project: 'proj-test' })}\nlinked`,
        user: { login: 'other-app[bot]', type: 'Bot' },
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z'
      })

      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commandOnDocsPr(),
        repository: 'acme/docs'
      })

      expect(run.exitCode).toBe(0)
      expect(run.outputs['job-id']).toBe(jobA)
      expect(sentPrompts(agent).at(-1)?.path).toBe(`/v2/agent/proj-test/job/${jobA}/message`)
      expect(run.stdout).toContain(
        `A back-link names job ${jobB}, whose pull request is not acme/docs#100; not following it.`
      )
    }
  )
})
