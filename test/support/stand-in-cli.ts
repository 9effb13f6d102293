// Starts the local stand-in of the Agent Jobs API until interrupted:
//   node test/support/stand-in-cli.ts [--port 8787] [--api-key KEY] [--project ID] [--job-duration 3s]
// Used by the end-to-end workflow; prints the URL it listens on.

import { parseArgs } from 'node:util'
import { DURATION_FORM, parseDuration } from '../../src/common/duration.ts'
import { contractsInstalled } from './contracts.ts'
import { startStandIn } from './stand-in.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'api-key': { type: 'string', default: 'mint_e2e_test_key' },
    project: { type: 'string', default: 'proj-e2e' },
    'job-duration': { type: 'string', default: '3s' }
  }
})

// Read as the action reads its duration inputs, so `3s` means three seconds here too.
const jobDurationMs = parseDuration(values['job-duration'])
if (jobDurationMs === undefined) {
  console.error(`--job-duration must be ${DURATION_FORM}; got '${values['job-duration']}'.`)
  process.exit(2)
}

const standIn = await startStandIn({
  port: Number(values.port),
  apiKey: values['api-key'],
  projects: [values.project],
  jobDurationMs
})
console.log(`Agent Jobs API stand-in listening on ${standIn.url} (project ${values.project})`)
if (!contractsInstalled)
  console.log(
    'Not checked against the Agent Jobs contract: its validator is not installed (npm ci).'
  )

// What broke the Agent Jobs contract (test/support/contracts.ts) is printed, and fails the exit.
const stop = (): void => {
  for (const violation of standIn.violations) console.error(`Outside the contract: ${violation}`)
  void standIn.close().then(() => process.exit(standIn.violations.length > 0 ? 1 : 0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
