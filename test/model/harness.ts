// What the model tests share: the knobs, one GitHub stand-in per file with the in-process
// runs' timers made quick, a life (the steps, the healing run, the final check), and the
// report of a failure with the command that replays it.
//
// Knobs: MODEL_RUNS sequences of at most MODEL_STEPS steps (each file has its defaults for
// npm test); MODEL_CONCURRENT races a sequence may take, in a MODEL_RACE_SHARE of them;
// MODEL_SEED, MODEL_PATH and MODEL_REPLAY_PATH replay a failure, MODEL_SHRINK=1 shrinks it
// (slow: each try runs the action again); MODEL_VERBOSE=1 prints the counts; MODEL_APP_TOKEN=1
// gives every life a GitHub App's installation token, MODEL_APP_TOKEN=0 none (unset: a random
// half of the random lives).

import fc from 'fast-check'
import { GITHUB_TOKEN } from '../support/fixtures.js'
import { inProcessRuns } from '../support/in-process.js'
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in.js'
import type { Truth } from './truth.js'
import { APP_BOT, APP_TOKEN, World, type WorldOptions } from './world.js'

/**
 * MODEL_APP_TOKEN=1: every life's github-token is a GitHub App's installation token (world.ts);
 * MODEL_APP_TOKEN=0: none is. Unset: undefined, each random life draws its own (appTokenLife),
 * and the regression tests use the workflow's token.
 */
const APP_TOKEN_FORCED: Readonly<Record<string, boolean>> = { '1': true, '0': false }
export const APP_TOKEN_LIVES: boolean | undefined =
  APP_TOKEN_FORCED[process.env.MODEL_APP_TOKEN ?? '']

/** Whether a random life's github-token is an App's: as MODEL_APP_TOKEN forces, else either. */
export const appTokenLife = (): fc.Arbitrary<boolean> =>
  APP_TOKEN_LIVES === undefined ? fc.boolean() : fc.constant(APP_TOKEN_LIVES)

export const knob = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback)
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback
}

export interface Knobs {
  runs: number
  steps: number
  concurrent: number
  raceShare: number
  shrink: boolean
  seed: number
  path: string | undefined
  replayPath: string | undefined
}

/** The knobs, with this file's defaults for `npm test` (a fixed seed: the same verdict every time). */
export function knobs(defaults: { runs: number; steps: number; seed: number }): Knobs {
  return {
    runs: knob('MODEL_RUNS', defaults.runs),
    steps: knob('MODEL_STEPS', defaults.steps),
    concurrent: knob('MODEL_CONCURRENT', 1),
    /** The share of sequences that may race (two bundled runs at once cost about half a second). */
    raceShare: Math.min(1, Math.max(0, Number(process.env.MODEL_RACE_SHARE ?? 0.25) || 0)),
    shrink: process.env.MODEL_SHRINK === '1',
    seed: Number(process.env.MODEL_SEED ?? defaults.seed),
    path: process.env.MODEL_PATH,
    replayPath: process.env.MODEL_REPLAY_PATH
  }
}

// octokit's retry and throttling plugins yield through Bottleneck, with setTimeout(0), several
// times a call: at least a millisecond each, most of an in-process run's time. During a model
// file a zero delay is the next turn of the event loop instead; every other timer is real.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout
const yieldingAtOnce = (original: typeof setTimeout): typeof setTimeout =>
  ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    ms === undefined || ms <= 0
      ? setImmediate(callback, ...args)
      : original(callback, ms, ...args)) as typeof setTimeout
const clearingEither =
  (original: typeof clearTimeout): typeof clearTimeout =>
  (handle) =>
    handle instanceof Object && '_onImmediate' in handle
      ? clearImmediate(handle as unknown as NodeJS.Immediate)
      : original(handle)

export const totals = {
  sequences: 0,
  steps: 0,
  runs: 0,
  commits: 0,
  jobs: 0,
  /** What the lives went through, by name (MODEL_VERBOSE=1 prints them): a check of coverage. */
  seen: {} as Record<string, number>
}

