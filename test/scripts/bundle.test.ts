// The licence file: the package list read from the bundler's stats, the file's format,
// and, for the bundle this test run built, that every bundled package is in both the
// fresh licence file and the committed one.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  bundledPackageDirs,
  describePackage,
  formatLicences,
  LICENSE_FILE,
  type BundledPackage
} from '../../scripts/licences.js'
import { BUNDLE_DIR, BUNDLE_WAIT_MS, bundleReady, ROOT } from '../support/run-action.js'

describe('bundledPackageDirs', () => {
  it('finds the package of every module, nested in chunks and concatenated modules', () => {
    const stats = {
      modules: [
        { name: './src/index.ts' },
        { name: './node_modules/undici/lib/core/util.js' },
        { name: 'node_modules/undici/index.js' },
        {
          name: './src/action/main.ts + 3 modules',
          modules: [
            { name: './node_modules/@actions/core/lib/core.js' },
            { name: './node_modules/@octokit/core/node_modules/before-after-hook/index.js' }
          ]
        },
        { name: 'external "node:fs"' },
        { name: 42 },
        { modules: 'not a list' }
      ]
    }
    expect(bundledPackageDirs(stats)).toEqual([
      'node_modules/@actions/core',
      'node_modules/@octokit/core/node_modules/before-after-hook',
      'node_modules/undici'
    ])
  })

  it('takes the JavaScript of src/, which the build writes under node_modules/.cache, for no package', () => {
    const stats = {
      modules: [
        { name: './node_modules/.cache/bundle-source/0123456789ab/src/index.js' },
        { name: './node_modules/.cache/bundle-source/0123456789ab/src/action/main.js + 2 modules' },
        { name: './node_modules/undici/index.js' }
      ]
    }
    expect(bundledPackageDirs(stats)).toEqual(['node_modules/undici'])
  })

  it('finds nothing in stats without modules', () => {
    expect(bundledPackageDirs({})).toEqual([])
    expect(bundledPackageDirs({ modules: [{ name: './src/index.ts' }] })).toEqual([])
  })
})

describe('describePackage', () => {
  function packageDir(manifest: object, files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'package-'))
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest))
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    return dir
  }

  it.each(['LICENSE', 'license.md', 'LICENCE.txt', 'COPYING'])(
    'reads the licence text from %s',
    (file) => {
      const dir = packageDir(
        { name: 'pkg', version: '1.2.3', license: 'ISC' },
        { [file]: '\nISC text\n\n', 'README.md': 'not this' }
      )
      expect(describePackage(dir)).toEqual({
        name: 'pkg',
        version: '1.2.3',
        license: 'ISC',
        text: 'ISC text'
      })
    }
  )

  it('says UNKNOWN and gives no text when the package declares and ships none', () => {
    const dir = packageDir({ name: 'bare', version: '0.1.0' }, { 'index.js': '' })
    expect(describePackage(dir)).toEqual({
      name: 'bare',
      version: '0.1.0',
      license: 'UNKNOWN',
      text: ''
    })
  })
})

describe('formatLicences', () => {
  const pkg = (name: string, version: string, text = `${name} text`): BundledPackage => ({
    name,
    version,
    license: 'MIT',
    text
  })

  it('lists each package and version once, in name order, with its licence', () => {
    const text = formatLicences([
      pkg('undici', '6.0.0'),
      pkg('@actions/core', '3.0.1'),
      pkg('undici', '6.0.0'),
      pkg('tunnel', '0.0.6'),
      pkg('tunnel', '0.0.5')
    ])
    expect(text).toBe(
      [
        '@actions/core@3.0.1\nMIT\n@actions/core text',
        'tunnel@0.0.5\nMIT\ntunnel text',
        'tunnel@0.0.6\nMIT\ntunnel text',
        'undici@6.0.0\nMIT\nundici text'
      ].join('\n\n') + '\n'
    )
  })

  it('says so when a package ships no licence text', () => {
    expect(formatLicences([pkg('bare', '1.0.0', '')])).toBe(
      'bare@1.0.0\nMIT\n(the package ships no licence file)\n'
    )
  })
})

describe('the licence file of the bundle', () => {
  const root = process.env.ACTION_BUNDLE_ROOT ?? ''
  beforeAll(bundleReady, BUNDLE_WAIT_MS)
  /** The packages named in a licence file (the `name@version` line that opens each entry). */
  const listed = (text: string): Set<string> =>
    new Set(
      text
        .split(/\n\n(?=\S+@\d)/)
        .map((entry) => /^(@?[^@\s]+)@\d\S*\n/.exec(entry)?.[1])
        .filter((name): name is string => name !== undefined)
    )

  const bundled = (): string[] =>
    JSON.parse(readFileSync(join(root, 'bundled-packages.json'), 'utf8')) as string[]

  it('is checked against what the bundler says it bundled', () => {
    expect(root).not.toBe('')
    // @actions/github is loaded lazily, in its own chunk: its packages count too.
    expect(bundled()).toEqual(
      expect.arrayContaining(['@actions/core', '@actions/github', '@octokit/core', 'undici'])
    )
  })

  it.each([
    ['the one built for this test run', (): string => join(BUNDLE_DIR, LICENSE_FILE)],
    ['the committed one', (): string => join(ROOT, 'dist', LICENSE_FILE)]
  ])('names every bundled package: %s', (_, file) => {
    const names = listed(readFileSync(file(), 'utf8'))
    const missing = bundled().filter((name) => !names.has(name))
    expect(missing).toEqual([])
  })
})
