// `npm run demo`: the quick start's whole story, with no account and no network. Both
// services are local stand-ins (the Agent Jobs API and GitHub's REST API, on 127.0.0.1,
// keeping their state between runs as the services do), and every workflow run is the
// bundled action run as the runner runs it: the recipe's inputs, the runner's GITHUB_*
// variables and the event's payload.
//
// 1. The branch companion (examples/docs-per-push.yml): pushes to main feed one docs
//    job, recorded in the branch's dashboard issue; each run tells the agent only the
//    commits that are new, and a scheduled run with nothing new sends nothing.
// 2. The pull request companion (examples/docs-per-pull-request.yml and
//    examples/comment-commands.yml): one docs job for a code pull request, recorded in
//    the action's comment on it, a `/docs …` command from a reviewer, and the merge.
// 3. Both together: the merge commit is pushed to main, and the branch companion does
//    not tell its job that change again: it was documented with its pull request.
//
// Each run is one entry in STEPS: what happens on GitHub, and the workflow run it starts.

import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setRole } from '../test/support/github-routes/commands.ts'
import { pullRequestWorld, seedPull } from '../test/support/github-routes/pull-requests.ts'
import {
  startGitHubStandIn,
  type GitHubStandIn,
  type StoredCommit
} from '../test/support/github-stand-in.ts'
import { runAction, type ActionRun } from '../test/support/run-action.ts'
import { startStandIn, type StandIn } from '../test/support/stand-in.ts'
import { asRead } from './as-read.ts'
import {
  changedOutputs,
  logPrinter,
  print,
  printAgentRequests,
  printOutputs,
  rule
} from './show.ts'

const REPO = 'acme/app'
const MAIN = 'main'
const KEY = 'mint_demo_key'
const PROJECT = 'demo-project'
const TOKEN = 'ghs_demo_token'
/** How long the stand-in's agent works on each prompt: the story runs in seconds. */
const JOB_MS = 400

/** A workflow of the repository, from a recipe in examples/, with its step's inputs. */
interface Workflow {
  name: string
  recipe: string
  /** Where the repository keeps it (the branch's record is kept per workflow file). */
  file: string
  /** The step's `with:` as the recipe writes it, secrets and variables aside. */
  with: Record<string, string>
}

const BRANCH_DOCS: Workflow = {
  name: 'Update docs',
  recipe: 'examples/docs-per-push.yml',
  file: '.github/workflows/docs.yml',
  with: {
    prompt:
      'Update the documentation for the code changes described by the commits listed below. Change only pages that these commits make out of date.'
  }
}
const PULL_REQUEST_DOCS: Workflow = {
  name: 'Docs for pull requests',
  recipe: 'examples/docs-per-pull-request.yml',
  file: '.github/workflows/docs-pull-requests.yml',
  with: {
    prompt: 'Update the documentation for the changes in this pull request.',
    'include-context': 'true',
    'pr-comment': 'true',
    'reuse-job': 'true',
    timeout: '30m',
    'docs-pr-on-close': 'close',
    // The recipe's secret; here the run's token, which the stand-in lets reach acme/docs.
    'docs-token': TOKEN
  }
}
const DOCS_COMMANDS: Workflow = {
  name: 'Docs commands',
  recipe: 'examples/comment-commands.yml',
  file: '.github/workflows/docs-commands.yml',
  with: {
    prompt: 'Keep changes small and in the style of the existing pages.',
    'include-context': 'true',
    'pr-comment': 'true',
    timeout: '30m'
  }
}

/** A workflow run as GitHub starts it: the event, its payload and the runner's variables. */
interface WorkflowRun {
  /** One line: the event, the branch or pull request, what happened. */
  line: string
  /** Said under the event, when the run is not one the recipe would start. */
  note?: string
  workflow: Workflow
  event: string
  payload: Record<string, unknown>
  ref: string
  sha: string
}

/** One step of the story: what happens on GitHub, and the workflow run it starts. */
interface Step {
  part: string
  happen(world: World): WorkflowRun
}

const BRANCH_PART = 'Part 1: one docs job for the branch main'
const PULL_PART = 'Part 2: one docs job for a code pull request'
const BOTH_PART = 'Part 3: both companions, one change: the merge reaches main'

/** The code pull request of part 2. */
const PULL = { title: 'Add the widget API', author: 'carol', branch: 'feature/widgets' }
const REVIEWER = 'alice'

