// One branch's world for the model test: a repository of its own on the GitHub stand-in
// the file shares, an Agent Jobs stand-in of its own, and the action's runs against them:
// in this process, one at a time (fast), or as bundled processes side by side (a race).
// Every prompt that reached a job is recorded with the commits it told and the run that
// sent it. With `docsHere`, the docs live in the same repository (both companions on one
// repository): each job's docs pull request is opened there, by the agent's account, as
// the job is created.

import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkEventPayload, completeEventPayload, contractRecord } from '../support/contracts.js'
import { GITHUB_TOKEN, inputs, runnerEnv } from '../support/fixtures.js'
import type { GitHubStandIn, StoredCommit, StoredIssue } from '../support/github-stand-in.js'
import {
  pullRequestWorld,
  seedPull,
  type StoredPull
} from '../support/github-routes/pull-requests.js'
import { runInProcess } from '../support/in-process.js'
import { parseOutputFile, runAction } from '../support/run-action.js'
import { planFromPrompt, startStandIn, type StandIn } from '../support/stand-in.js'

export const BRANCH = 'main'
export const WORKFLOW_PROMPT = 'Update the docs.'
/** The record key: the workflow's name, as runnerEnv names it. */
export const RECORD_KEY = 'Docs'
export const ACTOR = 'github-actions[bot]'

/** The workflow of the pull request recipe, and the one of comment commands. */
export const PULL_WORKFLOW = 'Docs for pull requests'
export const COMMAND_WORKFLOW = 'Docs commands'
export const PULL_PROMPT = 'Update the documentation for the changes in this pull request.'
/**
 * A second workflow of the repository: on the branch it shares the first one's record
 * (`record-key`, as docs/branches.md says to share one job); on pull requests, the record
 * is the project's whatever the workflow.
 */
export const SECOND_BRANCH_WORKFLOW = 'Docs nightly'
export const SECOND_PULL_WORKFLOW = 'Docs review'
/** A GitHub App's installation token (a random half of the lives, or MODEL_APP_TOKEN=1), and the bot it writes as. */
export const APP_TOKEN = 'ghs_model_app_token'
export const APP_BOT = 'docs-helper[bot]'
/** The account the docs agent writes as (its docs pull requests and commits). */
export const AGENT = 'mintlify[bot]'

export type BranchEvent = 'push' | 'schedule' | 'workflow_dispatch'
/** A run of the pull request recipe, or a comment command on a pull request. */
export type PullEvent = 'pull_request' | 'issue_comment'

/** A workflow run as the runner starts it: its id, attempt, event, head and payload. */
export interface RunSpec {
  runId: string
  attempt: number
  event: BranchEvent | PullEvent
  sha: string
  payload: Record<string, unknown>
  /** The pull request a pull_request or issue_comment run is for. */
  pull?: number
  /** A run of the repository's second workflow (see SECOND_BRANCH_WORKFLOW). */
  second?: boolean
  /** The step's `timeout` input, when not the model's 20 s (a run that should not wait long). */
  timeout?: string
}

export const isBranchRun = (spec: RunSpec): boolean => spec.pull === undefined

export interface RunResult {
  spec: RunSpec
  exitCode: number
  stdout: string
  outputs: Record<string, string>
  /** What escaped run() (the entry would report it as an unexpected error). */
  threw?: string
}

/** A prompt that reached a job, and the commits it told (by sha). */
export interface Delivery {
  jobId: string
  kind: 'create' | 'message'
  prompt: string
  shas: string[]
  /** The model's step during which it arrived. */
  step: number
  /** The in-process run that sent it (none for runs side by side). */
  by?: RunSpec
}

/** The branch's record as the marker line in a dashboard issue says it. */
export interface SeenRecord {
  projectId: string
  branch: string
  key: string
  job: string
  base?: string
  told: Array<{ id: string; shas: string[] }>
  ended: Array<{ id: string; why: string }>
  run: string
  attempt: number
}

export interface Dashboard {
  issue: StoredIssue
  record: SeenRecord
}

