// The settle rule after a follow-up message, on the virtual clock: a terminal status
// that may still be the previous turn's ends the wait only once the job was seen
// working, something in it changed, or the settle window passed with nothing new.

import type { AgentJob } from '../../src/agent/job.js'
import {
  SETTLE_POLLS,
  type PollSchedule,
  settleWindowMs,
  waitForJob,
  type WaitOptions
} from '../../src/agent/wait-for-job.js'
import type { RunClock } from '../../src/common/clock.js'
import { FakeClock } from '../support/fake-clock.js'

const OLD_PR = 'https://github.com/acme/docs/pull/1'
const SCHEDULE: PollSchedule = { firstMs: 100, maxMs: 400 }
const WINDOW = settleWindowMs(SCHEDULE)

const job = (status: string, prLink: string | null = OLD_PR): AgentJob => ({
  id: 'job_1',
  status,
  prLink
})

/** Answers `steps` in turn, then repeats the last; records the virtual time of each poll. */
function polls(
  clock: FakeClock,
  steps: AgentJob[]
): { poll: () => Promise<AgentJob>; at: number[] } {
  const at: number[] = []
  return {
    at,
    poll: () => {
      at.push(clock.now())
      return Promise.resolve(steps[Math.min(at.length, steps.length) - 1] as AgentJob)
    }
  }
}

function afterMessage(
  clock: FakeClock,
  poll: () => Promise<AgentJob>,
  initial: AgentJob,
  extra: Partial<WaitOptions & RunClock> = {}
): WaitOptions & RunClock {
  return {
    poll,
    initial,
    schedule: SCHEDULE,
    startedAt: clock.now(),
    deadline: clock.now() + 60_000,
    clock,
    settleMs: WINDOW,
    ...extra
  }
}

/** The wait, with the run's clock, deadline and signal taken from the same options. */
const wait = (options: WaitOptions & RunClock) => waitForJob(options, options)

describe('the settle window', () => {
  it('is three first poll intervals: 15 s with the default 5 s', () => {
    expect(SETTLE_POLLS).toBe(3)
    expect(settleWindowMs({ firstMs: 5000, maxMs: 30_000 })).toBe(15_000)
  })
})

describe('waiting after a follow-up message', () => {
  it('does not end on the stale answer; ends once the job was seen working and completed again', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [
      job('completed'),
      job('active', null),
      job('active', null),
      job('completed')
    ])
    const stale: string[] = []

    const result = await wait(
      afterMessage(clock, script.poll, job('completed'), {
        on: (event) => event.kind === 'stale' && stale.push(event.job.status)
      })
    )

    expect(result).toMatchObject({ end: 'terminal', polls: 4, job: job('completed') })
    expect(stale).toEqual(['completed'])
    // The flip to active came at the second poll; the end counted at the fourth.
    expect(script.at).toEqual([100, 200, 300, 400])
  })

  it('ends at the window when the turn finished faster than a poll (nothing ever changed)', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [job('completed')])

    const result = await wait(afterMessage(clock, script.poll, job('completed')))

    expect(result).toMatchObject({ end: 'terminal', job: job('completed') })
    // Polls until the window's end, no longer.
    expect(script.at[script.at.length - 1]).toBe(WINDOW)
    expect(script.at.length).toBe(SETTLE_POLLS)
  })

  it('ends at once when the terminal answer differs from the message answer', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [job('failed', null)])

    const result = await wait(afterMessage(clock, script.poll, job('completed')))

    expect(result).toMatchObject({ end: 'terminal', polls: 1, job: job('failed', null) })
  })

  it('ends when the docs pull request in the answer changes, even if the status does not', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [job('completed', 'https://github.com/acme/docs/pull/2')])

    const result = await wait(afterMessage(clock, script.poll, job('completed', null)))

    expect(result).toMatchObject({ end: 'terminal', polls: 1 })
  })

  it('follows an answer that is already active the usual way', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [job('completed')])

    const result = await wait(afterMessage(clock, script.poll, job('active', null)))

    expect(result).toMatchObject({ end: 'terminal', polls: 1 })
  })

  it('never waits past the deadline for the window', async () => {
    const clock = new FakeClock()
    const script = polls(clock, [job('completed')])

    const result = await wait(
      afterMessage(clock, script.poll, job('completed'), {
        deadline: 150,
        settleMs: 10_000
      })
    )

    expect(result.end).toBe('timeout')
    expect(clock.now()).toBeLessThanOrEqual(150)
  })

  it('without settleMs (a new job) ends on the first terminal status, as before', async () => {
    const clock = new FakeClock()
    const result = await wait({
      ...afterMessage(clock, polls(clock, []).poll, job('completed')),
      settleMs: undefined
    })
    expect(result).toMatchObject({ end: 'terminal', polls: 0 })
  })
})
