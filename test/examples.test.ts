// Every workflow under examples/ is one a user can copy as it is: actionlint finds
// nothing in it; every step that uses this action passes only inputs that action.yml
// declares (and all the required ones) and reads only outputs it declares; other
// actions are pinned to a commit; and the README or a guide under docs/ shows it exactly
// as the file has it. actionlint checks each file alone and never reads our action.yml,
// hence the rest. Files added to examples/ or docs/ later are picked up as they are. The
// workflow blocks of the README and the guides are linted here too, in the same single
// actionlint call (their other checks are in test/action/metadata.test.ts).

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { actionlint, ATTEMPT_LIMIT_MS } from '../scripts/actionlint.js'
import { ROOT } from './support/run-action.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The README and the guides under docs/: the Markdown a user reads. */
const GUIDES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`)
]

const EXAMPLES = readdirSync(join(ROOT, 'examples'))
  .filter((name) => /\.ya?ml$/.test(name))
  .sort()
  .map((name) => `examples/${name}`)

/** The inputs (name → required) or outputs of action.yml. */
function declared(section: 'inputs' | 'outputs'): Map<string, boolean> {
  const entries = new Map<string, boolean>()
  let inside = false
  let current: string | undefined
  for (const line of read('action.yml').split('\n')) {
    if (/^\S/.test(line)) inside = line.startsWith(`${section}:`)
    if (!inside) continue
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line)?.[1]
    if (name) entries.set((current = name), false)
    if (current && /^ {4}required:\s*true\s*$/.test(line)) entries.set(current, true)
  }
  return entries
}
const INPUTS = declared('inputs')
const OUTPUTS = declared('outputs')

/** This action, as the examples and our own workflows refer to it. */
const OURS = /^(?:\.\/|your-org\/mintlify-agent-job-action@\S+)$/

export interface Step {
  line: number
  uses?: string
  id?: string
  withKeys: string[]
}

/** The items of block sequences that are steps (they have `uses:` or `run:`), read by indentation. */
export function stepsOf(text: string): Step[] {
  const lines = text.split('\n')
  const steps: Step[] = []
  lines.forEach((first, index) => {
    const item = /^(\s*)- (\S.*)$/.exec(first)
    if (!item) return
    const indent = (item[1] as string).length + 2
    const body = [`${' '.repeat(indent)}${item[2] as string}`]
    for (const next of lines.slice(index + 1)) {
      if (next.trim() === '' || /^\s*#/.test(next)) continue
      if ((/^ */.exec(next) as RegExpExecArray)[0].length < indent) break
      body.push(next)
    }
    const step: Step & { run?: boolean } = { line: index + 1, withKeys: [] }
    let key: string | undefined
    let withIndent: number | undefined
    for (const line of body) {
      const depth = (/^ */.exec(line) as RegExpExecArray)[0].length
      const entry = /^\s*([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line)
      if (depth === indent) {
        key = entry?.[1]
        const value = (entry?.[2] ?? '').replace(/\s+#.*$/, '').replace(/^(['"])(.*)\1$/, '$2')
        if (key === 'uses') step.uses = value
        if (key === 'id') step.id = value
        if (key === 'run') step.run = true
      } else if (key === 'with' && entry) {
        withIndent ??= depth
        if (depth === withIndent) step.withKeys.push(entry[1] as string)
      }
    }
    if (step.uses !== undefined || step.run) steps.push(step)
  })
  return steps
}

/** What is wrong with this action's steps in a workflow text, one line per finding. */
export function findings(text: string): string[] {
  const steps = stepsOf(text)
  const ours = steps.filter((step) => OURS.test(step.uses ?? ''))
  const ids = new Set(steps.map((step) => step.id).filter((id) => id !== undefined))
  const ourIds = new Set(ours.map((step) => step.id).filter((id) => id !== undefined))
  const found: string[] = []
  for (const step of ours) {
    for (const key of step.withKeys) {
      if (!INPUTS.has(key)) found.push(`line ${step.line}: '${key}' is not an input of action.yml`)
    }
    for (const [name, required] of INPUTS) {
      if (required && !step.withKeys.includes(name)) {
        found.push(`line ${step.line}: the required input '${name}' is missing`)
      }
    }
  }
  for (const match of text.matchAll(/\bsteps\.([A-Za-z_][\w-]*)\.outputs\.([\w-]+)/g)) {
    const [reference, id, output] = match as unknown as [string, string, string]
    if (!ids.has(id)) found.push(`${reference}: no step has the id '${id}'`)
    else if (ourIds.has(id) && !OUTPUTS.has(output)) {
      found.push(`${reference}: '${output}' is not an output of action.yml`)
    }
  }
  for (const step of steps) {
    const uses = step.uses
    if (uses === undefined || OURS.test(uses) || uses.startsWith('docker://')) continue
    const line = text.split('\n')[step.line - 1] as string
    if (!/@[0-9a-f]{40} # v\d[\w.-]*\s*$/.test(line)) {
      found.push(
        `line ${step.line}: '${uses}' is not pinned to a commit SHA with its version comment`
      )
    }
  }
  return found
}

/**
 * A page's copies of files: a line that is only a link to the file (from the README,
 * or `../examples/…` from a guide under docs/), then the next yaml block.
 */
export function readmeCopies(readme: string): { file: string; text: string }[] {
  const copies: { file: string; text: string }[] = []
  const marker = /^\[`(examples\/[\w.-]+\.ya?ml)`\]\((?:\.\.\/)?\1\)$/gm
  for (const match of readme.matchAll(marker)) {
    const after = readme.slice(match.index + match[0].length)
    const block = /^```yaml\n([\s\S]*?)^```$/m.exec(after)
    const heading = /^#{1,6} /m.exec(after)
    const text = block && (!heading || heading.index > block.index) ? (block[1] as string) : ''
    copies.push({ file: match[1] as string, text })
  }
  return copies
}

/** Every page's copies of files, with the page they are on. */
const COPIES = GUIDES.flatMap((page) => readmeCopies(read(page)).map((copy) => ({ page, ...copy })))

/** The yaml blocks of the README and the guides, each as a workflow: a fragment (steps) wrapped in a job. */
const GUIDE_WORKFLOWS = GUIDES.flatMap((page) =>
  [...read(page).matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] as string)
).map((block) =>
  /^on:/m.test(block)
    ? block
    : `on: push\njobs:\n  example:\n    runs-on: ubuntu-latest\n    steps:\n${block.replace(/^(?=.)/gm, '      ')}`
)

/** A workflow with mistakes each check below must find. */
const SAMPLE = [
  'on: push',
  'jobs:',
  '  docs:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v6',
  '      - id: docs',
  '        uses: your-org/mintlify-agent-job-action@v1',
  '        with:',
  '          api-key: ${{ secrets.KEY }}',
  '          promt: >-',
  '            Document it.',
  '      - run: echo "${{ steps.docs.outputs.pr-url }} ${{ steps.other.outputs.x }}"',
  ''
].join('\n')

interface LintReport {
  /** How many files actionlint said it checked. */
  checked: number
  /** Its findings (one line each), by the name of the file they are in. */
  findings: Map<string, string[]>
}

/**
 * actionlint over `files` (name → text) in one call: they share one folder, and each
 * finding is told apart by its file's name. (Each call costs about two CPU-seconds
 * to start the WebAssembly build, whatever the number of files.)
 */
async function lintFiles(files: Map<string, string>): Promise<LintReport> {
  const dir = mkdtempSync(join(tmpdir(), 'actionlint-'))
  for (const [name, text] of files) writeFileSync(join(dir, name), text)
  // Run in that folder, it names each file by its own name. It exits 1 on findings;
  // its report is on stdout either way.
  const { stdout } = await actionlint('*.{yml,yaml}', { cwd: dir }).finally(() =>
    rmSync(dir, { recursive: true, force: true })
  )
  const findings = new Map<string, string[]>()
  for (const line of stdout.split('\n').filter((text) => /:\d+:\d+ /.test(text))) {
    const name = line.slice(0, line.search(/:\d+:\d+ /))
    findings.set(name, [...(findings.get(name) ?? []), line])
  }
  return { checked: Number(/Checking (\d+) workflow file/.exec(stdout)?.[1]), findings }
}

// Every file this test file lints, in the one call: the examples under their own
// names, the blocks of the README and the guides, and the broken sample that proves the check can fail.
const BROKEN = 'broken-sample.yml'
const blockName = (index: number): string => `guide-block-${index}.yml`
const LINTED = new Map<string, string>([
  ...EXAMPLES.map((file): [string, string] => [basename(file), read(file)]),
  ...GUIDE_WORKFLOWS.map((text, index): [string, string] => [blockName(index), text]),
  [BROKEN, SAMPLE.replace('runs-on:', 'runs_on:')]
])
let linted: Promise<LintReport> | undefined
const lint = (): Promise<LintReport> => (linted ??= lintFiles(LINTED))
/** For the tests that await it: a run that never finishes is killed and run once more. */
const LINT_TIMEOUT_MS = 2 * ATTEMPT_LIMIT_MS + 5_000

describe('examples/', () => {
  it('has the recipes, each using this action', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(4)
    for (const file of EXAMPLES) {
      expect({
        file,
        uses: stepsOf(read(file)).some((step) => OURS.test(step.uses ?? ''))
      }).toEqual({ file, uses: true })
    }
  })

  it(
    'is actionlint clean',
    async () => {
      const { checked, findings } = await lint()
      // Every file was written under its own name, and all of them were checked.
      expect(LINTED.size).toBe(EXAMPLES.length + GUIDE_WORKFLOWS.length + 1)
      expect(checked).toBe(LINTED.size)
      for (const file of EXAMPLES) {
        expect({ file, findings: findings.get(basename(file)) ?? [] }).toEqual({
          file,
          findings: []
        })
      }
      // A finding in no file we wrote would mean the split by name failed.
      expect([...findings.keys()].filter((name) => !LINTED.has(name))).toEqual([])
    },
    LINT_TIMEOUT_MS
  )

  it(
    'has README and guide workflows that lint clean with actionlint, fragments wrapped in a job',
    async () => {
      const { findings } = await lint()
      expect(GUIDE_WORKFLOWS.length).toBeGreaterThanOrEqual(6)
      GUIDE_WORKFLOWS.forEach((_, index) => {
        const block = blockName(index)
        expect({ block, findings: findings.get(block) ?? [] }).toEqual({ block, findings: [] })
      })
    },
    LINT_TIMEOUT_MS
  )

  it.each(EXAMPLES)(
    '%s passes only declared inputs, reads only declared outputs, pins others',
    (file) => {
      expect(findings(read(file))).toEqual([])
    }
  )

  it.each(EXAMPLES)('%s is in the README or a guide exactly as in the file', (file) => {
    const copies = COPIES.filter((copy) => copy.file === file)
    // Missing: put "[`examples/x.yml`](examples/x.yml)" (in docs/: "(../examples/x.yml)") on a
    // line of its own, then the file in a ```yaml block.
    expect({ file, copies: copies.length > 0 }).toEqual({ file, copies: true })
    for (const { page, text } of copies) expect({ page, text }).toEqual({ page, text: read(file) })
  })

  it('has no copy of a file that does not exist, in the README or a guide', () => {
    expect(GUIDES.length).toBeGreaterThan(1)
    for (const { page, file } of COPIES) {
      expect({ page, file, exists: EXAMPLES.includes(file) }).toEqual({ page, file, exists: true })
    }
  })
})

