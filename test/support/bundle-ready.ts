// The bundle global-setup makes for a test run may still be building while the tests run
// (build-bundle.ts, a process of its own): whatever runs or reads it waits here first.

import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Written in the test run's folder once its copy of the bundle is whole. */
export const BUNDLE_READY = 'bundle-ready'
/** Written in the test run's folder when the build failed: what went wrong. */
export const BUNDLE_FAILED = 'bundle-failed'
/** The log of the latest build, kept after the run. */
export const BUILD_LOG = join(ROOT, 'node_modules', '.cache', 'action-bundle-build.log')
/** A cold build takes about 10 s alone, longer beside five busy workers. */
export const BUNDLE_WAIT_MS = 120_000

let ready: Promise<void> | undefined

/** Resolves once this test run's bundle is there; at once outside jest (the committed dist/). */
export function bundleReady(): Promise<void> {
  const root = process.env.ACTION_BUNDLE_ROOT
  if (!root) return Promise.resolve()
  ready ??= waitForBundle(root)
  return ready
}

/** Waits for the bundle in the test run's folder `root`: ready, failed, or `waitMs` gone. */
export async function waitForBundle(root: string, waitMs = BUNDLE_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs
  while (!existsSync(join(root, BUNDLE_READY))) {
    const failed = join(root, BUNDLE_FAILED)
    if (existsSync(failed))
      throw new Error(
        `Bundling the source for this test run failed (its log: ${BUILD_LOG}):\n${readFileSync(failed, 'utf8')}`
      )
    if (Date.now() > deadline)
      throw new Error(
        `The bundle of the source was not ready after ${waitMs / 1000} s; the build's log: ${BUILD_LOG}`
      )
    await sleep(100)
  }
}
