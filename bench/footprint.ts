// What the action costs to carry and to run: the size of dist/ (what the runner
// downloads and Node parses) and the peak memory of one run.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { StandIn } from '../test/support/stand-in.ts'
import { ROOT, runAction } from '../test/support/run-action.ts'

const DIST = join(ROOT, 'dist')
const MAX_RSS = pathToFileURL(fileURLToPath(new URL('max-rss.mjs', import.meta.url))).href
const BARE_REQUEST = fileURLToPath(new URL('bare-request.cjs', import.meta.url))

export interface BundleFiles {
  totalBytes: number
  files: { name: string; bytes: number }[]
  /** Copies of undici in the JavaScript of dist/ (one is the goal: the one @actions/http-client brings). */
  undiciCopies: number
  /** Whether index.js, the start path, holds @octokit code (it should be loaded only when needed). */
  octokitOnStartPath: boolean
}

export function bundleFiles(): BundleFiles {
  const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { name: path.slice(DIST.length + 1), bytes: statSync(path).size }
    })
    .sort((a, b) => b.bytes - a.bytes)
  const scripts = files.filter(({ name }) => name.endsWith('.js'))
  // A diagnostics channel name that each copy of undici defines once.
  const undiciCopies = scripts
    .map(
      ({ name }) => readFileSync(join(DIST, name), 'utf8').split('undici:request:create').length - 1
    )
    .reduce((sum, count) => sum + count, 0)
  // The user agent string each copy of @octokit/core carries.
  const octokitOnStartPath = readFileSync(join(DIST, 'index.js'), 'utf8').includes(
    'octokit-core.js/'
  )
  return {
    totalBytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
    files,
    undiciCopies,
    octokitOnStartPath
  }
}

export interface Memory {
  /** Peak RSS of the action creating and waiting for a short job, KiB. */
  actionKiB: number
  /** Peak RSS of the bare Node script, KiB: what any Node process costs. */
  bareKiB: number
}

function readKiB(file: string): number {
  const value = Number(readFileSync(file, 'utf8'))
  if (!(value > 0)) throw new Error('no peak memory was reported')
  return value
}

export async function peakMemory(standIn: StandIn, jobMs: number): Promise<Memory> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'))
  try {
    const actionFile = join(dir, 'action')
    const run = await runAction({
      inputs: {
        'api-key': 'mint_test_key',
        'project-id': 'proj-test',
        prompt: `slow:${jobMs}: peak memory`,
        'base-url': standIn.url,
        'poll-interval': '100ms',
        'max-poll-interval': '600ms'
      },
      env: { NODE_OPTIONS: `--import=${MAX_RSS}`, BENCH_MAX_RSS_FILE: actionFile },
      killAfterMs: jobMs + 30_000
    })
    if (run.exitCode !== 0) throw new Error(`the action failed:\n${run.stdout}${run.stderr}`)

    const bareFile = join(dir, 'bare')
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [`--import=${MAX_RSS}`, BARE_REQUEST, `${standIn.url}/health`],
        {
          env: { PATH: process.env.PATH ?? '', BENCH_MAX_RSS_FILE: bareFile },
          stdio: 'ignore'
        }
      )
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.on('error', reject)
      child.on('close', () => {
        clearTimeout(killer)
        resolve()
      })
    })
    return { actionKiB: readKiB(actionFile), bareKiB: readKiB(bareFile) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
