// Builds the action into one folder the way the runner will run it: `npm run bundle`
// writes dist/, and the tests build the source as it is now into a temporary folder
// with the same function, so what they run is what would be committed.
//
// ncc's own --license stops collecting once a dynamic import() splits the bundle, so
// the licence file is written here, from the bundle's module list (webpack stats).
//
// ncc is given JavaScript, not TypeScript: SWC (already the tests' compiler) strips the
// types first, so ncc's TypeScript loader, which type-checks as it goes, is not run
// (`npm run typecheck` does that), and the bundle is built from the same JavaScript the
// unit tests run. That takes a build from about 8 s to about 3 s.
//
// ncc minifies only the entry file, not the chunks its dynamic import() splits off, and
// every run parses the chunks it loads: each emitted .js file is minified here with SWC,
// without source maps, the same input giving the same output. Then webpack's module
// functions are wrapped in parentheses (eagerFactories), so V8 compiles each once.

import { spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, type Node, type ObjectExpression } from 'acorn'
import { minifySync, transformFileSync } from '@swc/core'

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

/** Minifies every .js file in `dir` in place (ES modules, no comments, no source map), then
 * wraps its module functions (eagerFactories). */
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
    writeFileSync(file, eagerFactories(code))
  }
}

/**
 * `code` with each function of every object whose keys are all numbers and whose values are
 * all functions (webpack's module maps; a lookup table of the same shape alike) in parentheses,
 * V8's sign that a function runs at once: it is compiled with its file, not pre-parsed then
 * parsed again on its first call, and a compile cache keeps its code. Parentheses around a
 * function expression change nothing it does.
 */
export function eagerFactories(code: string): string {
  const spans: Array<[number, number]> = []
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit)
      return
    }
    if (typeof (node as Partial<Node> | null)?.type !== 'string') return
    if ((node as Node).type === 'ObjectExpression') {
      const { properties } = node as ObjectExpression
      const factories = properties.flatMap((p) =>
        p.type === 'Property' &&
        p.kind === 'init' &&
        !p.method &&
        p.key.type === 'Literal' &&
        typeof p.key.value === 'number' &&
        /^(Arrow)?FunctionExpression$/.test(p.value.type)
          ? [p.value]
          : []
      )
      if (factories.length > 0 && factories.length === properties.length)
        for (const { start, end } of factories) spans.push([start, end])
    }
    for (const child of Object.values(node as Node)) if (typeof child === 'object') visit(child)
  }
  const options = { ecmaVersion: 'latest', sourceType: 'module' } as const
  visit(parse(code, options))
  // One pass over the original text: a table inside a module function keeps both its ends.
  const marks = spans.flatMap(([start, end]) => [[start, '('] as const, [end, ')'] as const])
  let out = ''
  let from = 0
  for (const [at, mark] of marks.sort((a, b) => a[0] - b[0])) {
    out += code.slice(from, at) + mark
    from = at
  }
  out += code.slice(from)
  parse(out, options)
  return out
}

/**
 * Writes src/ as JavaScript under `outDir`/src: types stripped, imports untouched (they
 * already name the .js files). A package.json marks the files as ES modules.
 */
export function transpileSource(outDir: string): string {
  const source = join(ROOT, 'src')
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue
    const file = join(entry.parentPath, entry.name)
    const { code } = transformFileSync(file, {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
      module: { type: 'es6' },
      sourceMaps: false,
      swcrc: false
    })
    const target = join(outDir, 'src', relative(source, file).replace(/\.ts$/, '.js'))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, code)
  }
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n')
  return join(outDir, 'src', 'index.js')
}

const LOCK_STALE_MS = 120_000

/**
 * Runs `build` holding a lock file: builds share one source folder (see bundle()), so a
 * second build at the same time (`npm run bundle` during `npm test`) waits its turn. A
 * lock older than any build was left by one that died, and is taken over.
 */
function whileLocked<T>(lock: string, build: () => T): T {
  mkdirSync(dirname(lock), { recursive: true })
  const giveUpAt = Date.now() + LOCK_STALE_MS
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const heldFor = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
    if (heldFor > LOCK_STALE_MS) rmSync(lock, { force: true })
    else if (Date.now() > giveUpAt)
      throw new Error(`Another build holds ${relative(ROOT, lock)}; remove it if none is running.`)
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
  }
  try {
    return build()
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Builds src/index.ts into `outDir` (emptied first) with its licence file; returns what it bundled. */
export function bundle(outDir: string): BundledPackage[] {
  return whileLocked(join(ROOT, 'node_modules', '.cache', 'bundle-source.lock'), () =>
    buildUnlocked(outDir)
  )
}

function buildUnlocked(outDir: string): BundledPackage[] {
  const statsDir = mkdtempSync(join(tmpdir(), 'bundle-stats-'))
  const statsFile = join(statsDir, 'stats.json')
  // Inside the project, so the packages resolve from its node_modules as src/'s do; and
  // always the same folder, because webpack derives module and chunk ids from the path.
  const javascript = join(ROOT, 'node_modules', '.cache', 'bundle-source')
  try {
    rmSync(outDir, { recursive: true, force: true })
    rmSync(javascript, { recursive: true, force: true })
    const entry = transpileSource(javascript)
    // ncc resolves imports through the tsconfig that TS_NODE_PROJECT names (tsconfig-paths):
    // this one maps `undici`, for src/ and the packages alike, to the part a run loads.
    const aliases = join(javascript, 'tsconfig.json')
    const undici = join(ROOT, 'scripts', 'undici-slim.mjs')
    writeFileSync(aliases, JSON.stringify({ compilerOptions: { paths: { undici: [undici] } } }))
    const ncc = join(ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
    const result = spawnSync(
      process.execPath,
      [
        ncc,
        'build',
        relative(ROOT, entry),
        '--out',
        outDir,
        '--no-source-map-register',
        '--quiet',
        '--stats-out',
        statsFile
      ],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_PROJECT: aliases },
        stdio: ['ignore', 'inherit', 'inherit']
      }
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
    rmSync(javascript, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  bundle(resolve(ROOT, process.argv[2] ?? 'dist'))
}
