// A test that runs the bundle while global-setup's build is still going waits for it,
// and a build that failed or never ends fails the test with a line naming the build's log.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILD_LOG, BUNDLE_FAILED, BUNDLE_READY, waitForBundle } from './bundle-ready.js'

describe('waiting for the bundle of the test run', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bundle-ready-'))
  })
  afterEach(() => {
    rmSync(root, { recursive: true, force: true })
  })

  it('returns once the build marks the bundle ready, not before', async () => {
    let done = false
    const waiting = waitForBundle(root, 5_000).then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(done).toBe(false)
    writeFileSync(join(root, BUNDLE_READY), '')
    await waiting
    expect(done).toBe(true)
  })

  it("fails with what went wrong and the build's log when the build failed", async () => {
    writeFileSync(join(root, BUNDLE_FAILED), 'Error: ncc could not resolve ./missing.js')
    await expect(waitForBundle(root, 5_000)).rejects.toThrow(
      `Bundling the source for this test run failed (its log: ${BUILD_LOG}):\nError: ncc could not resolve ./missing.js`
    )
  })

  it("fails naming the build's log when the bundle is not ready in time", async () => {
    await expect(waitForBundle(root, 300)).rejects.toThrow(
      `The bundle of the source was not ready after 0.3 s; the build's log: ${BUILD_LOG}`
    )
  })
})
