// Once per `npm test`: make the bundle of the source as it is now, so every test that
// runs the action runs today's code, not the committed dist/.
//
// Bundling takes seconds; the bundle of the same inputs is kept in node_modules/.cache,
// keyed by a hash of everything the build reads (src/, the bundle script, tsconfig,
// package.json, the installed packages and Node's version), so an unchanged tree is not
// built twice and any change to those inputs builds afresh. Only the latest entry is kept.
// A build runs in a process of its own (build-bundle.ts) while the tests start: only a
// test that runs the bundle waits for it (bundleReady() in run-action.ts), so a unit test
// after an edit in src/ does not. The teardown stops a build no test waited for.

import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from '../../scripts/bundle.ts'
import { copyReady, PACKAGES_FILE } from './build-bundle.ts'
import { BUILD_LOG, BUNDLE_FAILED, BUNDLE_READY } from './bundle-ready.ts'
import { warmContracts } from './warm-contracts.ts'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** A hash of every input of the build: their paths and contents. */
export function buildInputsHash(): string {
  const hash = createHash('sha256').update(process.version)
  const inputs = [
    ...filesUnder(join(ROOT, 'src')),
    join(ROOT, 'scripts', 'bundle.ts'),
    join(ROOT, 'scripts', 'licences.ts'),
    join(ROOT, 'tsconfig.json'),
    join(ROOT, 'package.json'),
    join(ROOT, 'package-lock.json'),
    // What is installed, which a lock file alone does not prove.
    join(ROOT, 'node_modules', '.package-lock.json')
  ]
  for (const file of inputs) {
    hash.update(`\0${relative(ROOT, file)}\0`)
    if (existsSync(file)) hash.update(readFileSync(file))
  }
  return hash.digest('hex')
}

/** The build that global-setup started, for the teardown (same process, same globals). */
export interface BundleBuild {
  child: ChildProcess
  done: Promise<void>
  /** The folder it builds in, which a build stopped midway leaves behind. */
  folder: string
}

declare global {
  var actionBundleBuild: BundleBuild | undefined
}

/** Starts build-bundle.ts in a process group of its own (it runs ncc), its output to BUILD_LOG. */
function startBuild(cached: string, root: string): BundleBuild {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'build-bundle.ts')
  mkdirSync(dirname(BUILD_LOG), { recursive: true })
  const folder = mkdtempSync(join(tmpdir(), 'action-build-'))
  const log = openSync(BUILD_LOG, 'w')
  const child = spawn(process.execPath, [script, cached, root, folder], {
    stdio: ['ignore', log, log],
    detached: true
  })
  closeSync(log)
  // A build that ended without a word (spawn failed, killed): the waiting tests fail now.
  const ended = (how: string): void => {
    const failed = join(root, BUNDLE_FAILED)
    if (!existsSync(join(root, BUNDLE_READY)) && !existsSync(failed))
      writeFileSync(failed, `The build ${how}.`)
  }
  const done = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      ended(`did not start: ${error.message}`)
      resolve()
    })
    child.on('close', (code, signal) => {
      ended(`ended (${signal ?? `exit ${String(code)}`})`)
      resolve()
    })
  })
  return { child, done, folder }
}

export default function globalSetup(): void {
  const root = mkdtempSync(join(tmpdir(), 'action-bundle-'))
  const cacheDir = join(ROOT, 'node_modules', '.cache', 'action-bundle')
  const key = buildInputsHash()
  const cached = join(cacheDir, key)
  if (existsSync(join(cached, PACKAGES_FILE))) copyReady(cached, root)
  else globalThis.actionBundleBuild = startBuild(cached, root)
  // Beside the build, if one runs: the tests that use stand-ins need the contracts first.
  warmContracts()
  // Inherited by the test workers, which start after this. Their temporary files go in
  // the same folder, so the teardown removes whatever a test left behind.
  process.env.ACTION_BUNDLE_ROOT = root
  process.env.TMPDIR = join(root, 'tmp')
  mkdirSync(process.env.TMPDIR)
}
