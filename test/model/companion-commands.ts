// The steps of a repository with both companions, as fast-check commands: what people do
// to code pull requests (open, push to, merge, close unmerged, `/docs` commands before and
// after the end) and to the agent's docs pull requests (merge into the branch, close), the
// agent's own pushes, and the runs GitHub starts for them, in its own order: a merge's
// pull_request run and its push run either way round, the docs pull requests' runs late.
// The branch's own steps (commands.ts) come along. Each step is checked against the
// invariants of companions.ts and truth.ts as soon as it is done.

import fc from 'fast-check'
import {
  AgentFault,
  callFaults,
  EndJob,
  GitHubFault,
  heal,
  plainStep,
  Push,
  RunLatestPush,
  RunOlderPush,
  RunOnTip,
  runStep,
  SecondWorkflowRun,
  type CallRoute,
  type GitHubRead
} from './commands.js'
import type { CompanionTruth, PullTruth } from './companions.js'
import { saw } from './harness.js'
import { tolerated } from './known-bugs.js'
import { AGENT, isBranchRun, type RunSpec } from './world.js'

type Command = fc.AsyncCommand<CompanionTruth, object>

/** The most code pull requests a sequence opens. */
const MAX_PULLS = 6

const openPulls = (m: Readonly<CompanionTruth>): PullTruth[] =>
  [...m.pulls.values()].filter((pull) => pull.state === 'open')

const closedPulls = (m: Readonly<CompanionTruth>): PullTruth[] =>
  [...m.pulls.values()].filter((pull) => pull.state === 'closed')

const openDocs = (m: Readonly<CompanionTruth>): number[] =>
  [...m.docsPulls().keys()].filter((number) => m.stateOf(number) === 'open')

const room = (m: Readonly<CompanionTruth>, count: number): boolean =>
  m.commitCount + count <= m.maxCommits

/** New commits on the branch: their push run waits for its turn (RunLatestPush, RunOlderPush). */
function pushed(m: CompanionTruth, seeds: Parameters<CompanionTruth['world']['pushFrom']>[0]) {
  const before = m.world.tip
  const commits = m.world.pushFrom(seeds)
  m.pushes.push({ runId: m.newRunId(), before, after: m.world.tip, commits, ran: false })
  return commits
}

/**
 * A docs pull request merged or closed: what its job was told is delivered. A job that
 * ended before gave its commits back, unless no run has replaced it since: then the next
 * run, which sees both, takes it as delivered (truth.ts `counts`).
 */
function delivered(m: CompanionTruth, number: number): void {
  const job = m.jobs.get(m.docsPulls().get(number) ?? '')
  if (!job || job.deliveredAt !== undefined) return
  const ended = job.endedAt
  const replaced = m.world
    .allDeliveries()
    .some(
      (d) =>
        d.kind === 'create' &&
        (d.by === undefined || isBranchRun(d.by)) &&
        d.step > (ended ?? Infinity)
    )
  if (m.live(job) || (ended !== undefined && !replaced)) job.deliveredAt = m.step
}

/** A person opens a code pull request: its `opened` run creates its job. */
export class OpenPull implements Command {
  check = (m: Readonly<CompanionTruth>): boolean => m.pulls.size < MAX_PULLS
  async run(m: CompanionTruth): Promise<void> {
    const number = m.world.openPull()
    m.pulls.set(number, { number, state: 'open', jobs: [] })
    await runStep(m, [m.pullRun(number, 'opened')], 'in-process')
  }
  toString = (): string => 'a code pull request is opened'
}

/** A person pushes to an open code pull request: its `synchronize` run follows its job up. */
export class PushToPull implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => openPulls(m).length > 0
  async run(m: CompanionTruth): Promise<void> {
    const pull = openPulls(m)[this.pick % openPulls(m).length]
    if (!pull) return
    m.world.pushToPull(pull.number)
    await runStep(m, [m.pullRun(pull.number, 'synchronize')], 'in-process')
  }
  toString = (): string => `a push to an open code pull request (${this.pick})`
}

/**
 * A person merges an open code pull request: its merge commit is pushed to the branch with
 * the pull request as its source. Both runs wait: the push's and the `closed` one.
 */
export class MergePull implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => openPulls(m).length > 0 && room(m, 1)
  run(m: CompanionTruth): Promise<void> {
    const pull = openPulls(m)[this.pick % openPulls(m).length]
    if (!pull) return Promise.resolve()
    m.world.github.setPullState(m.world.repository, pull.number, { state: 'closed', merged: true })
    const [commit] = pushed(m, [{ author: 'dev', pull: pull.number }])
    pull.state = 'merged'
    pull.mergeSha = commit?.sha
    pull.mergedAt = commit?.date
    m.queue(m.pullRun(pull.number, 'closed'))
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => `an open code pull request is merged (${this.pick})`
}

