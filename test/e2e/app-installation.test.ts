// A GitHub App's installation token as github-token, end to end through the bundle: GitHub will
// not tell whose it is (GraphQL `viewer` answers FORBIDDEN), so the action learns the account
// from what it writes (GitHub's author of its comment or issue) and names it in each record.
// One dashboard and one job on a branch, one job and one comment on a pull request, from the
// first run on; a person's pasted marker is not believed; records by two bots stop the run.

import {
  branchWorld,
  errors,
  INSTALLATION_BOT,
  INSTALLATION_TOKEN,
  REPO as BRANCH_REPO,
  warnings as branchWarnings
} from '../support/branch-world.js'
import { jobCreatedThroughApi, onDemand, startedWithFile } from '../support/fixtures.js'
import { markerLine, markerValues } from '../support/markers.js'
import { recorded, simulate, PR, REPO } from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'

const BOT = INSTALLATION_BOT
const app = { inputs: { 'github-token': INSTALLATION_TOKEN } }
const installations = { [INSTALLATION_TOKEN]: { login: BOT, type: 'Bot' } }
const freshSimulation = onDemand(() => simulate({ installations }))
const freshWorld = onDemand(() => branchWorld({ installation: true }))
const workflowWorld = onDemand(() => branchWorld())

const lines = (run: ActionRun, kind: 'warning' | 'error'): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith(`::${kind}::`))
/** The GitHub calls of a stretch of requests, as `METHOD path` on the code repository. */
const callsOn = (requests: { method: string; path: string }[], repository: string): string[] =>
  requests
    .filter((r) => r.path.includes(`/repos/${repository}/`) || r.path === '/graphql')
    .map((r) => `${r.method} ${r.path.replace(/^\/api\/v3/, '').replace(/\/\d+$/, '/N')}`)

// Two pushes to a branch with the installation's token (and the same with the workflow's).
const twoPushes = async (w: Awaited<ReturnType<typeof branchWorld>>) => {
  const start = w.github.requests.length
  const first = await w.push(['Add the users endpoint'])
  const middle = w.github.requests.length
  const second = await w.push(['Add its tests'])
  const firstCalls = callsOn(w.github.requests.slice(start, middle), BRANCH_REPO)
  const secondCalls = callsOn(w.github.requests.slice(middle), BRANCH_REPO)
  return { w, first, second, firstCalls, secondCalls }
}
const branchPushes = startedWithFile(async () => twoPushes(await freshWorld()))
const workflowPushes = startedWithFile(async () => twoPushes(await workflowWorld()))

describe('an App installation token on a branch', () => {
  it.concurrent(
    "keeps one dashboard and one job: the second push follows the job up, from the dashboard the App's bot wrote and named",
    async () => {
      const { w, first, second } = await branchPushes()

      expect([first.exitCode, second.exitCode]).toEqual([0, 0])
      expect(first.outputs).toMatchObject({ created: 'true' })
      expect(second.outputs).toMatchObject({ 'job-id': first.outputs['job-id'], created: 'false' })
      expect(w.creations()).toBe(1)
      expect(w.messages()).toBe(1)
      const open = w.openDashboards()
      expect(open).toHaveLength(1)
      expect(open[0]?.user).toEqual({ login: BOT, type: 'Bot' })
      expect(markerValues('branch', open[0]?.body)).toEqual([
        expect.objectContaining({ job: first.outputs['job-id'], by: BOT })
      ])
      for (const run of [first, second]) {
        expect(branchWarnings(run)).toEqual([])
        expect(errors(run)).toEqual([])
      }
      expect(first.stdout).toContain(
        `Believing records written by ${BOT}, the account github-token writes as (from its write).`
      )
      expect(second.stdout).toContain(
        `Believing records written by ${BOT}, the account github-token writes as (from its records).`
      )
    }
  )

  it.concurrent(
    "costs one more write on the first run only (the record names the guess, then the App's bot), and lists the open issues unfiltered while the account is not known",
    async () => {
      const app = await branchPushes()
      const workflow = await workflowPushes()
      const issues = `/repos/${BRANCH_REPO}/issues`
      const writes = (calls: string[]) =>
        calls.filter((call) => call === `POST ${issues}` || call === `PATCH ${issues}/N`)

      // The workflow's token: GitHub says whose it is, and the record names it from the start.
      const [opened, ...later] = writes(workflow.firstCalls)
      expect(opened).toBe(`POST ${issues}`)
      expect(writes(app.firstCalls)).toEqual([opened, `PATCH ${issues}/N`, ...later])
      expect(writes(app.secondCalls)).toEqual(writes(workflow.secondCalls))
      // As many calls otherwise; the listing is of every open issue instead of the bot's.
      expect(app.firstCalls).toHaveLength(workflow.firstCalls.length + 1)
      expect(app.secondCalls).toHaveLength(workflow.secondCalls.length)
      const listing = (w: typeof app) =>
        w.w.github.requests.filter((r) => r.method === 'GET' && r.path === issues).at(-1)?.query
      expect(listing(workflow)).toMatchObject({ creator: 'github-actions[bot]', state: 'open' })
      expect(listing(app)?.creator).toBeUndefined()
      expect(listing(app)).toMatchObject({ state: 'open' })
    }
  )
})

// Two pushes to a pull request with the installation's token, after a person pasted a record
// claiming the App's bot (naming a real job of the project).
const pullPushes = startedWithFile(async () => {
  const sim = await freshSimulation()
  const pasted = await jobCreatedThroughApi(sim.agent, 'A job someone else started')
  const claim = { project: 'proj-test', job: pasted, run: '1', attempt: 1, followUps: 0, by: BOT }
  sim.github.addComment(REPO, PR, `${markerLine('pr', claim)}\nLooks like the bot's`, 'mallory')
  const first = await sim.run('Document the widget API', app)
  const second = await sim.run('Second push', app)
  return { sim, pasted, first, second }
})

