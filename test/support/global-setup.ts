// Once per `npm test`: bundle the source as it is now into a temporary folder, so
// every test that runs the action runs today's code, not the committed dist/.
//
// Bundling takes seconds; the bundle of the same inputs is kept in node_modules/.cache,
// keyed by a hash of everything the build reads (src/, the bundle script, tsconfig,
// package.json, the installed packages and Node's version), so an unchanged tree is not
// built twice and any change to those inputs builds afresh. Only the latest entry is kept.

import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle, ROOT } from '../../scripts/bundle.ts'
import { warmContracts } from './warm-contracts.ts'

const PACKAGES_FILE = 'bundled-packages.json'

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

/** warm-contracts.ts in a process of its own: it and the bundling both take seconds when cold. */
function warmContractsBeside(): Promise<void> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'warm-contracts.ts')
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Compiling the contracts failed (exit ${String(code)}):\n${stderr}`))
    )
  })
}

export default async function globalSetup(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'action-bundle-'))
  const cacheDir = join(ROOT, 'node_modules', '.cache', 'action-bundle')
  const key = buildInputsHash()
  const cached = join(cacheDir, key)
  if (!existsSync(join(cached, PACKAGES_FILE))) {
    const warming = warmContractsBeside()
    const build = mkdtempSync(join(tmpdir(), 'action-build-'))
    try {
      const packages = bundle(join(build, 'dist'))
      // What the bundler says it bundled, for the licence test to check against.
      writeFileSync(join(build, PACKAGES_FILE), JSON.stringify(packages.map((p) => p.name)))
      for (const old of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
        if (old !== key) rmSync(join(cacheDir, old), { recursive: true, force: true })
      }
      // Written last, so an entry cut short is never used.
      cpSync(join(build, 'dist'), join(cached, 'dist'), { recursive: true })
      cpSync(join(build, PACKAGES_FILE), join(cached, PACKAGES_FILE))
    } finally {
      rmSync(build, { recursive: true, force: true })
      await warming
    }
  } else {
    warmContracts()
  }
  // A copy: the tests and the teardown may change or remove theirs.
  cpSync(cached, root, { recursive: true })
  // Inherited by the test workers, which start after this. Their temporary files go in
  // the same folder, so the teardown removes whatever a test left behind.
  process.env.ACTION_BUNDLE_ROOT = root
  process.env.TMPDIR = join(root, 'tmp')
  mkdirSync(process.env.TMPDIR)
}