/** A push to an open code pull request, run by the repository's second workflow (same token, same record). */
export class SecondPullRun implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => openPulls(m).length > 0
  async run(m: CompanionTruth): Promise<void> {
    const pull = openPulls(m)[this.pick % openPulls(m).length]
    if (!pull) return
    m.world.pushToPull(pull.number)
    await runStep(m, [{ ...m.pullRun(pull.number, 'synchronize'), second: true }], 'in-process')
  }
  toString = (): string =>
    `a push to an open code pull request, run by the second workflow (${this.pick})`
}

/** Open code pull requests whose job can take a follow-up (its docs pull request open). */
const followable = (m: Readonly<CompanionTruth>): PullTruth[] =>
  openPulls(m).filter((pull) => {
    const job = pull.jobs.at(-1)
    return m.live(m.jobs.get(job ?? '')) && m.docsStateOf(job) === 'open'
  })

/** Waits a little (a bundled run's progress is watched from here). */
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Overlap at the end: a push to an open code pull request whose job is busy; its run (the
 * first or second workflow's, a process of its own) waits for the job. Meanwhile a person
 * merges or closes the pull request and its `closed` run runs here to its end; then the job
 * is idle again and the waiting run goes on.
 */
export class EndWhileWaiting implements Command {
  constructor(
    readonly pick: number,
    readonly merged: boolean,
    readonly second: boolean
  ) {}
  check = (m: Readonly<CompanionTruth>): boolean =>
    m.concurrentLeft > 0 &&
    followable(m).length > 0 &&
    (this.merged ? room(m, 1) : !tolerated(m, 'waitingRunFollowsUpClosed'))
  async run(m: CompanionTruth): Promise<void> {
    const pull = followable(m)[this.pick % followable(m).length]
    const job = pull?.jobs.at(-1)
    if (!pull || !job) return
    m.concurrentLeft--
    const { world } = m
    const { number } = pull
    world.pushToPull(number)
    const waiting: RunSpec = { ...m.pullRun(number, 'synchronize'), second: this.second }
    // The `closed` run as GitHub will start it once the pull request is merged or closed.
    const stateOf = (merged: boolean, open: boolean) =>
      world.github.setPullState(world.repository, number, {
        state: open ? 'open' : 'closed',
        merged
      })
    if (this.merged) {
      const [commit] = pushed(m, [{ author: 'dev', pull: number }])
      pull.mergeSha = commit?.sha
      pull.mergedAt = commit?.date
    }
    stateOf(this.merged, false)
    // An unmerged close waits for the busy job before closing its docs pull request: not long.
    const end: RunSpec = { ...m.pullRun(number, 'closed'), timeout: '1s' }
    m.endsWhileBusy.set(end.runId, false)
    stateOf(false, true)
    const lift = world.agent.inject({
      method: 'GET',
      path: new RegExp(`/job/${job}$`),
      times: Infinity,
      fault: { kind: 'patch', fields: { status: 'active' } }
    })
    m.transient.push({ what: 'busy', lift, busy: job })
    await runStep(m, [waiting, end], 'overlapped', async () => {
      let log = ''
      let over = false
      const running = world.runBundled(waiting, (text) => {
        log += text
      })
      void running.finally(() => {
        over = true
      })
      const waits = () => log.includes('Waiting for busy agent job')
      for (let i = 0; i < 800 && !waits() && !over; i++) await pause(25)
      saw(
        waits() ? 'a code pull request ended while its push run waited' : 'a push run did not wait'
      )
      stateOf(this.merged, false)
      pull.state = this.merged ? 'merged' : 'closed'
      const ended = await world.runInProcess(end)
      m.endsWhileBusy.set(end.runId, m.recordOn(number)?.end?.pending === true)
      m.checkFacts(`after the end run ${end.runId} of #${number} passed the waiting run`, true)
      // The job is idle again: the waiting run goes on.
      lift()
      return [await running, ended]
    })
  }
  toString = (): string =>
    `a code pull request is ${this.merged ? 'merged' : 'closed'} while its push run${this.second ? ' (second workflow)' : ''} waits for the busy job (${this.pick})`
}

/** A person closes an open code pull request without merging: its `closed` run. */
export class ClosePull implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => openPulls(m).length > 0
  async run(m: CompanionTruth): Promise<void> {
    const pull = openPulls(m)[this.pick % openPulls(m).length]
    if (!pull) return
    m.world.github.setPullState(m.world.repository, pull.number, { state: 'closed' })
    pull.state = 'closed'
    await runStep(m, [m.pullRun(pull.number, 'closed')], 'in-process')
  }
  toString = (): string => `an open code pull request is closed unmerged (${this.pick})`
}

