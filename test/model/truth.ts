// What the model knows of a branch's world, independently of the action: the pushes and
// their workflow runs, each job's fate (live, delivered by its docs pull request, or
// ended without delivering), the commits each run had to tell, and the invariants that
// must hold after every step. Every check reads the stand-ins directly: the prompts the
// Agent Jobs stand-in received, and the dashboard issues on the GitHub stand-in.

import {
  parseBranchRecords,
  type BranchRecord,
  type BranchRun
} from '../../src/github/branch-record.js'
import assert from 'node:assert/strict'
import type { StoredCommit } from '../support/github-stand-in.js'
import { lostBranchFacts } from './facts.js'
import { saw } from './harness.js'
import { tolerated } from './known-bugs.js'
import type { Dashboard, Delivery, RunResult, RunSpec, SeenRecord, World } from './world.js'

/** The most commits a sequence pushes: every prompt then lists all it tells (at most 100). */
export const MAX_COMMITS = 80

export interface PushTruth {
  runId: string
  before: string
  after: string
  commits: StoredCommit[]
  ran: boolean
}

export interface JobTruth {
  id: string
  /** The dashboard epoch it was started in (a person's close starts a new one). */
  epoch: number
  /** When its docs pull request was merged or closed: what it was told before counts as delivered. */
  deliveredAt?: number
  /** When it failed, was archived or deleted without having delivered. */
  endedAt?: number
  how?: 'failed' | 'archived' | 'gone'
  /**
   * Busy, then failed: it fails for the action once a run has read it more than `reads`
   * times since request `from` of the service; the busy reads end with the next run.
   */
  failsAfter?: { reads: number; from: number; how: 'failed' | 'archived' | 'gone' }
}

/**
 * Invariant 4: a run names a job with its status (but see KNOWN_BUGS.goneWhileBusyFailsTheStep).
 */
export function checkStatus(
  model: { readonly strict: boolean },
  result: RunResult,
  where: string,
  gone: (jobId: string) => boolean = () => false
): void {
  const jobId = result.outputs['job-id'] ?? ''
  const status = result.outputs.status ?? ''
  // A job the run named before the service forgot it (deleted while busy) has no status.
  const notFound =
    (tolerated(model, 'goneWhileBusyFailsTheStep') &&
      result.stdout.includes(`Job '${jobId}' was not found`)) ||
    (jobId !== '' && status === '' && gone(jobId))
  assert.equal(
    jobId === '',
    status === '' && !notFound,
    `invariant 4: ${where}: job-id '${jobId}', status '${status}'`
  )
}

/**
 * A warning or error that asks for a permission: the model's tokens hold every permission the
 * recipes list, so one only follows a fault that no permission fixes (a rate limit, a 5xx).
 */
const ASKS_PERMISSION =
  /\bneeds `?(?:permissions: )?[a-z-]+: (?:read|write)\b|`permissions:|read access to/

/** Invariant 6: no warning or error of the run asks for a permission. */
export function checkNoPermissionAsked(result: RunResult, where: string): void {
  const asks = result.stdout
    .split('\n')
    .filter((line) => /^::(?:warning|error)::/.test(line) && ASKS_PERMISSION.test(line))
  assert.deepEqual(asks, [], `invariant 6: ${where} asks for a permission no fault here takes away`)
}

/** A fault that lasts for the next run step only, then is lifted. */
export interface Transient {
  what: string
  lift: () => void
  /** A GitHub read the fault keeps from answering (for invariant 3). */
  dashboardsUnreadable?: boolean
  /** The job it shows busy. */
  busy?: string
  /** A fault on the service's reads of jobs. */
  jobReads?: boolean
}

