// The licence file of the bundle, written from the modules webpack says it bundled
// (ncc's --stats-out): ncc's own --license stops collecting once a dynamic import()
// splits the bundle into chunks.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

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
      // A package name never starts with a dot: node_modules/.cache holds no package.
      const match = /^(?:\.\/)?(.*node_modules\/(?:@[^/]+\/)?[^/.][^/]*)\//.exec(name)
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
