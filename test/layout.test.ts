// The architecture's import rules live in .dependency-cruiser.js and run in `npm run lint`;
// these tests prove the rules still catch what they must, and check what they cannot say.

import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { ROOT } from './support/run-action.js'

const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs')

/** A tree with one import of each kind the rules forbid, beside imports they allow. */
const FIXTURE: Record<string, string> = {
  'src/tsconfig.json': '{ "compilerOptions": { "module": "NodeNext" } }',
  'node_modules/@actions/core/package.json': '{ "name": "@actions/core", "main": "index.js" }',
  'node_modules/@actions/core/index.js': 'exports.info = () => {}',
  'node_modules/undici/package.json': '{ "name": "undici", "main": "index.js" }',
  'node_modules/undici/index.js': 'exports.request = () => {}',
  'src/index.ts': `import { run } from './action/main.js'
import type { Client } from './github/types.js'
const core = await import('@actions/core')
run(core as Client)`,
  'src/action/main.ts': `import { read } from './shell/inputs.js'
import { gather } from './plan/facts.js'
import { decide } from './plan/plan.js'
import { prompt } from './plan/prompt.js'
import { execute } from './execute/executor.js'
import { publish } from './publish/publish.js'
export type Parts = string
export const run = () => publish(execute(decide(gather(read())) + prompt))`,
  'src/action/shell/inputs.ts': `import * as core from '@actions/core'
import { readFileSync } from 'node:fs'
import { outside } from '../../../outside.js'
export const read = () => core.info(readFileSync(outside))`,
  'src/action/plan/facts.ts': `import { client } from '../../github/client.js'
export type Facts = string
export const gather = () => client()`,
  'src/action/plan/plan.ts': `import type { Facts } from './facts.js'
import type { Word } from '../publish/words.js'
import { readFileSync } from 'node:fs'
import { text } from '../../common/a.js'
export type Plan = Word
export const decide = (facts: Facts): Plan => readFileSync(text(facts))`,
  'src/action/plan/prompt.ts': `import { client } from '../../github/client.js'
export const prompt = client()`,
  'src/action/execute/executor.ts': `import type { Plan } from '../plan/plan.js'
import { word } from '../publish/words.js'
import { request } from '../../agent/http.js'
export const execute = (plan: Plan) => request(plan + word)`,
  'src/action/publish/words.ts': `export const word = 'said'
export type Word = string`,
  'src/action/publish/publish.ts': `import type { Plan } from '../plan/plan.js'
import type { Parts } from '../main.js'
export const publish = (plan: Plan, parts?: Parts) => plan + parts`,
  'outside.ts': `export const outside = 1`,
  'src/agent/http.ts': `import { request as send } from 'undici'
import * as core from '@actions/core'
import type { Client } from '../github/types.js'
import { retry } from './retry.js'
import { c } from '../common/c.js'
export const request = (client: Client) => send(core.info(retry(c(client))))`,
  'src/agent/retry.ts': `export const retry = (x: unknown) => x`,
  'src/github/types.ts': `export type Client = string`,
  'src/github/client.ts': `import * as core from '@actions/core'
import { text } from '../common/a.js'
export const client = async () => (await import('../agent/retry.js')).retry(text(core))`,
  'src/github/unused.ts': 'export const unused = 1',
  'src/common/a.ts': `import { b } from './b.js'
export const text = (x: unknown) => b(x)`,
  'src/common/b.ts': `import { text } from './a.js'
export const b = (x: unknown) => text(x)`,
  'src/common/c.ts': `import { retry } from '../agent/retry.js'
export const c = retry`,
  'src/extra/odd.ts': `import { text } from '../common/a.js'
export const odd = text`
}

function cruise(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'layout-'))
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    const config = join(ROOT, '.dependency-cruiser.js')
    const args = [DEPCRUISE, 'src', '--config', config, '--output-type', 'json']
    const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' })
    const report = JSON.parse(result.stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] }
    }
    const lines = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    return [...new Set(lines)].sort()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the import rules (.dependency-cruiser.js)', () => {
  it('catch crossing imports, a flow against the stages, an impure plan, cycles, orphans', () => {
    expect(cruise(FIXTURE)).toEqual([
      'action-flow-execute: src/action/execute/executor.ts → src/action/publish/words.ts',
      'action-flow-plan: src/action/plan/plan.ts → src/action/publish/words.ts',
      'action-flow-publish: src/action/publish/publish.ts → src/action/main.ts',
      'action-layer: src/action/shell/inputs.ts → outside.ts',
      'agent-layer: src/agent/http.ts → node_modules/@actions/core/index.js',
      'agent-layer: src/agent/http.ts → src/github/types.ts',
      'common-layer: src/common/c.ts → src/agent/retry.ts',
      'entry-layer: src/index.ts → src/github/types.ts',
      'github-layer: src/github/client.ts → src/agent/retry.ts',
      'no-circular: src/action/main.ts → src/action/publish/publish.ts',
      'no-circular: src/common/a.ts → src/common/b.ts',
      'no-orphans: src/extra/odd.ts → src/extra/odd.ts',
      'no-orphans: src/github/unused.ts → src/github/unused.ts',
      'plan-does-no-io: src/action/plan/plan.ts → fs',
      'plan-does-no-io: src/action/plan/prompt.ts → src/github/client.ts',
      'plan-imports-no-facts: src/action/plan/plan.ts → src/action/plan/facts.ts',
      'src-known-folders: src/extra/odd.ts → src/common/a.ts'
    ])
  })

  it('run in npm run lint, over src/', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(manifest.scripts.lint).toMatch(/&& depcruise src$/)
  })
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name))
}

// No cap on a file's lines: a cap rewarded squeezing (issue 38 retired the line targets). A
// module's size is judged in review, by whether it does one job.
describe('the source files', () => {
  const files = sourceFiles(join(ROOT, 'src'))

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s opens with a header of at most three lines that says what it is for',
    (_name, file) => {
      const lines = readFileSync(file, 'utf8').split('\n')
      const header = lines.findIndex((line) => !line.startsWith('//'))
      expect(header).toBeGreaterThanOrEqual(1)
      expect(header).toBeLessThanOrEqual(3)
    }
  )
})
