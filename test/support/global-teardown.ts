// Removes the bundle that global-setup built.

import { rmSync } from 'node:fs'

export default function globalTeardown(): void {
  const root = process.env.ACTION_BUNDLE_ROOT
  if (root) rmSync(root, { recursive: true, force: true })
}
