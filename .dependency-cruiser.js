// @ts-check
// The architecture, checked by `npm run lint`: the folders of src/ and their packages, the stages
// of src/action, a pure plan, no cycle (type-only imports count).

/** @param {string[]} names packages, as a pattern on the path they resolve to */
const packages = (...names) => `^node_modules/(${names.join('|')})/`

/** A folder of src/ that may import only the given folders and packages. */
const layer = (name, from, folders, pkgs = []) => ({
  name,
  severity: 'error',
  comment: `${from} may import only src/{${folders.join(',')}}/, Node and: ${pkgs.join(', ') || 'no package'}`,
  from: { path: from },
  to: {
    dependencyTypesNot: ['core'],
    pathNot: [`^src/(${folders.join('|')})/`, ...(pkgs.length > 0 ? [packages(...pkgs)] : [])]
  }
})

const ACTION = '^src/action/'
/** The modules that gather facts (read GitHub and the service) for the plan. */
const FACTS = `${ACTION}plan/(facts|command-gate|reads|apart)[.]ts$`
/** The wiring at the action's top. */
const WIRING = `${ACTION}main[.]ts$`
/** The records' codecs in src/github: pure, so the plan may use them. */
const RECORDS = '^src/github/(pr-record|branch-record|marker|workflow-run|agent-work)[.]ts$'

/** A stage of the flow shell → plan → execute → publish: it imports no later one. */
const stage = (name, later) => ({
  name: `action-flow-${name}`,
  severity: 'error',
  comment: `src/action/${name}/ imports no later stage (${later.join(', ') || 'none'}) and not the wiring`,
  from: { path: `${ACTION}${name}/` },
  to: { path: [WIRING, ...later.map((s) => `${ACTION}${s}/`)] }
})

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: modules that cannot be read, tested or loaded one without the other',
      from: { path: '^src/' },
      to: { circular: true }
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file or installed package',
      from: { path: '^src/' },
      to: { couldNotResolve: true }
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A source file that src/index.ts does not reach, even by a type: dead, or misplaced (a declaration file is read by the compiler, not imported)',
      from: { path: '^src/index[.]ts$' },
      to: { path: '^src/', pathNot: '[.]d[.]ts$', reachable: false }
    },
    {
      name: 'src-known-folders',
      severity: 'error',
      comment: 'Every source file is src/index.ts or lives in action/, agent/, github/ or common/',
      from: { path: '^src/', pathNot: '^src/(index[.]ts$|(action|agent|github|common)/)' },
      to: {}
    },

    // The layers: index → action → agent, github → common.
    layer('entry-layer', '^src/index[.]ts$', ['action', 'common'], ['@actions/core']),
    layer(
      'action-layer',
      ACTION,
      ['action', 'agent', 'github', 'common'],
      ['@actions/core', 'undici']
    ),
    layer('agent-layer', '^src/agent/', ['agent', 'common'], ['undici']),
    layer(
      'github-layer',
      '^src/github/',
      ['github', 'common'],
      [
        '@actions/core',
        '@actions/github',
        '@octokit/plugin-retry',
        '@octokit/plugin-throttling',
        'bottleneck'
      ]
    ),
    layer('common-layer', '^src/common/', ['common']),

    // Inside the action, one way: each stage may import the earlier ones only.
    stage('shell', ['plan', 'execute', 'publish']),
    stage('plan', ['execute', 'publish']),
    stage('execute', ['publish']),
    stage('publish', []),

    // The plan is pure: facts in, a plan out. It reads no facts module, and what it runs
    // (anything but a type) is its own, src/common's, or the job's shape in src/agent/job.ts.
    {
      name: 'plan-imports-no-facts',
      severity: 'error',
      comment: 'The plan takes facts as values; it imports no module that gathers them',
      from: { path: `${ACTION}plan/`, pathNot: FACTS },
      to: { path: FACTS }
    },
    {
      name: 'plan-does-no-io',
      severity: 'error',
      comment:
        "The plan runs only pure code: src/common, the plan, the job's shape, the records' codecs (types aside)",
      from: { path: `${ACTION}plan/`, pathNot: FACTS },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot: [`^src/common/`, `${ACTION}plan/`, '^src/agent/job[.]ts$', RECORDS]
      }
    },
    {
      name: 'records-are-pure',
      severity: 'error',
      comment: "The records' codecs read and write text only: src/common, each other and Node",
      from: { path: RECORDS },
      to: { dependencyTypesNot: ['core', 'type-only'], pathNot: ['^src/common/', RECORDS] }
    }
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'src/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings']
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
