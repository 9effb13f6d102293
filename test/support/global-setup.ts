// Once per `npm test`: bundle the source as it is now into a temporary folder, so
// every test that runs the action runs today's code, not the committed dist/.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundle } from '../../scripts/bundle.ts'

export default function globalSetup(): void {
  const root = mkdtempSync(join(tmpdir(), 'action-bundle-'))
  const packages = bundle(join(root, 'dist'))
  // What the bundler says it bundled, for the licence test to check against.
  writeFileSync(join(root, 'bundled-packages.json'), JSON.stringify(packages.map((p) => p.name)))
  // Inherited by the test workers, which start after this.
  process.env.ACTION_BUNDLE_ROOT = root
}
