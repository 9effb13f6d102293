// The steps a branch's life is made of, as fast-check commands: pushes and the workflow
// runs they trigger (in order, late, re-run, two at once), scheduled and manual runs,
// what happens to the job and its docs pull request, faults of GitHub and of the Agent
// Jobs API for one run, and what people do to the dashboard issue. Each step is checked
// against the invariants in truth.ts as soon as it is done.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { saw } from './harness.js'
import { tolerated } from './known-bugs.js'
import { checkNoPermissionAsked, checkStatus, type JobTruth, type Truth } from './truth.js'
import type { Fault } from '../support/stand-in.js'
import { isBranchRun, type RunResult, type RunSpec } from './world.js'

type Command = fc.AsyncCommand<Truth, object>

/**
 * Whether the recorded job may end now (see KNOWN_BUGS.deliveredJobGivesBack): not while
 * it shows busy to the next run (Busy with an end says that).
 */
function mayEnd(m: Readonly<Truth>): boolean {
  const job: JobTruth | undefined = m.jobs.get(m.current?.jobId ?? '')
  if (!m.live(job) || m.isBusy(job.id)) return false
  return !(tolerated(m, 'deliveredJobGivesBack') && job.deliveredAt !== undefined)
}

/** Whether the recorded job may show busy (see KNOWN_BUGS.busyJobDocsStateUnchecked). */
function mayBeBusy(m: Readonly<Truth>): boolean {
  const job: JobTruth | undefined = m.jobs.get(m.current?.jobId ?? '')
  if (!m.live(job) || m.readsFaulted()) return false
  return !(tolerated(m, 'busyJobDocsStateUnchecked') && job.deliveredAt !== undefined)
}

/** The end of a run's log, to read beside a failed check. */
function logTail(result: RunResult | undefined): string {
  const lines = (result?.stdout ?? '')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('::add-mask::'))
  return lines.slice(-25).join('\n')
}

/**
 * Runs `specs` (one in this process, or several bundled side by side), lifts the faults
 * that were for this step, and checks every invariant that concerns runs.
 */
export async function runStep(
  m: Truth,
  specs: RunSpec[],
  how: 'in-process' | 'bundled' | 'overlapped',
  overlap?: () => Promise<RunResult[]>
): Promise<RunResult[]> {
  const w = m.world
  w.step = ++m.step
  m.beforeRuns(specs)
  const first = w.deliveries.length
  const before = new Map(w.dashboards().map((d) => [d.issue.number, d.issue.body ?? '']))
  const openBefore = w.openDashboards()
  const unreadable = m.transient.some((fault) => fault.dashboardsUnreadable === true)
  const previous = m.current
  let results: RunResult[]
  try {
    results =
      how === 'in-process'
        ? [await w.runInProcess(specs[0] as RunSpec)]
        : how === 'bundled'
          ? await Promise.all(specs.map((spec) => w.runBundled(spec)))
          : await (overlap as () => Promise<RunResult[]>)()
  } finally {
    m.liftTransient()
  }
  for (const spec of specs) {
    m.runs.push(spec)
    m.attempts.set(spec.runId, Math.max(spec.attempt, m.attempts.get(spec.runId) ?? 0))
  }
  m.observe(results)
  m.settleFailures('seen')
  const delivered = w.allDeliveries().slice(first)
  const named = (r: RunResult) => `run ${r.spec.runId} attempt ${r.spec.attempt} (${r.spec.event})`
  try {
    for (const result of results) checkNoPermissionAsked(result, named(result))
    if (how === 'overlapped') {
      // Runs that overlapped (the first bundled, the others in this process): what they told
      // may be told twice (the first read the record before another wrote); each run's
      // outputs agree with what it sent.
      for (const d of delivered) for (const sha of d.shas) m.raceShas.add(sha)
      if (specs.every(isBranchRun)) checkRace(m, results, delivered)
      else {
        results.forEach((result, index) => {
          const own = delivered.filter((d) => (d.by ? d.by === result.spec : index === 0))
          if (isBranchRun(result.spec)) checkRace(m, [result], own)
          else m.checkPullRun(result, own)
        })
      }
    } else if (how === 'bundled') {
      // A race: what it told may be told twice (see the test file); the rest must hold.
      for (const d of delivered) for (const sha of d.shas) m.raceShas.add(sha)
      checkRace(m, results, delivered)
    } else if (!isBranchRun(specs[0] as RunSpec)) {
      m.checkPullRun(results[0] as RunResult, delivered)
    } else {
      const result = results[0] as RunResult
      m.checkRun(result, delivered, before, w.openDashboards())
      m.checkReRun(result, delivered, openBefore[0]?.record)
      m.checkNewestWins(result, openBefore)
      const where = `run ${result.spec.runId} attempt ${result.spec.attempt} (${result.spec.event})`
      const reached =
        !tolerated(m, 'retiredOnlyWhenSaved') || (result.outputs['job-id'] ?? '') !== ''
      // An older record whose base GitHub could not compare is kept until a run can.
      const olderUnknown = result.stdout.includes('the commits of an older record')
      // The newer record's write refused past the retries: the older one stays open (listed).
      const unwritten =
        tolerated(m, 'olderOpenWhenWinnerUnwritten') &&
        /could not update the dashboard issue #\d+/.test(result.stdout)
      if (!unreadable && !olderUnknown && !unwritten && reached) {
        m.checkOneDashboard(`after ${where}, which read the dashboards`)
      }
      if (result.exitCode === 0) m.checkNoneLost(result.spec.sha, `after the successful ${where}`)
      m.checkOneJob(previous?.jobId, delivered, where)
      m.checkLabel(result, before)
    }
    m.checkTellings()
    m.checkFacts(`after ${results.map(named).join(' and ')}`, how !== 'in-process')
    if (how === 'bundled') sawRace(results, m.rowsAdded(before).length, openBefore.length)
  } catch (error: unknown) {
    if (error instanceof assert.AssertionError) {
      error.message += `\n--- the log of the step's last run:\n${logTail(results.at(-1))}`
    }
    throw error
  }
  m.settleFailures('over')
  return results
}

