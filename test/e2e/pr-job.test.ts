// One docs job per pull request, end to end: the bundled action run once per simulated
// workflow run (push, re-run, comment) against both stand-ins, which keep their state
// between runs as the services do.
//
// Each spawned run costs a Node start, so the runs are chained as a pull request's life
// would chain them: three chains (pushes, replacements, re-runs), each run once and read
// by several tests. Every decision is also asserted row by row, in process, in
// test/action/plan/plan.test.ts; these prove the wiring around it.

import { jest } from '@jest/globals'
import { holdBusy, onDemand, startedWithFile, until } from '../support/fixtures.js'
import {
  recorded,
  recordedJob,
  simulate,
  withRecorded,
  type Simulation
} from '../support/pr-workflow.js'
import { setRole } from '../support/github-routes/commands.js'
import type { ActionRun } from '../support/run-action.js'

// A test waits for its whole chain (up to six runs, two of them on slow jobs), not for two
// runs as a test of its own would: more time than the default on a busy machine.
jest.setTimeout(60_000)

// Each chain its own pair of stand-ins, so the chains run concurrently.
const freshSimulation = onDemand(() => simulate())

const body = (sim: Simulation): string => sim.comments()[0]?.body ?? ''
/** As the comment's Markdown writes an id (underscores escaped). */
const md = (text: string | undefined): string => (text ?? '').replace(/_/g, '\\_')

/** A run of a chain, with the pull request's comment and the job ids as it left them. */
interface Step {
  run: ActionRun
  body: string
  comments: number
  jobIds: string[]
}
const step = (sim: Simulation, run: ActionRun): Step => ({
  run,
  body: body(sim),
  comments: sim.comments().length,
  jobIds: sim.agent.jobIds()
})

// Pushes to one pull request: the first creates the job, later ones (and a command from
// a comment) follow it up while its docs pull request is unseen or open, even while it
// is busy; a merged docs pull request gets a new job; pr-comment: false bypasses it all.

const pushes = startedWithFile(async () => {
  const sim = await freshSimulation()

  let seenWhileWorking: { body?: string; status?: unknown } | undefined
  // Long enough that the early comment, written as soon as the job is known, comes before its end.
  const pending = sim.run('slow:2500: Document the widget API')
  // Look at the pull request while the job is still working.
  await until(() => {
    const [comment] = sim.comments()
    const [id] = sim.agent.jobIds()
    if (comment && id) seenWhileWorking = { body: comment.body, status: sim.agent.job(id)?.status }
    return seenWhileWorking !== undefined
  }, 'the early comment')
  const first = step(sim, await pending)
  const firstGitHubCalls = sim.github.requests.map((r) => `${r.method} ${r.path}`)

  // GitHub does not know the docs pull request (the token cannot see it).
  const unseen = step(sim, await sim.run('Document the widget limits'))

  sim.github.setPullState('acme/docs', 100, { state: 'open', merged: false })
  // Not waiting: the job is left working on this prompt for the comment's run below.
  const open = step(sim, await sim.run('slow:3000: Third push', { inputs: { wait: 'false' } }))
  // Still working when the comment's run reads it, however long that run takes to start.
  holdBusy(sim.agent, 2)

  // The comment is `/docs update`, by a writer: a command for the pull request's job.
  setRole(sim.github.state, 'acme/app', 'octocat', 'write')
  const command = step(
    sim,
    await sim.run('Also document the errors', { workflow: 'Docs commands', event: 'issue_comment' })
  )
  const messages = sim.messages()

  sim.github.setPullState('acme/docs', 100, { state: 'closed', merged: true })
  const merged = step(sim, await sim.run('Document it again'))

  const calls = sim.github.requests.length
  const unrecorded = step(sim, await sim.run('Again', { inputs: { 'pr-comment': 'false' } }))
  const unrecordedCalls = sim.github.requests.slice(calls)

  return {
    sim,
    seenWhileWorking,
    first,
    firstGitHubCalls,
    unseen,
    open,
    command,
    messages,
    merged,
    unrecorded,
    unrecordedCalls
  }
})