/** The record in a dashboard's body, read the way a person would decode the marker. */
export function recordIn(body: string | null): SeenRecord | undefined {
  for (const line of (body ?? '').split('\n')) {
    const match = /^<!-- mintlify-agent:branch ([A-Za-z0-9_-]+) -->$/.exec(line)
    if (!match) continue
    try {
      return JSON.parse(Buffer.from(match[1] ?? '', 'base64url').toString('utf8')) as SeenRecord
    } catch {
      return undefined
    }
  }
  return undefined
}

/** The commits a prompt lists, by the unique subject each commit of the model carries. */
export function subjectsIn(prompt: string): { subjects: string[]; truncated: boolean } {
  const lines = prompt.split('\n')
  const begin = lines.findIndex((line) => line.startsWith('===== BEGIN commits'))
  const end = lines.findIndex((line) => line.startsWith('===== END commits'))
  if (begin < 0 || end < begin) return { subjects: [], truncated: false }
  const body = lines.slice(begin + 1, end)
  const subjects = body
    .map((line) => /^- [0-9a-f]{7} (\S+)/.exec(line)?.[1])
    .filter((subject) => subject !== undefined)
  return { subjects, truncated: body.some((line) => /earlier commits? not listed/.test(line)) }
}

let worlds = 0

/** A made-up commit id, the same for the same text. */
const shaOf = (text: string): string => createHash('sha1').update(text).digest('hex')

/** How far back the first scheduled or manual run on a branch looks (branch-commits.ts says 7 days). */
export const WINDOW_MS = 7 * 24 * 60 * 60 * 1000

export interface WorldOptions {
  /**
   * `old`: the branch's first commit is 30 days old, so a first scheduled run's window
   * starts after it; `new`: the whole branch is inside the window (a new repository).
   */
  history: 'old' | 'new'
  /** The docs in this repository: the agent's docs pull requests are opened here. */
  docsHere?: boolean
  /**
   * github-token is a GitHub App's installation token: GraphQL's viewer refuses it, and its
   * writes are the App's bot's (a random half of the lives; MODEL_APP_TOKEN forces it).
   */
  app?: boolean
}

/**
 * Where the numbers of a model repository's issues and people's pull requests start: past
 * the agent's docs pull requests (the Agent Jobs stand-in numbers them from 100).
 */
const FIRST_NUMBER = 1000

export class World {
  readonly repository: string
  readonly docsRepository: string
  /** The branch's commits, oldest first (the first was there before any run). */
  readonly commits: StoredCommit[] = []
  readonly deliveries: Delivery[] = []
  /** The model's step, stamped on each delivery. */
  step = 0
  private readonly bySubject = new Map<string, StoredCommit>()
  private readonly dir = mkdtempSync(join(tmpdir(), 'branch-model-'))
  private creations = 0
  private readonly creationIndex: Delivery[] = []
  private nextCommit = 0
  private readonly seededPulls = new Set<number>()
  /** docsHere: each creation's docs pull request, as the agent opened it (by creation index). */
  private readonly opened: number[] = []
  /** The in-process run going on. */
  private running: RunSpec | undefined
  private heads = 0
  /** The runs' github-token, and the account its writes are by. */
  readonly token: string
  readonly writer: string
  private readonly lifts: Array<() => void> = []

  private constructor(
    readonly github: GitHubStandIn,
    readonly agent: StandIn,
    readonly id: number,
    readonly docsHere: boolean,
    app: boolean
  ) {
    this.repository = `acme/model-${id}`
    this.docsRepository = docsHere ? this.repository : `acme/docs-${id}`
    this.token = app ? APP_TOKEN : GITHUB_TOKEN
    this.writer = app ? APP_BOT : ACTOR
  }

  static async start(
    github: GitHubStandIn,
    options: WorldOptions = { history: 'old' }
  ): Promise<World> {
    const id = ++worlds
    const made: { world?: World } = {}
    const docsHere = options.docsHere === true
    const agent = await startStandIn({
      prBase: `https://github.com/acme/${docsHere ? 'model' : 'docs'}-${id}/pull`,
      // Every prompt that reaches a job passes here, synchronously after its request was
      // recorded: the request is the last one. A creation's job is the next id made.
      plan: (prompt) => {
        if (prompt !== '') made.world?.delivered(prompt)
        return planFromPrompt(prompt, 0)
      }
    })
    const world = new World(github, agent, id, docsHere, options.app === true)
    made.world = world
    // A pull request from long ago: GitHub numbers issues and pull requests after it, past
    // the agent's docs pull requests.
    if (docsHere) {
      seedPull(github.state, world.repository, FIRST_NUMBER, {
        state: 'closed',
        user: { login: 'dev', type: 'User' }
      })
    }
    const old = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString()
    world.push(1, [], options.history === 'old' ? old : undefined)
    return world
  }

