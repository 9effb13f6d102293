// What a branch costs: twenty pushes to main (each commit from its own pull request),
// a push of 100 commits from 100 pull requests, and a scheduled run with nothing new,
// through the bundled action against the Agent Jobs and GitHub stand-ins (127.0.0.1).
// Counts creations, messages, docs pull requests and GitHub calls per run.
//
// Alone: `node bench/branch-cost.ts` (runs the bundle in ACTION_BUNDLE_ROOT, else dist/).

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startGitHubStandIn } from '../test/support/github-stand-in.ts'
import { runAction } from '../test/support/run-action.ts'
import { startStandIn } from '../test/support/stand-in.ts'
import { markdownTable } from './table.ts'

export const TOKEN = 'ghs_bench_token'
export const REPO = 'acme/app'

/** A branch run on REPO's main, as the runner starts it, against both stand-ins. */
export function branchRun(
  urls: { agent: string; github: string },
  run: { event: string; eventPath: string; sha: string; runId: number }
) {
  return {
    inputs: {
      'api-key': 'mint_test_key',
      'project-id': 'proj-test',
      'base-url': urls.agent,
      'poll-interval': '100ms',
      'max-poll-interval': '200ms',
      'github-token': TOKEN,
      prompt: 'fast: Update the docs for these commits.'
    },
    env: {
      GITHUB_EVENT_NAME: run.event,
      GITHUB_EVENT_PATH: run.eventPath,
      GITHUB_REPOSITORY: REPO,
      GITHUB_SHA: run.sha,
      GITHUB_REF: 'refs/heads/main',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: urls.github,
      GITHUB_RUN_ID: String(run.runId)
    }
  }
}

export interface BranchCost {
  pushes: number
  creations: number
  messages: number
  docsPullRequests: number
  /** The most GitHub calls one push run of one commit made on the code repository, and of them the source pull request look-ups. */
  pushCalls: { code: number; lookups: number; records: number }
  /** The push of 100 commits from 100 pull requests. */
  bigPushCalls: { code: number; lookups: number; records: number }
  /** The scheduled run with nothing new. */
  quiet: { agentCalls: number; agentSends: number; githubCalls: number; skipped: string }
}

export async function branchCost(pushes = 20): Promise<BranchCost> {
  const agent = await startStandIn({ jobDurationMs: 50 })
  const github = await startGitHubStandIn({ token: TOKEN })
  const dir = mkdtempSync(join(tmpdir(), 'bench-branch-'))
  let runId = 1
  let pull = 1
  let head =
    github.pushCommits(REPO, 'main', [{ message: 'Initial commit', author: 'dev' }])[0]?.sha ?? ''
  const run = async (event: string, payload: unknown) => {
    const path = join(dir, `${event}-${runId}.json`)
    writeFileSync(path, JSON.stringify(payload))
    const before = { agent: agent.requests.length, github: github.requests.length }
    const urls = { agent: agent.url, github: github.apiUrl }
    const result = await runAction(
      branchRun(urls, { event, eventPath: path, sha: head, runId: runId++ })
    )
    const calls = github.requests
      .slice(before.github)
      .filter((r) => r.path.startsWith(`/repos/${REPO}/`))
    return {
      result,
      agentCalls: agent.requests.length - before.agent,
      agentSends: agent.requests.slice(before.agent).filter((r) => r.method === 'POST').length,
      code: calls.length,
      lookups: calls.filter((r) => /\/commits\/[0-9a-f]+\/pulls$/.test(r.path)).length,
      // The source pull requests' comments, read for their own docs jobs.
      records: calls.filter((r) => r.method === 'GET' && /\/issues\/\d+\/comments$/.test(r.path))
        .length
    }
  }
  const push = (count: number) => {
    const before = head
    const stored = github.pushCommits(
      REPO,
      'main',
      Array.from({ length: count }, (_, i) => ({
        message: `Change ${pull + i}`,
        author: 'dev',
        pull: { number: pull + i, title: `Change ${pull + i}`, author: 'dev' }
      }))
    )
    pull += count
    head = stored.at(-1)?.sha ?? head
    const commits = stored.map((c) => ({
      id: c.sha,
      message: c.message,
      author: { name: 'Dev', username: 'dev' }
    }))
    return run('push', { ref: 'refs/heads/main', before, after: head, commits })
  }
  try {
    const pushCalls = { code: 0, lookups: 0, records: 0 }
    for (let i = 0; i < pushes; i++) {
      const one = await push(1)
      if (one.result.exitCode !== 0) throw new Error(`push ${i + 1} failed:\n${one.result.stdout}`)
      if (one.code > pushCalls.code)
        Object.assign(pushCalls, { code: one.code, lookups: one.lookups, records: one.records })
    }
    const counts = {
      creations: agent.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/job'))
        .length,
      messages: agent.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message'))
        .length,
      docsPullRequests: new Set(agent.jobIds().map((id) => String(agent.job(id)?.prLink))).size
    }
    const big = await push(100)
    const quiet = await run('schedule', { schedule: '0 6 * * 1' })
    return {
      pushes,
      ...counts,
      pushCalls,
      bigPushCalls: { code: big.code, lookups: big.lookups, records: big.records },
      quiet: {
        agentCalls: quiet.agentCalls,
        agentSends: quiet.agentSends,
        githubCalls: quiet.code,
        skipped: quiet.result.outputs.skipped ?? ''
      }
    }
  } finally {
    await agent.close()
    await github.close()
  }
}

export function branchCostTable(cost: BranchCost): string {
  return markdownTable(
    ['What', 'Measured'],
    [
      [`${cost.pushes} pushes of one commit: jobs created`, cost.creations],
      [`${cost.pushes} pushes of one commit: follow-up messages`, cost.messages],
      [`${cost.pushes} pushes of one commit: docs pull requests`, cost.docsPullRequests],
      [
        'one push run: GitHub calls on the code repository (of them, pull request look-ups; their comments read)',
        `${cost.pushCalls.code} (${cost.pushCalls.lookups}; ${cost.pushCalls.records})`
      ],
      [
        'a push of 100 commits from 100 pull requests: GitHub calls (of them, look-ups; their comments read)',
        `${cost.bigPushCalls.code} (${cost.bigPushCalls.lookups}; ${cost.bigPushCalls.records})`
      ],
      [
        'a scheduled run with nothing new: requests sent to the agent (POST)',
        cost.quiet.agentSends
      ],
      [
        'a scheduled run with nothing new: reads of the job (its status for the outputs)',
        cost.quiet.agentCalls - cost.quiet.agentSends
      ],
      ['a scheduled run with nothing new: GitHub calls', cost.quiet.githubCalls]
    ]
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(branchCostTable(await branchCost()))
}