describe('the first run for a pull request', () => {
  it.concurrent(
    'creates the job, records it in a comment as soon as the id is known, and updates that comment at the end',
    async () => {
      const { seenWhileWorking, first, firstGitHubCalls } = await pushes()

      const [jobId] = first.jobIds
      expect(first.run.exitCode).toBe(0)
      expect(seenWhileWorking?.status).toBe('active')
      expect(recordedJob(seenWhileWorking?.body)).toBe(jobId)
      expect(seenWhileWorking?.body).toContain('The job is working')
      expect(first.comments).toBe(1)
      expect(recordedJob(first.body)).toBe(jobId)
      expect(first.body).toContain('| Status | ✅ completed |')
      expect(first.body).toContain(`**This run:** Created job ${md(jobId)} for this pull request.`)
      expect(first.run.outputs).toMatchObject({
        'job-id': jobId,
        created: 'true',
        status: 'completed'
      })
      // The comments read (none to believe: whose token it is goes unasked), the comment
      // written early, the docs pull request read (with the workflow's token, whatever
      // repository it is in), the comment read again and updated.
      expect(firstGitHubCalls).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        'POST /repos/acme/app/issues/7/comments',
        'GET /repos/acme/docs/pulls/100',
        expect.stringMatching(/^GET \/repos\/acme\/app\/issues\/comments\/\d+$/),
        expect.stringMatching(/^PATCH \/repos\/acme\/app\/issues\/comments\/\d+$/)
      ])
    }
  )
})

