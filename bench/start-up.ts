// Start-up: from spawning a process to its first request arriving at the stand-in,
// for the bundled action, a bare Node script that sends one request with node:http
// (as CommonJS, and the same as an ES module), and curl. Rounds are interleaved so
// that a busy moment on the machine hits all of them alike; the median is reported.

import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { StandIn } from '../test/support/stand-in.ts'
import { runAction } from '../test/support/run-action.ts'
import { median } from './table.ts'

const BARE_REQUEST = fileURLToPath(new URL('bare-request.cjs', import.meta.url))
const BARE_REQUEST_ESM = fileURLToPath(new URL('bare-request-esm.mjs', import.meta.url))

export interface StartUp {
  name: string
  /** Milliseconds from spawn to the first request, one per round; empty when skipped. */
  runs: number[]
  medianMs: number
  note?: string
}

function hasCurl(): boolean {
  const probe = spawnSync('curl', ['--version'], { stdio: 'ignore' })
  return probe.error === undefined && probe.status === 0
}

function runToExit(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '' }, stdio: 'ignore' })
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(killer)
      resolve()
    })
  })
}

/** Milliseconds from the spawn in `start` to the first request the stand-in records after it. */
async function firstRequestAfter(standIn: StandIn, start: () => Promise<unknown>): Promise<number> {
  const before = standIn.requests.length
  const spawnedAt = Date.now()
  await start()
  const first = standIn.requests[before]
  if (!first) throw new Error('the process sent no request')
  return first.at - spawnedAt
}

export async function startUp(standIn: StandIn, rounds: number): Promise<StartUp[]> {
  const health = `${standIn.url}/health`
  const subjects: { name: string; start: () => Promise<unknown> }[] = [
    {
      name: 'action bundle (dist/index.js)',
      start: async () => {
        const run = await runAction({
          inputs: {
            'api-key': 'mint_test_key',
            'project-id': 'proj-test',
            prompt: 'fast: start-up',
            'base-url': standIn.url
          },
          killAfterMs: 10_000
        })
        if (run.exitCode !== 0) throw new Error(`the action failed:\n${run.stdout}${run.stderr}`)
      }
    },
    {
      name: 'bare Node script (require node:http)',
      start: () => runToExit(process.execPath, [BARE_REQUEST, health])
    },
    {
      name: 'bare Node script (import node:http)',
      start: () => runToExit(process.execPath, [BARE_REQUEST_ESM, health])
    }
  ]
  const curl = hasCurl()
  if (curl)
    subjects.push({
      name: 'curl',
      start: () => runToExit('curl', ['-s', '-o', '/dev/null', health])
    })

  const runs = new Map<string, number[]>(subjects.map(({ name }) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    // A different one goes first each round.
    for (let index = 0; index < subjects.length; index++) {
      const subject = subjects[(round + index) % subjects.length] as (typeof subjects)[number]
      runs.get(subject.name)?.push(await firstRequestAfter(standIn, subject.start))
    }
  }
  const results: StartUp[] = subjects.map(({ name }) => {
    const times = runs.get(name) ?? []
    return { name, runs: times, medianMs: median(times) }
  })
  if (!curl)
    results.push({
      name: 'curl',
      runs: [],
      medianMs: Number.NaN,
      note: 'skipped: curl is not installed'
    })
  return results
}