export class Truth {
  step = 0
  /** A person's close of the dashboard starts a new epoch: the next run starts over. */
  epoch = 0
  /** Per epoch: the index of its first commit in scope, once a run opened its dashboard. */
  readonly scopeStart: Array<number | undefined> = [undefined]
  readonly pushes: PushTruth[] = []
  /** Every workflow run that ran, for re-runs. */
  readonly runs: RunSpec[] = []
  readonly attempts = new Map<string, number>()
  readonly jobs = new Map<string, JobTruth>()
  /** Commits told during a race (two runs at once): they alone may be told twice. */
  readonly raceShas = new Set<string>()
  /** Commits a run told, then failed naming them because GitHub did not take the dashboard's
   * record of it: the next run may tell them again (to the job, or to a new one). */
  readonly unrecordedShas = new Set<string>()
  readonly knownIssues = new Set<number>()
  /** Per epoch: where the window of the run that opened each dashboard began. */
  private readonly windows: Array<Map<number, number>> = [new Map()]
  transient: Transient[] = []
  private nextRunId = 7000
  concurrentLeft: number
  /** The job of the open dashboard that wins (the newest), as last read. */
  current: { issue: number; jobId: string } | undefined
  /** Closed dashboards a person could reopen. */
  closedIssues: number[] = []
  /** The branch's record as the last step left it (invariant 7, no fact lost). */
  private factsBefore: { epoch: number; issue: number; record: BranchRecord } | undefined
  /** A person took the label off the dashboard: the next write puts it back. */
  unlabelled: number | undefined

  /** Every check as it is: no room made for the known bugs (the regression tests). */
  readonly strict: boolean

  constructor(
    readonly world: World,
    options: { concurrent: number; strict?: boolean }
  ) {
    this.concurrentLeft = options.concurrent
    this.strict = options.strict === true
  }

  newRunId(): string {
    return String(this.nextRunId++)
  }

  /** The most commits a sequence pushes (see MAX_COMMITS). */
  get maxCommits(): number {
    return MAX_COMMITS
  }

  /**
   * Whether a commit need reach no branch job (invariant 2, none lost): on one branch
   * alone, every commit must. The companions' model (companions.ts) says which need not.
   */
  excused: (sha: string) => boolean = () => false

  /** Before a step's runs start (the companions' model notes what each run may set apart). */
  beforeRuns: (specs: readonly RunSpec[]) => void = () => undefined

  /** The checks of a pull request's run: there is none on one branch alone. */
  checkPullRun: (result: RunResult, delivered: Delivery[]) => void = (result) => {
    assert.fail(`run ${result.spec.runId}: a ${result.spec.event} run on one branch alone`)
  }

  get commitCount(): number {
    return this.world.commits.length
  }

  /** A new workflow run of `event` on the branch's tip (schedule, manual). */
  tipRun(event: 'schedule' | 'workflow_dispatch'): RunSpec {
    const payload =
      event === 'schedule'
        ? { schedule: '0 6 * * 1' }
        : { ref: 'refs/heads/main', inputs: null, workflow: '.github/workflows/docs.yml' }
    return { runId: this.newRunId(), attempt: 1, event, sha: this.world.tip, payload }
  }

  /** The run a push triggered, as the runner starts it (its id was given at the push). */
  pushRun(push: PushTruth): RunSpec {
    const commits = push.commits.map((commit) => ({
      id: commit.sha,
      message: commit.message,
      author: { name: commit.authorName, username: commit.author?.login ?? commit.authorName }
    }))
    return {
      runId: push.runId,
      attempt: 1,
      event: 'push',
      sha: push.after,
      payload: { ref: 'refs/heads/main', before: push.before, after: push.after, commits }
    }
  }

  /** The same workflow run again, its next attempt. */
  reRun(spec: RunSpec): RunSpec {
    const attempt = (this.attempts.get(spec.runId) ?? spec.attempt) + 1
    return { ...spec, attempt }
  }

  liftTransient(): void {
    for (const fault of this.transient) fault.lift()
    this.transient = []
  }

  /** A person closed the dashboard: the next run starts the branch over. */
  startOver(): void {
    this.epoch++
    this.scopeStart.push(undefined)
    this.windows.push(new Map())
  }

  /** Whether the next run will find the job busy. */
  isBusy(jobId: string): boolean {
    return this.transient.some((fault) => fault.busy === jobId)
  }

  /**
   * Whether the next run's reads of jobs are already faulted (busy, or a 5xx): a busy job's
   * reads are counted from the first (see settleFailures), so the two do not mix.
   */
  readsFaulted(): boolean {
    return this.transient.some((fault) => fault.busy !== undefined || fault.jobReads === true)
  }

