// Builds the action into one folder the way the runner will run it: `npm run bundle`
// writes dist/, and the tests build the source as it is now into a temporary folder
// with the same function, so what they run is what would be committed.
//
// ncc's own --license stops collecting once a dynamic import() splits the bundle, so
// the licence file is written here, from the bundle's module list (webpack stats).
//
// ncc minifies only the entry file, not the chunks its dynamic import() splits off, and
// every run parses the chunks it loads: each emitted .js file is minified here with SWC
// (already the tests' compiler), without source maps, the same input giving the same output.

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { minifySync } from '@swc/core'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const LICENSE_FILE = 'licenses.txt'

export interface BundledPackage {
  name: string
  version: string
  license: string
  /** The licence text shipped with the package, or '' when it ships none. */
  text: string
}

/** The package folders (`…/node_modules/<name>`) that hold the bundle's modules. */
export function bundledPackageDirs(stats: unknown): string[] {
  const dirs = new Set<string>()
  const visit = (modules: unknown): void => {
    if (!Array.isArray(modules)) return
    for (const module of modules as { name?: unknown; modules?: unknown }[]) {
      const name = typeof module.name === 'string' ? module.name : ''
      const match = /^(?:\.\/)?(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(name)
      if (match) dirs.add(match[1] as string)
      visit(module.modules)
    }
  }
  visit((stats as { modules?: unknown }).modules)
  return [...dirs].sort()
}

function licenceText(dir: string): string {
  const file = readdirSync(dir).find((name) =>
    /^(?:licen[cs]e|copying)(?:\.(?:md|txt))?$/i.test(name)
  )
  return file ? readFileSync(join(dir, file), 'utf8').trim() : ''
}

export function describePackage(dir: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string
    version: string
    license?: string
  }
  return {
    name: manifest.name,
    version: manifest.version,
    license: manifest.license ?? 'UNKNOWN',
    text: licenceText(dir)
  }
}

/** One entry a package (and version), in name order: name, version, licence id, text. */
export function formatLicences(packages: readonly BundledPackage[]): string {
  const unique = new Map(packages.map((pkg) => [`${pkg.name}@${pkg.version}`, pkg]))
  return (
    [...unique.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
      .map(
        (pkg) =>
          `${pkg.name}@${pkg.version}\n${pkg.license}\n${pkg.text || '(the package ships no licence file)'}`
      )
      .join('\n\n') + '\n'
  )
}

/** Minifies every .js file in `dir` in place: ES modules, no comments, no source map. */
export function minifyChunks(dir: string): void {
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const file = join(dir, name)
    const { code } = minifySync(readFileSync(file, 'utf8'), {
      module: true,
      compress: true,
      mangle: true,
      sourceMap: false,
      format: { comments: false }
    })
    writeFileSync(file, code)
  }
}

/** Builds src/index.ts into `outDir` (emptied first) with its licence file; returns what it bundled. */
export function bundle(outDir: string): BundledPackage[] {
  const statsDir = mkdtempSync(join(tmpdir(), 'bundle-stats-'))
  const statsFile = join(statsDir, 'stats.json')
  try {
    rmSync(outDir, { recursive: true, force: true })
    const ncc = join(ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
    const result = spawnSync(
      process.execPath,
      [
        ncc,
        'build',
        'src/index.ts',
        '--out',
        outDir,
        '--minify',
        '--no-source-map-register',
        '--quiet',
        '--stats-out',
        statsFile
      ],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] }
    )
    if (result.status !== 0 || !existsSync(statsFile)) {
      throw new Error(`ncc build failed (exit ${String(result.status)})`)
    }
    minifyChunks(outDir)
    const stats: unknown = JSON.parse(readFileSync(statsFile, 'utf8'))
    const packages = bundledPackageDirs(stats).map((dir) => describePackage(resolve(ROOT, dir)))
    writeFileSync(join(outDir, LICENSE_FILE), formatLicences(packages))
    return packages
  } finally {
    rmSync(statsDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  bundle(resolve(ROOT, process.argv[2] ?? 'dist'))
}
