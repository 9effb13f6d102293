// The one rule for "same GitHub host": a link is on the run's GitHub when the hosts
// (with their ports) agree, in any case; anything that is not a URL is not.

import fc from 'fast-check'
import { runs } from '../support/properties.js'
import { hostOf, onSameServer, type WorkflowRun } from '../../src/github/workflow-run.js'

function runOn(serverUrl: string): WorkflowRun {
  return {
    repository: 'acme/app',
    eventName: 'pull_request',
    ref: '',
    sha: '',
    serverUrl,
    runId: '1',
    runAttempt: 1,
    workflow: '',
    workflowFile: '',
    job: '',
    action: '',
    payload: {},
    payloadUnreadable: false
  }
}

describe('onSameServer', () => {
  it.each([
    ['https://github.com/acme/docs/pull/1', 'https://github.com'],
    ['https://GitHub.COM/acme/docs/pull/1', 'https://github.com'],
    ['https://github.com:443/acme/docs/pull/1', 'https://GITHUB.com'],
    ['https://ghe.Example.test/acme/docs/pull/1', 'https://GHE.example.test'],
    ['ghe://Docs.Example.test/acme/docs/pull/1', 'ghe://docs.example.TEST']
  ])('takes %s as on %s', (link, server) => {
    expect(onSameServer(link, runOn(server))).toBe(true)
  })

  it.each([
    ['https://github.com.evil.test/acme/docs/pull/1', 'https://github.com'],
    ['https://github.com@evil.test/acme/docs/pull/1', 'https://github.com'],
    ['https://github.com:8443/acme/docs/pull/1', 'https://github.com'],
    ['not a url', 'https://github.com'],
    ['', ''],
    ['https://github.com/acme/docs/pull/1', 'not a url']
  ])('does not take %s as on %s', (link, server) => {
    expect(onSameServer(link, runOn(server))).toBe(false)
  })

  it('ignores the case of the host, whatever it is (property)', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/)
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.nat(), (labels, seed) => {
        const host = labels.join('.')
        // ASCII only, so a character is one code unit.
        const mixed = host.replace(/./g, (c, i: number) =>
          (seed >> (i % 30)) & 1 ? c.toUpperCase() : c
        )
        expect(hostOf(`https://${mixed}/a`)).toBe(host)
        expect(onSameServer(`https://${mixed}/acme/docs/pull/1`, runOn(`https://${host}`))).toBe(
          true
        )
      }),
      runs(100)
    )
  })
})
