// Polling as a time-lapse: the bundled action with the default schedule at 1/50
// scale (5s → 30s becomes 100ms → 600ms) beside a fixed 100 ms loop (`sleep 5` at
// the same scale), both against the stand-in, for jobs of a few seconds.
//
// Everything is read from the stand-in's clock: the job ends `jobMs` after its
// create request arrived; the step saw the end with its last GET; it ended when its
// process exited.

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { RecordedRequest, StandIn } from '../test/support/stand-in.ts'
import { runAction } from '../test/support/run-action.ts'

export const SCALE = 50
export const ACTION_SCHEDULE = { pollInterval: '100ms', maxPollInterval: '600ms' }
export const FIXED_INTERVAL_MS = 100
const API_KEY = 'mint_test_key'
const PROJECT = 'proj-test'
const FIXED_LOOP = fileURLToPath(new URL('fixed-loop.ts', import.meta.url))
// Tells apart the create requests of different runs in the stand-in's record.
let runs = 0

export interface Watch {
  /** GET requests for the job. */
  polls: number
  /** From the job's end to the GET that saw it. */
  seenLagMs: number
  /** From the job's end to the end of the process. */
  exitLagMs: number
}

export interface LapseRow {
  jobMs: number
  action: Watch
  loop: Watch
}

function watchOf(
  standIn: StandIn,
  tag: string,
  jobId: string,
  jobMs: number,
  exitAt: number
): Watch {
  const create = standIn.requests.find((r) => r.method === 'POST' && r.body.includes(tag))
  const gets = standIn.requests.filter(
    (r: RecordedRequest) => r.method === 'GET' && r.path.endsWith(`/job/${jobId}`)
  )
  const last = gets.at(-1)
  if (!create || !last) throw new Error(`no requests recorded for ${tag}`)
  const endedAt = create.at + jobMs
  return { polls: gets.length, seenLagMs: last.at - endedAt, exitLagMs: exitAt - endedAt }
}

async function watchWithAction(standIn: StandIn, jobMs: number): Promise<Watch> {
  const tag = `time-lapse ${jobMs} ms, run ${++runs} (action)`
  const started = Date.now()
  const run = await runAction({
    inputs: {
      'api-key': API_KEY,
      'project-id': PROJECT,
      prompt: `slow:${jobMs}: ${tag}`,
      'base-url': standIn.url,
      'poll-interval': ACTION_SCHEDULE.pollInterval,
      'max-poll-interval': ACTION_SCHEDULE.maxPollInterval,
      timeout: '60s'
    },
    killAfterMs: jobMs + 30_000
  })
  const jobId = run.outputs['job-id']
  if (run.exitCode !== 0 || run.outputs.status !== 'completed' || !jobId) {
    throw new Error(`the action did not complete the ${jobMs} ms job:\n${run.stdout}${run.stderr}`)
  }
  return watchOf(standIn, tag, jobId, jobMs, started + run.durationMs)
}

function watchWithFixedLoop(standIn: StandIn, jobMs: number): Promise<Watch> {
  const tag = `time-lapse ${jobMs} ms, run ${++runs} (fixed loop)`
  const args = [
    FIXED_LOOP,
    standIn.url,
    API_KEY,
    PROJECT,
    `slow:${jobMs}: ${tag}`,
    String(FIXED_INTERVAL_MS)
  ]
  return new Promise<Watch>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), jobMs + 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      const exitAt = Date.now()
      clearTimeout(killer)
      try {
        if (code !== 0) throw new Error(`the fixed loop failed (${String(code)}): ${stderr}`)
        const { jobId } = JSON.parse(stdout) as { jobId: string }
        resolve(watchOf(standIn, tag, jobId, jobMs, exitAt))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
}

/** One job length at a time; the action and the loop watch theirs side by side. */
export async function timeLapse(standIn: StandIn, jobLengthsMs: number[]): Promise<LapseRow[]> {
  const rows: LapseRow[] = []
  for (const jobMs of jobLengthsMs) {
    const [action, loop] = await Promise.all([
      watchWithAction(standIn, jobMs),
      watchWithFixedLoop(standIn, jobMs)
    ])
    rows.push({ jobMs, action, loop })
  }
  return rows
}
