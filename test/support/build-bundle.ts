// Bundles the source, copies the bundle into this test run's folder and marks it ready
// (BUNDLE_READY), or marks the build failed (BUNDLE_FAILED); then keeps it in the cache
// entry global-setup named. global-setup runs this file as a process of its own and returns at once,
// so a test run that never runs the bundle never waits for it; the first test that does
// waits in bundleReady() (run-action.ts).
//
// Usage: node build-bundle.ts <cache entry> <test run's folder> <empty folder to build in>

import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle, ROOT } from '../../scripts/bundle.ts'
import { BUNDLE_FAILED, BUNDLE_READY } from './bundle-ready.ts'

export const PACKAGES_FILE = 'bundled-packages.json'

/** Bundles the source into `build`: dist/ and the list of bundled packages. */
function buildInto(build: string): void {
  const packages = bundle(join(build, 'dist'))
  // What the bundler says it bundled, for the licence test to check against.
  writeFileSync(join(build, PACKAGES_FILE), JSON.stringify(packages.map((p) => p.name)))
}

/** Keeps the build as the cache entry `cached`; the folder's other entries are removed. */
function storeInCache(build: string, cached: string): void {
  const cacheDir = dirname(cached)
  for (const old of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    if (old !== basename(cached)) rmSync(join(cacheDir, old), { recursive: true, force: true })
  }
  // Written last, so an entry cut short is never used.
  cpSync(join(build, 'dist'), join(cached, 'dist'), { recursive: true })
  cpSync(join(build, PACKAGES_FILE), join(cached, PACKAGES_FILE))
}

/**
 * What a build stopped midway leaves behind: its folder, and the transpiled source that
 * scripts/bundle.ts keeps under node_modules/.cache/bundle-source, one folder per output
 * folder (named as bundle() names it).
 */
export function removeBuildLeftovers(build: string): void {
  const outDir = join(build, 'dist')
  const key = createHash('sha256').update(relative(ROOT, outDir)).digest('hex').slice(0, 12)
  rmSync(join(ROOT, 'node_modules', '.cache', 'bundle-source', key), {
    recursive: true,
    force: true
  })
  rmSync(build, { recursive: true, force: true })
}

/** Copies a build or a cache entry into the test run's folder, then marks it ready. */
export function copyReady(from: string, root: string): void {
  // A copy: the tests and the teardown may change or remove theirs.
  cpSync(join(from, 'dist'), join(root, 'dist'), { recursive: true })
  cpSync(join(from, PACKAGES_FILE), join(root, PACKAGES_FILE))
  writeFileSync(join(root, BUNDLE_READY), '')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cached, root, build] = process.argv.slice(2) as [string, string, string]
  try {
    buildInto(build)
    // The test run's copy first, from the build itself: the tests waiting for it go on,
    // and another test run that replaces the cache entry meanwhile cannot cut it short.
    copyReady(build, root)
    storeInCache(build, cached)
    rmSync(build, { recursive: true, force: true })
  } catch (error: unknown) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    writeFileSync(join(root, BUNDLE_FAILED), message)
    console.error(message)
    process.exitCode = 1
  }
}
