// Both companions on one repository, as the model sees them: the branch's docs job (truth.ts,
// whose invariants keep holding) and one docs job per code pull request, with the docs in the
// same repository, so the agent's own docs pull requests trigger the pull request recipe and
// are merged into the branch. What this adds to the branch's truth: the code pull requests
// and their jobs, the agent's docs pull requests, the runs GitHub started and that have not
// run yet, and the invariants of the two homes:
//
// (a) One home: every merged change (a commit that reached the branch from a code pull
//     request) is told to at most one live job across both homes. The pull request's own job
//     is its home while that job's docs pull request is open or merged; otherwise the
//     branch's job is. So a branch job that holds it (live, or delivered since), and a home
//     of the pull request's own, never both.
// (b) Nothing the agent writes comes back to it: no job is created or messaged by a run for
//     one of its docs pull requests, none is recorded there, and no prompt lists a commit
//     that came from one of them or that the agent's account wrote.
// And of each pull request run: its outputs agree with what the service received; it starts
// a job only while the pull request is open and its job can take no more (none, or its docs
// pull request merged or closed); it follows up only the pull request's job, only while its
// docs pull request is open, never after an unmerged close; an end sends nothing; the record
// on the pull request names the job it sent to; after an unmerged close, none of the pull
// request's docs pull requests is left open.
//
// "None lost" (the branch's invariant 2) spares the agent's own commits, and a merged change
// that a branch run weighed while its pull request's own home was live (documented there).

import assert from 'node:assert/strict'
import { setRole } from '../support/github-routes/commands.js'
import { markerValues } from '../support/markers.js'
import { saw } from './harness.js'
import { parseRecord, type PullRequestRecord } from '../../src/github/pr-record.js'
import { lostPullFacts } from './facts.js'
import { tolerated } from './known-bugs.js'
import { checkStatus, Truth } from './truth.js'
import { AGENT, isBranchRun, type Delivery, type RunResult, type RunSpec } from './world.js'
import type { World } from './world.js'

/**
 * The most commits a sequence pushes: a branch run looks up the source pull requests of its
 * newest 20 new commits only (the issue's cost bound), so no run weighs more.
 */
export const COMPANION_COMMITS = 20

/** Who gives the `/docs` commands: a person with write permission. */
export const COMMANDER = 'alice'

export interface PullTruth {
  number: number
  state: 'open' | 'merged' | 'closed'
  /** The jobs the runs for it created, oldest first: the last is its job. */
  jobs: string[]
  /** The merge commit on the branch. */
  mergeSha?: string
  mergedAt?: string
}

type PullAction = 'opened' | 'synchronize' | 'closed' | 'reopened'

export class CompanionTruth extends Truth {
  /** The code pull requests people opened, by number. */
  readonly pulls = new Map<number, PullTruth>()
  /** Pull request runs GitHub started that have not run yet (their order is GitHub's). */
  pending: RunSpec[] = []
  /** Merged changes a branch run weighed while their pull request's own home was live. */
  private readonly homed = new Set<string>()
  /** Each docs pull request's state as last seen, to start its runs when it changes. */
  private readonly docsSeen = new Map<number, string>()
  /** Deliveries already looked at for follow-ups (the agent then pushes to its docs pull request). */
  private followUpsSeen = 0
  private nextComment = 9000

  /**
   * The `closed` runs that met the pull request's job busy (EndWhileWaiting), and whether
   * the record said, as each finished, that the docs pull request's close is pending.
   */
  readonly endsWhileBusy = new Map<string, boolean>()
  /** A pull request's record as the last step left it (invariant 7, no fact lost). */
  private readonly pullFactsBefore = new Map<number, PullRequestRecord>()

  /** `overlaps`: how many steps may overlap two runs (EndWhileWaiting). */
  constructor(world: World, options: { strict?: boolean; overlaps?: number } = {}) {
    super(world, { concurrent: options.overlaps ?? 0, strict: options.strict })
    setRole(world.github.state, world.repository, COMMANDER, 'write')
  }

