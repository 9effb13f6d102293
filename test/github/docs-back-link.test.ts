// The back-link's marker: written so it reads back, trusted only from a bot, for the same
// project, and never from a malformed or hostile marker.

import fc from 'fast-check'
import { markerLine } from '../support/markers.js'
import { runs } from '../support/properties.js'
import {
  backLinkMarker,
  backLinkedJobs,
  describeSource,
  MAX_CANDIDATES
} from '../../src/github/back-links.js'
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
    workflowFile: '',
    job: 'docs',
    action: 'agent',
    payload: {},
    payloadUnreadable: false,
    ...overrides
  }
}

describe('the back-link marker', () => {
  it('is one hidden line of kind back-link, naming the job and the project', () => {
    expect(backLinkMarker('job_1', 'p')).toBe(
      '<!-- mintlify-agent:back-link eyJqb2IiOiJqb2JfMSIsInByb2plY3QiOiJwIn0 -->'
    )
  })

  it('reads markers on any line', () => {
    const two = `words\n${backLinkMarker('job_1', 'p')}\n${backLinkMarker('job_2', 'p')}`
    expect(backLinkedJobs([{ body: two, user: bot }], 'p')).toEqual(['job_1', 'job_2'])
  })

  it('reads back the job it names, for the same project, as a candidate', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/),
        fc.string({ minLength: 1, maxLength: 60 }),
        (job, project) => {
          const body = `${backLinkMarker(job, project)}\nwords`
          expect(backLinkedJobs([{ body, user: bot }], project)).toEqual([job])
          // A person's marker is a candidate too: the service must confirm the job's pull request.
          expect(backLinkedJobs([{ body, user: person }], project)).toEqual([job])
          expect(backLinkedJobs([{ body, user: bot }], `${project}x`)).toEqual([])
        }
      ),
      runs(100)
    )
  })

  it.each([
    ['a job id with spaces', backLinkMarker('job 1', 'p')],
    ['a job id with $', backLinkMarker('job_$(id)', 'p')],
    ['a job id with quotes', backLinkMarker('job"\'x', 'p')],
    ['a job id with a line break', backLinkMarker('job\nx', 'p')],
    ['a marker that is not alone on its line', `see ${backLinkMarker('job_1', 'p')}`],
    ['a job id that is a number', markerLine('back-link', { job: 1, project: 'p' })],
    ['a job id that is ..', markerLine('back-link', { job: '..', project: 'p' })],
    ['no project', markerLine('back-link', { job: 'job_1' })],
    ['a marker of another kind', markerLine('pr', { job: 'job_1', project: 'p' })],
    ['no body', null]
  ])('ignores %s', (_name, body) => {
    expect(backLinkedJobs([{ body, user: bot }], 'p')).toEqual([])
  })

  it("puts the bots' markers first when a person pasted one above them", () => {
    expect(
      backLinkedJobs(
        [
          { body: backLinkMarker('job_evil', 'p'), user: person },
          { body: backLinkMarker('job_real', 'p'), user: bot }
        ],
        'p'
      )
    ).toEqual(['job_real', 'job_evil'])
  })

  it('names each job once, and only a few, however many markers were pasted', () => {
    const pasted = Array.from({ length: 50 }, (_, i) => ({
      body: backLinkMarker(`job_${i % 7}`, 'p'),
      user: person
    }))
    expect(backLinkedJobs(pasted, 'p')).toEqual(
      ['job_0', 'job_1', 'job_2'].slice(0, MAX_CANDIDATES)
    )
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
