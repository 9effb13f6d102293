// One docs job per pull request, end to end: the bundled action run once per simulated
// workflow run (push, re-run, comment) against both stand-ins, which keep their state
// between runs as the services do.

import { onDemand } from '../support/fixtures.js'
import { simulate, recordedJob, type Simulation } from '../support/pr-workflow.js'
import { setRole } from '../support/github-routes/commands.js'
import { pullRequestWorld } from '../support/github-routes/pull-requests.js'

// Each case its own pair of stand-ins, so the cases run concurrently.
const freshSimulation = onDemand(() => simulate())

const body = (sim: Simulation): string => sim.comments()[0]?.body ?? ''
/** As the comment's Markdown writes an id (underscores escaped). */
const md = (text: string | undefined): string => (text ?? '').replace(/_/g, '\\_')

describe('the first run for a pull request', () => {
  it.concurrent(
    'creates the job, records it in a comment as soon as the id is known, and updates that comment at the end',
    async () => {
      const sim = await freshSimulation()
      let seenWhileWorking: { body?: string; status?: unknown } | undefined
      const run = await (async () => {
        const pending = sim.run('slow:800: Document the widget API')
        // Look at the pull request while the job is still working.
        for (let i = 0; i < 200 && !seenWhileWorking; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          const [comment] = sim.comments()
          const [id] = sim.agent.jobIds()
          if (comment && id)
            seenWhileWorking = { body: comment.body, status: sim.agent.job(id)?.status }
        }
        return pending
      })()

      const [jobId] = sim.agent.jobIds()
      expect(run.exitCode).toBe(0)
      expect(seenWhileWorking?.status).toBe('active')
      expect(recordedJob(seenWhileWorking?.body)).toBe(jobId)
      expect(seenWhileWorking?.body).toContain('The job is working')
      expect(sim.comments()).toHaveLength(1)
      expect(recordedJob(body(sim))).toBe(jobId)
      expect(body(sim)).toContain('| Status | ✅ completed |')
      expect(body(sim)).toContain(`**This run:** Created job ${md(jobId)} for this pull request.`)
      expect(run.outputs).toMatchObject({ 'job-id': jobId, created: 'true', status: 'completed' })
      expect(sim.github.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH'])
    }
  )
})

describe('later runs for the pull request', () => {
  it.concurrent(
    'send the prompt to the same job as a follow-up, and the same docs pull request is updated',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document the widget API')
      const second = await sim.run('Document the widget limits')

      const [jobId] = sim.agent.jobIds()
      expect(sim.agent.jobIds()).toHaveLength(1)
      expect(sim.messages()).toEqual(['Document the widget limits'])
      expect(second.exitCode).toBe(0)
      expect(second.outputs).toMatchObject({
        'job-id': jobId,
        created: 'false',
        'pr-link': 'https://github.com/acme/docs/pull/100'
      })
      expect(sim.comments()).toHaveLength(1)
      expect(body(sim)).toContain(
        `**This run:** Sent the 1st follow-up for this pull request to job ${md(jobId)}.`
      )
      expect(body(sim)).toContain('follow-ups="1"')
    }
  )

  it.concurrent(
    'from another workflow on the same pull request (a comment) find the same job',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document the widget API', { workflow: 'Docs' })
      // The comment is `/docs update`, by a writer: a command for the pull request's job.
      setRole(sim.github.state, 'acme/app', 'octocat', 'write')
      const commands = await sim.run('Also document the errors', {
        workflow: 'Docs commands',
        event: 'issue_comment'
      })

      expect(commands.exitCode).toBe(0)
      expect(commands.outputs.triggered).toBe('true')
      expect(sim.agent.jobIds()).toHaveLength(1)
      const [message] = sim.messages()
      expect(sim.messages()).toHaveLength(1)
      // The workflow's standing instruction first, then the command as the commenter's request.
      expect(message?.startsWith('Also document the errors')).toBe(true)
      expect(message).toContain('update')
      expect(sim.comments()).toHaveLength(1)
    }
  )

  it.concurrent.each([
    { name: 'failed', first: 'fail: Document it', why: 'failed' },
    { name: 'archived', first: 'archive: Document it', why: 'was archived' }
  ])('replace a recorded job that $name, and say why', async ({ first, why }) => {
    const sim = await freshSimulation()
    await sim.run(first)
    const second = await sim.run('Document it again')

    const [old, fresh] = sim.agent.jobIds()
    expect(sim.agent.jobIds()).toHaveLength(2)
    expect(sim.messages()).toEqual([])
    expect(second.outputs).toMatchObject({ 'job-id': fresh, created: 'true' })
    expect(second.stdout).toContain(`Created a new job ${fresh}: the recorded job ${old} ${why}.`)
    expect(recordedJob(body(sim))).toBe(fresh)
  })

  it.concurrent('replace a recorded job the service no longer knows (404)', async () => {
    const sim = await freshSimulation()
    await sim.run('Document it')
    // The record now points at a job the service forgets (as after a reset).
    const comment = sim.comments()[0] as { body: string }
    comment.body = comment.body.replace(/job="[^"]*"/, 'job="job_forgotten"')

    const second = await sim.run('Document it again')

    expect(second.exitCode).toBe(0)
    expect(sim.agent.jobIds()).toHaveLength(2)
    expect(second.stdout).toContain(
      'the recorded job job_forgotten no longer exists (the service answered 404)'
    )
    expect(second.outputs.created).toBe('true')
  })

  it.concurrent.each([
    { state: 'merged', pull: { state: 'closed', merged: true } as const },
    { state: 'closed', pull: { state: 'closed', merged: false } as const }
  ])(
    'replace a job whose docs pull request is $state (the token can see it)',
    async ({ state, pull }) => {
      const sim = await freshSimulation()
      await sim.run('Document it')
      sim.github.setPullState('acme/docs', 100, pull)

      const second = await sim.run('Document it again')

      expect(sim.agent.jobIds()).toHaveLength(2)
      expect(second.stdout).toContain(`has its docs pull request already ${state}`)
      expect(second.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    }
  )

  it.concurrent(
    'follow up when the docs pull request is still open, or the token cannot see it',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document it')
      sim.github.setPullState('acme/docs', 100, { state: 'open', merged: false })
      await sim.run('Second push')
      pullRequestWorld(sim.github.state).pulls.clear()
      const third = await sim.run('Third push')

      expect(sim.agent.jobIds()).toHaveLength(1)
      expect(sim.messages()).toEqual(['Second push', 'Third push'])
      expect(third.stdout).toContain('Could not see the docs pull request acme/docs#100')
      expect(third.stdout).not.toContain('::warning::')
    }
  )

  it.concurrent(
    'wait for a job that is still working, then send the follow-up: never into a busy job, never a second job',
    async () => {
      const sim = await freshSimulation()
      // Long enough to outlast the next process's start on a busy machine.
      await sim.run('slow:3000: Document it', { inputs: { wait: 'false' } })
      const [jobId] = sim.agent.jobIds()
      expect(sim.agent.job(jobId as string)?.status).toBe('active')

      const second = await sim.run('Document the limits')

      expect(second.exitCode).toBe(0)
      expect(sim.agent.jobIds()).toHaveLength(1)
      expect(sim.agent.busyMessages).toEqual([])
      expect(sim.messages()).toEqual(['Document the limits'])
      expect(second.stdout).toContain('is still working on an earlier prompt; waiting for it')
      expect(body(sim)).toContain(
        `**This run:** Waited for job ${md(jobId)} to finish an earlier prompt, then sent the 1st follow-up`
      )
      expect(second.outputs).toMatchObject({ created: 'false', status: 'completed' })
    }
  )

  it.concurrent('with reuse-job: false, start a new job and record it for later runs', async () => {
    const sim = await freshSimulation()
    await sim.run('Document it')
    const fresh = await sim.run('Start over', { inputs: { 'reuse-job': 'false' } })
    await sim.run('Then follow up')

    const [, second] = sim.agent.jobIds()
    expect(sim.agent.jobIds()).toHaveLength(2)
    expect(fresh.outputs).toMatchObject({ 'job-id': second, created: 'true' })
    expect(fresh.stdout).toContain(`Created a new job ${second} (reuse-job: false)`)
    expect(
      sim.agent.requests.filter((r) => r.path.endsWith('/message')).map((r) => r.path)
    ).toEqual([`/v2/agent/proj-test/job/${second}/message`])
  })

  it.concurrent(
    'with pr-comment: false, reuse-job does nothing: every run creates a job',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document it', { inputs: { 'pr-comment': 'false' } })
      const second = await sim.run('Again', { inputs: { 'pr-comment': 'false' } })

      expect(sim.agent.jobIds()).toHaveLength(2)
      expect(second.outputs.created).toBe('true')
      expect(sim.github.requests).toEqual([])
    }
  )
})