  override get maxCommits(): number {
    return COMPANION_COMMITS
  }

  // --- What the world holds ---

  /** The agent's docs pull requests, by number, with their job. */
  docsPulls(): Map<number, string> {
    return this.world.docsPulls()
  }

  isDocsPull(number: number): boolean {
    return this.docsPulls().has(number)
  }

  /** A docs pull request's state on GitHub. */
  stateOf(number: number | undefined): 'open' | 'merged' | 'closed' | undefined {
    const pull = number === undefined ? undefined : this.world.pull(number)
    return pull ? (pull.merged ? 'merged' : pull.state) : undefined
  }

  /** The state of the docs pull request `jobId` opened. */
  docsStateOf(jobId: string | undefined): 'open' | 'merged' | 'closed' | undefined {
    return jobId === undefined ? undefined : this.stateOf(this.world.prNumber(jobId))
  }

  /** A commit the agent wrote: from one of its docs pull requests, or pushed by its account. */
  isAgents(sha: string): boolean {
    const commit = this.world.commits[this.world.indexOf(sha)]
    if (!commit) return false
    return commit.author?.login === AGENT || commit.pulls.some((n) => this.isDocsPull(n))
  }

  /** The code pull request a commit came from (a merged change), if any. */
  sourceOf(sha: string): number | undefined {
    const commit = this.world.commits[this.world.indexOf(sha)]
    if (!commit || this.isAgents(sha)) return undefined
    return commit.pulls[0]
  }

  /** The pull request's own job, while it is the home of its change (its docs pull request open or merged). */
  homeOf(number: number): string | undefined {
    const job = this.pulls.get(number)?.jobs.at(-1)
    const state = this.docsStateOf(job)
    return state === 'open' || state === 'merged' ? job : undefined
  }

  /** What the end of a code pull request did, as the action's record on it says. */
  endOf(number: number): { did?: string } | undefined {
    const records = this.world.github
      .comments(this.world.repository, number)
      .filter((c) => c.user.login === this.world.writer)
      .flatMap((c) => markerValues('pr', c.body) as Array<{ job?: string; end?: { did?: string } }>)
    return records.at(-1)?.end
  }

  override excused = (sha: string): boolean => this.isAgents(sha) || this.homed.has(sha)

  /** A branch run may set apart the merged changes up to its head whose home is their pull request's. */
  override beforeRuns = (specs: readonly RunSpec[]): void => {
    for (const spec of specs) {
      if (!isBranchRun(spec)) continue
      const head = this.world.indexOf(spec.sha)
      for (const commit of this.world.commits.slice(0, head + 1)) {
        const source = this.sourceOf(commit.sha)
        if (
          source !== undefined &&
          this.homeOf(source) !== undefined &&
          !this.homed.has(commit.sha)
        ) {
          this.homed.add(commit.sha)
          saw('merged change weighed while its pull request is its home')
        }
      }
    }
  }

  /** Reads the world back, and starts the runs GitHub starts for the agent's docs pull requests. */
  override readCurrent(): void {
    super.readCurrent()
    for (const [number] of this.docsPulls()) {
      const state = this.stateOf(number) ?? 'open'
      const was = this.docsSeen.get(number)
      if (was === state) continue
      this.docsSeen.set(number, state)
      if (was === undefined) this.queue(this.pullRun(number, 'opened'))
      else this.queue(this.pullRun(number, state === 'open' ? 'reopened' : 'closed'))
    }
    // A follow-up: the agent pushes to its docs pull request, if it is open.
    const deliveries = this.world.allDeliveries()
    for (const d of deliveries.slice(this.followUpsSeen)) {
      const number = this.world.prNumber(d.jobId)
      if (d.kind === 'message' && number !== undefined && this.stateOf(number) === 'open')
        this.queue(this.pullRun(number, 'synchronize'))
    }
    this.followUpsSeen = deliveries.length
  }