/**
 * What is left of the race, counted (MODEL_VERBOSE=1 prints it): whether the dashboard kept
 * a row for each racing run that recorded one. Both runs start at the same instant here, so
 * their last writes are as close as they can be; a row lost is not a failure (docs/branches.md).
 */
function sawRace(results: RunResult[], rows: number, openBefore: number): void {
  if (openBefore !== 1) return
  // A run that names a job writes its row, but one that could not read its state.
  const unread = (r: RunResult) => r.stdout.includes('so nothing was sent to the agent')
  const recorded = results.filter((r) => (r.outputs['job-id'] ?? '') !== '' && !unread(r))
  if (recorded.length < 2) return
  saw(rows >= recorded.length ? 'race: both rows kept' : "race: a row lost to the other's write")
}

/** Two runs at once: each run's outputs agree with what the service received. */
function checkRace(
  m: Truth,
  results: RunResult[],
  delivered: ReturnType<Truth['world']['allDeliveries']>
): void {
  const ids = new Set(results.map((r) => r.outputs['job-id'] ?? ''))
  for (const d of delivered) {
    assert.ok(ids.has(d.jobId), `invariant 4: a racing run sent to ${d.jobId}, no job-id names it`)
  }
  const created = results.filter((r) => r.outputs.created === 'true').length
  const creations = delivered.filter((d) => d.kind === 'create').length
  assert.equal(created, creations, 'invariant 4: racing runs: created outputs against creations')
  const gone = (id: string): boolean => m.jobs.get(id)?.how === 'gone'
  for (const r of results) checkStatus(m, r, `racing run ${r.spec.runId} (${r.spec.event})`, gone)
}

/** A plain step that changes the world without running the action: then the invariants. */
export function plainStep(m: Truth): void {
  m.world.step = ++m.step
  m.readCurrent()
  m.checkTellings()
  m.checkFacts(`after step ${m.step}, which ran nothing`)
}