  /** Whether the job can still be told anything (it has not ended, nor is about to). */
  live(job: JobTruth | undefined): job is JobTruth {
    return job !== undefined && job.endedAt === undefined && job.failsAfter === undefined
  }

  /**
   * A busy job that fails: failed for the action once a run read it past its busy reads,
   * `seen` (during this step), or at the latest when the step is over and the busy reads lifted.
   */
  settleFailures(when: 'seen' | 'over'): void {
    const requests = this.world.agent.requests
    for (const job of this.jobs.values()) {
      if (!job.failsAfter) continue
      const { reads, from, how } = job.failsAfter
      const path = new RegExp(`/job/${job.id}$`)
      const count = requests.slice(from).filter((r) => r.method === 'GET' && path.test(r.path))
      if (when === 'over' || count.length > reads) {
        job.endedAt = this.step
        job.how = how
        delete job.failsAfter
      }
    }
  }

  /** Whether what `job` was told at `step` reaches the docs (live, or delivered since). */
  counts(job: JobTruth | undefined, step: number): boolean {
    if (!job) return false
    if (job.deliveredAt !== undefined) return step < job.deliveredAt
    return job.endedAt === undefined
  }

  /** Reads back what the step changed: new jobs and their epoch, new dashboards and scope. */
  observe(results: RunResult[]): void {
    const { world } = this
    world.seedDocsPulls()
    for (const delivery of world.allDeliveries()) {
      if (!this.jobs.has(delivery.jobId))
        this.jobs.set(delivery.jobId, { id: delivery.jobId, epoch: this.epoch })
    }
    const windows = this.windows[this.epoch] as Map<number, number>
    for (const result of results) {
      const opened = /Opened the dashboard issue #(\d+)/.exec(result.stdout)
      if (!opened) continue
      const number = Number(opened[1])
      if (this.knownIssues.has(number)) continue
      this.knownIssues.add(number)
      // A first run's window: the push's range, or the last 7 days.
      windows.set(
        number,
        result.spec.event === 'push'
          ? this.world.indexOf(String(result.spec.payload.before)) + 1
          : this.world.firstInWindow()
      )
    }
    // The epoch's scope is the window of the run that opened the record that wins (the
    // newest, when two first runs raced: the other's commits went to its own job).
    const newest = Math.max(...windows.keys())
    if (windows.size > 0) this.scopeStart[this.epoch] = windows.get(newest)
    this.readCurrent()
  }

  readCurrent(): void {
    const [winner] = this.world.openDashboards()
    this.current = winner ? { issue: winner.issue.number, jobId: winner.record.job } : undefined
    this.closedIssues = this.world
      .dashboards()
      .filter((d) => d.issue.state === 'closed')
      .map((d) => d.issue.number)
  }

  /** Invariants 1 and 2 (at most once): after every step. */
  checkTellings(): void {
    const deliveries = this.world.allDeliveries()
    // 1. No commit told twice to one job (but a race's commits).
    const perJob = new Map<string, Set<string>>()
    for (const d of deliveries) {
      const seen = perJob.get(d.jobId) ?? new Set<string>()
      perJob.set(d.jobId, seen)
      for (const sha of d.shas) {
        if (seen.has(sha) && !this.mayRetell(sha)) {
          assert.fail(
            `invariant 1: commit ${this.name(sha)} was told twice to job ${d.jobId} (again at step ${d.step})`
          )
        }
        seen.add(sha)
      }
    }
    // 2 (at most once). Within an epoch, a commit reaches at most one job that is live or
    // delivered: a job that ended without delivering gives its commits back, no other does.
    const holders = new Map<string, Set<string>>()
    for (const d of deliveries) {
      const job = this.jobs.get(d.jobId)
      if (!job || !this.counts(job, d.step)) continue
      for (const sha of d.shas) {
        if (this.mayRetell(sha)) continue
        const key: string = `${job.epoch} ${sha}`
        const jobs: Set<string> = holders.get(key) ?? new Set<string>()
        jobs.add(d.jobId)
        holders.set(key, jobs)
        if (jobs.size > 1) {
          assert.fail(
            `invariant 2: commit ${this.name(sha)} reached two jobs that did not give it back: ${[...jobs].map((id) => this.describe(id)).join(', ')}`
          )
        }
      }
    }
  }

