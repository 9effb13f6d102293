// The docs pull request's back-link, end to end: written once when a job's pull
// request becomes known, trusted only from a bot, and how a command given on the
// docs pull request finds the job that opened it.

import { setRole } from '../support/github-routes/commands.js'
import { seedPull } from '../support/github-routes/pull-requests.js'
import { onDemand } from '../support/fixtures.js'
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

  it.concurrent(
    'is written once the docs pull request is known: the source in words, the job in a hidden marker',
    async () => {
      const { agent, github, pullRequestRun } = await freshWorld()
      const run = await pullRequestRun()
      const [jobId] = agent.jobIds()

      expect(run.exitCode).toBe(0)
      const links = github.comments('acme/docs', 100)
      expect(links).toHaveLength(1)
      expect(links[0]?.user).toEqual({ login: 'github-actions[bot]', type: 'Bot' })
      const [marker, words] = (links[0]?.body ?? '').split('\n')
      expect(marker).toBe(`<!-- mintlify-agent-job docs-pr job="${jobId}" project="proj-test" -->`)
      expect(words).toBe(
        `This docs pull request was opened by Mintlify agent job \`${jobId}\` for pull request acme/app#7 (workflow run https://github.com/acme/app/actions/runs/9001).`
      )
    }
  )

  it.concurrent('names the commit when the job came from a push', async () => {
    const { agent, github } = await freshWorld()
    await runEvent({
      agent,
      github,
      event: 'push',
      payload: fixture('push'),
      inputs: { prompt: 'Document it', 'pr-comment': 'true', 'docs-token': 'ghs_test_token' }
    })

    expect(github.comments('acme/docs', 100)[0]?.body).toContain(
      'for commit 444444444444 on acme/app'
    )
  })

  it.concurrent('is not written twice for the same job', async () => {
    const { agent, github, pullRequestRun } = await freshWorld()
    await pullRequestRun()
    const jobId = agent.jobIds()[0] as string
    await runEvent({
      agent,
      github,
      event: 'pull_request',
      payload: fixture('pull_request'),
      inputs: { 'job-id': jobId, prompt: 'And the errors page', 'pr-comment': 'true' }
    })

    expect(github.comments('acme/docs', 100)).toHaveLength(1)
  })

  it.concurrent(
    'warns and carries on when the token may not comment on the docs pull request',
    async () => {
      const { github, pullRequestRun } = await freshWorld()
      github.deny({
        method: 'POST',
        path: /^\/repos\/acme\/docs\/issues\/100\/comments$/,
        status: 403
      })
      const run = await pullRequestRun()

      expect(run.exitCode).toBe(0)
      expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/100')
      expect(warningLines(run.stdout)).toEqual([
        expect.stringMatching(
          /^docs back-link: could not comment on docs pull request acme\/docs#100 \(the GitHub API answered 403\)\. The token needs pull-requests: write on the docs repository/
        )
      ])
    }
  )

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
  it.concurrent('goes to the job that opened it, as a follow-up message', async () => {
    const { agent, github, pullRequestRun } = await freshWorld()
    await pullRequestRun()
    const jobId = agent.jobIds()[0] as string

    const run = await runEvent({
      agent,
      github,
      event: 'issue_comment',
      payload: commandOnDocsPr(),
      repository: 'acme/docs'
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.triggered).toBe('true')
    expect(run.outputs['job-id']).toBe(jobId)
    expect(agent.jobIds()).toHaveLength(1)
    const last = sentPrompts(agent).at(-1)
    expect(last?.path).toBe(`/v2/agent/proj-test/job/${jobId}/message`)
    expect(last?.prompt).toContain('use a table for the limits')
    expect(run.stdout).toContain(`is the docs pull request of job ${jobId}`)
  })

  it.concurrent(
    'ignores a marker pasted by a person: the command is treated as on a code pull request',
    async () => {
      const { agent, github, pullRequestRun } = await freshWorld()
      await pullRequestRun()
      github.addComment(
        'acme/docs',
        100,
        '<!-- mintlify-agent-job docs-pr job="job_evil" project="proj-test" -->\nlook here',
        'mallory'
      )
      // The genuine back-link is gone (deleted by a maintainer, say): only the pasted one is left.
      github.comments('acme/docs', 100).splice(0, 1)

      await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commandOnDocsPr(),
        repository: 'acme/docs'
      })

      expect(sentPrompts(agent).map((p) => p.path)).toEqual([
        '/v2/agent/proj-test/job',
        '/v2/agent/proj-test/job'
      ])
    }
  )

  it.concurrent(
    'follows only a job the service confirms opened this pull request, whoever wrote the marker',
    async () => {
      const { agent, github, pullRequestRun } = await freshWorld()
      // Job A opens acme/docs#100 (and links it); job B, started over, opens #101.
      await pullRequestRun()
      await pullRequestRun({ 'reuse-job': 'false' })
      const [jobA, jobB] = agent.jobIds()
      // Another app's bot puts a marker naming job B above the genuine back-link on #100.
      github.comments('acme/docs', 100).unshift({
        id: 1,
        body: `<!-- mintlify-agent-job docs-pr job="${jobB ?? ''}" project="proj-test" -->\nlinked`,
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
      expect(sentPrompts(agent).at(-1)?.path).toBe(`/v2/agent/proj-test/job/${jobA ?? ''}/message`)
      expect(run.stdout).toContain(
        `A back-link names job ${jobB ?? ''}, whose pull request is not acme/docs#100; not following it.`
      )
    }
  )

  it.concurrent("ignores another project's back-link", async () => {
    const { agent, github } = await freshWorld()
    github.addComment(
      'acme/docs',
      100,
      '<!-- mintlify-agent-job docs-pr job="job_other" project="proj-other" -->\nlinked',
      'github-actions[bot]'
    )

    await runEvent({
      agent,
      github,
      event: 'issue_comment',
      payload: commandOnDocsPr(),
      repository: 'acme/docs'
    })

    expect(sentPrompts(agent).map((p) => p.path)).toEqual(['/v2/agent/proj-test/job'])
  })
})