const STEPS: Step[] = [
  pushToMain([
    { title: 'Add the users endpoint', author: 'alice' },
    { title: 'Page the users list', author: 'bob' }
  ]),
  pushToMain([{ title: 'Rename the limit parameter to page_size', author: 'alice' }]),
  pushToMain([
    { title: 'Add the orders endpoint', author: 'bob' },
    { title: 'Deprecate the v1 users endpoint', author: 'alice' }
  ]),
  weeklyRun(),
  pullRequestOpened(['Add the widget API'], ['src/widgets.ts', 'src/routes.ts']),
  pullRequestPushedTo(['Validate widget names'], ['src/validate.ts']),
  commandFrom(REVIEWER, '/docs also document the error codes the widget endpoints return'),
  pullRequestMerged(),
  mergeReachesMain()
]

/** What the steps share: GitHub, the head of main, the code pull request. */
interface World {
  github: GitHubStandIn
  head: string
  pull: { number: number; head: string; commits: number; files: string[] }
}

interface Change {
  title: string
  author: string
}

const REPOSITORY = { name: 'app', full_name: REPO, owner: { login: 'acme' } }
const user = (login: string) => ({ login, type: 'User' })
const plural = (count: number, word: string): string =>
  `${String(count)} ${word}${count === 1 ? '' : 's'}`
const and = (items: string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`

/** The repository's next number: issues and pull requests share one sequence, as on GitHub. */
function nextNumber(world: World): number {
  const pulls = [...pullRequestWorld(world.github.state).pulls.keys()]
    .filter((id) => id.startsWith(`${REPO}#`))
    .map((id) => Number(id.slice(REPO.length + 1)))
  const issues = world.github.issues(REPO).map((issue) => issue.number)
  return Math.max(0, ...pulls, ...issues) + 1
}

/** Pull requests merged into main, one commit each, pushed together. */
function pushToMain(changes: Change[]): Step {
  return {
    part: BRANCH_PART,
    happen(world) {
      const first = nextNumber(world)
      const before = world.head
      const pushed = world.github.pushCommits(
        REPO,
        MAIN,
        changes.map(({ title, author }, i) => ({
          message: title,
          author,
          pull: { number: first + i, title, author }
        }))
      )
      world.head = pushed.at(-1)?.sha ?? world.head
      const merged = changes.map(
        ({ title, author }, i) => `#${String(first + i)} "${title}" by @${author}`
      )
      return pushRun(
        world,
        `push to ${MAIN}: ${plural(pushed.length, 'commit')}, from the merged pull request${changes.length === 1 ? '' : 's'} ${and(merged)}`,
        before,
        pushed
      )
    }
  }
}

/** The branch recipe's workflow run for a push to main, from `before` to the head. */
function pushRun(world: World, line: string, before: string, pushed: StoredCommit[]): WorkflowRun {
  return {
    line,
    workflow: BRANCH_DOCS,
    event: 'push',
    ref: `refs/heads/${MAIN}`,
    sha: world.head,
    payload: {
      ref: `refs/heads/${MAIN}`,
      before,
      after: world.head,
      commits: pushed.map((commit) => ({
        id: commit.sha,
        message: commit.message,
        author: { name: commit.authorName, username: commit.author?.login }
      })),
      repository: REPOSITORY
    }
  }
}

/** The workflow's weekly schedule, with nothing pushed since the last run. */
function weeklyRun(): Step {
  return {
    part: BRANCH_PART,
    happen: (world) => ({
      line: `schedule on ${MAIN}: the weekly run (cron '0 6 * * 1'); nothing was pushed since the last run`,
      workflow: BRANCH_DOCS,
      event: 'schedule',
      ref: `refs/heads/${MAIN}`,
      sha: world.head,
      payload: { schedule: '0 6 * * 1' }
    })
  }
}

/** Commits on the pull request's branch, and the files it changes now. */
function pushToPullRequest(world: World, messages: string[], files: string[]): void {
  const pushed = world.github.pushCommits(
    REPO,
    PULL.branch,
    messages.map((message) => ({ message, author: PULL.author }))
  )
  world.pull.head = pushed.at(-1)?.sha ?? world.pull.head
  world.pull.commits += pushed.length
  world.pull.files.push(...files)
  world.github.setPullFiles(
    REPO,
    world.pull.number,
    world.pull.files.map((filename) => ({ filename, status: 'added' }))
  )
  pullOnGitHub(world, { state: 'open', merged: false })
}