/** Counts one more `what` in `totals.seen`. */
export function saw(what: string): void {
  totals.seen[what] = (totals.seen[what] ?? 0) + 1
}

/**
 * Call at a file's top level: starts the GitHub stand-in the file's worlds share (each a
 * repository of its own) and makes the in-process runs' timers quick; undoes both after.
 */
export function modelStandIn(): () => GitHubStandIn {
  let github: GitHubStandIn | undefined
  const secondBefore = inProcessRuns.gitHubSecondMs
  beforeAll(async () => {
    github = await startGitHubStandIn({
      token: GITHUB_TOKEN,
      // GraphQL's viewer refuses an App's installation token, as GitHub does.
      installations: { [APP_TOKEN]: { login: APP_BOT, type: 'Bot' } }
    })
    // @actions/github reads the API address once, when the first run loads it.
    process.env.GITHUB_API_URL = github.apiUrl
    // The in-process runs' GitHub retries and rate limits pass their waits at once: the
    // faults last whole runs, so every retry would otherwise sit out its real wait.
    inProcessRuns.gitHubSecondMs = 0
    globalThis.setTimeout = yieldingAtOnce(setTimeout)
    globalThis.clearTimeout = clearingEither(clearTimeout)
  })
  afterAll(async () => {
    globalThis.setTimeout = realSetTimeout
    globalThis.clearTimeout = realClearTimeout
    inProcessRuns.gitHubSecondMs = secondBefore
    await github?.close()
    if (process.env.MODEL_VERBOSE === '1') console.log(totals)
  })
  return () => {
    if (!github) throw new Error('The model stand-in starts before the tests.')
    return github
  }
}

export type Commands<M extends Truth> = Iterable<fc.AsyncCommand<M, object>>

/** What a life is made of: its world, the model that follows it, and its healing end. */
export interface LifeOf<M extends Truth> {
  world: WorldOptions
  truth: (world: World) => M
  heal: (m: M) => Promise<void>
}

/** One life: the steps, then the healing run and the final check. */
export async function life<M extends Truth>(
  github: GitHubStandIn,
  of: LifeOf<M>,
  commands: Commands<M>
): Promise<void> {
  const world = await World.start(github, of.world)
  const truth = of.truth(world)
  if (of.world.app === true) saw("a life with a GitHub App's installation token")
  try {
    await fc.asyncModelRun(() => ({ model: truth, real: {} }), commands)
    await of.heal(truth)
  } finally {
    totals.sequences++
    totals.steps += truth.step
    totals.runs += truth.runs.length
    totals.commits += world.commits.length
    totals.jobs += truth.jobs.size
    truth.liftTransient()
    await world.close()
    // The stand-in keeps every request; a long run would keep them all.
    github.requests.length = 0
  }
}

/** fast-check's report, and the command that replays the failure (`file`: this test file's). */
export function report<T extends unknown[]>(
  details: fc.RunDetails<T>,
  k: Knobs,
  file: string
): string {
  // fast-check's commands print their replay path in their text.
  const commands = details.counterexample?.at(-1)
  const replayPath = /replayPath="([^"]*)"/.exec(commands ? fc.stringify(commands) : '')?.[1]
  const replay = [
    `MODEL_SEED=${details.seed}`,
    `MODEL_PATH=${details.counterexamplePath ?? ''}`,
    `MODEL_RUNS=${k.runs}`,
    `MODEL_STEPS=${k.steps}`,
    `MODEL_CONCURRENT=${k.concurrent}`,
    `MODEL_RACE_SHARE=${k.raceShare}`,
    ...(replayPath ? [`MODEL_REPLAY_PATH='${replayPath}'`] : []),
    'MODEL_SHRINK=1',
    'NODE_OPTIONS=--experimental-vm-modules',
    `npx jest ${file}`
  ].join(' ')
  const error = details.errorInstance
  const why = error instanceof Error ? (error.stack ?? error.message) : String(error)
  return `${fc.defaultReportMessage(details) ?? ''}\n\nReplay (and shrink) with:\n  ${replay}\n\nWhat broke:\n${why}`
}