  /** GitHub keeps one waiting run of a kind per pull request (a newer one replaces it). */
  queue(spec: RunSpec): void {
    const same = (s: RunSpec) => s.pull === spec.pull && s.payload.action === spec.payload.action
    this.pending = [...this.pending.filter((s) => !same(s)), spec]
  }

  // --- The runs ---

  /** A pull_request run of the pull request recipe, with the payload GitHub sends now. */
  pullRun(number: number, action: PullAction): RunSpec {
    const { world } = this
    const stored = world.pull(number)
    if (!stored) throw new Error(`No pull request #${number} in the model's repository.`)
    const code = this.pulls.get(number)
    const merged = stored.merged
    const [owner = '', name = ''] = world.repository.split('/')
    const payload = {
      action,
      number,
      pull_request: {
        number,
        title: stored.title,
        html_url: `https://github.com/${world.repository}/pull/${number}`,
        state: stored.state,
        merged,
        merged_at: merged ? (code?.mergedAt ?? new Date().toISOString()) : null,
        merge_commit_sha: merged ? (code?.mergeSha ?? null) : null,
        merged_by: merged ? { login: 'octo-lead', type: 'User' } : null,
        user: stored.user,
        head: { ref: stored.head.ref, sha: stored.head.sha },
        base: { ref: 'main', sha: world.tip }
      },
      repository: { name, full_name: world.repository, owner: { login: owner } }
    }
    const sha = stored.head.sha
    return { runId: this.newRunId(), attempt: 1, event: 'pull_request', sha, payload, pull: number }
  }

  /** A `/docs` command in a comment on the pull request, as it is now. */
  commandRun(number: number): RunSpec {
    const { world } = this
    const stored = world.pull(number)
    if (!stored) throw new Error(`No pull request #${number} in the model's repository.`)
    const code = this.pulls.get(number)
    const [owner = '', name = ''] = world.repository.split('/')
    const html = `https://github.com/${world.repository}/pull/${number}`
    const id = this.nextComment++
    const payload = {
      action: 'created',
      issue: {
        number,
        title: stored.title,
        html_url: html,
        user: stored.user,
        state: stored.state,
        pull_request: {
          url: `https://api.github.com/repos/${world.repository}/pulls/${number}`,
          html_url: html,
          merged_at: stored.merged ? (code?.mergedAt ?? null) : null
        }
      },
      comment: {
        id,
        body: '/docs mention the new option on the settings page',
        html_url: `${html}#issuecomment-${id}`,
        user: { login: COMMANDER, type: 'User' },
        author_association: 'MEMBER'
      },
      repository: { name, full_name: world.repository, owner: { login: owner } }
    }
    return {
      runId: this.newRunId(),
      attempt: 1,
      event: 'issue_comment',
      sha: world.tip,
      payload,
      pull: number
    }
  }

  /**
   * Whether a re-run of `spec` may be drawn: any, but (see KNOWN_BUGS.staleRunAfterEnd) a code
   * pull request's push or command run only while the pull request is still open.
   */
  mayReRun(spec: RunSpec): boolean {
    if (isBranchRun(spec) || !tolerated(this, 'staleRunAfterEnd')) return true
    if (['closed', 'reopened'].includes(String(spec.payload.action))) return true
    const number = spec.pull as number
    return this.isDocsPull(number) || this.pulls.get(number)?.state === 'open'
  }

  /** The action's record on a code pull request, as its comment says it now. */
  recordOn(number: number): PullRequestRecord | undefined {
    return this.world.github
      .comments(this.world.repository, number)
      .filter((c) => c.user.login === this.world.writer)
      .map((c) => parseRecord(c.body))
      .filter((record) => record !== undefined)
      .at(-1)
  }

  // --- The checks ---

