// GitHub calls of a full run: the bundled action against the Agent Jobs stand-in and
// the GitHub stand-in (127.0.0.1), every GitHub feature on, counted per repository and
// endpoint. The workflow's GITHUB_TOKEN has 1,000 requests an hour per repository;
// this is what one run spends of it (and of the docs token's).
//
// Alone: `node bench/github-calls.ts` (runs the bundle in ACTION_BUNDLE_ROOT, else dist/).

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pullRequestWorld, seedPull } from '../test/support/github-routes/pull-requests.ts'
import { startGitHubStandIn, type GitHubRequest } from '../test/support/github-stand-in.ts'
import { runAction } from '../test/support/run-action.ts'
import { startStandIn } from '../test/support/stand-in.ts'
import { markdownTable } from './table.ts'

const TOKEN = 'ghs_bench_token'

export interface CallCount {
  scenario: string
  code: number
  docs: number
  /** `METHOD path` (numbers and ids as `{n}`) → how many. */
  byEndpoint: Map<string, number>
  exitCode: number | null
}

interface Scenario {
  name: string
  event: string
  payload: unknown
  inputs: Record<string, string>
  env?: Record<string, string>
  /** Runs before this one, on the same stand-ins (a re-run's earlier attempt). */
  before?: Omit<Scenario, 'name' | 'before'>
}

const PR_PAYLOAD = {
  action: 'synchronize',
  number: 7,
  pull_request: {
    number: 7,
    title: 'Add the widget API',
    user: { login: 'ada', type: 'User' },
    changed_files: 30,
    head: { ref: 'feature/widgets', sha: '4'.repeat(40) },
    base: { ref: 'main', sha: '1'.repeat(40) }
  }
}

const EVERYTHING = {
  'include-context': 'true',
  'pr-comment': 'true',
  'check-run': 'true',
  'docs-token': TOKEN,
  'docs-pr-reviewers': 'author, carol, acme/writers',
  'docs-pr-labels': 'documentation'
}

const PUSH = { 'reuse-job': 'false' }

const SCENARIOS: Scenario[] = [
  {
    name: 'pull request, every GitHub feature on',
    event: 'pull_request',
    payload: PR_PAYLOAD,
    inputs: EVERYTHING
  },
  {
    name: 'pull request, one reviewer refused (each asked alone)',
    event: 'pull_request',
    payload: PR_PAYLOAD,
    inputs: { ...EVERYTHING, 'docs-pr-reviewers': 'author, carol, mallory' }
  },
  {
    // A job per run (reuse-job off): the branch's own costs are bench/branch-cost.ts's.
    name: 'push, check-run and reviewers',
    event: 'push',
    payload: { ref: 'refs/heads/main', pusher: { name: 'grace' } },
    inputs: { ...PUSH, 'check-run': 'true', 'docs-token': TOKEN, 'docs-pr-reviewers': 'author' }
  },
  {
    name: 're-run of a push (attempt 2), check-run',
    event: 'push',
    payload: { ref: 'refs/heads/main', pusher: { name: 'grace' } },
    inputs: { ...PUSH, 'check-run': 'true' },
    env: { GITHUB_RUN_ATTEMPT: '2' },
    before: {
      event: 'push',
      payload: { ref: 'refs/heads/main', pusher: { name: 'grace' } },
      inputs: { ...PUSH, 'check-run': 'true' }
    }
  }
]

function endpoint(request: GitHubRequest): string {
  const page =
    request.query.page && request.query.page !== '1' ? ` (page ${request.query.page})` : ''
  return `${request.method} ${request.path.replace(/\/\d+(?=\/|$)/g, '/{n}')}${page}`
}

async function measure(scenario: Scenario): Promise<CallCount> {
  const agent = await startStandIn({ jobDurationMs: 100 })
  const github = await startGitHubStandIn({ token: TOKEN })
  try {
    github.setPullFiles(
      'acme/app',
      7,
      Array.from({ length: 30 }, (_, i) => ({ filename: `src/file-${i}.ts` }))
    )
    // The docs pull requests the stand-in's first two jobs open.
    for (const number of [100, 101]) {
      github.setPullFiles(
        'acme/docs',
        number,
        Array.from({ length: 12 }, (_, i) => ({ filename: `docs/page-${i}.mdx` }))
      )
      seedPull(github.state, 'acme/docs', number, { title: 'Docs', additions: 80, deletions: 5 })
    }
    // Who may be asked to review the docs: mallory may not.
    pullRequestWorld(github.state).collaborators.set(
      'acme/docs',
      new Set(['ada', 'carol', 'grace'])
    )
    pullRequestWorld(github.state).teams.set('acme/docs', new Set(['writers']))
    const dir = mkdtempSync(join(tmpdir(), 'bench-github-'))
    const runOnce = async (step: Omit<Scenario, 'name' | 'before'>): Promise<number | null> => {
      const path = join(dir, `${step.event}.json`)
      writeFileSync(path, JSON.stringify(step.payload))
      const run = await runAction({
        inputs: {
          'api-key': 'mint_test_key',
          'project-id': 'proj-test',
          'base-url': agent.url,
          'poll-interval': '100ms',
          'max-poll-interval': '200ms',
          timeout: '20s',
          'github-token': TOKEN,
          prompt: 'Document it',
          ...step.inputs
        },
        env: {
          GITHUB_EVENT_NAME: step.event,
          GITHUB_EVENT_PATH: path,
          GITHUB_REPOSITORY: 'acme/app',
          GITHUB_SHA: '3'.repeat(40),
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_API_URL: github.apiUrl,
          GITHUB_RUN_ID: '4242',
          GITHUB_WORKFLOW: 'Docs',
          GITHUB_JOB: 'docs',
          GITHUB_ACTION: 'docs-agent',
          ...step.env
        }
      })
      return run.exitCode
    }
    if (scenario.before) await runOnce(scenario.before)
    github.requests.length = 0
    const exitCode = await runOnce(scenario)
    // Counted calls are only worth counting against stand-ins that keep to the contracts.
    const violations = [...agent.violations, ...github.violations]
    if (violations.length > 0)
      throw new Error(`${scenario.name}: outside the contracts:\n${violations.join('\n')}`)
    const byEndpoint = new Map<string, number>()
    for (const request of github.requests) {
      const name = endpoint(request)
      byEndpoint.set(name, (byEndpoint.get(name) ?? 0) + 1)
    }
    const docs = github.requests.filter((r) => r.path.startsWith('/repos/acme/docs/')).length
    return {
      scenario: scenario.name,
      code: github.requests.length - docs,
      docs,
      byEndpoint,
      exitCode
    }
  } finally {
    await github.close()
    await agent.close()
  }
}

export async function githubCalls(): Promise<CallCount[]> {
  const counts: CallCount[] = []
  for (const scenario of SCENARIOS) counts.push(await measure(scenario))
  return counts
}

export function githubCallsTable(counts: CallCount[]): string {
  return markdownTable(
    ['run', 'calls: code repository', 'calls: docs repository', 'endpoints'],
    counts.map(({ scenario, code, docs, byEndpoint }) => [
      scenario,
      code,
      docs,
      [...byEndpoint].map(([name, n]) => `${name} ×${n}`).join('<br>')
    ])
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(githubCallsTable(await githubCalls()))
}