describe('re-runs of the same workflow run', () => {
  it.concurrent(
    "wait for the earlier attempt's job when it is still working, without sending the prompt again",
    async () => {
      const sim = await freshSimulation()
      // Long enough to outlast the next process's start on a busy machine.
      await sim.run('slow:3000: Document it', { runId: 900, inputs: { wait: 'false' } })
      const rerun = await sim.run('slow:1000: Document it', { runId: 900, attempt: 2 })

      const [jobId] = sim.agent.jobIds()
      expect(rerun.exitCode).toBe(0)
      expect(sim.creations()).toBe(1)
      expect(sim.messages()).toEqual([])
      expect(rerun.outputs).toMatchObject({
        'job-id': jobId,
        created: 'false',
        status: 'completed'
      })
      expect(body(sim)).toContain(`Re-run (attempt 2): resumed job ${md(jobId)}`)
      expect(body(sim)).toContain('attempt="2"')
    }
  )

  it.concurrent("report the earlier attempt's completed job as it is", async () => {
    const sim = await freshSimulation()
    await sim.run('Document it', { runId: 901 })
    const calls = sim.agent.requests.length
    const rerun = await sim.run('Document it', { runId: 901, attempt: 2 })

    expect(rerun.exitCode).toBe(0)
    expect(sim.agent.requests.slice(calls).map((r) => r.method)).toEqual(['GET'])
    expect(rerun.outputs).toMatchObject({
      'pr-link': 'https://github.com/acme/docs/pull/100',
      created: 'false'
    })
    expect(body(sim)).toContain('had already ended; reported as it is')
  })

  it.concurrent("start again when the earlier attempt's job failed", async () => {
    const sim = await freshSimulation()
    await sim.run('fail: Document it', { runId: 902 })
    const rerun = await sim.run('Document it', { runId: 902, attempt: 2 })

    expect(rerun.exitCode).toBe(0)
    expect(sim.creations()).toBe(2)
    expect(sim.messages()).toEqual([])
    expect(rerun.outputs.created).toBe('true')
  })
})

