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
  only: Concurrent
}

/** The body of a concurrent test, failing it when a stand-in it started saw a breach. */
const judgedTest = (body: TestBody): TestBody =>
  // A missing body is left for jest to refuse.
  typeof body === 'function' ? (...args) => judged(() => body(...args), 'during this test') : body

/** `register` (jest's `test.concurrent` or its `.only`) with each body judged, `.each` too. */
const judging = (register: Concurrent): Concurrent =>
  Object.assign(
    (name: string, body: TestBody, timeout?: number) => register(name, judgedTest(body), timeout),
    register,
    {
      // jest's own .each calls the unwrapped function.
      each:
        (...table: unknown[]) =>
        (name: string, body: TestBody, timeout?: number) =>
          register.each(...table)(name, judgedTest(body), timeout)
    }
  )

// jest runs no afterEach for concurrent tests, so their bodies are judged instead. A
// timeout's report now shows this file's line; the test's name still says which one.
// `.failing` stays jest's own (judged, a breach would make it pass): its breaches are
// filed with the file.
const original = test.concurrent as unknown as Concurrent
const concurrent = Object.assign(judging(original), { only: judging(original.only) })
for (const register of new Set([test, it])) {
  ;(register as unknown as { concurrent: unknown }).concurrent = concurrent
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
