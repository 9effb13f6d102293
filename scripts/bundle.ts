// `npm run bundle`: SWC strips the types of src/ (ncc's ts-loader emits CommonJS for our
// NodeNext sources, and type-checks slowly), then `ncc build --minify` bundles that
// JavaScript into dist/, and the licence file is written from ncc's stats (licences.ts).
// The tests build into a temporary folder with the same function.

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformFileSync } from '@swc/core'
import { bundledPackageDirs, describePackage, formatLicences, LICENSE_FILE } from './licences.ts'
import type { BundledPackage } from './licences.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Writes src/ as JavaScript ES modules under `outDir`; returns the entry's path. */
function transpileSource(outDir: string): string {
  const source = join(ROOT, 'src')
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
    const file = join(entry.parentPath, entry.name)
    const { code } = transformFileSync(file, {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
      module: { type: 'es6' },
      swcrc: false
    })
    const target = join(outDir, 'src', relative(source, file).replace(/\.ts$/, '.js'))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, code)
  }
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n')
  return join(outDir, 'src', 'index.js')
}

/** Builds src/index.ts into `outDir` (emptied first) with its licence file; returns what it bundled. */
export function bundle(outDir: string): BundledPackage[] {
  // Inside the project, so packages resolve as they do for src/; one folder per `outDir`,
  // since webpack's module ids come from the path: dist/ is always built from the same one.
  const key = createHash('sha256').update(relative(ROOT, outDir)).digest('hex').slice(0, 12)
  const javascript = join(ROOT, 'node_modules', '.cache', 'bundle-source', key)
  const stats = join(javascript, 'stats.json')
  try {
    rmSync(outDir, { recursive: true, force: true })
    rmSync(javascript, { recursive: true, force: true })
    const entry = relative(ROOT, transpileSource(javascript))
    const ncc = join(ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
    const options = ['--minify', '--no-source-map-register', '--quiet', '--stats-out', stats]
    execFileSync(process.execPath, [ncc, 'build', entry, '--out', outDir, ...options], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit']
    })
    const dirs = bundledPackageDirs(JSON.parse(readFileSync(stats, 'utf8')))
    const packages = dirs.map((dir) => describePackage(resolve(ROOT, dir)))
    writeFileSync(join(outDir, LICENSE_FILE), formatLicences(packages))
    return packages
  } finally {
    rmSync(javascript, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  bundle(resolve(ROOT, process.argv[2] ?? 'dist'))
}
