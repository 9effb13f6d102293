import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'
import { NetworkError } from '../../src/agent/http-errors.js'
import type { AgentJob } from '../../src/agent/job.js'
import {
  GROWTH,
  waitForJob,
  type PollSchedule,
  type WaitEvent,
  type WaitOptions
} from '../../src/agent/wait-for-job.js'
import type { RunClock } from '../../src/common/clock.js'
import { FakeClock } from '../support/fake-clock.js'
import { job } from '../support/fixtures.js'

interface Script {
  poll: () => Promise<AgentJob>
  /** Virtual time of each poll. */
  at: number[]
  /** Sleeps recorded before each poll. */
  sleepsBefore: number[]
}

/**
 * A poll function that answers `steps` in turn (a status, or an error to throw) and
 * then repeats the last one; each poll takes `pollMs` of virtual time.
 */
function script(clock: FakeClock, steps: (string | Error)[], pollMs = 0): Script {
  const at: number[] = []
  const sleepsBefore: number[] = []
  return {
    at,
    sleepsBefore,
    poll: async () => {
      at.push(clock.now())
      sleepsBefore.push(clock.sleeps.length)
      const step = steps[Math.min(at.length, steps.length) - 1]
      clock.advance(pollMs)
      if (step instanceof Error) throw step
      return job(
        step ?? 'active',
        step === 'completed' ? 'https://github.com/acme/docs/pull/1' : null
      )
    }
  }
}

const SCHEDULE: PollSchedule = { firstMs: 100, maxMs: 400 }

function options(
  clock: FakeClock,
  poll: () => Promise<AgentJob>,
  extra: Partial<WaitOptions & RunClock> = {}
): WaitOptions & RunClock {
  return {
    poll,
    schedule: SCHEDULE,
    startedAt: clock.now(),
    deadline: clock.now() + 60_000,
    clock,
    ...extra
  }
}

/** The wait, with the run's clock, deadline and signal taken from the same options. */
const wait = (options: WaitOptions & RunClock) => waitForJob(options, options)

