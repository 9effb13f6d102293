// Simulated workflow runs on one pull request (acme/app#7), for the end-to-end tests of
// "one docs job per pull request": both stand-ins, and a run of the bundled action per
// push, re-run or comment, with the runner's GITHUB_* variables for that run.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  startGitHubStandIn,
  type GitHubStandIn,
  type GitHubStandInOptions
} from './github-stand-in.ts'
import { inputs, runnerEnv } from './fixtures.ts'
import { markerLine, markerValues } from './markers.ts'
import { runAction, type ActionRun } from './run-action.ts'
import { startStandIn, type StandIn } from './stand-in.ts'

export const TOKEN = 'ghs_test_token'
export const REPO = 'acme/app'
export const PR = 7

export interface Simulation {
  agent: StandIn
  github: GitHubStandIn
  /** Runs the action once as a workflow run would. */
  run(prompt: string, run?: WorkflowRunSpec): Promise<ActionRun>
  /** The action's comments on the pull request (and everyone else's), oldest first. */
  comments(): { id: number; body: string; user: { login: string; type: string } }[]
  /** POSTs the Agent Jobs API received: creations and messages. */
  creations(): number
  messages(): string[]
  close(): Promise<void>
}

export interface WorkflowRunSpec {
  runId?: number
  attempt?: number
  workflow?: string
  /** `issue_comment` on the pull request, instead of `pull_request`. */
  event?: 'pull_request' | 'issue_comment'
  /** A `pull_request` event that ends (or reopens) the pull request, instead of a push. */
  end?: { action: 'closed' | 'reopened'; merged?: boolean }
  inputs?: Record<string, string>
  env?: Record<string, string>
  /** Called with each chunk of the run's stdout, e.g. to change GitHub while it works. */
  onStdout?: (text: string) => void
}

let nextRunId = 5000

function commentEventPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'event-'))
  const path = join(dir, 'issue_comment.json')
  writeFileSync(
    path,
    JSON.stringify({
      action: 'created',
      issue: {
        number: PR,
        pull_request: { url: `https://api.github.com/repos/${REPO}/pulls/${PR}` }
      },
      comment: { id: 1, body: '/docs update', user: { login: 'octocat', type: 'User' } }
    })
  )
  return path
}

/** The payload of the pull request's `closed` (merged or not) or `reopened` event. */
function endEventPath(end: NonNullable<WorkflowRunSpec['end']>): string {
  const dir = mkdtempSync(join(tmpdir(), 'event-'))
  const path = join(dir, 'pull_request.json')
  const merged = end.merged === true
  writeFileSync(
    path,
    JSON.stringify({
      action: end.action,
      number: PR,
      pull_request: {
        number: PR,
        title: 'Add the widget API',
        html_url: `https://github.com/${REPO}/pull/${PR}`,
        state: end.action === 'closed' ? 'closed' : 'open',
        merged,
        merged_by: merged ? { login: 'octo-lead', type: 'User' } : null,
        merge_commit_sha: merged ? '9'.repeat(40) : null,
        head: { ref: 'feature/widgets', sha: '4'.repeat(40) },
        base: { ref: 'main', sha: '1'.repeat(40) }
      },
      repository: { name: 'app', full_name: REPO, owner: { login: 'acme' } }
    })
  )
  return path
}

export async function simulate(
  options: Pick<GitHubStandInOptions, 'maxPerPage' | 'tokens' | 'installations'> & {
    jobDurationMs?: number
  } = {}
): Promise<Simulation> {
  const agent = await startStandIn({ jobDurationMs: options.jobDurationMs ?? 150 })
  const github = await startGitHubStandIn({
    token: TOKEN,
    prefix: '/api/v3',
    ...(options.maxPerPage ? { maxPerPage: options.maxPerPage } : {}),
    ...(options.tokens ? { tokens: options.tokens } : {}),
    ...(options.installations ? { installations: options.installations } : {})
  })
  return {
    agent,
    github,
    run(prompt, spec = {}) {
      const runId = spec.runId ?? nextRunId++
      const event = spec.event ?? 'pull_request'
      return runAction({
        ...(spec.onStdout ? { onStdout: spec.onStdout } : {}),
        inputs: inputs(agent.url, {
          'max-poll-interval': '200ms',
          'github-token': TOKEN,
          prompt,
          ...spec.inputs
        }),
        env: runnerEnv(
          event,
          spec.end
            ? endEventPath(spec.end)
            : event === 'pull_request'
              ? 'pull_request.json'
              : commentEventPath(),
          github.apiUrl,
          {
            GITHUB_REPOSITORY: REPO,
            GITHUB_REF: `refs/pull/${PR}/merge`,
            GITHUB_RUN_ID: String(runId),
            GITHUB_RUN_ATTEMPT: String(spec.attempt ?? 1),
            GITHUB_WORKFLOW: spec.workflow ?? 'Docs',
            ...spec.env
          }
        )
      })
    },
    comments: () => github.comments(REPO, PR),
    creations: () =>
      agent.requests.filter((r) => r.method === 'POST' && /\/job$/.test(r.path)).length,
    messages: () =>
      agent.requests
        .filter((r) => r.method === 'POST' && /\/message$/.test(r.path))
        .map((r) => (JSON.parse(r.body) as { prompt: string }).prompt),
    async close() {
      await agent.close()
      await github.close()
    }
  }
}

/** The GitHub calls a run made on the code repository (`acme/app`), as `METHOD path`. */
export function codeRepositoryCalls(github: GitHubStandIn, from = 0): string[] {
  return github.requests
    .slice(from)
    .filter((r) => r.path.startsWith(`/repos/${REPO}/`))
    .map((r) => `${r.method} ${r.path}`)
}

/** The record on the first line of a comment body, as its marker holds it. */
export interface RecordValue {
  project: string
  job: string
  run: string
  attempt: number
  followUps: number
  handedOff?: string
  /** What the end of the pull request did to its docs pull request. */
  end?: Record<string, unknown>
}

/** The record on the first line of a comment body (decoded here, not by the action's code). */
export function recorded(body: string | undefined): RecordValue | undefined {
  return markerValues('pr', (body ?? '').split('\n', 1)[0])[0] as RecordValue | undefined
}

/** The job id in the record on the first line of a comment body. */
export function recordedJob(body: string | undefined): string | undefined {
  return recorded(body)?.job
}

/** `body` with its record's fields changed, as someone editing the comment would leave it. */
export function withRecorded(body: string, fields: Partial<RecordValue>): string {
  const [, ...rest] = body.split('\n')
  return [markerLine('pr', { ...recorded(body), ...fields }), ...rest].join('\n')
}
