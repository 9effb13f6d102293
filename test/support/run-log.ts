// Which in-process run the current code belongs to (in-process.ts): an AsyncLocalStorage
// that follows each run through its awaits, so runs side by side (it.concurrent) each keep
// their own log and exit code in this one process.

import { AsyncLocalStorage } from 'node:async_hooks'

/** One run's share of the process: its log and whether it failed the step. */
export interface RunShare {
  stdout: string
  exitCode: number | undefined
  onStdout?: (text: string) => void
}

export const currentRun = new AsyncLocalStorage<RunShare>()

/** Whether the code calling this runs within an in-process run. */
export const withinRun = (): boolean => currentRun.getStore() !== undefined

let routedWrite: NodeJS.WriteStream['write'] | undefined

/** A write to stdout within a run goes to that run's log; any other write goes on as before.
 * Routed again when a test's spy on stdout was put in place and restored since. */
export function routeStdout(): void {
  const stdout = process.stdout
  if (routedWrite && stdout.write === routedWrite) return
  const write = stdout.write.bind(stdout) as (...args: unknown[]) => boolean
  routedWrite = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const share = currentRun.getStore()
    if (!share) return write(chunk, ...rest)
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    share.stdout += text
    share.onStdout?.(text)
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined
    done?.()
    return true
  }
  stdout.write = routedWrite
}

/** core.setFailed sets process.exitCode: within a run, that run's code; else the process's. */
export function routeExitCode(): void {
  const own = Object.getOwnPropertyDescriptor(process, 'exitCode')
  if (!own?.get || !own.set || (own.set as { routed?: true }).routed) return
  const { get, set } = own
  const routedSet = function (this: unknown, code: number | undefined): void {
    const share = currentRun.getStore()
    if (share) share.exitCode = code
    else set.call(this, code)
  }
  Object.defineProperty(process, 'exitCode', {
    ...own,
    get(this: unknown) {
      const share = currentRun.getStore()
      return share ? share.exitCode : get.call(this)
    },
    set: Object.assign(routedSet, { routed: true as const })
  })
}