/** The code pull request as GitHub's API shows it. */
function pullOnGitHub(world: World, fields: { state: 'open' | 'closed'; merged: boolean }): void {
  seedPull(world.github.state, REPO, world.pull.number, {
    title: PULL.title,
    user: user(PULL.author),
    head: { ref: PULL.branch, sha: world.pull.head },
    ...fields
  })
}

/** A pull_request event's payload for the code pull request. */
function pullRequestEvent(
  world: World,
  action: string,
  fields: Record<string, unknown> = {}
): Record<string, unknown> {
  const { number, head } = world.pull
  return {
    action,
    number,
    pull_request: {
      number,
      title: PULL.title,
      html_url: `https://github.com/${REPO}/pull/${String(number)}`,
      user: user(PULL.author),
      state: 'open',
      changed_files: world.pull.files.length,
      head: { ref: PULL.branch, sha: head },
      base: { ref: MAIN, sha: world.head },
      ...fields
    },
    repository: REPOSITORY
  }
}

/** The commit a pull_request run is for: the pull request's (test) merge into main. */
const mergeCommit = (world: World): string =>
  createHash('sha1').update(`merge ${world.pull.head} into ${world.head}`).digest('hex')

/** The workflow run of a pull_request event: on the merge ref, its merge commit. */
function pullRequestRun(world: World, line: string, payload: Record<string, unknown>): WorkflowRun {
  return {
    line,
    workflow: PULL_REQUEST_DOCS,
    event: 'pull_request',
    payload,
    ref: `refs/pull/${String(world.pull.number)}/merge`,
    sha: mergeCommit(world)
  }
}

function pullRequestOpened(messages: string[], files: string[]): Step {
  return {
    part: PULL_PART,
    happen(world) {
      world.pull.number = nextNumber(world)
      pushToPullRequest(world, messages, files)
      const { number, commits } = world.pull
      return pullRequestRun(
        world,
        `pull_request opened: #${String(number)} "${PULL.title}" by @${PULL.author} (${PULL.branch} into ${MAIN}: ${plural(commits, 'commit')}, ${plural(files.length, 'changed file')})`,
        pullRequestEvent(world, 'opened')
      )
    }
  }
}

function pullRequestPushedTo(messages: string[], files: string[]): Step {
  return {
    part: PULL_PART,
    happen(world) {
      const before = world.pull.head
      pushToPullRequest(world, messages, files)
      return pullRequestRun(
        world,
        `pull_request synchronize: #${String(world.pull.number)}, @${PULL.author} pushed ${plural(messages.length, 'commit')} (${and(messages.map((m) => `"${m}"`))}) to ${PULL.branch}`,
        { ...pullRequestEvent(world, 'synchronize'), before, after: world.pull.head }
      )
    }
  }
}

/** A reviewer with write permission comments on the pull request. */
function commandFrom(login: string, body: string): Step {
  return {
    part: PULL_PART,
    happen(world) {
      const { number } = world.pull
      setRole(world.github.state, REPO, login, 'write')
      const comment = world.github.addComment(REPO, number, body, login)
      const url = `https://github.com/${REPO}/pull/${String(number)}`
      return {
        line: `issue_comment created: @${login} (write permission) commented on #${String(number)}: "${body}"`,
        workflow: DOCS_COMMANDS,
        event: 'issue_comment',
        // Comment events run on the default branch.
        ref: `refs/heads/${MAIN}`,
        sha: world.head,
        payload: {
          action: 'created',
          issue: {
            number,
            title: PULL.title,
            html_url: url,
            user: user(PULL.author),
            pull_request: { url: `https://api.github.com/repos/${REPO}/pulls/${String(number)}` }
          },
          comment: {
            id: comment.id,
            body,
            html_url: `${url}#issuecomment-${String(comment.id)}`,
            user: user(login),
            author_association: 'MEMBER'
          },
          repository: REPOSITORY
        }
      }
    }
  }
}

/** The reviewer merges the pull request. */
function pullRequestMerged(): Step {
  return {
    part: PULL_PART,
    happen(world) {
      pullOnGitHub(world, { state: 'closed', merged: true })
      return pullRequestRun(
        world,
        `pull_request closed: #${String(world.pull.number)} merged into ${MAIN} by @${REVIEWER}`,
        pullRequestEvent(world, 'closed', {
          state: 'closed',
          merged: true,
          merged_at: new Date().toISOString(),
          merged_by: user(REVIEWER),
          merge_commit_sha: mergeCommit(world)
        })
      )
    }
  }
}

