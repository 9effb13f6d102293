// Prints what the contracts checked (test/support/contracts.ts), then removes the
// bundle that global-setup built.

import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

function add(into: Record<string, number>, from: Record<string, number>): void {
  for (const [name, count] of Object.entries(from)) into[name] = (into[name] ?? 0) + count
}

export default function globalTeardown(): void {
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
