// Once per `npm test`: bundle the source as it is now into a temporary folder, so
// every test that runs the action runs today's code, not the committed dist/.
//
// Bundling takes seconds; the bundle of the same inputs is kept in node_modules/.cache,
// keyed by a hash of everything the build reads (src/, the bundle script, tsconfig,
// package.json, the installed packages and Node's version), so an unchanged tree is not
// built twice and any change to those inputs builds afresh. Only the latest entry is kept.

import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { bundle, ROOT } from '../../scripts/bundle.ts'
import { agentJobsContract, gitHubContract, warmWebhooks } from './contracts.ts'
import { ROUTES } from './github-routes/index.ts'

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

export default function globalSetup(): void {
  const root = mkdtempSync(join(tmpdir(), 'action-bundle-'))
  const cacheDir = join(ROOT, 'node_modules', '.cache', 'action-bundle')
  const key = buildInputsHash()
  const cached = join(cacheDir, key)
  if (!existsSync(join(cached, PACKAGES_FILE))) {
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
    }
  }
  // A copy: the tests and the teardown may change or remove theirs.
  cpSync(cached, root, { recursive: true })
  // Inherited by the test workers, which start after this.
  process.env.ACTION_BUNDLE_ROOT = root

  // The contracts' validators of what the stand-ins serve, compiled into their cache now
  // (seconds on a fresh clone, nothing after): a worker compiling one would stall its
  // stand-ins in the middle of a test.
  agentJobsContract.warm(() => true)
  gitHubContract.warm((method, path) =>
    ROUTES.some((route) => route.method === method && route.path.test(path))
  )
  warmWebhooks()
}
