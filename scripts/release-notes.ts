// Prints the release notes of one version: its section of CHANGELOG.md, without the
// heading (the release already carries the version as its title). The release workflow
// (.github/workflows/release.yml) publishes them as the GitHub release's notes.
//
//   node scripts/release-notes.ts vX.Y.Z [CHANGELOG.md]
//
// A version without a dated section (`## [X.Y.Z] - YYYY-MM-DD`, as scripts/release.sh
// requires before tagging), or with an empty one, is an error: one line, exit code 1.

import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The section of `version` (`vX.Y.Z` or `X.Y.Z`) in a Keep a Changelog text, trimmed. */
export function releaseNotes(changelog: string, version: string): string {
  const plain = /^v?(\d+\.\d+\.\d+)$/.exec(version)?.[1]
  if (plain === undefined) {
    throw new Error(`'${version}' is not a version of the form vX.Y.Z (for example v1.2.3)`)
  }
  const lines = changelog.split(/\r?\n/)
  const heading = `## [${plain}] - `
  const start = lines.findIndex(
    (line) => line.startsWith(heading) && /^\d{4}-\d{2}-\d{2}$/.test(line.slice(heading.length))
  )
  if (start === -1) {
    throw new Error(`CHANGELOG.md has no heading '## [${plain}] - YYYY-MM-DD'`)
  }
  // The section ends at the next version's heading, or at the link definitions
  // (`[1.0.0]: https://…`) that Keep a Changelog puts at the end of the file.
  const rest = lines.slice(start + 1)
  const end = rest.findIndex((line) => /^## /.test(line) || /^\[[^\]]+\]:\s/.test(line))
  const notes = (end === -1 ? rest : rest.slice(0, end)).join('\n').trim()
  if (notes === '') throw new Error(`CHANGELOG.md's section for ${plain} is empty`)
  return notes
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [version = '', file = resolve(ROOT, 'CHANGELOG.md')] = process.argv.slice(2)
  try {
    process.stdout.write(`${releaseNotes(readFileSync(file, 'utf8'), version)}\n`)
  } catch (error) {
    process.stderr.write(
      `release-notes: ${error instanceof Error ? error.message : String(error)}\n`
    )
    process.exitCode = 1
  }
}