  /** Whether `sha` may be told twice: told in a race, or by a run that failed saying its record
   * of them could not be written. */
  private mayRetell(sha: string): boolean {
    return this.raceShas.has(sha) || this.unrecordedShas.has(sha)
  }

  /**
   * Invariant 4, a prompt the dashboard does not record: only when GitHub did not take the
   * record's writes, and then the run failed with one line naming the job, each commit told
   * and that the next run may tell them again (the outputs still name the job).
   */
  private acceptUnrecorded(result: RunResult, sent: Delivery, where: string): boolean {
    const line = result.stdout
      .split('\n')
      .find((l) =>
        l.startsWith(`::error::The prompt reached job ${sent.jobId}, but GitHub did not take`)
      )
    if (line === undefined) return false
    assert.equal(result.exitCode, 1, `invariant 4: ${where} said its record failed, yet succeeded`)
    const named = sent.shas.slice(0, 10).filter((sha) => !line.includes(sha.slice(0, 7)))
    assert.deepEqual(
      named.map((sha) => this.name(sha)),
      [],
      `invariant 4: ${where}'s failure does not name the commits it told`
    )
    assert.match(
      line,
      /may tell (?:it|them) again/,
      `invariant 4: ${where} does not say what comes next`
    )
    for (const sha of sent.shas) this.unrecordedShas.add(sha)
    saw('a run failed because the record of what it told could not be written')
    return true
  }

  /** Invariant 2 (none lost): every commit of the epoch's scope up to `head` reached a job that counts. */
  checkNoneLost(head: string, when: string): void {
    const start = this.scopeStart[this.epoch]
    if (start === undefined) return
    const last = this.world.indexOf(head)
    const reached = new Set<string>()
    for (const d of this.world.allDeliveries()) {
      const job = this.jobs.get(d.jobId)
      if (job?.epoch === this.epoch && this.counts(job, d.step)) {
        for (const sha of d.shas) reached.add(sha)
      }
    }
    const lost = this.world.commits
      .slice(start, last + 1)
      .filter((commit) => !reached.has(commit.sha) && !this.excused(commit.sha))
    if (lost.length > 0) {
      assert.fail(
        `invariant 2: ${when}, ${lost.length} commit(s) of the branch reached no job that is live or delivered: ${lost.map((c) => this.name(c.sha)).join(', ')} (jobs: ${[...this.jobs.keys()].map((id) => this.describe(id)).join('; ')})\n${this.told()}`
      )
    }
  }

  /**
   * One docs job per branch: a run starts a new job only when the recorded one can take
   * no more (it ended, or its docs pull request was merged or closed), or there is none.
   */
  checkOneJob(recorded: string | undefined, delivered: Delivery[], where: string): void {
    const created = delivered.find((d) => d.kind === 'create')
    const job = this.jobs.get(recorded ?? '')
    if (!created || !job) return
    assert.ok(
      job.endedAt !== undefined || job.deliveredAt !== undefined,
      `one job per branch: ${where} started ${created.jobId} while the recorded ${this.describe(job.id)} could still take the commits`
    )
  }

  /**
   * A re-run of the run that wrote the record (same run id, a later attempt), with nothing
   * untold and its job still there, sends nothing and reports the job ("the prompt was not
   * sent again"). A job that ended is replaced, or nothing is sent when this run's commits
   * hold nothing to tell.
   */
  checkReRun(result: RunResult, delivered: Delivery[], recorded: SeenRecord | undefined): void {
    const { spec } = result
    if (spec.attempt < 2 || recorded?.run !== spec.runId || delivered.length > 0) return
    if (result.exitCode !== 0 || this.jobs.get(recorded.job)?.endedAt !== undefined) return
    assert.ok(
      result.stdout.includes('the prompt was not sent again'),
      `re-run: run ${spec.runId} attempt ${spec.attempt} of the recorded run sent nothing without reporting its job`
    )
  }

