// The install holds under a strict npm, and the Node that runs the tests and builds
// dist/ is the one the lock file records.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './support/run-action.js'

interface Manifest {
  optionalDependencies: Record<string, string>
  allowScripts: Record<string, boolean>
}
interface LockEntry {
  version: string
  integrity?: string
  hasInstallScript?: boolean
  os?: string | string[]
  cpu?: string | string[]
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>
}
const nodeBinaries = Object.entries(manifest.optionalDependencies).filter(([name]) =>
  /^node-(?:linux|win|darwin)-/.test(name)
)

describe('the pinned Node 24', () => {
  it('is one exact version of Node 24 for every platform package', () => {
    expect(nodeBinaries.length).toBeGreaterThanOrEqual(2)
    const versions = new Set(nodeBinaries.map(([, version]) => version))
    expect(versions.size).toBe(1)
    expect([...versions][0]).toMatch(/^24\.\d+\.\d+$/)
  })

  it('is recorded in the lock file with its integrity, for its platform only', () => {
    for (const [name, version] of nodeBinaries) {
      const entry = lock.packages[`node_modules/${name}`]
      expect({ name, version: entry?.version }).toEqual({ name, version })
      expect(entry?.integrity).toMatch(/^sha512-/)
      expect(entry?.os).toBeDefined()
      expect(entry?.cpu).toBeDefined()
      expect(entry?.hasInstallScript).toBeUndefined()
    }
  })

  it('is the Node running these tests, where a package exists for this platform', () => {
    const platform = process.platform === 'win32' ? 'win' : process.platform
    const own = nodeBinaries.find(([name]) => name === `node-${platform}-${process.arch}`)
    // Elsewhere (macOS) the developer's own Node runs them; it must still be a 24.
    expect(process.version).toEqual(own ? `v${own[1]}` : expect.stringMatching(/^v24\./))
  })
})

describe('install scripts', () => {
  it('has a decision (allow or deny) in allowScripts for every package that has one', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    expect(withScripts.length).toBeGreaterThan(0)
    for (const name of withScripts) {
      expect({ name, decided: name in manifest.allowScripts }).toEqual({ name, decided: true })
    }
  })

  it('lists no decision for a package that no longer needs one', () => {
    for (const name of Object.keys(manifest.allowScripts)) {
      const entry = Object.entries(lock.packages).find(([path]) =>
        path.endsWith(`node_modules/${name}`)
      )
      expect({ name, hasInstallScript: entry?.[1].hasInstallScript }).toEqual({
        name,
        hasInstallScript: true
      })
    }
  })
})

describe('the workflows', () => {
  /** A workflow without its comments and the lines that only print text. */
  const commands = (file: string): string =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(?:#|echo )/.test(line))
      .join('\n')

  it('CI runs the checks through .ci/run only, so the two cannot drift', () => {
    const ci = commands('.github/workflows/ci.yml')
    expect(ci).toMatch(/^\s+run: \.ci\/run$/m)
    expect(ci).not.toMatch(/\bnpm (?:ci|install|test|run)\b/)
  })

  it('.ci/run installs strictly and runs the README test command', () => {
    const script = commands('.ci/run')
    expect(script).toMatch(/^npm ci --strict-allow-scripts$/m)
    expect(script).toMatch(/^npm test\b/m)
  })

  it('the end-to-end workflow starts the stand-in without installing anything', () => {
    const e2e = commands('.github/workflows/e2e.yml')
    expect(e2e).toContain('node test/support/stand-in-cli.ts')
    expect(e2e).not.toMatch(/\bnpm (?:ci|install)\b/)
  })
})
