// `npm run demo -- --quick`: one one-shot job, the action at its simplest. Starts the
// local stand-in of the Agent Jobs API, runs the bundled action against it as a runner
// would (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), and prints what a
// workflow would see: the log as GitHub shows it, the outputs and the job summary.

import { startStandIn } from '../test/support/stand-in.ts'
import { runAction } from '../test/support/run-action.ts'
import { logPrinter, print, rule } from './show.ts'

/** Runs the one-shot job; resolves to the demo's exit code. */
export async function oneShot(): Promise<number> {
  const standIn = await startStandIn({
    apiKey: 'mint_demo_key',
    projects: ['demo-project'],
    jobDurationMs: 4000
  })
  try {
    rule('Workflow step')
    const inputs = {
      'api-key': 'mint_demo_key',
      'project-id': 'demo-project',
      prompt: 'Document the new /users endpoint: parameters, responses and an example.',
      'base-url': standIn.url,
      'poll-interval': '1s',
      'max-poll-interval': '5s',
      timeout: '1m'
    }
    for (const [name, value] of Object.entries(inputs)) print(`${name}: ${value}`, 1)

    rule('Action log, as GitHub shows it (node dist/index.js)')
    const log = logPrinter(1)
    const run = await runAction({ inputs, onStdout: (text) => log.write(text) })
    log.end()

    rule(`Outputs (exit code ${String(run.exitCode)})`)
    for (const [name, value] of Object.entries(run.outputs)) print(`${name} = ${value}`, 1)

    rule('Job summary (GITHUB_STEP_SUMMARY, Markdown)')
    for (const line of run.summary.trimEnd().split('\n')) print(line, 1)

    rule('What the stand-in service received')
    for (const request of standIn.requests) print(`${request.method} ${request.path}`, 1)
    let code = run.exitCode ?? 1
    // The demo is held to the Agent Jobs contract like the tests (test/support/contracts.ts).
    if (standIn.violations.length > 0) {
      rule('Outside the Agent Jobs contract')
      for (const violation of standIn.violations) print(violation, 1)
      code = 1
    }
    return code
  } finally {
    await standIn.close()
  }
}