  /** Of two open records, the newest wins: after a run that wrote one, it is the one left open. */
  checkNewestWins(result: RunResult, openBefore: Dashboard[]): void {
    if (openBefore.length < 2 || (result.outputs['job-id'] ?? '') === '') return
    const newest = Math.max(...openBefore.map((d) => d.issue.number))
    const open = this.world.openDashboards().map((d) => d.issue.number)
    assert.ok(
      open.includes(newest),
      `invariant 3: the newest record #${newest} lost; open now: ${open.map((n) => `#${n}`).join(', ')}`
    )
  }

  /**
   * Invariant 7: after every step, the branch's record keeps every fact an earlier run
   * recorded (facts.ts says which replacements are legitimate). `overlapped`: the step's
   * runs overlapped (see KNOWN_BUGS.branchWriteDropsFacts and racingRunsBothStartJobs).
   */
  checkFacts(where: string, overlapped = false): void {
    const [winner] = this.world.openDashboards()
    const record = winner ? parseBranchRecords(winner.issue.body)[0] : undefined
    const before = this.factsBefore?.epoch === this.epoch ? this.factsBefore : undefined
    this.factsBefore =
      winner && record ? { epoch: this.epoch, issue: winner.issue.number, record } : before
    if (!before || (overlapped && tolerated(this, 'branchWriteDropsFacts'))) return
    if (!winner || !record) {
      assert.fail(`invariant 7: ${where}, the branch's record #${before.issue} is gone`)
    }
    const ended = (id: string): boolean => {
      const job = this.jobs.get(id)
      return job !== undefined && (!this.live(job) || job.deliveredAt !== undefined)
    }
    // Two runs that both found the job ended and both started one: the later write keeps its own.
    const bothStarted = (fact: string) =>
      overlapped && / replaced by /.test(fact) && tolerated(this, 'racingRunsBothStartJobs')
    // Or both opened a dashboard (none was open): the next run takes the older one's record in.
    const bothOpened = overlapped && winner.issue.number !== before.issue
    if (bothOpened && tolerated(this, 'racingRunsBothStartJobs')) return
    const lost = lostBranchFacts(before.record, record, ended).filter((f) => !bothStarted(f))
    assert.deepEqual(
      lost,
      [],
      `invariant 7: ${where}, the branch's record #${winner.issue.number} lost what earlier runs recorded in #${before.issue}`
    )
  }

  /**
   * Invariant 8: a run that wrote the dashboard a person took the label off put it back, and
   * found the dashboard (it wrote that one, and opened no other).
   */
  checkLabel(result: RunResult, before: ReadonlyMap<number, string>): void {
    const number = this.unlabelled
    if (number === undefined) return
    const issue = this.world.dashboards().find((d) => d.issue.number === number)?.issue
    if (!issue || issue.state !== 'open') {
      this.unlabelled = undefined
      return
    }
    if ((issue.body ?? '') === before.get(number)) return
    const where = `run ${result.spec.runId} attempt ${result.spec.attempt} (${result.spec.event})`
    // Only the older record's facts taken in, by a run that then sent nothing: the label is
    // left for the next write (see KNOWN_BUGS.absorbLeavesLabelOff).
    const absorbedOnly = result.exitCode !== 0 && result.stdout.includes(', an older record of ')
    if (absorbedOnly && tolerated(this, 'absorbLeavesLabelOff')) return
    this.unlabelled = undefined
    saw('a run wrote the dashboard a person took the label off')
    if (tolerated(this, 'labelNotPutBack')) return
    assert.ok(
      issue.labels.includes('docs-agent'),
      `invariant 8: ${where} wrote the dashboard #${number} a person took the docs-agent label off, and did not put it back`
    )
  }

  /** The dashboard rows the step added (for the races' measure: were both racers' rows kept?). */
  rowsAdded(before: ReadonlyMap<number, string>): BranchRun[] {
    const row = (run: BranchRun) => `${run.at} ${run.did} ${run.event}`
    const added: BranchRun[] = []
    for (const d of this.world.openDashboards()) {
      const was = parseBranchRecords(before.get(d.issue.number))[0]
      const now = parseBranchRecords(d.issue.body)[0]
      if (!was || !now) continue
      const earlier = new Set(was.runs.map(row))
      added.push(...now.runs.filter((run) => !earlier.has(row(run))))
    }
    return added
  }

