// The release workflow (.github/workflows/release.yml): runs on a vX.Y.Z tag only, with
// no permission beyond what publishing and attesting need, runs every check before it
// publishes anything, takes the notes from CHANGELOG.md, attests every file in dist/,
// and moves the major tag last. actionlint (npm run actionlint) checks its syntax.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './support/run-action.js'

const WORKFLOW = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')
const LINES = WORKFLOW.split('\n').filter((line) => !/^\s*(?:#.*)?$/.test(line))

/** The `key: value` lines directly under `key:` at `indent`, comments dropped. */
function mapping(key: string, indent: number): Record<string, string> {
  const start = LINES.findIndex((line) => line === `${' '.repeat(indent)}${key}:`)
  if (start === -1) return {}
  const entries: Record<string, string> = {}
  for (const line of LINES.slice(start + 1)) {
    const depth = (/^ */.exec(line) as RegExpExecArray)[0].length
    if (depth <= indent) break
    const entry = /^\s*([\w-]+):\s*(.*?)\s*(?:#.*)?$/.exec(line)
    if (depth === indent + 2 && entry) entries[entry[1] as string] = entry[2] as string
  }
  return entries
}

/** The steps, in order: their name, `uses:` line and `run:` text (a block scalar joined). */
function steps(): { name: string; uses?: string; run?: string; with: string }[] {
  const text = WORKFLOW.slice(WORKFLOW.indexOf('    steps:\n'))
  return text
    .split(/^ {6}- /m)
    .slice(1)
    .map((step) => ({
      name: /^name: (.*)$/m.exec(step)?.[1] ?? '',
      ...(/^\s*uses: (.*)$/m.test(step) ? { uses: /^\s*uses: (.*)$/m.exec(step)?.[1] } : {}),
      ...(/^\s*run: /m.test(step)
        ? {
            run: step
              .slice(step.search(/^\s*run: /m))
              .replace(/^\s*run: /, '')
              .replace(/^\s*#.*$/gm, '')
              .trim()
          }
        : {}),
      with: /^\s*with:\n([\s\S]*?)(?=^\s{8}\S|$(?![\s\S]))/m.exec(step)?.[1] ?? ''
    }))
}

/** A GitHub filter pattern as a regular expression: `*`, `+`, `?`, `[…]`; `.` is literal. */
function filterPattern(pattern: string): RegExp {
  const source = pattern
    .replace(/[.^$|(){}\\]/g, '\\$&')
    .replace(/\*\*|\*/g, (star) => (star === '**' ? '.*' : '[^/]*'))
  return new RegExp(`^${source}$`)
}

describe('the release workflow', () => {
  it('runs on a pushed vX.Y.Z tag and nothing else', () => {
    expect(mapping('on', 0)).toEqual({ push: '' })
    expect(mapping('push', 2)).toEqual({ tags: "['v[0-9]+.[0-9]+.[0-9]+']" })
    const tag = filterPattern('v[0-9]+.[0-9]+.[0-9]+')
    for (const name of ['v1.0.0', 'v1.2.3', 'v10.20.30'])
      expect({ name, runs: tag.test(name) }).toEqual({ name, runs: true })
    for (const name of ['v1', 'v1.2', 'v1.2.3-rc.1', '1.2.3', 'v1.2.3.4', 'latest']) {
      expect({ name, runs: tag.test(name) }).toEqual({ name, runs: false })
    }
  })

  it('grants nothing by default, and the job only what releasing and attesting need', () => {
    expect(WORKFLOW).toMatch(/^permissions: \{\}$/m)
    expect(mapping('permissions', 4)).toEqual({
      contents: 'write',
      'id-token': 'write',
      attestations: 'write'
    })
    // One job, so no other job can hold permissions of its own.
    expect(Object.keys(mapping('jobs', 0))).toEqual(['release'])
  })

  it('runs every check, then takes the notes, attests, publishes, and moves the major tag last', () => {
    const names = steps().map((step) => step.name)
    expect(names).toEqual([
      'Check out the tag',
      'Set up Node.js',
      'Run every check',
      'Take the release notes from CHANGELOG.md',
      'Attest the provenance of dist/',
      'Publish the release',
      'Move the major tag'
    ])
    const [, , check, notes, attest, publish, major] = steps()
    expect(check?.run).toBe('.ci/run')
    expect(notes?.run).toContain(
      'node scripts/release-notes.ts "$TAG" > "$RUNNER_TEMP/release-notes.md"'
    )
    expect(attest?.uses).toMatch(/^actions\/attest-build-provenance@[0-9a-f]{40} # v\d/)
    expect(attest?.with.trim()).toBe('subject-path: dist/*')
    expect(publish?.run).toContain('gh release create "$TAG" --verify-tag')
    expect(publish?.run).toContain('--notes-file "$RUNNER_TEMP/release-notes.md"')
    // vX is the tag's first part, pointed at the tagged commit.
    expect(major?.run).toContain('major="${TAG%%.*}"')
    expect(major?.run).toMatch(/refs\/tags\/\$major" \\\n\s+-f sha="\$GITHUB_SHA" -F force=true/)
    expect(WORKFLOW).toMatch(/^ {6}TAG: \$\{\{ github\.ref_name \}\}$/m)
  })

  it('pins every action to a commit, and keeps no credentials in the checkout', () => {
    const used = steps().flatMap((step) => (step.uses ? [step.uses] : []))
    expect(used.length).toBe(3)
    for (const uses of used) expect(uses).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/)
    expect(steps()[0]?.with.trim()).toBe('persist-credentials: false')
  })
})

describe('the checks themselves', () => {
  it('reads a filter pattern as GitHub does: a dot is a dot', () => {
    expect(filterPattern('v[0-9]+.[0-9]+').test('v1x2')).toBe(false)
    expect(filterPattern('v*').test('v1.2.3')).toBe(true)
    expect(filterPattern('v*').test('v1/2')).toBe(false)
  })
})
