// Runs in every test file (jest `setupFilesAfterEnv`): a test during which a stand-in
// met a request or gave an answer that breaks the service's contract fails, naming
// the request and what the contract says (see contracts.ts). At the end of the file,
// what was checked and which fault injections were exempt are added to the count that
// global-teardown prints.

import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { contractRecord, takeViolations } from './contracts.ts'

afterEach(() => {
  const violations = takeViolations()
  if (violations.length > 0) {
    throw new Error(
      `The contract was broken during this test (or a concurrent one of its block):\n${violations.join('\n')}`
    )
  }
})

afterAll(() => {
  const violations = takeViolations()
  const root = process.env.ACTION_BUNDLE_ROOT
  const { checked, faults } = contractRecord()
  if (root && Object.keys(checked).length > 0) {
    appendFileSync(join(root, 'contract-counts.jsonl'), `${JSON.stringify({ checked, faults })}\n`)
    contractRecord().checked = {}
    contractRecord().faults = {}
  }
  if (violations.length > 0)
    throw new Error(`The contract was broken after the last test:\n${violations.join('\n')}`)
})