  /** Invariant 3: at most one open dashboard for the key. */
  checkOneDashboard(when: string): void {
    const open = this.world.openDashboards()
    assert.ok(
      open.length <= 1,
      `invariant 3: ${when}, ${open.length} dashboards are open for the key: ${open.map((d) => `#${d.issue.number}`).join(', ')}`
    )
  }

  /** Invariant 4: one run's outputs, its log, the prompts it sent and the dashboard agree. */
  checkRun(
    result: RunResult,
    delivered: Delivery[],
    before: ReadonlyMap<number, string>,
    after: Dashboard[]
  ): void {
    const { outputs, stdout, exitCode } = result
    const where = `run ${result.spec.runId} attempt ${result.spec.attempt} (${result.spec.event})`
    assert.equal(result.threw, undefined, `${where} threw: ${result.threw ?? ''}`)
    this.checkRow(result, delivered, before, after, where)
    const jobId = outputs['job-id'] ?? ''
    const created = outputs.created ?? ''
    const skipped = outputs.skipped ?? ''
    assert.ok(delivered.length <= 1, `invariant 4: ${where} sent ${delivered.length} prompts`)
    checkStatus(this, result, where, (id) => this.jobs.get(id)?.how === 'gone')
    const [winner] = after
    const unknown = stdout.includes('so nothing was sent to the agent')
    if (unknown) {
      assert.equal(exitCode, 1, `invariant 4: ${where} could not read its state, yet succeeded`)
      assert.equal(delivered.length, 0, `invariant 4: ${where} could not read its state, yet sent`)
      // Only the job it waited for (named as soon as known), never one it would have started.
      const waitedFor = /Waiting for busy agent job (\S+)\./.exec(stdout)?.[1] ?? ''
      assert.equal(
        jobId,
        waitedFor,
        `invariant 4: ${where} could not read its state, yet names a job`
      )
      // It may have absorbed and closed older records of the key (that happens as soon as
      // they are read); it records nothing of its own: no run, no told commit, no job.
      for (const d of this.world.dashboards()) {
        const was = parseBranchRecords(before.get(d.issue.number))[0]
        const now = parseBranchRecords(d.issue.body)[0]
        if (d.issue.state === 'closed' || !was || !now) continue
        const own = (r: BranchRecord) => JSON.stringify([r.job, r.told, r.runs, r.counts])
        assert.equal(
          own(now),
          own(was),
          `invariant 4: ${where} could not read its state, yet recorded a run in dashboard #${d.issue.number}`
        )
      }
    }
    const sent = delivered[0]
    if (sent) {
      // A run that could not read the commits sends nothing: never a prompt without them.
      assert.ok(sent.shas.length > 0, `invariant 4: ${where} sent a prompt that lists no commit`)
      assert.equal(
        jobId,
        sent.jobId,
        `invariant 4: ${where} sent to ${sent.jobId}, job-id says ${jobId}`
      )
      assert.equal(
        created,
        sent.kind === 'create' ? 'true' : 'false',
        `invariant 4: ${where}: created '${created}' after a ${sent.kind}`
      )
      assert.equal(
        skipped,
        'false',
        `invariant 4: ${where} sent a prompt, yet skipped is '${skipped}'`
      )
      const said =
        sent.kind === 'create'
          ? new RegExp(`Created (?:a new )?job ${sent.jobId}\\b`).test(stdout)
          : stdout.includes(`follow-up for this branch to job ${sent.jobId}`)
      assert.ok(said, `invariant 4: ${where}'s log does not say it sent to ${sent.jobId}`)
      if (this.acceptUnrecorded(result, sent, where)) return
      assert.equal(
        winner?.record.job,
        sent.jobId,
        `invariant 4: ${where} sent to ${sent.jobId}, the dashboard records ${winner?.record.job ?? 'nothing'}`
      )
      const told = new Set(winner?.record.told.find((job) => job.id === sent.jobId)?.shas ?? [])
      const missing = sent.shas.filter((sha) => !told.has(sha))
      assert.deepEqual(
        missing.map((sha) => this.name(sha)),
        [],
        `invariant 4: ${where}: the ledger lacks commits its prompt told`
      )
      return
    }
    assert.notEqual(created, 'true', `invariant 4: ${where} says created, but no job was created`)
    if (skipped === 'true') {
      assert.equal(exitCode, 0, `invariant 4: ${where} skipped, yet failed`)
      assert.ok(
        stdout.includes('nothing was sent'),
        `invariant 4: ${where} skipped without saying so`
      )
      // The recorded job, unless the service no longer knows it: then none is named.
      const recorded = winner?.record.job
      if (
        winner &&
        recorded !== undefined &&
        !(jobId === '' && this.jobs.get(recorded)?.how === 'gone')
      )
        assert.equal(
          jobId,
          winner.record.job,
          `invariant 4: ${where} skipped naming ${jobId}, the dashboard records ${winner.record.job}`
        )
    } else if (exitCode === 0) {
      assert.ok(
        stdout.includes('the prompt was not sent again'),
        `invariant 4: ${where} succeeded without sending, skipping or reporting a re-run`
      )
      assert.equal(
        jobId,
        winner?.record.job,
        `invariant 4: ${where} reported ${jobId}, the dashboard records ${winner?.record.job ?? 'nothing'}`
      )
    }
  }