export class Push implements Command {
  constructor(
    readonly count: number,
    readonly fromPulls: boolean[]
  ) {}
  check = (m: Readonly<Truth>): boolean => m.commitCount + this.count <= m.maxCommits
  run(m: Truth): Promise<void> {
    const before = m.world.tip
    const commits = m.world.push(this.count, this.fromPulls)
    m.pushes.push({ runId: m.newRunId(), before, after: m.world.tip, commits, ran: false })
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => `push(${this.count}${this.fromPulls.some(Boolean) ? ', from PRs' : ''})`
}

/** The run of the newest push, in its turn. */
export class RunLatestPush implements Command {
  check = (m: Readonly<Truth>): boolean => m.pushes.at(-1)?.ran === false
  async run(m: Truth): Promise<void> {
    const push = m.pushes.at(-1)
    if (!push) return
    push.ran = true
    await runStep(m, [m.pushRun(push)], 'in-process')
  }
  toString = (): string => 'run latest push'
}

/** The run of an older push, arriving after later pushes (GitHub does not order them). */
export class RunOlderPush implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Truth>): boolean => m.pushes.slice(0, -1).some((p) => !p.ran)
  async run(m: Truth): Promise<void> {
    const waiting = m.pushes.slice(0, -1).filter((p) => !p.ran)
    const push = waiting[this.pick % waiting.length]
    if (!push) return
    push.ran = true
    await runStep(m, [m.pushRun(push)], 'in-process')
  }
  toString = (): string => `run an older push late (${this.pick})`
}

export class RunOnTip implements Command {
  constructor(readonly event: 'schedule' | 'workflow_dispatch') {}
  check = (): boolean => true
  async run(m: Truth): Promise<void> {
    await runStep(m, [m.tipRun(this.event)], 'in-process')
  }
  toString = (): string => (this.event === 'schedule' ? 'scheduled run' : 'manual run')
}

/** An earlier workflow run, run again: same run id, its next attempt. */
export class ReRun implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Truth>): boolean => m.runs.length > 0
  async run(m: Truth): Promise<void> {
    const earlier = m.runs[m.runs.length - 1 - (this.pick % m.runs.length)]
    if (!earlier) return
    await runStep(m, [m.reRun(earlier)], 'in-process')
  }
  toString = (): string => `re-run an earlier run (${this.pick})`
}

export type RaceKind = 'push' | 'older-push' | 'schedule' | 'manual' | 'rerun' | 'second'

/** Two workflow runs at the same time, each a process of its own, as on two runners. */
export class Concurrent implements Command {
  constructor(readonly kinds: readonly [RaceKind, RaceKind]) {}
  check = (m: Readonly<Truth>): boolean => {
    if (m.concurrentLeft <= 0) return false
    const unrun = m.pushes.filter((p) => !p.ran).length
    const pushes = this.kinds.filter((k) => k === 'push' || k === 'older-push').length
    if (this.kinds.includes('push') && m.pushes.at(-1)?.ran !== false) return false
    if (this.kinds.includes('older-push') && !m.pushes.slice(0, -1).some((p) => !p.ran))
      return false
    if (this.kinds.includes('rerun') && m.runs.length === 0) return false
    return unrun >= pushes
  }
  async run(m: Truth): Promise<void> {
    m.concurrentLeft--
    const specs = this.kinds.map((kind): RunSpec => {
      switch (kind) {
        case 'push':
        case 'older-push': {
          const pool = kind === 'push' ? m.pushes.slice(-1) : m.pushes.slice(0, -1)
          const push = pool.find((p) => !p.ran) as NonNullable<(typeof m.pushes)[number]>
          push.ran = true
          return m.pushRun(push)
        }
        case 'schedule':
          return m.tipRun('schedule')
        case 'manual':
          return m.tipRun('workflow_dispatch')
        case 'rerun':
          return m.reRun(m.runs.at(-1) as RunSpec)
        case 'second':
          return { ...m.tipRun('schedule'), second: true }
      }
    })
    await runStep(m, specs, 'bundled')
  }
  toString = (): string => `two runs at once (${this.kinds.join(' + ')})`
}

/** How the service shows a job that failed, was archived, or was deleted (404). */
function endFault(how: 'failed' | 'archived' | 'gone'): Fault {
  if (how === 'gone') return { kind: 'status', status: 404, body: { error: 'Agent job not found' } }
  return {
    kind: 'patch',
    fields:
      how === 'failed'
        ? { status: 'failed' }
        : { status: 'archived', archivedAt: new Date().toISOString() }
  }
}

/** The recorded job fails, is archived, or is deleted (the service answers 404). */
export class EndJob implements Command {
  constructor(readonly how: 'failed' | 'archived' | 'gone') {}
  check = mayEnd
  run(m: Truth): Promise<void> {
    const job = m.jobs.get(m.current?.jobId ?? '')
    if (!job) return Promise.resolve()
    const path = new RegExp(`/job/${job.id}$`)
    m.world.agent.inject({ method: 'GET', path, times: Infinity, fault: endFault(this.how) })
    plainStep(m)
    job.endedAt = m.step
    job.how = this.how
    return Promise.resolve()
  }
  toString = (): string => `the job ${this.how === 'gone' ? 'is deleted' : this.how}`
}

