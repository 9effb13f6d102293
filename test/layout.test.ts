// The architecture, enforced: three worlds in their folders, imports going one way.
// The action (src/action) uses the Agent Jobs client (src/agent) and the GitHub side
// (src/github); neither of those knows the other, and src/common knows none of them.

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT } from './support/run-action.js'

type Folder = 'action' | 'agent' | 'github' | 'common' | 'entry'

/** Which folders and packages each folder may import. */
const ALLOWED: Record<Folder, { folders: Folder[]; packages: RegExp }> = {
  entry: { folders: ['action', 'common'], packages: /^@actions\/core$/ },
  action: {
    folders: ['action', 'agent', 'github', 'common'],
    packages: /^(?:@actions\/core|undici)$/
  },
  agent: { folders: ['agent', 'common'], packages: /^undici$/ },
  github: {
    folders: ['github', 'common'],
    packages: /^(?:@actions\/(?:core|github)|@octokit\/plugin-(?:retry|throttling))$/
  },
  common: { folders: ['common'], packages: /^$/ }
}

function folderOf(file: string): Folder {
  const rel = relative(join(ROOT, 'src'), file).split('/')
  return rel.length === 1 ? 'entry' : (rel[0] as Folder)
}

/** Every static and dynamic import specifier in a source text. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = []
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] as string)
  return specifiers
}

/** The imports of `file` that cross a line they may not cross. */
export function violations(file: string, source: string): string[] {
  const rules = ALLOWED[folderOf(file)]
  return importsOf(source).filter((specifier) => {
    if (specifier.startsWith('node:')) return false
    if (specifier.startsWith('.')) {
      const target = join(file, '..', specifier)
      if (!target.startsWith(join(ROOT, 'src'))) return true
      return !rules.folders.includes(folderOf(target))
    }
    return !rules.packages.test(specifier)
  })
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : []
  )
}

describe('the source layout', () => {
  const files = sourceFiles(join(ROOT, 'src'))

  it('has every source file in one of the known folders', () => {
    for (const file of files) {
      expect(Object.keys(ALLOWED)).toContain(folderOf(file))
    }
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s imports only what its folder may',
    (_name, file) => {
      expect(violations(file, readFileSync(file, 'utf8'))).toEqual([])
    }
  )

  it('catches a crossing import, static or dynamic', () => {
    const agent = join(ROOT, 'src', 'agent', 'x.ts')
    const github = join(ROOT, 'src', 'github', 'x.ts')
    const common = join(ROOT, 'src', 'common', 'x.ts')
    expect(violations(agent, "import * as core from '@actions/core'")).toEqual(['@actions/core'])
    expect(violations(agent, "import { x } from '../github/client.js'")).toEqual([
      '../github/client.js'
    ])
    expect(violations(github, "const m = await import('../agent/job.js')")).toEqual([
      '../agent/job.js'
    ])
    expect(violations(github, "import type { X } from '../action/report.js'")).toEqual([
      '../action/report.js'
    ])
    expect(violations(common, "import { y } from '../agent/http.js'")).toEqual(['../agent/http.js'])
    expect(violations(agent, "import { y } from './http.js'\nimport 'node:fs'")).toEqual([])
  })
})

// Inside the action, one way too: the shell reads the runner, the plan decides (reads
// only), the executor carries the plan out, the publishers tell the world. The files at
// the action's top (main, run-parts, budgets) wire them.
type Stage = 'shell' | 'plan' | 'execute' | 'publish' | 'top'
const STAGE_MAY_IMPORT: Record<Stage, Stage[]> = {
  shell: ['shell'],
  plan: ['shell', 'plan', 'top'],
  execute: ['shell', 'plan', 'execute'],
  publish: ['shell', 'plan', 'execute', 'publish', 'top'],
  top: ['shell', 'plan', 'execute', 'publish', 'top']
}
const ACTION = join(ROOT, 'src', 'action')

function stageOf(file: string): Stage {
  const rel = relative(ACTION, file).split('/')
  return rel.length === 1 ? 'top' : (rel[0] as Stage)
}

/** The imports of a file in src/action that go against the flow. */
export function stageViolations(file: string, source: string): string[] {
  return importsOf(source).filter((specifier) => {
    if (!specifier.startsWith('.')) return false
    const target = join(file, '..', specifier)
    if (!target.startsWith(ACTION)) return false
    return !STAGE_MAY_IMPORT[stageOf(file)].includes(stageOf(target))
  })
}

describe('the action, stage by stage', () => {
  const files = sourceFiles(ACTION)

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s imports only earlier stages',
    (_name, file) => {
      expect(Object.keys(STAGE_MAY_IMPORT)).toContain(stageOf(file))
      expect(stageViolations(file, readFileSync(file, 'utf8'))).toEqual([])
    }
  )

  it('catches an import against the flow', () => {
    const plan = join(ACTION, 'plan', 'x.ts')
    const execute = join(ACTION, 'execute', 'x.ts')
    expect(stageViolations(plan, "import type { X } from '../execute/job-calls.js'")).toEqual([
      '../execute/job-calls.js'
    ])
    expect(stageViolations(execute, "import { y } from '../publish/outputs.js'")).toEqual([
      '../publish/outputs.js'
    ])
    expect(stageViolations(execute, "import { y } from '../plan/plan.js'")).toEqual([])
  })
})
