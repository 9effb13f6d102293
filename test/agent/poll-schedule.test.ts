import { nextPollDelay, waitForJob, type PollSchedule } from '../../src/agent/wait-for-job.js'
import { FakeClock } from '../support/fake-clock.js'
import { job } from '../support/fixtures.js'

// The action's defaults: poll-interval 5s, max-poll-interval 30s, timeout 30m.
const DEFAULTS: PollSchedule = { firstMs: 5000, maxMs: 30_000 }
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const FAR = 24 * HOUR

describe('nextPollDelay', () => {
  it.each([
    ['at the start', 0],
    ['after one first interval', 5000],
    ['while a fifth of the time waited is still shorter', 24_999],
    ['after a clock step backwards', -60_000]
  ])('waits the first interval %s', (_, elapsedMs) => {
    expect(nextPollDelay(DEFAULTS, elapsedMs, FAR)).toBe(5000)
  })

  it.each([
    [25_000, 5000],
    [50_000, 10_000],
    [100_000, 20_000],
    [125_000, 25_000],
    [149_995, 29_999]
  ])('grows to a fifth of the time waited: after %d ms, %d ms', (elapsedMs, delayMs) => {
    expect(nextPollDelay(DEFAULTS, elapsedMs, FAR)).toBe(delayMs)
  })

  it.each([150_000, 10 * MINUTE, 30 * MINUTE, 23 * HOUR])(
    'is capped at the longest interval after %d ms',
    (elapsedMs) => {
      expect(nextPollDelay(DEFAULTS, elapsedMs, FAR)).toBe(30_000)
    }
  )

  it('stays between the first and the longest interval, and never shrinks as the wait goes on', () => {
    let previous = DEFAULTS.firstMs
    for (let elapsed = 0; elapsed <= 10 * MINUTE; elapsed += 1000) {
      const delay = nextPollDelay(DEFAULTS, elapsed, FAR) as number
      expect(delay).toBeGreaterThanOrEqual(previous)
      expect(delay).toBeLessThanOrEqual(DEFAULTS.maxMs)
      previous = delay
    }
  })

  it.each<[string, number, number, number | undefined]>([
    ['waits the full interval when it still leaves a second', 10 * MINUTE, 31_000, 30_000],
    ['moves the last poll to a second before the deadline', 10 * MINUTE, 20_000, 19_000],
    ['moves it even at the first interval', 0, 6000, 5000],
    ['polls no more: less than the first interval would be left', 10 * MINUTE, 5999, undefined],
    ['polls no more at the deadline', 10 * MINUTE, 0, undefined],
    ['polls no more past the deadline', 10 * MINUTE, -500, undefined]
  ])('%s', (_, elapsedMs, remainingMs, delayMs) => {
    expect(nextPollDelay(DEFAULTS, elapsedMs, remainingMs)).toBe(delayMs)
  })

  it('keeps the lead before the deadline no longer than the first interval', () => {
    const quick = { firstMs: 100, maxMs: 400 }
    // After 2 s the schedule asks for 400 ms; with 350 ms left the last poll comes 100 ms early.
    expect(nextPollDelay(quick, 2000, 350)).toBe(250)
    expect(nextPollDelay(quick, 2000, 200)).toBe(100)
    expect(nextPollDelay(quick, 2000, 199)).toBeUndefined()
  })

  it('keeps a fixed interval when the first and the longest are equal', () => {
    const fixed = { firstMs: 10_000, maxMs: 10_000 }
    for (const elapsed of [0, 39_999, 40_000, HOUR])
      expect(nextPollDelay(fixed, elapsed, FAR)).toBe(10_000)
  })
})

interface Simulation {
  end: string
  /** GET requests made. */
  polls: number
  /** From the job's end to the poll that saw it, ms. */
  lagMs: number
  /** Virtual time of each poll, ms since waiting began. */
  at: number[]
}

/**
 * The real wait loop on a virtual clock, against a job that is active until `jobMs`
 * after it was created (the create call returns it active, as the service does).
 */
async function simulate(
  jobMs: number,
  timeoutMs: number,
  schedule = DEFAULTS
): Promise<Simulation> {
  const clock = new FakeClock()
  const at: number[] = []
  const result = await waitForJob(
    { clock, deadline: timeoutMs },
    {
      initial: job('active'),
      poll: () => {
        at.push(clock.now())
        return Promise.resolve(job(clock.now() >= jobMs ? 'completed' : 'active'))
      },
      schedule,
      startedAt: 0
    }
  )
  return { end: result.end, polls: result.polls, lagMs: clock.now() - jobMs, at }
}

describe('the whole schedule with the default inputs', () => {
  // Polls at 5, 10, 15, 20, 25, 30 s, then each a fifth later (36 s, 43.2 s, …),
  // reaching 30 s between polls after two and a half minutes. A fixed 5 s loop
  // would poll 24, 120 and 360 times for these jobs.
  it.each([
    [2, 14],
    [10, 30],
    [30, 70]
  ])('notices a %d-minute job within 30 s, after %d polls', async (minutes, polls) => {
    const result = await simulate(minutes * MINUTE, minutes * MINUTE + 10 * MINUTE)
    expect(result.end).toBe('terminal')
    expect(result.polls).toBe(polls)
    expect(result.lagMs).toBeGreaterThanOrEqual(0)
    expect(result.lagMs).toBeLessThanOrEqual(30_000)
  })

  it('starts at the first interval, grows, then holds at the longest', async () => {
    const { at } = await simulate(10 * MINUTE, 30 * MINUTE)
    const gaps = at.map((time, index) => time - (index === 0 ? 0 : (at[index - 1] as number)))
    expect(gaps.slice(0, 6)).toEqual([5000, 5000, 5000, 5000, 5000, 5000])
    expect(gaps.slice(6, 9)).toEqual([6000, 7200, 8640])
    expect(gaps.slice(-10)).toEqual(Array<number>(10).fill(30_000))
    for (let index = 1; index < gaps.length; index++) {
      expect(gaps[index]).toBeGreaterThanOrEqual(gaps[index - 1] as number)
    }
  })

  it('ends at the 30 m timeout, without polling past it, when the job takes 30 minutes', async () => {
    const result = await simulate(30 * MINUTE, 30 * MINUTE)
    expect(result.end).toBe('timeout')
    expect(result.polls).toBe(70)
    // The last poll comes a second before the deadline, not a blind sleep to it.
    expect(Math.max(...result.at)).toBe(30 * MINUTE - 1000)
  })

  it('notices a short job as soon as the first interval allows', async () => {
    const result = await simulate(3000, 30 * MINUTE)
    expect(result).toMatchObject({ end: 'terminal', polls: 1, lagMs: 2000 })
  })
})
