// Runs the bundled action on a comment event, as the runner would for a workflow on
// issue_comment, pull_request_review_comment or pull_request_review: the event
// payload (from test/fixtures, changed as a test needs) in GITHUB_EVENT_PATH, and
// both stand-ins wired in.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts'
import { GITHUB_TOKEN, inputs } from './fixtures.ts'
import { ROOT, runAction, type ActionRun } from './run-action.ts'
import { startStandIn, type StandIn } from './stand-in.ts'

export type EventKind = 'issue_comment' | 'pull_request_review_comment' | 'pull_request_review'
export type Payload = Record<string, unknown> & {
  action?: string
  comment?: Record<string, unknown>
  review?: Record<string, unknown>
  issue?: Record<string, unknown>
  pull_request?: Record<string, unknown>
}

/** A fresh copy of the fixture for `event` (or another fixture by name). */
export function fixture(name: string): Payload {
  return JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', `${name}.json`), 'utf8')) as Payload
}

/** An issue_comment event on the pull request whose comment says `body`. */
export function commentSaying(body: string | null): Payload {
  const payload = fixture('issue_comment')
  ;(payload.comment as Record<string, unknown>).body = body
  return payload
}

/** The fixture for `event`, its comment or review written by `login` (a `type` account). */
export function commentBy(login: string, type = 'User', event = 'issue_comment'): Payload {
  const payload = fixture(event)
  const source = (event === 'pull_request_review' ? payload.review : payload.comment) as Record<
    string,
    unknown
  >
  source.user = { login, type }
  return payload
}

/** A submitted review without a body. */
export function reviewWithoutBody(): Payload {
  const payload = fixture('pull_request_review')
  ;(payload.review as Record<string, unknown>).body = null
  return payload
}

export function writePayload(payload: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json')
  writeFileSync(file, JSON.stringify(payload))
  return file
}

export interface EventRun {
  agent: StandIn
  github: GitHubStandIn
  event: string
  payload: unknown
  inputs?: Record<string, string>
  repository?: string
  /** Without a token (github-token empty). */
  noToken?: boolean
}

export function runEvent(options: EventRun): Promise<ActionRun> {
  return runAction({
    inputs: inputs(options.agent.url, {
      'max-poll-interval': '200ms',
      ...(options.noToken ? {} : { 'github-token': GITHUB_TOKEN }),
      ...options.inputs
    }),
    env: {
      GITHUB_EVENT_NAME: options.event,
      GITHUB_EVENT_PATH: writePayload(options.payload),
      GITHUB_API_URL: options.github.apiUrl,
      GITHUB_REPOSITORY: options.repository ?? 'acme/app',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '9001',
      GITHUB_SHA: '4444444444444444444444444444444444444444',
      GITHUB_WORKFLOW: 'docs commands',
      GITHUB_JOB: 'docs',
      GITHUB_ACTION: 'agent'
    }
  })
}

/** The prompts the Agent Jobs stand-in received, in order, with where they went. */
export function sentPrompts(agent: StandIn): { path: string; prompt: string }[] {
  return agent.requests
    .filter((request) => request.method === 'POST')
    .map((request) => ({
      path: request.path,
      prompt: (JSON.parse(request.body) as { prompt: string }).prompt
    }))
}

/** The `::warning::` annotations in a run's stdout, unescaped. */
export function warningLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('::warning'))
    .map((line) =>
      line
        .replace(/^::warning[^:]*::/, '')
        .replace(/%0A/g, '\n')
        .replace(/%25/g, '%')
    )
}

/** Both stand-ins for one case of a command test (jobs of 200 ms), and how to close them. */
export async function commandStandIns(): Promise<{
  agent: StandIn
  github: GitHubStandIn
  close(): Promise<void>
}> {
  const agent = await startStandIn({ jobDurationMs: 200 })
  const github = await startGitHubStandIn()
  return {
    agent,
    github,
    close: async () => {
      await agent.close()
      await github.close()
    }
  }
}
