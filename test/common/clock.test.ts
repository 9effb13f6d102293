// The real clock, briefly: the loops that use it are tested with the fake one.

import { systemClock } from '../../src/common/clock.js'
import { CancelledError } from '../../src/common/run-errors.js'

describe('systemClock', () => {
  it('tells the time', () => {
    const before = Date.now()
    const now = systemClock.now()
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Date.now())
  })

  it('sleeps about as long as asked', async () => {
    const started = performance.now()
    await systemClock.sleep(30)
    expect(performance.now() - started).toBeGreaterThanOrEqual(25)
    // With a signal that never aborts, too.
    await expect(systemClock.sleep(5, new AbortController().signal)).resolves.toBeUndefined()
  })

  it('stops a sleep with CancelledError as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const started = performance.now()
    setTimeout(() => controller.abort(), 20)
    await expect(systemClock.sleep(60_000, controller.signal)).rejects.toBeInstanceOf(
      CancelledError
    )
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('does not sleep at all when the signal has already aborted', async () => {
    await expect(systemClock.sleep(60_000, AbortSignal.abort())).rejects.toBeInstanceOf(
      CancelledError
    )
  })
})