  /**
   * Invariant 4, the dashboard's row: the row a run added says what it did (a prompt sent
   * is a creation or a follow-up; nothing sent is neither, but in a re-run that resumed what
   * its earlier attempt sent).
   */
  private checkRow(
    result: RunResult,
    delivered: Delivery[],
    before: ReadonlyMap<number, string>,
    after: Dashboard[],
    where: string
  ): void {
    const [winner] = after
    if (!winner) return
    const was = parseBranchRecords(before.get(winner.issue.number))[0]?.runs ?? []
    const rows = parseBranchRecords(winner.issue.body)[0]?.runs ?? []
    const row = rows.at(-1)
    const added = row !== undefined && !was.some((r) => JSON.stringify(r) === JSON.stringify(row))
    if (!added) return
    const sent = delivered[0]
    if (!sent && result.exitCode !== 0 && tolerated(this, 'rowSaysWhatFailed')) return
    // A re-run that resumes the job its earlier attempt sent to speaks for the workflow run.
    if (!sent && result.stdout.includes('the prompt was not sent again')) return
    const says: Record<string, readonly string[]> = {
      create: ['created', 'started-over'],
      message: ['followed-up', 'waited'],
      none: ['waited-only', 'nothing-new', 'apart', 'reported', 'failed']
    }
    const allowed = says[sent?.kind ?? 'none'] ?? []
    assert.ok(
      allowed.includes(row.did),
      `invariant 4: ${where} ${sent ? `sent a ${sent.kind}` : 'sent nothing'}, its dashboard row says '${row.did}'`
    )
  }

  /** What each job was told, step by step, for a failure's message. */
  told(): string {
    return this.world
      .allDeliveries()
      .map(
        (d) =>
          `step ${d.step}: ${d.kind} ${d.jobId}: ${d.shas.map((sha) => this.name(sha)).join(' ') || '(no commit)'}`
      )
      .join('\n')
  }

  name(sha: string): string {
    const index = this.world.indexOf(sha)
    const commit = this.world.commits[index]
    return commit
      ? `${commit.message.split('\n', 1)[0] ?? ''}(${sha.slice(0, 7)})`
      : sha.slice(0, 7)
  }

  describe(id: string): string {
    const job = this.jobs.get(id)
    if (!job) return id
    const fate =
      job.deliveredAt !== undefined
        ? `delivered at step ${job.deliveredAt}`
        : job.endedAt !== undefined
          ? `${job.how ?? 'ended'} at step ${job.endedAt}`
          : 'live'
    return `${id} (epoch ${job.epoch}, ${fate})`
  }
}