describe('later runs for the pull request', () => {
  it.concurrent(
    'send the prompt to the same job as a follow-up, and the same docs pull request is updated',
    async () => {
      const { first, unseen, messages } = await pushes()

      const [jobId] = first.jobIds
      expect(unseen.jobIds).toEqual([jobId])
      expect(messages[0]).toBe('Document the widget limits')
      expect(unseen.run.exitCode).toBe(0)
      expect(unseen.run.outputs).toMatchObject({
        'job-id': jobId,
        created: 'false',
        'pr-link': 'https://github.com/acme/docs/pull/100'
      })
      expect(unseen.comments).toBe(1)
      expect(unseen.body).toContain(
        `**This run:** Sent the 1st follow-up for this pull request to job ${md(jobId)}.`
      )
      expect(recorded(unseen.body)?.followUps).toBe(1)
    }
  )

  it.concurrent(
    'follow up when the docs pull request is still open, or the token cannot see it',
    async () => {
      const { first, unseen, open, messages } = await pushes()

      expect(open.jobIds).toEqual(first.jobIds)
      expect(messages.slice(0, 2)).toEqual(['Document the widget limits', 'slow:3000: Third push'])
      expect(recorded(open.body)?.followUps).toBe(2)
      expect(unseen.run.stdout).toContain('Could not see the docs pull request acme/docs#100')
      expect(unseen.run.stdout).not.toContain('::warning::')
      expect(open.run.stdout).not.toContain('Could not see the docs pull request')
    }
  )

  it.concurrent(
    'from another workflow on the same pull request (a comment) find the same job',
    async () => {
      const { first, command, messages } = await pushes()

      expect(command.run.exitCode).toBe(0)
      expect(command.run.outputs.triggered).toBe('true')
      expect(command.jobIds).toEqual(first.jobIds)
      expect(messages).toHaveLength(3)
      const message = messages[2]
      // The workflow's standing instruction first, then the command as the commenter's request.
      expect(message?.startsWith('Also document the errors')).toBe(true)
      expect(message).toContain('update')
      expect(command.comments).toBe(1)
    }
  )

  it.concurrent(
    'wait for a job that is still working, then send the follow-up: never into a busy job, never a second job',
    async () => {
      const { sim, first, open, command } = await pushes()

      const [jobId] = first.jobIds
      // The run before did not wait: it left the job working on its prompt.
      expect(open.run.outputs).toMatchObject({ 'job-id': jobId, status: 'active' })
      expect(command.run.exitCode).toBe(0)
      expect(command.jobIds).toEqual([jobId])
      expect(sim.agent.busyMessages).toEqual([])
      expect(command.run.stdout).toContain('is still working on an earlier prompt; waiting for it')
      expect(command.body).toContain(
        `**This run:** Waited for job ${md(jobId)} to finish an earlier prompt, then sent the 3rd follow-up`
      )
      expect(command.run.outputs).toMatchObject({ created: 'false', status: 'completed' })
    }
  )

  it.concurrent(
    'replace a job whose docs pull request is merged (the token can see it)',
    async () => {
      const { messages, merged } = await pushes()

      const [old, fresh] = merged.jobIds
      expect(merged.jobIds).toHaveLength(2)
      expect(messages).toHaveLength(3)
      expect(merged.run.stdout).toContain(
        `Created a new job ${fresh}: the recorded job ${old} has its docs pull request already merged.`
      )
      expect(merged.run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
      expect(recordedJob(merged.body)).toBe(fresh)
    }
  )

  it.concurrent(
    'with pr-comment: false, reuse-job does nothing: the run creates a job, whatever is recorded',
    async () => {
      const { sim, merged, unrecorded, unrecordedCalls } = await pushes()

      expect(unrecorded.jobIds).toHaveLength(3)
      expect(unrecorded.run.outputs.created).toBe('true')
      // No record is read or written; only the new job's docs pull request is read.
      expect(unrecordedCalls.map((r) => `${r.method} ${r.path}`)).toEqual([
        expect.stringMatching(/^GET \/repos\/acme\/docs\/pulls\/\d+$/)
      ])
      expect(sim.messages()).toHaveLength(3)
      // The record still names the job the run before left.
      expect(unrecorded.body).toBe(merged.body)
    }
  )
})

// Jobs that cannot be followed up: failed (found by a re-run), gone from the service,
// set aside by reuse-job: false, or with a closed docs pull request.
const replacements = startedWithFile(async () => {
  const sim = await freshSimulation()
  const failed = step(sim, await sim.run('fail: Document it', { runId: 902 }))
  const rerun = step(sim, await sim.run('Document it', { runId: 902, attempt: 2 }))
  const rerunMessages = sim.messages()

  // The record now points at a job the service forgets (as after a reset).
  const comment = sim.comments()[0] as { body: string }
  comment.body = withRecorded(comment.body, { job: 'job_forgotten' })
  const forgotten = step(sim, await sim.run('Document it again'))

  const fresh = step(sim, await sim.run('Start over', { inputs: { 'reuse-job': 'false' } }))
  // The service answers the message with the old turn's `completed` for 250 ms.
  const stale = step(sim, await sim.run('lag:250: slow:600: Then follow up'))
  const staleJob = sim.agent.job(stale.jobIds[3] as string)?.status
  const messagePaths = sim.agent.requests
    .filter((r) => r.path.endsWith('/message'))
    .map((r) => r.path)

  const docsNumber = Number(/\/pull\/(\d+)$/.exec(stale.run.outputs['pr-link'] ?? '')?.[1])
  sim.github.setPullState('acme/docs', docsNumber, { state: 'closed', merged: false })
  const closed = step(sim, await sim.run('Document it once more'))
  return {
    sim,
    failed,
    rerun,
    rerunMessages,
    forgotten,
    fresh,
    stale,
    staleJob,
    messagePaths,
    docsNumber,
    closed
  }
})

describe('runs that cannot use the recorded job', () => {
  it.concurrent(
    "replace a recorded job that failed, and say why (also a re-run: start again when the earlier attempt's job failed)",
    async () => {
      const { failed, rerun, rerunMessages } = await replacements()

      const [old, fresh] = rerun.jobIds
      expect(failed.run.exitCode).toBe(1)
      expect(rerun.run.exitCode).toBe(0)
      expect(rerun.jobIds).toHaveLength(2)
      expect(rerunMessages).toEqual([])
      expect(rerun.run.outputs).toMatchObject({ 'job-id': fresh, created: 'true' })
      expect(rerun.run.stdout).toContain(
        `Created a new job ${fresh}: the recorded job ${old} failed.`
      )
      expect(recordedJob(rerun.body)).toBe(fresh)
    }
  )

  it.concurrent('replace a recorded job the service no longer knows (404)', async () => {
    const { forgotten } = await replacements()

    expect(forgotten.run.exitCode).toBe(0)
    expect(forgotten.jobIds).toHaveLength(3)
    expect(forgotten.run.stdout).toContain(
      'the recorded job job_forgotten no longer exists (the service answered 404)'
    )
    expect(forgotten.run.outputs.created).toBe('true')
  })

  it.concurrent('with reuse-job: false, start a new job and record it for later runs', async () => {
    const { fresh, messagePaths } = await replacements()

    const started = fresh.jobIds[3]
    expect(fresh.jobIds).toHaveLength(4)
    expect(fresh.run.outputs).toMatchObject({ 'job-id': started, created: 'true' })
    expect(fresh.run.stdout).toContain(`Created a new job ${started} (reuse-job: false)`)
    expect(messagePaths).toEqual([`/v2/agent/proj-test/job/${started}/message`])
  })

  it.concurrent(
    'replace a job whose docs pull request is closed (the token can see it)',
    async () => {
      const { closed, docsNumber } = await replacements()

      expect(closed.jobIds).toHaveLength(5)
      expect(closed.run.stdout).toContain('has its docs pull request already closed')
      expect(closed.run.outputs['pr-link']).toBe(
        `https://github.com/acme/docs/pull/${docsNumber + 1}`
      )
    }
  )
})

// One workflow run and its re-runs, then follow-ups whose first answer is stale.
const reruns = startedWithFile(async () => {
  const sim = await freshSimulation()
  const left = step(
    sim,
    await sim.run('slow:3000: Document it', { runId: 900, inputs: { wait: 'false' } })
  )
  const leftStatus = sim.agent.job(left.jobIds[0] as string)?.status
  // Still working when the re-run reads it, however long that run takes to start.
  holdBusy(sim.agent, 2)
  const resumed = step(sim, await sim.run('slow:1000: Document it', { runId: 900, attempt: 2 }))
  const afterResume = { creations: sim.creations(), messages: sim.messages() }

  let calls = sim.agent.requests.length
  const reported = step(sim, await sim.run('Document it', { runId: 900, attempt: 3 }))
  const reportedCalls = sim.agent.requests.slice(calls).map((r) => r.method)

  calls = sim.agent.requests.length
  const settled = step(sim, await sim.run('fast: Document the limits'))
  const settledGets = sim.agent.requests.slice(calls).filter((r) => r.method === 'GET').length

  // The service answers the message with the previous turn's `completed`.
  const notWaited = step(
    sim,
    await sim.run('lag:3000: Document the limits', { inputs: { wait: 'false' } })
  )
  return {
    sim,
    left,
    leftStatus,
    resumed,
    afterResume,
    reported,
    reportedCalls,
    settled,
    settledGets,
    notWaited
  }
})

describe('re-runs of the same workflow run', () => {
  it.concurrent(
    "wait for the earlier attempt's job when it is still working, without sending the prompt again",
    async () => {
      const { left, leftStatus, resumed, afterResume } = await reruns()

      const [jobId] = left.jobIds
      expect(leftStatus).toBe('active')
      expect(resumed.run.exitCode).toBe(0)
      expect(afterResume).toEqual({ creations: 1, messages: [] })
      expect(resumed.run.outputs).toMatchObject({
        'job-id': jobId,
        created: 'false',
        status: 'completed'
      })
      expect(resumed.body).toContain(`Re-run (attempt 2): resumed job ${md(jobId)}`)
      expect(recorded(resumed.body)?.attempt).toBe(2)
    }
  )

  it.concurrent("report the earlier attempt's completed job as it is", async () => {
    const { reported, reportedCalls } = await reruns()

    expect(reported.run.exitCode).toBe(0)
    expect(reportedCalls).toEqual(['GET'])
    expect(reported.run.outputs).toMatchObject({
      'pr-link': 'https://github.com/acme/docs/pull/100',
      created: 'false'
    })
    expect(reported.body).toContain('had already ended; reported as it is')
  })
})

describe('after a follow-up message, a stale answer is not the end', () => {
  it.concurrent('keeps waiting when the job flips to active a moment after answering', async () => {
    const { stale, staleJob } = await replacements()

    expect(stale.run.exitCode).toBe(0)
    // Had it ended on the stale answer, the job would still be working now.
    expect(staleJob).toBe('completed')
    expect(stale.run.stdout).toMatch(/still shows 'completed' from before the message/)
    expect(stale.run.stdout).toMatch(/: completed → active/)
    expect(stale.run.stdout).toMatch(/: active → completed/)
  })

  it.concurrent(
    'with wait: false, reports the job as working on the message, not the old turn as its end',
    async () => {
      const { sim, left, notWaited } = await reruns()

      const [jobId] = left.jobIds
      expect(notWaited.run.exitCode).toBe(0)
      expect(sim.messages()).toEqual(['fast: Document the limits', 'lag:3000: Document the limits'])
      expect(notWaited.run.outputs).toMatchObject({
        'job-id': jobId,
        status: 'active',
        created: 'false'
      })
      expect(JSON.parse(notWaited.run.outputs.job ?? '{}')).toMatchObject({
        id: jobId,
        status: 'active'
      })
      expect(notWaited.run.stdout).toContain(
        `Not waiting (wait: false): the message was sent to job ${jobId ?? ''}, which works on it now.`
      )
    }
  )

  it.concurrent(
    'ends after the settle window when the turn finished faster than a poll',
    async () => {
      const { settled, settledGets } = await reruns()

      expect(settled.run.exitCode).toBe(0)
      expect(settled.run.outputs.status).toBe('completed')
      expect(settled.run.stdout).toMatch(
        /still shows 'completed' from before the message; it counts as the end once the job has been seen working or after 300ms without change/
      )
      // The look-up, then polls until the window (3 × 100 ms) passed.
      expect(settledGets).toBeGreaterThanOrEqual(3)
    }
  )
})
