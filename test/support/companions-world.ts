// Both companions on one repository (acme/app), for end-to-end runs of the bundle: the pull
// request recipe on code pull requests (and on the agent's own docs pull requests, when the docs
// live here) and the branch recipe on pushes to main, sharing one Agent Jobs and one GitHub
// stand-in. The agent's docs pull requests are opened on GitHub by the test, as the agent would.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GITHUB_TOKEN as TOKEN, inputs, runnerEnv } from './fixtures.ts'
import { setRole } from './github-routes/commands.ts'
import { pullRequestWorld } from './github-routes/pull-requests.ts'
import { startGitHubStandIn } from './github-stand-in.ts'
import { runAction, type ActionRun } from './run-action.ts'
import { startStandIn } from './stand-in.ts'

export const REPO = 'acme/app'
export const AGENT = 'mintlify[bot]'
export type DocsHome = 'elsewhere' | 'here'

type Account = { login: string; type: 'User' | 'Bot' }
const account = (login: string): Account => ({
  login,
  type: login.endsWith('[bot]') ? 'Bot' : 'User'
})

export async function companions(home: DocsHome) {
  const docsRepo = home === 'here' ? REPO : 'acme/docs'
  // The service's clock, ahead of the real one by `skew`: a test ends a long job at once.
  let skew = 0
  const agent = await startStandIn({
    jobDurationMs: 150,
    prBase: `https://github.com/${docsRepo}/pull`,
    now: () => Date.now() + skew
  })
  const github = await startGitHubStandIn({ token: TOKEN })
  setRole(github.state, REPO, 'alice', 'write')
  const dir = mkdtempSync(join(tmpdir(), 'companions-'))
  let runId = 9000
  let head = github.pushCommits(REPO, 'main', [{ message: 'Initial commit', author: 'dev' }])[0]
    ?.sha as string

  const write = (name: string, payload: unknown): string => {
    const path = join(dir, `${name}-${runId}.json`)
    writeFileSync(path, JSON.stringify(payload))
    return path
  }
  // The pull request recipe; docs-token only when the docs live elsewhere, as the guide says.
  const prInputs = (extra: Record<string, string>) =>
    inputs(agent.url, {
      'github-token': TOKEN,
      prompt: 'fast: Update the documentation for the changes in this pull request.',
      ...(home === 'elsewhere' ? { 'docs-token': TOKEN } : {}),
      ...extra
    })
  const env = (event: string, path: string, extra: Record<string, string> = {}) =>
    runnerEnv(event, path, github.apiUrl, {
      GITHUB_RUN_ID: String(runId++),
      GITHUB_WORKFLOW: 'Docs for pull requests',
      ...extra
    })

  function pullPayload(number: number) {
    const pull = pullRequestWorld(github.state).pulls.get(`${REPO}#${number}`)
    if (!pull) throw new Error(`No pull request #${number}.`)
    return {
      number,
      title: pull.title,
      html_url: `https://github.com/${REPO}/pull/${number}`,
      state: pull.state,
      merged: pull.merged,
      user: pull.user,
      head: pull.head,
      base: { ref: 'main', sha: head }
    }
  }

  /** A code pull request opened by `author` (on GitHub only: run the recipe with `prRun`). */
  function open(number: number, author = 'alice'): void {
    github.setPullState(REPO, number, { state: 'open', merged: false })
    const pull = pullRequestWorld(github.state).pulls.get(`${REPO}#${number}`)
    if (pull) Object.assign(pull, { user: account(author), title: `Change ${number}` })
  }

  /** The pull request recipe's run for a `pull_request` event on pull request `number`. */
  function prRun(
    number: number,
    action: 'opened' | 'synchronize' | 'closed' | 'reopened',
    extra: {
      inputs?: Record<string, string>
      runId?: number
      attempt?: number
      onStdout?: (text: string) => void
    } = {}
  ): Promise<ActionRun> {
    const path = write('pull_request', { action, number, pull_request: pullPayload(number) })
    const id: Record<string, string> =
      extra.runId !== undefined ? { GITHUB_RUN_ID: String(extra.runId) } : {}
    return runAction({
      ...(extra.onStdout ? { onStdout: extra.onStdout } : {}),
      inputs: prInputs(extra.inputs ?? {}),
      env: {
        ...env('pull_request', path, { GITHUB_REF: `refs/pull/${number}/merge` }),
        ...id,
        GITHUB_RUN_ATTEMPT: String(extra.attempt ?? 1)
      }
    })
  }

  /** A `/docs` command by alice on pull request `number`, as it is now on GitHub. */
  function command(number: number, body = '/docs mention the new flag'): Promise<ActionRun> {
    const pull = pullPayload(number)
    const issue = {
      number,
      state: pull.state,
      user: pull.user,
      pull_request: {
        url: `https://api.github.com/repos/${REPO}/pulls/${number}`,
        merged_at: pull.merged ? new Date().toISOString() : null
      }
    }
    const path = write('issue_comment', {
      action: 'created',
      issue,
      comment: { id: 4000 + runId, body, user: { login: 'alice', type: 'User' } }
    })
    return runAction({ inputs: prInputs({}), env: env('issue_comment', path) })
  }

  /** The agent's docs pull request for `link` (as the service reports it), opened now. */
  function agentOpens(link: string, author = AGENT): number {
    const number = Number(/\/pull\/(\d+)$/.exec(link)?.[1])
    github.setPullState(docsRepo, number, { state: 'open', merged: false })
    const pull = pullRequestWorld(github.state).pulls.get(`${docsRepo}#${number}`)
    if (pull)
      Object.assign(pull, {
        user: account(author),
        title: 'Docs: update',
        createdAt: new Date().toISOString()
      })
    return number
  }

  /**
   * Pull request `number` merged into main: its merge commit (by `author`) is pushed with it as
   * its source; the push's payload, for `pushRun`.
   */
  function merge(number: number, author = 'alice') {
    github.setPullState(REPO, number, { state: 'closed', merged: true })
    const pull = { number, title: `Change ${number}`, author }
    return pushOnly([{ message: `Merge pull request #${number}`, author, pull }])
  }

  /** Commits pushed straight to main; the push's payload, for `pushRun`. */
  function pushOnly(
    seeds: Array<{
      message: string
      author: string
      pull?: { number: number; title: string; author: string }
    }>
  ) {
    const before = head
    const stored = github.pushCommits(REPO, 'main', seeds)
    head = stored.at(-1)?.sha ?? head
    const commits = stored.map((c) => ({
      id: c.sha,
      message: c.message,
      author: { name: 'Someone', username: c.author?.login ?? 'someone' }
    }))
    return { ref: 'refs/heads/main', before, after: head, commits }
  }

  /** The branch recipe's run for a push. */
  function pushRun(payload: { after: string }): Promise<ActionRun> {
    const path = write('push', payload)
    return runAction({
      inputs: inputs(agent.url, { 'github-token': TOKEN, prompt: 'fast: Update the docs.' }),
      env: env('push', path, {
        GITHUB_SHA: payload.after,
        GITHUB_REF: 'refs/heads/main',
        GITHUB_WORKFLOW: 'Update docs',
        GITHUB_WORKFLOW_REF: `${REPO}/.github/workflows/docs-per-push.yml@refs/heads/main`
      })
    })
  }

  /** Agent Jobs POSTs (creations and messages), with the job each went to and its prompt. */
  const posts = () =>
    agent.requests
      .filter((r) => r.method === 'POST')
      .map((r) => ({
        job: /\/job\/([^/]+)\/message$/.exec(r.path)?.[1] ?? '(new)',
        prompt: (JSON.parse(r.body) as { prompt: string }).prompt
      }))
  /** Moves the service's clock on by `ms`: jobs due by then have ended. */
  const advance = (ms: number): void => {
    skew += ms
  }
  /** Until the job is no longer active (at most 30 s). */
  async function untilIdle(jobId: string): Promise<void> {
    for (let i = 0; i < 300 && agent.job(jobId)?.status === 'active'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const dashboards = () =>
    github.issues(REPO).filter((issue) => /mintlify-agent:branch/.test(issue.body ?? ''))

  return {
    agent,
    github,
    docsRepo,
    open,
    prRun,
    command,
    agentOpens,
    merge,
    pushOnly,
    pushRun,
    posts,
    advance,
    untilIdle,
    dashboards,
    close: async () => {
      await agent.close()
      await github.close()
    }
  }
}

export type Companions = Awaited<ReturnType<typeof companions>>
