// One source of truth: action.yml declares every input and output once; the code
// reads and sets exactly those; the README's Inputs and Outputs tables document exactly
// those, with the same defaults; and every workflow example in the README and the guides
// under docs/ is a valid workflow that uses only declared inputs and outputs.

import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSettings } from '../../src/action/shell/inputs.js'
import { outputValues } from '../../src/action/publish/summary.js'
import { inputs as inputsOf, standIns } from '../support/fixtures.js'
import { BUNDLE, ROOT, runAction } from '../support/run-action.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The entries of a top-level mapping of action.yml (`inputs:` or `outputs:`), with their defaults. */
function declared(section: 'inputs' | 'outputs'): Map<string, string | undefined> {
  const entries = new Map<string, string | undefined>()
  let inside = false
  let current: string | undefined
  for (const line of read('action.yml').split('\n')) {
    if (/^\S/.test(line)) inside = line.startsWith(`${section}:`)
    if (!inside) continue
    const name = /^ {2}([a-z-]+):\s*$/.exec(line)?.[1]
    if (name) entries.set((current = name), undefined)
    const fallback = /^ {4}default:\s*(.*)$/.exec(line)?.[1]
    if (fallback !== undefined && current) entries.set(current, fallback.replace(/^'(.*)'$/, '$1'))
  }
  return entries
}

/** The inputs action.yml marks `required: true`. */
function requiredInputs(): Set<string> {
  const required = new Set<string>()
  let current: string | undefined
  for (const line of read('action.yml').split('\n')) {
    current = /^ {2}([a-z-]+):\s*$/.exec(line)?.[1] ?? current
    if (current && /^ {4}required:\s*true\s*$/.test(line)) required.add(current)
  }
  return required
}

/** The rows of the README table that follows `## heading`: first cell (unquoted) → second cell. */
function readmeTable(heading: string): Map<string, string> {
  const text = read('README.md')
  const start = text.indexOf(`\n## ${heading}\n`)
  const section = text.slice(start + 1, text.indexOf('\n## ', start + 1))
  const rows = new Map<string, string>()
  for (const match of section.matchAll(/^\|\s*`([a-z-]+)`\s*\|([^|]*)\|/gm)) {
    rows.set(match[1] as string, (match[2] as string).trim().replace(/^`(.*)`$/, '$1'))
  }
  return rows
}

const freshStandIn = standIns({ jobDurationMs: 0 })

/** Runs the bundle, recording which inputs it reads and which outputs it writes. */
async function recordRun(
  url: string,
  given: Record<string, string>
): Promise<{ read: string[]; written: string[]; exitCode: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'inputs-read-'))
  const file = join(dir, 'inputs.json')
  const run = await runAction({
    inputs: inputsOf(url, given),
    script: join(ROOT, 'test/support/record-inputs.ts'),
    env: { RECORD_BUNDLE: BUNDLE, RECORD_INPUTS_FILE: file }
  })
  const read = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map((name) =>
    name.slice('INPUT_'.length).toLowerCase()
  )
  return { read, written: Object.keys(run.outputHistory), exitCode: run.exitCode }
}

describe('action.yml, the code and the README agree', () => {
  const inputs = declared('inputs')
  const outputs = declared('outputs')

  it('reads exactly the declared inputs, and sets exactly the declared outputs', async () => {
    const standIn = await freshStandIn()
    // Every mode: create (with the GitHub options on), a follow-up message, a wait.
    const create = await recordRun(standIn.url, {
      prompt: 'fast: Document it',
      'include-context': 'true',
      'pr-comment': 'true'
    })
    const id = standIn.jobIds()[0] as string
    const message = await recordRun(standIn.url, { prompt: 'fast: And more', 'job-id': id })
    const wait = await recordRun(standIn.url, { 'job-id': id, wait: 'false' })

    for (const run of [create, message, wait]) {
      expect(run.exitCode).toBe(0)
      expect(run.written.sort()).toEqual([...outputs.keys()].sort())
    }
    const read = new Set([...create.read, ...message.read, ...wait.read])
    expect([...read].sort()).toEqual([...inputs.keys()].sort())
    const ending = { conclusion: 'succeeded' as const, message: '' }
    const none = { jobId: undefined, job: undefined, waitEnd: undefined, sent: undefined }
    const outcome = { ending, ...none, created: false, polls: 0, cancelled: undefined }
    const names = [...Object.keys(outputValues(outcome, undefined))]
    expect([...names, 'triggered'].sort()).toEqual([...outputs.keys()].sort())
  })

  it('documents every input in the README with its default', () => {
    const documented = readmeTable('Inputs')
    expect([...documented.keys()]).toEqual([...inputs.keys()])
    for (const [name, fallback] of inputs) {
      const readmeDefault = documented.get(name)
      if (fallback !== undefined) expect(readmeDefault).toBe(fallback)
      else expect(readmeDefault).toBe(requiredInputs().has(name) ? '(required)' : '')
    }
  })

  it('documents every output in the README', () => {
    expect([...readmeTable('Outputs').keys()]).toEqual([...outputs.keys()])
  })

  it('applies the declared defaults when an input is left out', () => {
    const given: Record<string, string> = {
      'api-key': 'mint_x',
      'project-id': 'p',
      prompt: 'Do it'
    }
    const declaredDefaults = Object.fromEntries(
      [...inputs].filter(
        // An expression (github-token's `${{ github.token }}`) is the runner's to fill in.
        (entry): entry is [string, string] => entry[1] !== undefined && !entry[1].includes('${{')
      )
    )
    // Every input that has a default in action.yml (the runner passes it when the
    // workflow leaves the input out) must mean what the code assumes without it.
    expect(Object.keys(declaredDefaults).length).toBeGreaterThanOrEqual(8)
    const left = readSettings((name) => given[name] ?? '')
    const passed = readSettings((name) => given[name] ?? declaredDefaults[name] ?? '')
    expect(left).toEqual(passed)
  })

  it('runs on node24 from the bundle', () => {
    expect(read('action.yml')).toMatch(/^runs:\n {2}using: node24\n {2}main: dist\/index\.js$/m)
  })
})