/** A person reopens a code pull request closed unmerged: its `reopened` run. */
export class ReopenPull implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => closedPulls(m).length > 0
  async run(m: CompanionTruth): Promise<void> {
    const pull = closedPulls(m)[this.pick % closedPulls(m).length]
    if (!pull) return
    m.world.github.setPullState(m.world.repository, pull.number, { state: 'open' })
    pull.state = 'open'
    await runStep(m, [m.pullRun(pull.number, 'reopened')], 'in-process')
  }
  toString = (): string => `a code pull request closed unmerged is reopened (${this.pick})`
}

/** A person writes a `/docs` command on a code pull request: open, merged or closed. */
export class DocsCommand implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => m.pulls.size > 0
  async run(m: CompanionTruth): Promise<void> {
    const pulls = [...m.pulls.values()]
    const pull = pulls[this.pick % pulls.length]
    if (!pull) return
    await runStep(m, [m.commandRun(pull.number)], 'in-process')
  }
  toString = (): string => `a /docs command on a code pull request (${this.pick})`
}

/**
 * A person merges one of the agent's docs pull requests (the branch job's, or a code pull
 * request job's) into the branch: its commits, by the agent's account, come from it.
 */
export class MergeDocs implements Command {
  constructor(
    readonly pick: number,
    readonly count: number
  ) {}
  check = (m: Readonly<CompanionTruth>): boolean => openDocs(m).length > 0 && room(m, this.count)
  run(m: CompanionTruth): Promise<void> {
    const number = openDocs(m)[this.pick % openDocs(m).length]
    if (number === undefined) return Promise.resolve()
    m.world.github.setPullState(m.world.repository, number, { state: 'closed', merged: true })
    pushed(
      m,
      Array.from({ length: this.count }, () => ({ author: AGENT, pull: number }))
    )
    plainStep(m)
    delivered(m, number)
    return Promise.resolve()
  }
  toString = (): string =>
    `a docs pull request of the agent's is merged into the branch (${this.pick}, ${this.count} commit(s))`
}

/**
 * The docs pull requests a person may close: any open one, but (see
 * KNOWN_BUGS.mergedNoteOutlivesClose) the one a merged code pull request's end told it is ready.
 */
function closable(m: Readonly<CompanionTruth>): number[] {
  if (!tolerated(m, 'mergedNoteOutlivesClose')) return openDocs(m)
  const noted = new Set(
    [...m.pulls.values()]
      .filter((pull) => pull.state === 'merged' && m.endOf(pull.number)?.did === 'merged-note')
      .map((pull) => m.world.prNumber(pull.jobs.at(-1) ?? ''))
  )
  return openDocs(m).filter((number) => !noted.has(number))
}

/** A person closes one of the agent's docs pull requests without merging it. */
export class CloseDocs implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => closable(m).length > 0
  run(m: CompanionTruth): Promise<void> {
    const number = closable(m)[this.pick % closable(m).length]
    if (number === undefined) return Promise.resolve()
    m.world.github.setPullState(m.world.repository, number, { state: 'closed' })
    plainStep(m)
    delivered(m, number)
    return Promise.resolve()
  }
  toString = (): string => `a docs pull request of the agent's is closed unmerged (${this.pick})`
}

/** The agent's account pushes a commit straight to the branch. */
export class AgentPush implements Command {
  check = (m: Readonly<CompanionTruth>): boolean => room(m, 1)
  run(m: CompanionTruth): Promise<void> {
    pushed(m, [{ author: AGENT }])
    plainStep(m)
    return Promise.resolve()
  }
  toString = (): string => "the agent's account pushes to the branch"
}

/** One of the pull request runs GitHub started and that waits its turn. */
export class RunPending implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => m.pending.length > 0
  async run(m: CompanionTruth): Promise<void> {
    const spec = m.pending[this.pick % m.pending.length]
    if (!spec) return
    m.pending = m.pending.filter((s) => s !== spec)
    await runStep(m, [spec], 'in-process')
  }
  toString = (): string => `a waiting pull request run runs (${this.pick})`
}

/** An earlier workflow run, run again, as GitHub would let it run now (see mayReRun). */
export class CompanionReRun implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CompanionTruth>): boolean => m.runs.some((spec) => m.mayReRun(spec))
  async run(m: CompanionTruth): Promise<void> {
    const runs = m.runs.filter((spec) => m.mayReRun(spec))
    const earlier = runs[runs.length - 1 - (this.pick % runs.length)]
    if (!earlier) return
    await runStep(m, [m.reRun(earlier)], 'in-process')
  }
  toString = (): string => `re-run an earlier run (${this.pick})`
}

