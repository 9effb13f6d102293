// `npm run demo`: the whole flow with no account and no network. Starts the local
// stand-in of the Agent Jobs API, runs the bundled action against it as a runner
// would (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), and prints what a
// workflow would see: the log as GitHub shows it (the action's own runner view:
// masks swallowed, groups as headings, annotations as `Error: …`), the outputs and
// the job summary.

import { runnerView } from '../src/action/shell/runner-view.ts'
import { startStandIn } from '../test/support/stand-in.ts'
import { runAction } from '../test/support/run-action.ts'

const rule = (title: string): void =>
  console.log(`\n──── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`)

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
  for (const [name, value] of Object.entries(inputs)) console.log(`  ${name}: ${value}`)

  rule('Action log, as GitHub shows it (node dist/index.js)')
  const view = runnerView(false)
  let partial = ''
  const show = (lines: string[]): void => {
    for (const line of lines) console.log(`  ${line}`)
  }
  const run = await runAction({
    inputs,
    onStdout: (text) => {
      // Whole lines only, chunk boundaries notwithstanding.
      const lines = (partial + text).split('\n')
      partial = lines.pop() ?? ''
      show(lines.flatMap((line) => view.render(line)))
    }
  })
  show([...(partial === '' ? [] : view.render(partial)), ...view.flush()])

  rule(`Outputs (exit code ${run.exitCode})`)
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)

  rule('Job summary (GITHUB_STEP_SUMMARY, Markdown)')
  console.log(run.summary.replace(/^/gm, '  '))

  rule('What the stand-in service received')
  for (const request of standIn.requests) console.log(`  ${request.method} ${request.path}`)
  process.exitCode = run.exitCode ?? 1
  // The demo is held to the Agent Jobs contract like the tests (test/support/contracts.ts).
  if (standIn.violations.length > 0) {
    rule('Outside the Agent Jobs contract')
    for (const violation of standIn.violations) console.log(`  ${violation}`)
    process.exitCode = 1
  }
} finally {
  await standIn.close()
}