  private delivered(prompt: string): void {
    const request = this.agent.requests.at(-1)
    const message = /\/job\/([^/]+)\/message$/.exec(request?.path ?? '')
    const { subjects, truncated } = subjectsIn(prompt)
    if (truncated) throw new Error('The model keeps every prompt under 100 commits.')
    const shas = subjects.map((subject) => {
      const commit = this.bySubject.get(subject)
      if (!commit) throw new Error(`A prompt names a commit the model did not push: ${subject}`)
      return commit.sha
    })
    const delivery: Delivery = {
      jobId: message ? decodeURIComponent(message[1] ?? '') : '',
      kind: message ? 'message' : 'create',
      prompt,
      shas,
      step: this.step,
      ...(this.running ? { by: this.running } : {})
    }
    if (!message) {
      // The stand-in's jobs complete at once and open their docs pull request, numbered
      // from 100 in the order of creation; here the agent opens it as the job starts.
      if (this.docsHere) this.openDocsPull(100 + this.creations)
      this.creationIndex[this.creations++] = delivery
    }
    this.deliveries.push(delivery)
  }

  /** docsHere: the agent opens its docs pull request in this repository. */
  private openDocsPull(number: number): void {
    seedPull(this.github.state, this.repository, number, {
      title: `Docs update ${number}`,
      user: { login: AGENT, type: 'Bot' },
      head: { ref: `mintlify/docs-${number}`, sha: shaOf(`docs ${this.repository} ${number}`) }
    })
    this.opened.push(number)
  }

  /** docsHere: the docs pull requests the agent opened, by number, with their job's id. */
  docsPulls(): Map<number, string> {
    const ids = this.agent.jobIds()
    return new Map(this.opened.map((number, index) => [number, ids[index] ?? '']))
  }

  /** A pull request of this repository as GitHub holds it. */
  pull(number: number): StoredPull | undefined {
    return pullRequestWorld(this.github.state).pulls.get(`${this.repository}#${number}`)
  }

  /** A person opens a pull request into the branch (GitHub numbers it); its number. */
  openPull(): number {
    const number = this.nextNumber()
    seedPull(this.github.state, this.repository, number, {
      title: `Change ${number}`,
      user: { login: 'dev', type: 'User' },
      head: { ref: `feature-${number}`, sha: shaOf(`${this.repository} ${number} ${++this.heads}`) }
    })
    return number
  }

  /** A person pushes to a pull request's branch: its head moves. */
  pushToPull(number: number): void {
    const pull = this.pull(number)
    if (pull)
      pull.head = { ...pull.head, sha: shaOf(`${this.repository} ${number} ${++this.heads}`) }
  }

  /** The number GitHub gives the next issue or pull request of this repository. */
  nextNumber(): number {
    const ours = `${this.repository}#`
    const pulls = [...pullRequestWorld(this.github.state).pulls.entries()]
    const numbers = [
      ...this.github.issues(this.repository).map((issue) => issue.number),
      ...pulls.filter(([key]) => key.startsWith(ours)).map(([, pull]) => pull.number)
    ]
    return Math.max(FIRST_NUMBER, ...numbers) + 1
  }

  /** Every delivery with its job id (a creation's is known once the job exists). */
  allDeliveries(): Delivery[] {
    const ids = this.agent.jobIds()
    this.creationIndex.forEach((delivery, index) => {
      if (delivery.jobId === '') delivery.jobId = ids[index] ?? ''
    })
    return this.deliveries
  }

  /** Pushes `count` commits onto the branch (those flagged from a merged pull request). */
  push(count: number, fromPulls: boolean[] = [], date?: string): StoredCommit[] {
    return this.pushFrom(
      Array.from({ length: count }, (_, i) => ({
        author: 'dev',
        ...(date ? { date } : {}),
        ...(fromPulls[i] ? { pull: 'new' as const } : {})
      }))
    )
  }