describe('an App installation token on a pull request', () => {
  it.concurrent(
    "keeps one job and one comment over two pushes, its record naming the App's bot",
    async () => {
      const { sim, first, second } = await pullPushes()

      const ours = sim.agent.jobIds()[1]
      expect([first.exitCode, second.exitCode]).toEqual([0, 0])
      expect(first.outputs).toMatchObject({ 'job-id': ours, created: 'true' })
      expect(second.outputs).toMatchObject({ 'job-id': ours, created: 'false' })
      expect(sim.agent.jobIds()).toHaveLength(2)
      expect(sim.messages()).toEqual(['Second push'])
      const bots = sim.comments().filter((c) => c.user.login === BOT)
      expect(bots).toHaveLength(1)
      expect(recorded(bots[0]?.body)).toMatchObject({ job: ours, by: BOT, followUps: 1 })
      for (const run of [first, second]) {
        expect(lines(run, 'warning')).toEqual([])
        expect(lines(run, 'error')).toEqual([])
      }
    }
  )

  it.concurrent(
    "does not believe a person's comment whose record claims the App's bot",
    async () => {
      const { sim, pasted, first } = await pullPushes()

      expect(first.outputs['job-id']).not.toBe(pasted)
      expect(sim.agent.requests.filter((r) => r.path.includes(pasted))).toEqual([])
      // The pasted comment is left as it was.
      expect(sim.comments()[0]?.user.login).toBe('mallory')
      expect(recorded(sim.comments()[0]?.body)?.job).toBe(pasted)
    }
  )
})

describe('records by two bots, each naming itself', () => {
  it.concurrent(
    'send nothing: the run fails with one line naming both and what to do',
    async () => {
      const sim = await freshSimulation()
      const theirs = await jobCreatedThroughApi(sim.agent, 'The workflow bot job')
      const ours = await jobCreatedThroughApi(sim.agent, 'The App job')
      const value = (job: string, by: string) =>
        markerLine('pr', { project: 'proj-test', job, run: '1', attempt: 1, followUps: 0, by })
      const older = sim.github.addComment(
        REPO,
        PR,
        `${value(theirs, 'github-actions[bot]')}\nolder`,
        'github-actions[bot]'
      )
      const newer = sim.github.addComment(REPO, PR, `${value(ours, BOT)}\nnewer`, BOT)
      const posts = sim.agent.requests.filter((r) => r.method === 'POST').length
      const comments = sim.comments().map((c) => c.body)

      const run = await sim.run('Document it', app)

      expect(run.exitCode).not.toBe(0)
      expect(lines(run, 'error')).toEqual([
        `::error::Cannot tell which account github-token writes as: GitHub would not say, and the docs agent's records here were written by github-actions[bot] (comment ${older.id}) and ${BOT} (comment ${newer.id}), so nothing was sent to the agent. Delete the comment or close the issue that the other account wrote (an earlier token's), keeping the one github-token's account wrote, then run the workflow again.`
      ])
      expect(sim.agent.requests.filter((r) => r.method === 'POST')).toHaveLength(posts)
      expect(sim.comments().map((c) => c.body)).toEqual(comments)
    }
  )
})

describe('dashboards of the same branch by two bots, each naming itself', () => {
  it.concurrent(
    'send nothing: the run fails with one line naming both issues and what to do',
    async () => {
      const w = await freshWorld()
      await w.push(['Add the users endpoint'])
      const [ours] = w.openDashboards()
      if (!ours) throw new Error('no dashboard')
      // The same record in an issue the workflow's bot opened (an earlier token's), naming it.
      const [value] = markerValues('branch', ours.body) as Record<string, unknown>[]
      const theirs = w.github.addIssue(BRANCH_REPO, {
        title: 'Docs agent: main (proj-test)',
        body: markerLine('branch', { ...value, by: 'github-actions[bot]' }),
        labels: ['docs-agent'],
        login: 'github-actions[bot]'
      })
      const posts = w.agent.requests.filter((r) => r.method === 'POST').length

      const run = await w.push(['Add its tests'])

      expect(run.exitCode).not.toBe(0)
      expect(errors(run)).toEqual([
        `::error::Cannot tell which account github-token writes as: GitHub would not say, and the docs agent's records here were written by github-actions[bot] (issue #${theirs.number}) and ${BOT} (issue #${ours.number}), so nothing was sent to the agent. Delete the comment or close the issue that the other account wrote (an earlier token's), keeping the one github-token's account wrote, then run the workflow again.`
      ])
      expect(w.agent.requests.filter((r) => r.method === 'POST')).toHaveLength(posts)
      expect(w.openDashboards()).toHaveLength(1)
    }
  )
})

describe('an App installation token that may not open the dashboard', () => {
  it.concurrent(
    'says once, besides the refused issue, that the account cannot be told yet, and still creates the job',
    async () => {
      const w = await freshWorld()
      w.github.deny({ method: 'POST', path: /\/issues$/, status: 403 })

      const run = await w.push(['Add the users endpoint'])

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ created: 'true' })
      expect(w.creations()).toBe(1)
      expect(branchWarnings(run)).toEqual([
        expect.stringMatching(
          /^::warning::dashboard: could not open the dashboard issue in acme\/app \(the GitHub API answered 403\)/
        ),
        "::warning::Cannot tell which account github-token writes as: GitHub would not say (GraphQL viewer), no record of the docs agent's names it, and this run could not write one. The first record a run writes teaches it; until then each run works on its own."
      ])
    }
  )
})
