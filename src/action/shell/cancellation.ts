// The runner cancels a step with SIGINT, then SIGTERM 7.5 s later, then kills it.
// Either signal aborts the run's signal, so the request or sleep under way stops at
// once and the step can still report which job is running on the service.

export interface Cancellation {
  signal: AbortSignal
  /** Which signal arrived, if any. */
  readonly reason: NodeJS.Signals | undefined
  dispose(): void
}

export function listenForCancellation(): Cancellation {
  const controller = new AbortController()
  let reason: NodeJS.Signals | undefined
  const onSignal = (signal: NodeJS.Signals): void => {
    reason ??= signal
    controller.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    signal: controller.signal,
    get reason() {
      return reason
    },
    dispose() {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
}