describe('the checks themselves', () => {
  const sample = SAMPLE

  it('reads the steps of a workflow, with their ids and with: keys', () => {
    expect(stepsOf(sample)).toEqual([
      { line: 6, uses: 'actions/checkout@v6', withKeys: [] },
      {
        line: 7,
        id: 'docs',
        uses: 'your-org/mintlify-agent-job-action@v1',
        withKeys: ['api-key', 'promt']
      },
      { line: 13, run: true, withKeys: [] }
    ])
  })

  it('finds a misspelt input, a missing required one, an undeclared output, an unknown step and an unpinned action', () => {
    expect(findings(sample)).toEqual([
      "line 7: 'promt' is not an input of action.yml",
      "line 7: the required input 'project-id' is missing",
      "steps.docs.outputs.pr-url: 'pr-url' is not an output of action.yml",
      "steps.other.outputs.x: no step has the id 'other'",
      "line 6: 'actions/checkout@v6' is not pinned to a commit SHA with its version comment"
    ])
  })

  it(
    'finds what actionlint finds in a file',
    async () => {
      // The broken sample shares the examples' call; its findings carry its name.
      expect((await lint()).findings.get(BROKEN)?.length).toBeGreaterThan(0)
    },
    LINT_TIMEOUT_MS
  )

  it('takes a README copy only from the block that follows its link, and compares it whole', () => {
    const readme = [
      '[`examples/a.yml`](examples/a.yml)',
      '',
      'Some words.',
      '',
      '```yaml',
      'on: push',
      '```',
      '',
      '[`examples/b.yml`](examples/b.yml)',
      '',
      '## Next',
      '',
      '```yaml',
      'on: pull_request',
      '```',
      '',
      '[`examples/c.yml`](../examples/c.yml)',
      '',
      '```yaml',
      'on: schedule',
      '```',
      '',
      '[`examples/d.yml`](../examples/e.yml)'
    ].join('\n')
    expect(readmeCopies(readme)).toEqual([
      { file: 'examples/a.yml', text: 'on: push\n' },
      { file: 'examples/b.yml', text: '' },
      { file: 'examples/c.yml', text: 'on: schedule\n' }
    ])
  })
})
