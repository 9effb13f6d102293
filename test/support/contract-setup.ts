// Runs in every test file (jest `setupFilesAfterEnv`): a test during which a stand-in
// met a request or gave an answer that breaks the service's contract fails, naming
// the request and what the contract says (see contracts.ts). At the end of the file,
// what was checked and which fault injections were exempt are added to the count that
// global-teardown prints.

import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { contractRecord, judged, takeViolations } from './contracts.ts'

type TestBody = (...args: unknown[]) => unknown
type Register = (name: string, body: TestBody, timeout?: number) => unknown
interface Concurrent extends Register {
  each: (...table: unknown[]) => Register
}

/** The body of a concurrent test, failing it when a stand-in it started saw a breach. */
const judgedTest =
  (body: TestBody): TestBody =>
  (...args) =>
    judged(() => body(...args), 'during this test')

// jest runs no afterEach for concurrent tests, so their bodies are judged instead.
// (.each is re-bound: jest's own calls the unwrapped function.)
const original = test.concurrent as unknown as Concurrent
const concurrent = Object.assign(
  (name: string, body: TestBody, timeout?: number) => original(name, judgedTest(body), timeout),
  original,
  {
    each:
      (...table: unknown[]) =>
      (name: string, body: TestBody, timeout?: number) =>
        original.each(...table)(name, judgedTest(body), timeout)
  }
)
for (const register of new Set([test, it])) {
  ;(register as unknown as { concurrent: Concurrent }).concurrent = concurrent
}

afterEach(() => {
  const violations = takeViolations()
  if (violations.length > 0) {
    throw new Error(
      `The contract was broken during this test (or in work the file's tests share):\n${violations.join('\n')}`
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
    throw new Error(
      `The contract was broken outside any one test (in work the file's tests share, or after its last one):\n${violations.join('\n')}`
    )
})