describe('workflow examples', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`)
  ]
  const blocks = pages.flatMap((page) =>
    [...read(page).matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] as string)
  )
  const workflows = readdirSync(join(ROOT, '.github/workflows')).map((file) =>
    read(`.github/workflows/${file}`)
  )
  const inputs = declared('inputs')
  const outputs = declared('outputs')
  /** Every step that uses this action: its `id` (if any) and its `with:` keys, whatever the indentation. */
  function ourSteps(text: string): { id?: string; keys: string[] }[] {
    const steps: { id?: string; keys: string[] }[] = []
    const lines = text.split('\n')
    const indentOf = (line: string): number =>
      (/^ */.exec(line.replace('- ', '  ')) as RegExpExecArray)[0].length
    lines.forEach((line, index) => {
      if (!/uses: (?:your-org\/mintlify-agent-job-action@v1|\.\/)$/.test(line)) return
      const stepIndent = indentOf(line)
      // The step runs from its `- ` line to the next line that is not deeper than it.
      let first = index
      while (first > 0 && !/^\s*- /.test(lines[first] as string)) first--
      let last = index + 1
      while (
        last < lines.length &&
        (lines[last] as string).trim() !== '' &&
        indentOf(lines[last] as string) >= stepIndent &&
        !/^\s*- /.test(lines[last] as string)
      )
        last++
      const keys: string[] = []
      let id: string | undefined
      let inWith = false
      for (const next of lines.slice(first, last)) {
        const indent = indentOf(next)
        if (next.trim().startsWith('#')) continue
        if (indent === stepIndent) {
          inWith = next.trim() === 'with:'
          id ??= /^\s*(?:- )?id: ([\w-]+)$/.exec(next)?.[1]
        } else if (inWith && indent === stepIndent + 2)
          keys.push(next.trim().split(':')[0] as string)
      }
      steps.push({ ...(id ? { id } : {}), keys })
    })
    return steps
  }

  it('has examples to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6)
    const steps = blocks.flatMap(ourSteps)
    expect(steps.length).toBeGreaterThanOrEqual(8)
    for (const { keys } of steps)
      expect(keys).toEqual(expect.arrayContaining(['api-key', 'project-id']))
  })

  it('pass only declared inputs to the action', () => {
    for (const text of [...blocks, ...workflows]) {
      for (const key of ourSteps(text).flatMap((step) => step.keys)) {
        expect({ key, declared: inputs.has(key) }).toEqual({ key, declared: true })
      }
    }
  })

  it("read only declared outputs of this action's steps", () => {
    let references = 0
    for (const text of [...blocks, ...workflows]) {
      for (const { id } of ourSteps(text)) {
        if (!id) continue
        for (const match of text.matchAll(new RegExp(`steps\\.${id}\\.outputs\\.([\\w-]+)`, 'g'))) {
          references++
          expect({ step: id, output: match[1], declared: outputs.has(match[1] as string) }).toEqual(
            {
              step: id,
              output: match[1],
              declared: true
            }
          )
        }
      }
    }
    // The examples do hand outputs on: a parser that found no step ids would see none.
    expect(references).toBeGreaterThanOrEqual(10)
  })
  // That they lint clean with actionlint is checked in test/examples.test.ts, in its one
  // actionlint call (about two CPU-seconds each).
})