/**
 * The recorded job is busy for the next `reads` reads of the next run (a run then waits
 * for it); with `then`, it fails, is archived or deleted once that is over.
 */
export class Busy implements Command {
  constructor(
    readonly reads: number,
    readonly then?: 'failed' | 'archived' | 'gone'
  ) {}
  check = (m: Readonly<Truth>): boolean =>
    mayBeBusy(m) &&
    (!this.then || mayEnd(m)) &&
    !(
      this.then === 'gone' &&
      tolerated(m, 'goneAfterWaitGivesBackDelivered') &&
      m.jobs.get(m.current?.jobId ?? '')?.deliveredAt !== undefined
    )
  run(m: Truth): Promise<void> {
    const job = m.jobs.get(m.current?.jobId ?? '')
    if (!job) return Promise.resolve()
    const path = new RegExp(`/job/${job.id}$`)
    const from = m.world.agent.requests.length
    const lift = m.world.agent.inject({
      method: 'GET',
      path,
      times: this.reads,
      fault: { kind: 'patch', fields: { status: 'active', prLink: null } }
    })
    m.transient.push({ what: 'busy', lift, busy: job.id })
    if (this.then) {
      m.world.agent.inject({ method: 'GET', path, times: Infinity, fault: endFault(this.then) })
      // Ended for the action once a run reads it past the busy reads (truth.ts).
      job.failsAfter = { reads: this.reads, from, how: this.then }
    }
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string =>
    `the job is busy for ${this.reads} read(s)${this.then ? `, then ${this.then === 'gone' ? 'deleted' : this.then}` : ''}`
}

/** A person merges (or closes) the branch's docs pull request. */
export class DocsPullRequest implements Command {
  constructor(readonly merged: boolean) {}
  check = (m: Readonly<Truth>): boolean => {
    const job = m.jobs.get(m.current?.jobId ?? '')
    if (!m.live(job) || job.deliveredAt !== undefined) return false
    return !(tolerated(m, 'busyJobDocsStateUnchecked') && m.isBusy(job.id))
  }
  run(m: Truth): Promise<void> {
    const job = m.jobs.get(m.current?.jobId ?? '')
    const number = job ? m.world.prNumber(job.id) : undefined
    if (!job || number === undefined) return Promise.resolve()
    m.world.github.setPullState(m.world.docsRepository, number, {
      state: 'closed',
      merged: this.merged
    })
    plainStep(m)
    job.deliveredAt = m.step
    return Promise.resolve()
  }
  toString = (): string => `the docs pull request is ${this.merged ? 'merged' : 'closed'}`
}

export type GitHubRead = 'issues' | 'compare' | 'commits' | 'pulls-of-commit' | 'docs-pull'

/** One of GitHub's reads fails for the whole next run: a 502, or a secondary rate limit. */
export class GitHubFault implements Command {
  constructor(
    readonly kind: '502' | 'rate-limit',
    readonly read: GitHubRead
  ) {}
  check = (m: Readonly<Truth>): boolean =>
    !(tolerated(m, 'docsStateUnknownTakenAsOpen') && this.read === 'docs-pull')
  run(m: Truth): Promise<void> {
    const { repository, docsRepository } = m.world
    const paths: Record<GitHubRead, RegExp> = {
      issues: new RegExp(`^/repos/${repository}/issues$`),
      compare: new RegExp(`^/repos/${repository}/compare/`),
      commits: new RegExp(`^/repos/${repository}/commits$`),
      'pulls-of-commit': new RegExp(`^/repos/${repository}/commits/[0-9a-f]+/pulls$`),
      'docs-pull': new RegExp(`^/repos/${docsRepository}/pulls/\\d+$`)
    }
    const lift = m.world.github.deny({
      method: 'GET',
      path: paths[this.read],
      ...(this.kind === '502'
        ? { status: 502, message: 'Server Error' }
        : {
            status: 403,
            headers: { 'retry-after': '60' },
            message: 'You have exceeded a secondary rate limit. Please wait a few minutes.'
          })
    })
    m.transient.push({
      what: `GitHub ${this.kind} on ${this.read}`,
      lift,
      dashboardsUnreadable: this.read === 'issues'
    })
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => `GitHub answers ${this.kind} to ${this.read} for the next run`
}

/** How GitHub refuses a call that no permission fixes. */
export type CallFaultKind = '5xx' | 'secondary' | 'secondary-bare' | '429'

/** The calls a CallFaults refuses: one route, GitHub's writes of the dashboard, or any. */
export type CallRoute = GitHubRead | 'comments' | 'dashboard-write' | 'graphql' | 'any'

/**
 * How many refusals in a row a call of the action outlasts (MAX_RETRIES, RATE_LIMIT_WAITS in client.ts);
 * a secondary rate limit without `retry-after` means a minute's wait, past a write's budget.
 */
const WITHIN_RETRIES = 2

const SECONDARY =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'

/**
 * GitHub answers the next `calls` calls of the next run (to `route`, or any) with a 5xx, a
 * secondary rate limit (403, with or without `retry-after`), or a 429: within the retries a
 * run makes, or past them.
 */
export class CallFaults implements Command {
  constructor(
    readonly kind: CallFaultKind,
    readonly route: CallRoute,
    readonly calls: number,
    readonly status: 500 | 502 | 503 | 504 = 502
  ) {}
  check = (m: Readonly<Truth>): boolean =>
    !(
      tolerated(m, 'docsStateUnknownTakenAsOpen') &&
      (this.route === 'docs-pull' || this.route === 'any')
    ) &&
    !(
      tolerated(m, 'unrecordedAfterSend') &&
      this.route === 'dashboard-write' &&
      (this.calls > WITHIN_RETRIES || this.kind === 'secondary-bare')
    )
  run(m: Truth): Promise<void> {
    const { repository, docsRepository } = m.world
    const paths: Record<CallRoute, RegExp | undefined> = {
      issues: new RegExp(`^/repos/${repository}/issues$`),
      compare: new RegExp(`^/repos/${repository}/compare/`),
      commits: new RegExp(`^/repos/${repository}/commits$`),
      'pulls-of-commit': new RegExp(`^/repos/${repository}/commits/[0-9a-f]+/pulls$`),
      'docs-pull': new RegExp(`^/repos/${docsRepository}/pulls/\\d+$`),
      comments: new RegExp(`^/repos/${repository}/issues/\\d+/comments$`),
      'dashboard-write': new RegExp(`^/repos/${repository}/issues(?:/\\d+)?$`),
      graphql: /^\/graphql$/,
      any: undefined
    }
    const method = this.route === 'dashboard-write' ? ('PATCH' as const) : undefined
    const refusal =
      this.kind === '5xx'
        ? { status: this.status, message: 'Server Error' }
        : this.kind === '429'
          ? { status: 429, headers: { 'retry-after': '1' } }
          : {
              status: 403,
              message: SECONDARY,
              ...(this.kind === 'secondary' ? { headers: { 'retry-after': '1' } } : {})
            }
    const path = paths[this.route]
    const lift = m.world.github.deny({
      ...(method ? { method } : {}),
      ...(path ? { path } : {}),
      times: this.calls,
      ...refusal
    })
    m.transient.push({
      what: `GitHub ${this.kind} on ${this.calls} call(s) to ${this.route}`,
      lift,
      // Whose token it is (GraphQL's viewer) is asked before the dashboards are read.
      dashboardsUnreadable: ['issues', 'graphql', 'any'].includes(this.route)
    })
    saw(`GitHub ${this.kind} on ${this.route}`)
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string =>
    `GitHub answers ${this.kind === '5xx' ? this.status : this.kind} to the next ${this.calls} call(s) to ${this.route}`
}

/** A run of the repository's second workflow (its own run id, the same record key and token). */
export class SecondWorkflowRun implements Command {
  constructor(readonly event: 'push' | 'schedule' | 'workflow_dispatch') {}
  check = (m: Readonly<Truth>): boolean => this.event !== 'push' || m.pushes.length > 0
  async run(m: Truth): Promise<void> {
    const push = m.pushes.at(-1)
    const spec =
      this.event === 'push' && push
        ? { ...m.pushRun(push), runId: m.newRunId() }
        : m.tipRun(this.event === 'push' ? 'schedule' : this.event)
    await runStep(m, [{ ...spec, second: true }], 'in-process')
  }
  toString = (): string => `the second workflow's ${this.event} run`
}

/** Waits a little (the bundled run's progress is watched from here). */
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Two runs that overlap, deterministically: the latest push's run (a process of its own) reads
 * the branch's record, and GitHub holds its next read of the branch's commits; meanwhile the
 * second workflow's scheduled run runs here from start to end; then the held run goes on.
 */
export class HeldOverlap implements Command {
  check = (m: Readonly<Truth>): boolean => m.concurrentLeft > 0 && m.pushes.at(-1)?.ran === false
  async run(m: Truth): Promise<void> {
    const push = m.pushes.at(-1)
    if (!push) return
    m.concurrentLeft--
    push.ran = true
    const first = m.pushRun(push)
    const second: RunSpec = { ...m.tipRun('schedule'), second: true }
    const w = m.world
    await runStep(m, [first, second], 'overlapped', async () => {
      const hold = w.github.hold({
        method: 'GET',
        path: new RegExp(`^/repos/${w.repository}/(?:compare/|commits$)`)
      })
      let ended = false
      const running = w.runBundled(first).finally(() => {
        ended = true
      })
      for (let i = 0; i < 800 && !hold.reached() && !ended; i++) await pause(25)
      saw(hold.reached() ? 'a run held while another ran' : 'a held run read no commits')
      // A run that never reached the hold lets the other pass it untouched.
      if (!hold.reached()) hold.release()
      try {
        const other = await w.runInProcess(second)
        // What the passing run recorded, as it finished: the held run's write must keep it.
        m.checkFacts(`after the second workflow's run ${second.runId} passed the held one`, true)
        hold.release()
        return [await running, other]
      } finally {
        hold.release()
      }
    })
  }
  toString = (): string => "the latest push's run, held, while the second workflow's run passes it"
}

/** The Agent Jobs API answers the next `times` calls of a kind of the next run with a 5xx. */
export class AgentFault implements Command {
  constructor(
    readonly call: 'read' | 'create' | 'message',
    readonly status: number,
    readonly times = 1
  ) {}
  check = (m: Readonly<Truth>): boolean => this.call !== 'read' || !m.readsFaulted()
  run(m: Truth): Promise<void> {
    const rule =
      this.call === 'read'
        ? { method: 'GET' as const, path: /\/job\/[^/]+$/ }
        : this.call === 'create'
          ? { method: 'POST' as const, path: /\/job$/ }
          : { method: 'POST' as const, path: /\/message$/ }
    const lift = m.world.agent.inject({
      ...rule,
      times: this.times,
      fault: { kind: 'status', status: this.status }
    })
    m.transient.push({
      what: `Agent Jobs ${this.status} on ${this.call}`,
      lift,
      jobReads: this.call === 'read'
    })
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string =>
    `the Agent Jobs API answers ${this.status} to a ${this.call} ${this.times === 1 ? 'once' : `${this.times} times`}`
}

/** A person edits the dashboard: a line above the record, or the label taken off. */
export class EditDashboard implements Command {
  constructor(readonly edit: 'line-above' | 'unlabel') {}
  check = (m: Readonly<Truth>): boolean => m.current !== undefined
  run(m: Truth): Promise<void> {
    const issue = m.world.openDashboards()[0]?.issue
    if (!issue) return Promise.resolve()
    if (this.edit === 'line-above') issue.body = `A note a person added.\n${issue.body ?? ''}`
    else {
      issue.labels = issue.labels.filter((label) => label !== 'docs-agent')
      m.unlabelled = issue.number
    }
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string =>
    this.edit === 'line-above'
      ? 'a person adds a line above the record'
      : 'a person removes the docs-agent label'
}

/** A person closes the dashboard: the branch starts over (a new epoch). */
export class CloseDashboard implements Command {
  check = (m: Readonly<Truth>): boolean => m.world.openDashboards().length === 1
  run(m: Truth): Promise<void> {
    const issue = m.world.openDashboards()[0]?.issue
    if (!issue) return Promise.resolve()
    m.world.github.closeIssue(m.world.repository, issue.number, 'maintainer')
    m.startOver()
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => 'a person closes the dashboard'
}

/** A person reopens an older, closed dashboard while the branch's record is open. */
export class ReopenOld implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Truth>): boolean =>
    m.world.openDashboards().length === 1 && m.closedIssues.length > 0
  run(m: Truth): Promise<void> {
    const closed = m.world.dashboards().filter((d) => d.issue.state === 'closed')
    const open = m.world.openDashboards()[0]
    const issue = closed[this.pick % closed.length]?.issue
    if (!issue || !open) return Promise.resolve()
    assert.ok(issue.number < open.issue.number, 'a closed dashboard is older than the open one')
    issue.state = 'open'
    issue.closed_at = null
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => `a person reopens an old dashboard (${this.pick})`
}

const RACES: ReadonlyArray<readonly [RaceKind, RaceKind]> = [
  ['push', 'schedule'],
  ['push', 'second'],
  ['push', 'older-push'],
  ['schedule', 'manual'],
  ['push', 'rerun'],
  ['rerun', 'schedule']
]

/** Faults on any of GitHub's calls: a kind, the calls it takes, how many. */
export function callFaults(routes: readonly CallRoute[] = BRANCH_ROUTES): fc.Arbitrary<CallFaults> {
  return fc
    .tuple(
      fc.constantFrom<CallFaultKind>('5xx', 'secondary', 'secondary-bare', '429'),
      fc.constantFrom(...routes),
      fc.integer({ min: 1, max: 6 }),
      fc.constantFrom(500 as const, 502 as const, 503 as const, 504 as const)
    )
    .map(([kind, route, calls, status]) => new CallFaults(kind, route, calls, status))
}

const BRANCH_ROUTES: readonly CallRoute[] = [
  'any',
  'any',
  'issues',
  'compare',
  'commits',
  'pulls-of-commit',
  'docs-pull',
  'dashboard-write',
  'graphql'
]

/** Every command, weighted by how often it is drawn (pushes and runs most). */
export function commandArbitraries(): Array<fc.Arbitrary<Command>> {
  const push = fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }))
    .map(([count, pulls]) => new Push(count, pulls))
  return [
    push,
    push,
    push,
    fc.constant(new RunLatestPush()),
    fc.constant(new RunLatestPush()),
    fc.constant(new RunLatestPush()),
    fc.nat(7).map((n) => new RunOlderPush(n)),
    fc.constantFrom('schedule' as const, 'workflow_dispatch' as const).map((e) => new RunOnTip(e)),
    fc.nat(7).map((n) => new ReRun(n)),
    fc.constantFrom(...RACES).map((kinds) => new Concurrent(kinds)),
    fc
      .constantFrom('failed' as const, 'archived' as const, 'gone' as const)
      .map((how) => new EndJob(how)),
    fc
      .tuple(
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(undefined, 'failed' as const, 'archived' as const, 'gone' as const)
      )
      .map(([reads, then]) => new Busy(reads, then)),
    fc.boolean().map((merged) => new DocsPullRequest(merged)),
    fc
      .tuple(
        fc.constantFrom('502' as const, 'rate-limit' as const),
        fc.constantFrom<GitHubRead>('issues', 'compare', 'commits', 'pulls-of-commit', 'docs-pull')
      )
      .map(([kind, read]) => new GitHubFault(kind, read)),
    fc
      .tuple(
        fc.constantFrom('read' as const, 'create' as const, 'message' as const),
        fc.constantFrom(500, 502, 503),
        fc.integer({ min: 1, max: 4 })
      )
      .map(([call, status, times]) => new AgentFault(call, status, times)),
    callFaults(),
    fc
      .constantFrom('push' as const, 'schedule' as const, 'workflow_dispatch' as const)
      .map((event) => new SecondWorkflowRun(event)),
    fc.constant(new HeldOverlap()),
    fc.constantFrom('line-above' as const, 'unlabel' as const).map((e) => new EditDashboard(e)),
    fc.constant(new CloseDashboard()),
    fc.nat(3).map((n) => new ReopenOld(n))
  ]
}

/**
 * The end of every sequence: faults lifted, nothing pushed, one more scheduled run. It
 * must succeed, and every commit of the epoch's scope must then have reached, exactly once
 * per job, a job that is live or delivered.
 */
export async function heal(m: Truth): Promise<void> {
  m.liftTransient()
  // A busy job that was to fail fails now that it is no longer busy.
  m.settleFailures('over')
  const [result] = await runStep(m, [m.tipRun('schedule')], 'in-process')
  assert.equal(result?.exitCode, 0, `the healing run failed:\n${logTail(result)}`)
  m.checkNoneLost(m.world.tip, 'after healing')
}