  /** Invariant 7 on the branch's record, and on each code pull request's. */
  override checkFacts(where: string, overlapped = false): void {
    super.checkFacts(where, overlapped)
    // A job is replaced legitimately once it can take no more: its docs pull request merged
    // or closed, or the job ended.
    const replaceable = (job: string): boolean => {
      const docs = this.docsStateOf(job)
      return docs === 'merged' || docs === 'closed' || !this.live(this.jobs.get(job))
    }
    for (const number of this.pulls.keys()) {
      const before = this.pullFactsBefore.get(number)
      const record = this.recordOn(number)
      if (record) this.pullFactsBefore.set(number, record)
      if (!before || (overlapped && tolerated(this, 'pullWriteDropsEnd'))) continue
      assert.deepEqual(
        lostPullFacts(before, record, replaceable),
        [],
        `invariant 7: ${where}, the record on #${number} lost what earlier runs recorded`
      )
    }
  }

  /** Invariants (a) and (b), and the branch's 1 and 2, after every step. */
  override checkTellings(): void {
    super.checkTellings()
    const deliveries = this.world.allDeliveries()
    this.checkAgentsOwn(deliveries)
    this.checkOneHome(deliveries)
  }

  /** (b) Nothing the agent writes comes back to it. */
  private checkAgentsOwn(deliveries: Delivery[]): void {
    for (const d of deliveries) {
      const by = d.by?.pull
      if (by !== undefined && d.by?.event === 'pull_request' && this.isDocsPull(by)) {
        assert.fail(
          `invariant (b): a ${String(d.by.payload.action)} run for the agent's docs pull request #${by} sent a prompt to ${d.jobId} (a ${d.kind}) at step ${d.step}`
        )
      }
      const own = d.shas.filter((sha) => this.isAgents(sha))
      if (own.length > 0) {
        assert.fail(
          `invariant (b): step ${d.step}'s prompt to ${d.jobId} lists the agent's own commits: ${own.map((sha) => this.name(sha)).join(', ')}`
        )
      }
    }
    for (const [number] of this.docsPulls()) {
      const records = this.world.github
        .comments(this.world.repository, number)
        .filter((c) => c.user.login === this.world.writer && markerValues('pr', c.body).length > 0)
      assert.equal(
        records.length,
        0,
        `invariant (b): the agent's docs pull request #${number} has a docs job recorded on it`
      )
    }
  }

  /** (a) Each merged change has at most one live home. */
  private checkOneHome(deliveries: Delivery[]): void {
    const holders = new Map<string, Set<string>>()
    for (const d of deliveries) {
      if (d.by !== undefined && !isBranchRun(d.by)) continue
      const job = this.jobs.get(d.jobId)
      if (!job || !this.counts(job, d.step)) continue
      for (const sha of d.shas) {
        const key = `${job.epoch} ${sha}`
        holders.set(key, (holders.get(key) ?? new Set<string>()).add(d.jobId))
      }
    }
    for (const [key, jobs] of holders) {
      const sha = key.slice(key.indexOf(' ') + 1)
      const source = this.sourceOf(sha)
      const home = source === undefined ? undefined : this.homeOf(source)
      if (home === undefined) continue
      const docs = this.world.prNumber(home)
      assert.fail(
        `invariant (a): the merged change ${this.name(sha)} of #${source} is documented with its pull request's job ${home} (docs pull request #${docs}, ${this.docsStateOf(home)}) and was told to the branch's job ${[...jobs].map((id) => this.describe(id)).join(', ')}\n${this.told()}`
      )
    }
  }