/** The code pull request's merge commit reaches main: the branch recipe's run for it. */
function mergeReachesMain(): Step {
  return {
    part: BOTH_PART,
    happen(world) {
      const { number } = world.pull
      const before = world.head
      // The commit the merged run named (merge_commit_sha), squashed onto main.
      const pushed = world.github.pushCommits(REPO, MAIN, [
        {
          sha: mergeCommit(world),
          message: `${PULL.title} (#${String(number)})`,
          author: PULL.author,
          pull: { number }
        }
      ])
      world.head = pushed.at(-1)?.sha ?? world.head
      return pushRun(
        world,
        `push to ${MAIN}: 1 commit, the merge of #${String(number)} "${PULL.title}" by @${PULL.author}, which has its own docs job`,
        before,
        pushed
      )
    }
  }
}

/** The docs pull requests the agent opened, on GitHub as its app opened them. */
function openDocsPullRequests(agent: StandIn, github: GitHubStandIn): void {
  for (const id of agent.jobIds()) {
    const link = agent.job(id)?.prLink
    const number =
      typeof link === 'string' ? /\/acme\/docs\/pull\/(\d+)$/.exec(link)?.[1] : undefined
    if (number && !pullRequestWorld(github.state).pulls.has(`acme/docs#${number}`)) {
      seedPull(github.state, 'acme/docs', Number(number), { title: 'Docs from the agent' })
    }
  }
}

/** What one run did, for the tally at the end. */
interface Ran {
  workflow: Workflow
  target: string
  creations: number
  messages: number
  skipped: boolean
}

/** Runs the story; resolves to the demo's exit code. */
export async function story(): Promise<number> {
  const agent = await startStandIn({ apiKey: KEY, projects: [PROJECT], jobDurationMs: JOB_MS })
  const github = await startGitHubStandIn({ token: TOKEN })
  const dir = mkdtempSync(join(tmpdir(), 'docs-demo-'))
  const failures: string[] = []
  try {
    const world: World = { github, head: '', pull: { number: 0, head: '', commits: 0, files: [] } }
    // The repository before the workflows: one commit on main.
    world.head =
      github.pushCommits(REPO, MAIN, [{ message: 'Initial commit', author: 'alice' }]).at(-1)
        ?.sha ?? ''
    introduce(agent, github)

    const ran: Ran[] = []
    let previous: Record<string, string> = {}
    let part = ''
    for (const [index, step] of STEPS.entries()) {
      if (step.part !== part) rule((part = step.part), '═')
      openDocsPullRequests(agent, github)
      const happened = step.happen(world)
      rule(`Run ${String(index + 1)} of ${String(STEPS.length)}: ${happened.workflow.name}`)
      print(`Event: ${happened.line}`, 1)
      if (happened.note) print(`Note: ${happened.note}`, 1)
      print('Log, as GitHub shows it:', 1)
      const from = agent.requests.length
      const log = logPrinter(2)
      let run: ActionRun
      try {
        run = await runWorkflow(agent, github, happened, 7000 + index, dir, (text) =>
          log.write(text)
        )
      } catch (error) {
        // A payload GitHub would not send (checked against its webhook schemas).
        failures.push(error instanceof Error ? error.message : String(error))
        break
      }
      log.end()
      const requests = agent.requests.slice(from)
      print('What the Agent Jobs API received:', 1)
      printAgentRequests(requests, 2)
      print(`Outputs that changed since the previous run (exit code ${String(run.exitCode)}):`, 1)
      printOutputs(changedOutputs(previous, run.outputs), 2)
      previous = run.outputs
      if (run.exitCode !== 0)
        failures.push(
          `Run ${String(index + 1)} (${happened.line}) ended with exit code ${String(run.exitCode)}.`
        )
      ran.push({
        workflow: happened.workflow,
        target: happened.workflow === BRANCH_DOCS ? MAIN : `#${String(world.pull.number)}`,
        creations: requests.filter((r) => r.method === 'POST' && r.path.endsWith('/job')).length,
        messages: requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message')).length,
        skipped: run.outputs.skipped === 'true'
      })
    }
    onGitHub(world)
    tally(ran)
  } finally {
    await agent.close()
    await github.close()
    rmSync(dir, { recursive: true, force: true })
  }
  // The demo is held to both services' contracts like the tests (test/support/contracts.ts).
  const violations = [...agent.violations, ...github.violations]
  if (violations.length > 0) {
    rule('Outside the contracts of the Agent Jobs API and GitHub', '═')
    for (const line of violations.flatMap((v) => v.split('\n'))) print(line, 1)
  }
  if (failures.length > 0) {
    rule('Failed', '═')
    for (const line of failures.flatMap((f) => f.split('\n'))) print(line, 1)
  }
  return violations.length + failures.length > 0 ? 1 : 0
}