describe('after a follow-up message, a stale answer is not the end', () => {
  it.concurrent('keeps waiting when the job flips to active a moment after answering', async () => {
    const sim = await freshSimulation()
    await sim.run('Document it')
    const [jobId] = sim.agent.jobIds()

    // The service answers the message with the old turn's `completed` for 250 ms.
    const second = await sim.run('lag:250: slow:600: Document the limits')

    expect(second.exitCode).toBe(0)
    // Had it ended on the stale answer, the job would still be working now.
    expect(sim.agent.job(jobId as string)?.status).toBe('completed')
    expect(second.stdout).toMatch(/still shows 'completed' from before the message/)
    expect(second.stdout).toMatch(/: completed → active/)
    expect(second.stdout).toMatch(/: active → completed/)
  })

  it.concurrent(
    'with wait: false, reports the job as working on the message, not the old turn as its end',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document it')
      const [jobId] = sim.agent.jobIds()
      // The service answers the message with the previous turn's `completed`.
      const second = await sim.run('lag:3000: Document the limits', { inputs: { wait: 'false' } })

      expect(second.exitCode).toBe(0)
      expect(sim.messages()).toEqual(['lag:3000: Document the limits'])
      expect(second.outputs).toMatchObject({ 'job-id': jobId, status: 'active', created: 'false' })
      expect(JSON.parse(second.outputs.job ?? '{}')).toMatchObject({ id: jobId, status: 'active' })
      expect(second.stdout).toContain(
        `Not waiting (wait: false): the message was sent to job ${jobId ?? ''}, which works on it now.`
      )
    }
  )

  it.concurrent(
    'ends after the settle window when the turn finished faster than a poll',
    async () => {
      const sim = await freshSimulation()
      await sim.run('Document it')
      const second = await sim.run('fast: Document the limits')

      expect(second.exitCode).toBe(0)
      expect(second.outputs.status).toBe('completed')
      expect(second.stdout).toMatch(
        /still shows 'completed' from before the message; it counts as the end once the job has been seen working or after 300ms without change/
      )
      // A message answer and polls until the window (3 × 100 ms) passed.
      const lastGets = sim.agent.requests.filter((r) => r.method === 'GET').length
      expect(lastGets).toBeGreaterThanOrEqual(3)
    }
  )
})
