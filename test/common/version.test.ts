import { readFileSync } from 'node:fs'
import { ACTION_NAME, ACTION_VERSION } from '../../src/common/version.js'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string
  version: string
}

describe('the version sent in the User-Agent', () => {
  it('equals the version in package.json', () => {
    expect(ACTION_VERSION).toBe(pkg.version)
  })

  it('is a semantic version', () => {
    expect(ACTION_VERSION).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/)
  })

  it('goes with the package name', () => {
    expect(ACTION_NAME).toBe(pkg.name)
  })
})