function introduce(agent: StandIn, github: GitHubStandIn): void {
  rule('The services, local stand-ins on 127.0.0.1', '═')
  print(
    `Agent Jobs API  ${agent.url}  (project ${PROJECT}; the agent takes ${String(JOB_MS)}ms a prompt)`,
    1
  )
  print(`GitHub API      ${github.apiUrl}  (the repository ${REPO}; the docs live in acme/docs)`, 1)
  print()
  print("The repository's workflows, each step with its recipe's inputs:", 1)
  for (const workflow of [BRANCH_DOCS, PULL_REQUEST_DOCS, DOCS_COMMANDS]) {
    print(`${workflow.name} (${workflow.recipe}, as ${workflow.file})`, 2)
    for (const [name, value] of Object.entries(workflow.with)) print(`${name}: ${value}`, 3)
  }
  print(
    'Every step also gets api-key and project-id (the secret and the variable), github-token',
    1
  )
  print(
    "(the run's token), and, to run in seconds: base-url, poll-interval 100ms, max-poll-interval 200ms.",
    1
  )
}

/** Runs the action for one workflow run, as the runner would. */
function runWorkflow(
  agent: StandIn,
  github: GitHubStandIn,
  run: WorkflowRun,
  runId: number,
  dir: string,
  onStdout: (text: string) => void
): Promise<ActionRun> {
  const payloadFile = join(dir, `${run.event}-${String(runId)}.json`)
  writeFileSync(payloadFile, JSON.stringify(run.payload))
  return runAction({
    inputs: {
      'api-key': KEY,
      'project-id': PROJECT,
      // The runner's default for the input: the run's GITHUB_TOKEN.
      'github-token': TOKEN,
      ...run.workflow.with,
      'base-url': agent.url,
      'poll-interval': '100ms',
      'max-poll-interval': '200ms'
    },
    env: {
      GITHUB_EVENT_NAME: run.event,
      GITHUB_EVENT_PATH: payloadFile,
      GITHUB_REPOSITORY: REPO,
      GITHUB_REF: run.ref,
      GITHUB_SHA: run.sha,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: github.apiUrl,
      GITHUB_RUN_ID: String(runId),
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_WORKFLOW: run.workflow.name,
      GITHUB_WORKFLOW_REF: `${REPO}/${run.workflow.file}@${run.ref}`,
      GITHUB_JOB: 'docs',
      GITHUB_ACTION: 'docs'
    },
    onStdout
  })
}

/** The branch's dashboard issue and the pull request's comment, as a reader sees them. */
function onGitHub(world: World): void {
  const bot = 'github-actions[bot]'
  rule('On GitHub, as a reader sees it', '═')
  const dashboards = world.github
    .issues(REPO)
    .filter((issue) => issue.user.login === bot && /mintlify-agent:branch/.test(issue.body ?? ''))
  for (const issue of dashboards) {
    rule(
      `Dashboard issue #${String(issue.number)} "${issue.title}" (${issue.state}; labels: ${issue.labels.join(', ') || 'none'})`
    )
    for (const line of asRead(issue.body ?? '')) print(line, 1)
  }
  if (world.pull.number === 0) return
  const comments = world.github
    .comments(REPO, world.pull.number)
    .filter((comment) => comment.user.login === bot && /mintlify-agent:pr /.test(comment.body))
  for (const comment of comments) {
    rule(`The action's comment on pull request #${String(world.pull.number)} "${PULL.title}"`)
    for (const line of asRead(comment.body)) print(line, 1)
  }
}

/** What each branch and pull request cost: jobs created, follow-ups, runs that sent nothing. */
function tally(ran: Ran[]): void {
  rule('In all', '═')
  for (const target of [...new Set(ran.map((r) => r.target))]) {
    const runs = ran.filter((r) => r.target === target)
    const sum = (count: (r: Ran) => number): number => runs.reduce((n, r) => n + count(r), 0)
    const quiet = runs.filter((r) => r.skipped).length
    const workflows = [...new Set(runs.map((r) => r.workflow.name))].join(', ')
    print(
      `${target} (${workflows}): ${plural(runs.length, 'run')}, ${plural(
        sum((r) => r.creations),
        'job'
      )} created, ${plural(
        sum((r) => r.messages),
        'follow-up'
      )}, ${plural(quiet, 'run')} that sent nothing`,
      1
    )
  }
}