  /** The checks of one pull request run (see the file's head), then what it changed. */
  override checkPullRun = (result: RunResult, delivered: Delivery[]): void => {
    const { spec, outputs, stdout, exitCode } = result
    const number = spec.pull as number
    const action = String(spec.payload.action)
    const where = `run ${spec.runId} attempt ${spec.attempt} (${spec.event} ${action} on #${number})`
    assert.equal(result.threw, undefined, `${where} threw: ${result.threw ?? ''}`)
    assert.ok(delivered.length <= 1, `${where} sent ${delivered.length} prompts`)
    const sent = delivered[0]
    const kind = spec.event === 'issue_comment' ? 'command' : action
    if (this.isDocsPull(number)) {
      saw(`docs pull request ${kind} run${exitCode === 0 ? '' : ' (failed)'}`)
      if (sent)
        assert.fail(`invariant (b): ${where}, the agent's docs pull request, sent to ${sent.jobId}`)
      if (spec.event === 'pull_request' && exitCode === 0) {
        assert.equal(outputs.skipped, 'true', `${where}: skipped is '${outputs.skipped ?? ''}'`)
        assert.ok(
          stdout.includes('was opened by the docs agent'),
          `${where} does not say why nothing was sent`
        )
      }
      return
    }
    const pull = this.pulls.get(number)
    if (!pull) throw new Error(`${where}: a pull request the model did not open`)
    const latest = pull.jobs.at(-1)
    const ending = spec.event === 'pull_request' && ['closed', 'reopened'].includes(action)
    const was = pull.state === 'open' ? '' : ` on a ${pull.state} pull request`
    saw(
      `code ${kind} run${was}: ${sent?.kind ?? 'nothing sent'}${exitCode === 0 ? '' : ' (failed)'}`
    )
    if (!sent) {
      assert.notEqual(outputs.created, 'true', `${where} says created, but nothing was sent`)
    } else {
      assert.ok(!ending, `${where}, the end of the pull request, sent a prompt to ${sent.jobId}`)
      checkStatus(this, result, where)
      assert.equal(outputs['job-id'], sent.jobId, `${where} sent to ${sent.jobId}, job-id differs`)
      const created = sent.kind === 'create' ? 'true' : 'false'
      assert.equal(outputs.created, created, `${where}: created '${outputs.created ?? ''}'`)
      assert.equal(outputs.skipped, 'false', `${where} sent, yet skipped '${outputs.skipped}'`)
      const docs = this.docsStateOf(latest)
      if (sent.kind === 'create') {
        assert.equal(pull.state, 'open', `${where} started a job for a ${pull.state} pull request`)
        assert.ok(
          latest === undefined || docs === 'merged' || docs === 'closed',
          `${where} started ${sent.jobId} while the pull request's job ${latest ?? ''} could take the prompt (its docs pull request ${docs ?? 'none'})`
        )
        pull.jobs.push(sent.jobId)
      } else {
        assert.equal(sent.jobId, latest, `${where} followed up ${sent.jobId}, not its job`)
        assert.notEqual(
          pull.state,
          'closed',
          `${where} followed up the job of a closed pull request`
        )
        assert.equal(
          docs,
          'open',
          `${where} followed up ${sent.jobId}, whose docs pull request is ${docs ?? 'none'}`
        )
      }
      if (exitCode === 0) {
        const records = this.world.github
          .comments(this.world.repository, number)
          .filter((c) => c.user.login === this.world.writer)
          .flatMap((c) => markerValues('pr', c.body) as Array<{ job?: string }>)
        assert.equal(
          records.at(-1)?.job,
          sent.jobId,
          `${where}: the pull request's record does not name ${sent.jobId}`
        )
      }
    }
    // A job still working at an unmerged close: its docs pull request is closed once the job
    // ends, by the next run that meets the record (the record's end says it is pending).
    const pending = this.endsWhileBusy.get(spec.runId) === true
    if (ending && action === 'closed' && exitCode === 0 && pull.state === 'closed' && !pending) {
      const open = pull.jobs.filter((job) => this.docsStateOf(job) === 'open')
      assert.deepEqual(
        open.map((job) => `#${this.world.prNumber(job) ?? ''}`),
        [],
        `${where}: a docs pull request of the pull request closed unmerged is left open`
      )
    }
  }
}
