// The Markdown check (`npm run lint:md`, run by .ci/run) covers every Markdown file and keeps
// the rules that catch what broke the README before: a table row with more cells than its
// header (MD056), a link to a heading that does not exist (MD051), and a relative link to a
// file (or a heading in it) that does not exist (the relative-links rule). Run here with the
// repository's own configuration against a page that breaks each of them.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from 'markdownlint-cli2'
import relativeLinks from 'markdownlint-rule-relative-links'
import { ROOT } from './support/run-action.js'

interface Settings {
  globs: string[]
  ignores: string[]
  customRules: string[]
  config: Record<string, unknown>
}
// The configuration is JSON with whole-line `//` comments.
const settings = JSON.parse(
  readFileSync(join(ROOT, '.markdownlint-cli2.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '')
) as Settings
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

describe('the Markdown check', () => {
  it('runs in .ci/run over every Markdown file but installed and built ones', () => {
    expect(read('.ci/run')).toMatch(/^npm run lint:md$/m)
    expect(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['lint:md']
    ).toBe('markdownlint-cli2')
    expect(settings.globs).toEqual(['**/*.md'])
    expect(settings.ignores).toEqual(['node_modules/**', 'dist/**', 'coverage/**'])
  })

  it('keeps table column counts, link fragments and relative links on', () => {
    expect(settings.customRules).toEqual(['markdownlint-rule-relative-links'])
    expect(settings.config).toMatchObject({ MD051: true, MD056: true, 'relative-links': true })
  })

  it('fails a page with a broken table, a missing heading and missing files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdown-'))
    writeFileSync(join(dir, 'other.md'), '# Other\n\n## Here\n')
    writeFileSync(
      join(dir, 'page.md'),
      [
        '# Page',
        '',
        '| You give | The action |',
        '| -------- | ---------- |',
        '| `prompt` |            | The instruction for the agent. |',
        '',
        '[fine](other.md#here), [no heading](#nowhere), [no file](missing.md),',
        '[no heading there](other.md#nope).',
        ''
      ].join('\n')
    )
    // The CLI's own entry point, as `npm run lint:md` runs it, with the repository's
    // rules (the custom rule given as a module: Jest resolves module names its own way).
    const errors: string[] = []
    const exitCode = await main({
      directory: dir,
      argv: settings.globs,
      optionsOverride: { config: settings.config, customRules: [relativeLinks] },
      logError: (line: string) => errors.push(line)
    })
    expect(exitCode).toBe(1)
    const found = errors.flatMap((line) => {
      const match = /^page\.md:(\d+)(?::\d+)? error (\S+)/.exec(line)
      return match
        ? [`${match[1] as string} ${(match[2] as string).split('/').at(-1) as string}`]
        : []
    })
    expect(found.sort()).toEqual([
      '5 table-column-count',
      '7 link-fragments',
      '7 relative-links',
      '8 relative-links'
    ])
  })
})
