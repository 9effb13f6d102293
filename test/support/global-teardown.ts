// Prints what the contracts checked (test/support/contracts.ts), stops a bundle build
// that global-setup started and no test waited for, then removes the run's bundle.

import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { removeBuildLeftovers } from './build-bundle.ts'

function add(into: Record<string, number>, from: Record<string, number>): void {
  for (const [name, count] of Object.entries(from)) into[name] = (into[name] ?? 0) + count
}

/** Stops the build if it still runs (it and its ncc): a cache entry cut short is never used. */
async function stopBuild(): Promise<void> {
  const build = globalThis.actionBundleBuild
  globalThis.actionBundleBuild = undefined
  if (!build) return
  const { child, done, folder } = build
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // Ended meanwhile.
    }
  }
  await done
  removeBuildLeftovers(folder)
}

export default async function globalTeardown(): Promise<void> {
  await stopBuild()
  const root = process.env.ACTION_BUNDLE_ROOT
  if (!root) return
  const counts = join(root, 'contract-counts.jsonl')
  if (existsSync(counts)) {
    const checked: Record<string, number> = {}
    const faults: Record<string, number> = {}
    for (const line of readFileSync(counts, 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { checked: typeof checked; faults: typeof faults }
      add(checked, entry.checked)
      add(faults, entry.faults)
    }
    const total = Object.values(faults).reduce((a, b) => a + b, 0)
    const list = (record: Record<string, number>): string =>
      Object.entries(record)
        .sort(([, a], [, b]) => b - a)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')
    console.log(
      `\nContracts: exchanges checked: ${list(checked)}; fault injections exempt from the answer's schema: ${total} (${list(faults)})`
    )
  }
  rmSync(root, { recursive: true, force: true })
}