  /**
   * Pushes commits by `author`, each from pull request `pull` (a merged one of its author's
   * made for it when `new`; the pull request must be merged on GitHub for the lookups).
   */
  pushFrom(seeds: Array<{ author: string; date?: string; pull?: number | 'new' }>): StoredCommit[] {
    const commits = seeds.map((seed) => {
      const n = ++this.nextCommit
      const subject = `w${this.id}c${n}`
      const number = seed.pull === 'new' ? this.nextNumber() : seed.pull
      if (seed.pull === 'new') {
        seedPull(this.github.state, this.repository, number as number, {
          title: `Pull ${subject}`,
          state: 'closed',
          merged: true,
          user: { login: seed.author, type: seed.author.endsWith('[bot]') ? 'Bot' : 'User' },
          head: { ref: `topic-${subject}`, sha: shaOf(subject) }
        })
      }
      const stored = this.github.pushCommits(this.repository, BRANCH, [
        {
          message: `${subject}\n\nChange number ${n}.`,
          author: seed.author,
          ...(seed.date ? { date: seed.date } : {}),
          ...(number !== undefined ? { pull: { number } } : {})
        }
      ])
      return stored[0] as StoredCommit
    })
    for (const commit of commits) {
      this.commits.push(commit)
      this.bySubject.set(commit.message.split('\n', 1)[0] ?? '', commit)
    }
    return commits
  }

  get tip(): string {
    return this.commits.at(-1)?.sha ?? ''
  }

  /** The first commit a first scheduled or manual run would weigh (the window's). */
  firstInWindow(): number {
    const since = Date.now() - WINDOW_MS
    const index = this.commits.findIndex((commit) => Date.parse(commit.date) >= since)
    return index < 0 ? this.commits.length : index
  }

  indexOf(sha: string): number {
    return this.commits.findIndex((commit) => commit.sha === sha)
  }

  /** The action's open dashboards for this branch and key, newest first. */
  openDashboards(): Dashboard[] {
    return this.dashboards().filter((d) => d.issue.state === 'open')
  }

  /** Every dashboard the action wrote for this branch and key, newest first. */
  dashboards(): Dashboard[] {
    return this.github
      .issues(this.repository)
      .filter((issue) => issue.user.login === this.writer)
      .map((issue) => ({ issue, record: recordIn(issue.body) }))
      .filter(
        (d): d is Dashboard =>
          d.record !== undefined && d.record.branch === BRANCH && d.record.key === RECORD_KEY
      )
      .sort((a, b) => b.issue.number - a.issue.number)
  }

  /** Each job's docs pull request, open on GitHub once the job opened it. */
  seedDocsPulls(): void {
    if (this.docsHere) {
      // Opened as each job was created: the service must name the same pull request.
      for (const [number, id] of this.docsPulls()) {
        if (id !== '' && this.prNumber(id) !== number)
          throw new Error(`Job ${id} names docs pull request ${this.prNumber(id)}, not #${number}.`)
      }
      return
    }
    for (const id of this.agent.jobIds()) {
      const number = this.prNumber(id)
      if (number === undefined || this.seededPulls.has(number)) continue
      this.github.setPullState(this.docsRepository, number, { state: 'open', merged: false })
      this.seededPulls.add(number)
    }
  }

  /** The number of the docs pull request the job opened, as the service shows it. */
  prNumber(jobId: string): number | undefined {
    const link = this.agent.job(jobId)?.prLink
    const match = typeof link === 'string' ? /\/pull\/(\d+)$/.exec(link) : null
    return match ? Number(match[1]) : undefined
  }

  private runnerEnv(spec: RunSpec): Record<string, string> {
    const path = join(this.dir, `${spec.event}-${spec.runId}-${spec.attempt}.json`)
    writeFileSync(path, JSON.stringify(spec.payload))
    const workflow = spec.second
      ? isBranchRun(spec)
        ? SECOND_BRANCH_WORKFLOW
        : SECOND_PULL_WORKFLOW
      : spec.event === 'pull_request'
        ? PULL_WORKFLOW
        : spec.event === 'issue_comment'
          ? COMMAND_WORKFLOW
          : undefined
    return runnerEnv(spec.event, path, this.github.apiUrl, {
      GITHUB_REPOSITORY: this.repository,
      GITHUB_SHA: spec.sha,
      GITHUB_REF:
        spec.event === 'pull_request' ? `refs/pull/${spec.pull}/merge` : `refs/heads/${BRANCH}`,
      GITHUB_RUN_ID: spec.runId,
      GITHUB_RUN_ATTEMPT: String(spec.attempt),
      ...(workflow ? { GITHUB_WORKFLOW: workflow } : {})
    })
  }

