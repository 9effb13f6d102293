// `npm run bench:tests [-- --cold]`: runs `npm test` once and prints where its time
// goes: the wall time and the CPU time of the whole run, then per test file its wall
// time, its tests, how many times it ran the bundled action and the CPU those runs
// used. `--cold` first empties the bundle cache and runs jest without its transform
// cache, as on a fresh clone. Linux only for the CPU columns (read from /proc).

import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { ROOT } from '../test/support/run-action.ts'
import { markdownTable } from './table.ts'

interface FileResult {
  name: string
  startTime: number
  endTime: number
  assertionResults: unknown[]
}

/** CPU seconds of the children this process has waited for (Linux), or undefined. */
function childrenCpuSeconds(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined
  // The fields after the command name; cutime and cstime are the 16th and 17th of the line.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
  const ticks = Number(fields[13]) + Number(fields[14])
  // Clock ticks: 100 a second on Linux (USER_HZ, which /proc reports in whatever the kernel's HZ).
  return Number.isFinite(ticks) ? ticks / 100 : undefined
}

const cold = process.argv.includes('--cold')
const work = mkdtempSync(join(tmpdir(), 'bench-tests-'))
const results = join(work, 'results.json')
const runsLog = join(work, 'runs.tsv')
try {
  if (cold)
    rmSync(join(ROOT, 'node_modules', '.cache', 'action-bundle'), { recursive: true, force: true })
  const args = ['test', '--', '--json', `--outputFile=${results}`, ...(cold ? ['--no-cache'] : [])]
  const started = Date.now()
  const run = spawnSync('npm', args, {
    cwd: ROOT,
    env: { ...process.env, ACTION_RUNS_LOG: runsLog },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024
  })
  // jest's progress goes to stderr: shown only when the run failed.
  if (run.status !== 0) process.stderr.write(run.stderr)
  const wallSeconds = (Date.now() - started) / 1000
  const cpuSeconds = childrenCpuSeconds()

  if (!existsSync(results)) {
    console.error(`npm test ended (exit ${String(run.status)}) before jest wrote its results.`)
    rmSync(work, { recursive: true, force: true })
    process.exit(1)
  }
  const files = (JSON.parse(readFileSync(results, 'utf8')) as { testResults: FileResult[] })
    .testResults
  const runs = existsSync(runsLog)
    ? readFileSync(runsLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [cpuMs, file] = line.split('\t')
          return { cpuMs: Number(cpuMs), file: file ?? '' }
        })
    : []
  const rows = files
    .map((file) => {
      const mine = runs.filter((entry) => entry.file === file.name)
      return {
        name: relative(ROOT, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults.length,
        spawns: mine.length,
        spawnCpu: mine.reduce((sum, entry) => sum + entry.cpuMs, 0) / 1000
      }
    })
    .sort((a, b) => b.seconds - a.seconds)
  const spawnCpu = runs.reduce((sum, entry) => sum + entry.cpuMs, 0) / 1000

  console.log(
    `## npm test${cold ? ' (cold: no bundle cache, no transform cache)' : ''}: ${cpus().length} cores, Node ${process.version}\n`
  )
  console.log(
    markdownTable(
      ['', 'value'],
      [
        ['wall', `${wallSeconds.toFixed(1)} s`],
        ['CPU, whole run', cpuSeconds === undefined ? 'n/a' : `${cpuSeconds.toFixed(1)} s`],
        ['test files', files.length],
        ['tests', rows.reduce((sum, row) => sum + row.tests, 0)],
        ['runs of the bundled action', runs.length],
        ['CPU of those runs', `${spawnCpu.toFixed(1)} s`],
        ['exit code', String(run.status)]
      ]
    )
  )
  console.log()
  console.log(
    markdownTable(
      ['file', 'wall s', 'tests', 'action runs', 'their CPU s'],
      rows.map((row) => [
        row.name,
        row.seconds.toFixed(2),
        row.tests,
        row.spawns,
        row.spawnCpu.toFixed(1)
      ])
    )
  )
  process.exitCode = run.status ?? 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
