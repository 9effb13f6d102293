// The back-link's marker: written so it reads back, trusted only from a bot, for the
// same project, and never from a malformed or hostile marker.

import fc from 'fast-check'
import { backLinkMarker, backLinkedJob, describeSource } from '../../src/github/docs-back-link.js'
import type { WorkflowRun } from '../../src/github/workflow-run.js'

const bot = { login: 'github-actions[bot]', type: 'Bot' }
const person = { login: 'mallory', type: 'User' }

function run(overrides: Partial<WorkflowRun> = {}): WorkflowRun {
  return {
    repository: 'acme/app',
    eventName: 'push',
    ref: 'refs/heads/main',
    sha: 'c'.repeat(40),
    serverUrl: 'https://github.com',
    runId: '77',
    runAttempt: 1,
    workflow: 'Docs',
    job: 'docs',
    action: 'agent',
    payload: {},
    ...overrides
  }
}

describe('the back-link marker', () => {
  it('reads back the job it names, for the same project, from a bot', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/),
        fc.string({ minLength: 1, maxLength: 60 }),
        (job, project) => {
          const body = `${backLinkMarker(job, project)}\nwords`
          expect(backLinkedJob([{ body, user: bot }], project)).toBe(job)
          expect(backLinkedJob([{ body, user: person }], project)).toBeUndefined()
          expect(backLinkedJob([{ body, user: bot }], `${project}x`)).toBeUndefined()
        }
      )
    )
  })

  it.each([
    ['a job id with spaces', '<!-- mintlify-agent-job docs-pr job="job 1" project="p" -->'],
    ['a job id with $', backLinkMarker('job_$(id)', 'p')],
    ['a job id with quotes', backLinkMarker('job"\'x', 'p')],
    ['a job id with a line break', backLinkMarker('job\nx', 'p')],
    ['a broken escape', '<!-- mintlify-agent-job docs-pr job="%E0%A4%A" project="p" -->'],
    [
      'a marker not on the first line',
      'hello\n<!-- mintlify-agent-job docs-pr job="job_1" project="p" -->'
    ],
    ['extra attributes', '<!-- mintlify-agent-job docs-pr job="job_1" project="p" x="y" -->'],
    ['no body', null]
  ])('ignores %s', (_name, body) => {
    expect(backLinkedJob([{ body, user: bot }], 'p')).toBeUndefined()
  })

  it('takes the first trusted marker when a person pasted one above it', () => {
    expect(
      backLinkedJob(
        [
          { body: backLinkMarker('job_evil', 'p'), user: person },
          { body: backLinkMarker('job_real', 'p'), user: bot }
        ],
        'p'
      )
    ).toBe('job_real')
  })
})

describe('the source in words', () => {
  it('names the pull request, or the commit, and the run', () => {
    expect(
      describeSource(run({ eventName: 'pull_request', payload: { pull_request: { number: 7 } } }))
    ).toBe('pull request acme/app#7 (workflow run https://github.com/acme/app/actions/runs/77)')
    expect(describeSource(run())).toBe(
      'commit cccccccccccc on acme/app (workflow run https://github.com/acme/app/actions/runs/77)'
    )
    expect(describeSource(run({ sha: '', runId: '', eventName: 'schedule' }))).toBe(
      'a schedule run on acme/app'
    )
  })
})