describe('waitForJob', () => {
  it('reports a job that is already terminal at once, without polling', async () => {
    for (const status of ['completed', 'failed', 'archived']) {
      const clock = new FakeClock()
      const { poll, at } = script(clock, ['active'])
      const seen: [AgentJob, string | undefined][] = []
      const on = (event: WaitEvent) => event.kind === 'status' && seen.push([event.job, event.was])
      const result = await wait(options(clock, poll, { initial: job(status), on }))
      expect(result).toEqual({ end: 'terminal', job: job(status), polls: 0 })
      expect(at).toEqual([])
      expect(clock.sleeps).toEqual([])
      expect(seen).toEqual([[job(status), undefined]])
    }
  })

  it('polls at once when there is no initial job', async () => {
    const clock = new FakeClock(5000)
    const { poll, at, sleepsBefore } = script(clock, ['completed'])
    const result = await wait(options(clock, poll))
    expect(result).toMatchObject({ end: 'terminal', polls: 1, job: { status: 'completed' } })
    expect(at).toEqual([5000])
    expect(sleepsBefore).toEqual([0])
    expect(clock.sleeps).toEqual([])
  })

  it('waits the first interval before polling a job it was handed', async () => {
    const clock = new FakeClock()
    const { poll, at } = script(clock, ['completed'])
    await wait(options(clock, poll, { initial: job('active') }))
    expect(clock.sleeps).toEqual([100])
    expect(at).toEqual([100])
  })

  it('tells a status only when it changes, and every poll', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, [
      'active',
      'active',
      'running',
      'running',
      'active',
      'completed'
    ])
    const seen: [string, string | undefined][] = []
    const polled: [string, number, number | undefined][] = []
    const result = await wait(
      options(clock, poll, {
        initial: job('active'),
        on: ({ kind, job: { status }, polls, was, next }) => {
          if (kind === 'status') seen.push([status, was])
          if (kind === 'poll') polled.push([status, polls, next])
        }
      })
    )
    expect(result).toMatchObject({ end: 'terminal', polls: 6 })
    expect(seen).toEqual([
      ['active', undefined],
      ['running', 'active'],
      ['active', 'running'],
      ['completed', 'active']
    ])
    expect(polled.map(([status, polls]) => [status, polls])).toEqual([
      ['active', 1],
      ['active', 2],
      ['running', 3],
      ['running', 4],
      ['active', 5],
      ['completed', 6]
    ])
    // A poll announces the sleep that follows; none after the terminal poll.
    expect(polled.map(([, , next]) => next)).toEqual([...clock.sleeps.slice(1), undefined])
  })

  it('sleeps a fifth of the time waited so far, from the first interval up to the longest', async () => {
    const clock = new FakeClock(1_000_000)
    const steps = [...Array<string>(14).fill('active'), 'completed']
    const { poll, at } = script(clock, steps, 10)
    const result = await wait(options(clock, poll, { initial: job('active') }))
    expect(result).toMatchObject({ end: 'terminal', polls: 15 })

    // Worked out by hand, not with the schedule's code: each poll answers 10 ms after it
    // is sent, and the next sleep is a fifth of the time since waiting began, kept
    // between 100 and 400 (SCHEDULE). 550 ms in, a fifth (110) passes the first interval.
    const expected = [
      100, 100, 100, 100, 100, 110, 134, 162.8, 197.36, 238.832, 288.5984, 348.31808, 400, 400, 400
    ]
    expect(clock.sleeps).toHaveLength(expected.length)
    clock.sleeps.forEach((ms, i) => expect(ms).toBeCloseTo(expected[i] as number, 6))
    // Each poll is sent when its sleep ends.
    expect((at[5] as number) - 1_000_000).toBeCloseTo(5 * (100 + 10) + 110, 6)
  })

  it('ends with timeout and the last job when the deadline passes', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['active', 'running'])
    const result = await wait(options(clock, poll, { initial: job('active'), deadline: 2000 }))
    expect(result.end).toBe('timeout')
    expect(result.job).toEqual(job('running'))
    // The last poll came one first interval (100 ms) before the deadline; then no sleep.
    expect(clock.now()).toBe(1900)
  })

  it('never sleeps to the deadline when no poll would fit before it', async () => {
    const clock = new FakeClock()
    const { poll, at } = script(clock, ['active'])
    const schedule = { firstMs: 3000, maxMs: 3000 }
    const result = await wait(
      options(clock, poll, { initial: job('active'), schedule, deadline: 10_000 })
    )
    expect(result).toMatchObject({ end: 'timeout', polls: 3 })
    expect(clock.sleeps).toEqual([3000, 3000, 3000])
    expect(at).toEqual([3000, 6000, 9000])
    expect(clock.now()).toBe(9000)
  })

  it('moves the last poll to just before the deadline', async () => {
    const clock = new FakeClock()
    const { poll, at } = script(clock, ['active'])
    // Waiting began long ago: after the first poll the schedule asks for its longest interval, 4 s.
    const schedule = { firstMs: 1000, maxMs: 4000 }
    const result = await wait(
      options(clock, poll, {
        initial: job('active'),
        schedule,
        startedAt: -100_000,
        deadline: 8000
      })
    )
    expect(result).toMatchObject({ end: 'timeout', polls: 3 })
    // 1 s, 5 s, then 7 s: a second before the deadline, instead of 9 s (after it).
    expect(at).toEqual([1000, 5000, 7000])
    expect(clock.now()).toBe(7000)
  })

  it('ends with timeout when a poll itself runs into the deadline', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['active', new DeadlineError()])
    const result = await wait(options(clock, poll, { deadline: 5000 }))
    expect(result).toEqual({ end: 'timeout', job: job('active'), polls: 1 })
  })

  it('does not poll again when a sleep ended late, past the deadline', async () => {
    const clock = new FakeClock()
    // A timer that fires late (a busy or suspended machine): every sleep overshoots by 10 s.
    clock.onSleep = () => clock.advance(10_000)
    const { poll, at } = script(clock, ['active'])
    const result = await wait(options(clock, poll, { deadline: 5000 }))
    expect(result).toEqual({ end: 'timeout', job: job('active'), polls: 1 })
    expect(at).toEqual([0])
  })

  it('ends with timeout when the last poll answers after the deadline', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['active'], 700)
    const result = await wait(options(clock, poll, { deadline: 1000 }))
    expect(result).toMatchObject({ end: 'timeout', polls: 2 })
    // Polled at 0 (answered at 700), slept what the schedule asks (less than the 300ms left),
    // polled again (answered 700ms later, past the deadline).
    const slept = 700 * GROWTH
    expect(slept).toBeLessThan(300)
    expect(clock.sleeps).toEqual([slept])
    expect(clock.now()).toBe(700 + slept + 700)
  })

  it('warns once about an undocumented status and keeps polling', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['pending', 'running', 'running', 'pending', 'completed'])
    const warned: string[] = []
    const result = await wait(
      options(clock, poll, { on: (e) => e.kind === 'unknown' && warned.push(e.job.status) })
    )
    expect(result).toMatchObject({ end: 'terminal', polls: 5, job: { status: 'completed' } })
    expect(warned).toEqual(['pending'])
  })

  it('keeps polling an undocumented status until the deadline, and no further', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['running'])
    const result = await wait(options(clock, poll, { deadline: 3000 }))
    expect(result).toMatchObject({ end: 'timeout', job: { status: 'running' } })
    expect(clock.now()).toBeLessThan(3000)
  })

  it('ends with cancelled when a poll is cancelled', async () => {
    const clock = new FakeClock()
    const { poll } = script(clock, ['active', new CancelledError()])
    const result = await wait(options(clock, poll))
    expect(result).toEqual({ end: 'cancelled', job: job('active'), polls: 1 })
  })

  it('ends with cancelled when the run is cancelled during a wait', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    clock.onSleep = () => controller.abort()
    const { poll, at } = script(clock, ['active'])
    const result = await wait(
      options(clock, poll, { initial: job('active'), signal: controller.signal })
    )
    expect(result).toEqual({ end: 'cancelled', job: job('active'), polls: 0 })
    expect(at).toEqual([])
  })

  it('ends with error, carrying the error and the last job, when a poll fails otherwise', async () => {
    const clock = new FakeClock()
    const failure = new NetworkError('GET', '/v2/agent/p/job/job_1', 'ECONNRESET', true)
    const { poll } = script(clock, ['active', 'active', failure])
    const result = await wait(options(clock, poll))
    expect(result).toEqual({ end: 'error', job: job('active'), polls: 2, error: failure })
  })

  it('ends with error and no job when the first poll fails', async () => {
    const clock = new FakeClock()
    const failure = new Error('unexpected')
    const { poll } = script(clock, [failure])
    const result = await wait(options(clock, poll))
    expect(result).toEqual({ end: 'error', polls: 0, error: failure })
  })

  it('is bounded: a job that stays active ends by the deadline after few polls', async () => {
    const clock = new FakeClock()
    const { poll, at } = script(clock, ['active'], 200)
    const schedule = { firstMs: 5000, maxMs: 30_000 }
    const deadline = 30 * 60_000
    const result = await wait(options(clock, poll, { initial: job('active'), schedule, deadline }))
    expect(result).toMatchObject({ end: 'timeout', job: { status: 'active' } })
    expect(clock.now()).toBeLessThanOrEqual(deadline + 200)
    // 30 minutes at 5s → 30s: far fewer than the 360 polls a fixed 5s interval would make.
    expect(at.length).toBeGreaterThan(60)
    expect(at.length).toBeLessThan(80)
    expect(result.polls).toBe(at.length)
    expect(Math.min(...clock.sleeps)).toBeGreaterThan(0)
    expect(Math.max(...clock.sleeps)).toBe(30_000)
  })
})
