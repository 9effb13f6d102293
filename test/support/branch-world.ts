// A branch's world for end-to-end runs of the bundle: the Agent Jobs and GitHub stand-ins
// (state kept between runs), commits pushed to a branch, and workflow runs of pushes,
// schedules and manual runs, re-runs, and older pushes arriving late.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GITHUB_TOKEN as TOKEN, inputs, runnerEnv } from './fixtures.ts'
import { startGitHubStandIn } from './github-stand-in.ts'
import { runAction, type ActionRun, type RunOptions } from './run-action.ts'
import { startStandIn } from './stand-in.ts'

export const REPO = 'acme/app'

export interface RunExtra {
  /** More inputs (`wait`, `record-key`, …). */
  inputs?: Record<string, string>
  /** More runner variables (GITHUB_WORKFLOW_REF, …). */
  env?: Record<string, string>
}

/** A GitHub App's installation token, and the bot it writes as. */
export const APP_TOKEN = 'ghs_app_token'
export const APP_BOT = 'docs-app[bot]'

/** A GitHub App's installation token, whose account GitHub will not tell (GraphQL `viewer`). */
export const INSTALLATION_TOKEN = 'ghs_installation_token'
export const INSTALLATION_BOT = 'docs-helper[bot]'

export async function branchWorld(
  options: { jobDurationMs?: number; branch?: string; app?: boolean; installation?: boolean } = {}
) {
  const agent = await startStandIn({ jobDurationMs: options.jobDurationMs ?? 100 })
  const github = await startGitHubStandIn({
    token: TOKEN,
    tokens: { [APP_TOKEN]: { login: APP_BOT, type: 'Bot' } },
    installations: { [INSTALLATION_TOKEN]: { login: INSTALLATION_BOT, type: 'Bot' } }
  })
  // Whose token the runs use, and so whose issues are the action's.
  const token = options.installation ? INSTALLATION_TOKEN : options.app ? APP_TOKEN : TOKEN
  const writer = options.installation
    ? INSTALLATION_BOT
    : options.app
      ? APP_BOT
      : 'github-actions[bot]'
  const branch = options.branch ?? 'main'
  const dir = mkdtempSync(join(tmpdir(), 'branch-world-'))
  let runId = 7000
  let head = ''
  let pullNumber = 100
  const runs: RunOptions[] = []
  const pushes: Array<{ payload: unknown; sha: string }> = []

  function runEvent(
    event: string,
    payload: unknown,
    sha: string,
    prompt: string,
    extra: RunExtra = {}
  ): Promise<ActionRun> {
    const path = join(dir, `${event}-${runId}.json`)
    writeFileSync(path, JSON.stringify(payload))
    const options: RunOptions = {
      inputs: inputs(agent.url, { 'github-token': token, prompt, ...extra.inputs }),
      env: runnerEnv(event, path, github.apiUrl, {
        GITHUB_SHA: sha,
        GITHUB_REF: `refs/heads/${branch}`,
        GITHUB_RUN_ID: String(runId++),
        GITHUB_WORKFLOW_REF: `${REPO}/.github/workflows/docs.yml@refs/heads/${branch}`,
        ...extra.env
      })
    }
    runs.push(options)
    return runAction(options)
  }

  /** A workflow run again: the same run id, the next attempt (the last run by default). */
  function rerun(index = runs.length - 1, attempt = 2): Promise<ActionRun> {
    const options = runs[index] as RunOptions
    return runAction({ ...options, env: { ...options.env, GITHUB_RUN_ATTEMPT: String(attempt) } })
  }

  // The branch exists before the workflow's first run.
  head =
    github.pushCommits(REPO, branch, [{ message: 'Initial commit', author: 'dev' }])[0]?.sha ?? ''

  /**
   * Pushes commits (each from its own merged pull request) without running the workflow;
   * `created`: the push that created the branch (GitHub sends a zero `before`).
   */
  function pushOnly(messages: string[], author = 'dev', replace = false, created = false): number {
    const before = head
    const stored = github.pushCommits(
      REPO,
      branch,
      messages.map((message) => ({
        message,
        author,
        pull: { number: pullNumber++, title: message, author }
      })),
      { replace }
    )
    head = stored.at(-1)?.sha ?? head
    const commits = stored.map((c) => ({
      id: c.sha,
      message: c.message,
      author: { name: 'Dev', username: author }
    }))
    const ref = `refs/heads/${branch}`
    const payload = created
      ? { ref, before: '0'.repeat(40), after: head, created: true, commits }
      : { ref, before, after: head, commits }
    pushes.push({
      payload,
      sha: head
    })
    return pushes.length - 1
  }

  /** The workflow run of push number `index` (an older one arrives late when asked). */
  function runPush(index: number, prompt = 'fast: Update the docs.', extra: RunExtra = {}) {
    const push = pushes[index]
    if (!push) throw new Error(`No push ${index}.`)
    return runEvent('push', push.payload, push.sha, prompt, extra)
  }

  /** Pushes commits and runs the workflow for the push. */
  function push(
    messages: string[],
    prompt = 'fast: Update the docs.',
    extra: RunExtra = {},
    options: { replace?: boolean; author?: string } = {}
  ): Promise<ActionRun> {
    return runPush(pushOnly(messages, options.author, options.replace === true), prompt, extra)
  }

  const schedule = (prompt = 'fast: Update the docs.', extra: RunExtra = {}): Promise<ActionRun> =>
    runEvent('schedule', { schedule: '0 6 * * 1' }, head, prompt, extra)
  const dispatch = (prompt = 'fast: Update the docs.', extra: RunExtra = {}): Promise<ActionRun> =>
    runEvent('workflow_dispatch', { ref: `refs/heads/${branch}`, inputs: {} }, head, prompt, extra)

  /** Every prompt the agent received, creations and messages, in order, with its job. */
  const sent = (): Array<{ jobId: string; prompt: string }> =>
    agent.requests
      .filter((r) => r.method === 'POST')
      .map((r) => ({
        jobId: /\/job\/([^/]+)\/message$/.exec(r.path)?.[1] ?? '(new)',
        prompt: (JSON.parse(r.body) as { prompt: string }).prompt
      }))
  const prompts = (): string[] => sent().map((s) => s.prompt)
  const creations = (): number =>
    agent.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/job')).length
  const messages = (): number =>
    agent.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message')).length
  /** The action's dashboards (its bot's issues with a record), open or closed. */
  const dashboards = () =>
    github
      .issues(REPO)
      .filter(
        (issue) => issue.user.login === writer && /mintlify-agent:branch/.test(issue.body ?? '')
      )
  const openDashboards = () => dashboards().filter((issue) => issue.state === 'open')
  /** How many prompts name `subject`. */
  const mentions = (subject: string): number => prompts().filter((p) => p.includes(subject)).length
  return {
    agent,
    github,
    branch,
    head: () => head,
    push,
    pushOnly,
    runPush,
    rerun,
    schedule,
    dispatch,
    runEvent,
    sent,
    prompts,
    creations,
    messages,
    dashboards,
    openDashboards,
    mentions,
    close: async () => {
      await agent.close()
      await github.close()
    }
  }
}

export type BranchWorld = Awaited<ReturnType<typeof branchWorld>>

/** How many prompts named each subject, whatever the job. */
export function mentionsOf(w: BranchWorld, subjects: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const subject of subjects) out[subject] = w.mentions(subject)
  return out
}

/** The run's lines the runner reads as errors, and as warnings. */
export const errors = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
export const warnings = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