/** A fault of GitHub for the next run, but those that KNOWN_BUGS steers around here. */
function gitHubFault(): fc.Arbitrary<Command> {
  return fc
    .tuple(
      fc.constantFrom('502' as const, 'rate-limit' as const),
      fc.constantFrom<GitHubRead>('issues', 'compare', 'commits', 'pulls-of-commit', 'docs-pull')
    )
    .map(([kind, read]) => {
      const fault = new GitHubFault(kind, read)
      const check = fault.check
      fault.check = (m) =>
        check(m) &&
        !(read === 'pulls-of-commit' && tolerated(m, 'sourceLookupFailureTellsDocumented'))
      return fault
    })
}

const PULL_ROUTES: readonly CallRoute[] = [
  'any',
  'any',
  'issues',
  'comments',
  'pulls-of-commit',
  'docs-pull',
  'dashboard-write',
  'graphql'
]

/** Faults on any of GitHub's calls, but those that KNOWN_BUGS steers around here. */
function companionCallFaults(): fc.Arbitrary<Command> {
  return callFaults(PULL_ROUTES).map((fault) => {
    const check = fault.check
    const lookups = fault.route === 'pulls-of-commit' || fault.route === 'any'
    fault.check = (m) =>
      check(m) && !(lookups && tolerated(m, 'sourceLookupFailureTellsDocumented'))
    return fault
  })
}

/** Every command, weighted by how often it is drawn. */
export function companionArbitraries(): Array<fc.Arbitrary<Command>> {
  const nat = fc.nat(7)
  return [
    fc
      .tuple(fc.integer({ min: 1, max: 2 }), fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }))
      .map(([count, pulls]) => new Push(count, pulls)),
    fc.constant(new RunLatestPush()),
    fc.constant(new RunLatestPush()),
    nat.map((n) => new RunOlderPush(n)),
    fc.constantFrom('schedule' as const, 'workflow_dispatch' as const).map((e) => new RunOnTip(e)),
    fc.constant(new OpenPull()),
    fc.constant(new OpenPull()),
    nat.map((n) => new PushToPull(n)),
    nat.map((n) => new PushToPull(n)),
    nat.map((n) => new MergePull(n)),
    nat.map((n) => new MergePull(n)),
    nat.map((n) => new ClosePull(n)),
    nat.map((n) => new ReopenPull(n)),
    nat.map((n) => new DocsCommand(n)),
    nat.map((n) => new DocsCommand(n)),
    fc.tuple(nat, fc.integer({ min: 1, max: 2 })).map(([n, count]) => new MergeDocs(n, count)),
    fc.tuple(nat, fc.integer({ min: 1, max: 2 })).map(([n, count]) => new MergeDocs(n, count)),
    nat.map((n) => new CloseDocs(n)),
    fc.constant(new AgentPush()),
    nat.map((n) => new RunPending(n)),
    nat.map((n) => new RunPending(n)),
    nat.map((n) => new RunPending(n)),
    nat.map((n) => new CompanionReRun(n)),
    fc
      .constantFrom('failed' as const, 'archived' as const, 'gone' as const)
      .map((how) => new EndJob(how)),
    gitHubFault(),
    companionCallFaults(),
    nat.map((n) => new SecondPullRun(n)),
    fc
      .constantFrom('push' as const, 'schedule' as const)
      .map((event) => new SecondWorkflowRun(event)),
    fc
      .tuple(nat, fc.boolean(), fc.boolean())
      .map(([n, merged, second]) => new EndWhileWaiting(n, merged, second)),
    fc
      .tuple(
        fc.constantFrom('read' as const, 'create' as const, 'message' as const),
        fc.constantFrom(500, 502, 503),
        fc.integer({ min: 1, max: 4 })
      )
      .map(([call, status, times]) => new AgentFault(call, status, times))
  ]
}

/**
 * The end of every sequence: faults lifted, the waiting pull request runs run (in the order
 * GitHub started them), then the branch's healing run, which must leave nothing lost.
 */
export async function healCompanions(m: CompanionTruth): Promise<void> {
  m.liftTransient()
  // A run may start others (a follow-up pushes to the docs pull request): a few rounds.
  for (let round = 0; round < 20 && m.pending.length > 0; round++) {
    const [spec] = m.pending
    m.pending = m.pending.slice(1)
    if (spec) await runStep(m, [spec], 'in-process')
  }
  await heal(m)
}