  /** The step's inputs, as the recipe of the run's workflow gives them. */
  private inputs(spec: RunSpec): Record<string, string> {
    // wait: false: a job of the stand-in ends as its prompt arrives, and waiting after a
    // follow-up would only hold the settle window. A busy job is still waited for.
    const common = {
      'github-token': this.token,
      wait: 'false',
      ...(spec.timeout ? { timeout: spec.timeout } : {})
    }
    if (spec.event === 'pull_request' || spec.event === 'issue_comment') {
      // examples/docs-per-pull-request.yml and comment-commands.yml, the docs in this
      // repository (no docs-token).
      const prompt =
        spec.event === 'pull_request'
          ? PULL_PROMPT
          : 'Keep changes small and in the style of the existing pages.'
      return inputs(this.agent.url, { ...common, prompt, 'include-context': 'true' })
    }
    const key: Record<string, string> = spec.second ? { 'record-key': RECORD_KEY } : {}
    return inputs(this.agent.url, { ...common, ...key, prompt: WORKFLOW_PROMPT })
  }

  /** Runs the action in this process, as the entry does (the caller serialises these). */
  async runInProcess(spec: RunSpec): Promise<RunResult> {
    const env = this.runnerEnv(spec)
    const dir = mkdtempSync(join(this.dir, 'run-'))
    const outputFile = join(dir, 'output')
    writeFileSync(outputFile, '')
    // As runAction does: the payload completed and checked against GitHub's webhook schema.
    const eventPath = env.GITHUB_EVENT_PATH ?? ''
    const { payload, unknown } = completeEventPayload(spec.event, spec.payload)
    const problems = [...unknown, ...checkEventPayload(spec.event, payload)]
    const checked = contractRecord().checked
    checked['webhook payloads'] = (checked['webhook payloads'] ?? 0) + 1
    if (problems.length > 0) throw new Error(`Not a ${spec.event} payload: ${problems.join('; ')}`)
    writeFileSync(eventPath, JSON.stringify(payload))
    const full: Record<string, string> = {
      ...env,
      GITHUB_ACTIONS: 'true',
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: join(dir, 'summary'),
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir
    }
    for (const [name, value] of Object.entries(this.inputs(spec)))
      full[`INPUT_${name.toUpperCase()}`] = value
    this.running = spec
    let ran: Awaited<ReturnType<typeof runInProcess>>
    try {
      ran = await runInProcess(full)
    } finally {
      this.running = undefined
    }
    // The fast exit appends to GITHUB_OUTPUT; run() sets its outputs through the host.
    const history = parseOutputFile(readFileSync(outputFile, 'utf8'))
    for (const [name, values] of Object.entries(ran.outputHistory))
      (history[name] ??= []).push(...values)
    rmSync(dir, { recursive: true, force: true })
    const outputs = Object.fromEntries(
      Object.entries(history).map(([name, values]) => [name, values.at(-1) ?? ''])
    )
    const { exitCode, stdout, threw } = ran
    return { spec, exitCode, stdout, outputs, ...(threw === undefined ? {} : { threw }) }
  }

  /** Runs the bundle as the runner does, in a process of its own (for runs side by side). */
  async runBundled(spec: RunSpec, onStdout?: (text: string) => void): Promise<RunResult> {
    const result = await runAction({
      inputs: this.inputs(spec),
      env: this.runnerEnv(spec),
      ...(onStdout ? { onStdout } : {})
    })
    return {
      spec,
      exitCode: result.exitCode ?? 1,
      stdout: result.stdout,
      outputs: result.outputs
    }
  }

  async close(): Promise<void> {
    for (const lift of this.lifts) lift()
    await this.agent.close()
    rmSync(this.dir, { recursive: true, force: true })
  }
}
