// The fast no-op: on a comment that is not a command, the bundled action must end
// having read only the event payload, within 1.5x of a bare Node script's
// start-to-exit. Both run the same way (spawned as the runner spawns the action,
// rounds interleaved, median reported); the stand-ins count any request it sends.

import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writePayload } from '../test/support/command-events.ts'
import { startGitHubStandIn } from '../test/support/github-stand-in.ts'
import { ROOT, runAction } from '../test/support/run-action.ts'
import type { StandIn } from '../test/support/stand-in.ts'
import { readFileSync } from 'node:fs'
import { median } from './table.ts'

const BARE_EXIT = fileURLToPath(new URL('bare-exit.cjs', import.meta.url))

export interface NoOp {
  actionMs: number[]
  bareMs: number[]
  actionMedianMs: number
  bareMedianMs: number
  /** Requests the action sent, to the Agent Jobs and GitHub stand-ins together. */
  requests: number
  /** The `triggered` output of every run. */
  triggered: string[]
}

export async function noOp(standIn: StandIn, rounds: number): Promise<NoOp> {
  const github = await startGitHubStandIn()
  const payload = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'issue_comment.json'), 'utf8')
  ) as { comment: { body: string } }
  payload.comment.body = 'Looks good to me, thanks!'
  const env = {
    GITHUB_EVENT_NAME: 'issue_comment',
    GITHUB_EVENT_PATH: writePayload(payload),
    GITHUB_API_URL: github.apiUrl,
    GITHUB_REPOSITORY: 'acme/app'
  }
  const inputs = {
    'api-key': 'mint_test_key',
    'project-id': 'proj-test',
    'base-url': standIn.url,
    'github-token': 'ghs_test_token'
  }
  const before = standIn.requests.length
  const result: NoOp = {
    actionMs: [],
    bareMs: [],
    actionMedianMs: 0,
    bareMedianMs: 0,
    requests: 0,
    triggered: []
  }
  try {
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so a busy moment hits both alike.
      const order = round % 2 === 0 ? ['action', 'bare'] : ['bare', 'action']
      for (const which of order) {
        const run = await runAction({
          inputs,
          env,
          killAfterMs: 10_000,
          ...(which === 'bare' ? { script: BARE_EXIT } : {})
        })
        if (run.exitCode !== 0) throw new Error(`${which} failed:\n${run.stdout}${run.stderr}`)
        if (which === 'bare') result.bareMs.push(run.durationMs)
        else {
          result.actionMs.push(run.durationMs)
          result.triggered.push(run.outputs.triggered ?? '')
        }
      }
    }
    result.requests = standIn.requests.length - before + github.requests.length
  } finally {
    await github.close()
  }
  result.actionMedianMs = median(result.actionMs)
  result.bareMedianMs = median(result.bareMs)
  return result
}
