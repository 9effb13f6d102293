// The release's notes are its version's section of CHANGELOG.md, and nothing else.

import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { releaseNotes } from '../../scripts/release-notes.js'
import { ROOT } from '../support/run-action.js'

const CHANGELOG = [
  '# Changelog',
  '',
  'Intro text.',
  '',
  '## [Unreleased]',
  '',
  '- Not yet.',
  '',
  '## [1.10.0] - 2026-03-02',
  '',
  '### Added',
  '',
  '- Ten.',
  '',
  '## [1.1.0] - 2026-02-01',
  '',
  '### Fixed',
  '',
  '- One, with a [link](https://example.com).',
  '',
  '## [1.0.0] - 2026-01-05',
  '',
  'The first release.',
  '',
  '[1.1.0]: https://github.com/your-org/mintlify-agent-job-action/compare/v1.0.0...v1.1.0',
  '[1.0.0]: https://github.com/your-org/mintlify-agent-job-action/releases/tag/v1.0.0',
  ''
].join('\n')

describe('releaseNotes', () => {
  it("returns the version's section without its heading, up to the next version", () => {
    expect(releaseNotes(CHANGELOG, 'v1.1.0')).toBe(
      '### Fixed\n\n- One, with a [link](https://example.com).'
    )
    expect(releaseNotes(CHANGELOG, '1.10.0')).toBe('### Added\n\n- Ten.')
  })

  it('stops the last section at the link definitions', () => {
    expect(releaseNotes(CHANGELOG, 'v1.0.0')).toBe('The first release.')
  })

  it('reads Windows line ends', () => {
    expect(releaseNotes(CHANGELOG.replaceAll('\n', '\r\n'), 'v1.0.0')).toBe('The first release.')
  })

  it('refuses a version without a dated section, an undated one, or an empty one', () => {
    expect(() => releaseNotes(CHANGELOG, 'v1.2.0')).toThrow(
      "CHANGELOG.md has no heading '## [1.2.0] - YYYY-MM-DD'"
    )
    const undated = CHANGELOG.replace('## [1.1.0] - 2026-02-01', '## [1.1.0] - Unreleased')
    expect(() => releaseNotes(undated, 'v1.1.0')).toThrow('no heading')
    const empty = CHANGELOG.replace('The first release.', '')
    expect(() => releaseNotes(empty, 'v1.0.0')).toThrow("CHANGELOG.md's section for 1.0.0 is empty")
  })

  it('refuses what is not vX.Y.Z', () => {
    for (const version of ['v1', 'v1.1', '1.1.0-rc.1', 'latest', '', 'v1.1.0\n']) {
      expect(() => releaseNotes(CHANGELOG, version)).toThrow('is not a version of the form vX.Y.Z')
    }
  })
})

describe('node scripts/release-notes.ts', () => {
  const run = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    promisify(execFile)(process.execPath, [join(ROOT, 'scripts/release-notes.ts'), ...args]).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: unknown) => error as { code: number; stdout: string; stderr: string }
    )
  const file = join(mkdtempSync(join(tmpdir(), 'changelog-')), 'CHANGELOG.md')
  writeFileSync(file, CHANGELOG)

  it('prints the notes of the version it is given', async () => {
    expect(await run('v1.10.0', file)).toEqual({
      code: 0,
      stdout: '### Added\n\n- Ten.\n',
      stderr: ''
    })
  })

  it('fails with one line when the version has no section', async () => {
    expect(await run('v9.9.9', file)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: "release-notes: CHANGELOG.md has no heading '## [9.9.9] - YYYY-MM-DD'\n"
    })
  })
})
