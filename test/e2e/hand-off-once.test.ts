// The docs pull request is handed to its reviewers once, not again on every push: the
// first run requests the reviewers and labels and records it in the pull request's
// record (`handed-off`); a later push that follows the same job up does not ask again.

import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'
import { simulate, type Simulation } from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'

let sim: Simulation

// One pull request's life, run once and read by both tests: a first run, a later push
// that follows the same job up, then a run that starts a new job (reuse-job: false).
let first: ActionRun
let second: ActionRun
let replaced: ActionRun
let afterFirst: { requests: string[]; record: string; reviewers?: string[]; labels?: string[] }
let afterSecond: { requests: string[]; backLinks: number }

beforeAll(async () => {
  sim = await simulate()
  // The stand-in's jobs open acme/docs#100, #101, … in turn; GitHub knows the first two.
  seedPull(sim.github.state, 'acme/docs', 100, { title: 'Docs: the widget API' })
  seedPull(sim.github.state, 'acme/docs', 101, { title: 'Docs: the widget API, again' })

  first = await sim.run('Document the widget API', { inputs: HAND_OFF })
  const pull = pullRequestWorld(sim.github.state).pulls.get('acme/docs#100')
  afterFirst = {
    requests: reviewRequests(),
    record: sim.comments()[0]?.body.split('\n')[0] ?? '',
    ...(pull ? { reviewers: [...pull.requestedReviewers], labels: [...pull.labels] } : {})
  }
  second = await sim.run('Second push', { inputs: HAND_OFF })
  afterSecond = {
    requests: reviewRequests(),
    backLinks: sim.github.comments('acme/docs', 100).length
  }
  replaced = await sim.run('Start over', { inputs: { ...HAND_OFF, 'reuse-job': 'false' } })
  // Three runs in one hook: more time than one test's default on a busy machine.
}, 60_000)
afterAll(async () => {
  await sim.close()
})

const HAND_OFF = {
  'docs-token': 'ghs_test_token',
  'docs-pr-reviewers': 'carol, dave',
  'docs-pr-labels': 'documentation'
}

const reviewRequests = (): string[] =>
  sim.github.requests
    .filter(
      (r) =>
        r.method === 'POST' &&
        /^\/repos\/acme\/docs\/(pulls\/\d+\/requested_reviewers|issues\/\d+\/labels)$/.test(r.path)
    )
    .map((r) => r.path)

describe('reviewers and labels across a follow-up', () => {
  it('are requested by the first run and not again by a later push to the same job', () => {
    expect(first.exitCode).toBe(0)
    expect(afterFirst.requests).toEqual([
      '/repos/acme/docs/pulls/100/requested_reviewers',
      '/repos/acme/docs/issues/100/labels'
    ])
    expect(afterFirst.reviewers).toEqual(['carol', 'dave'])
    expect(afterFirst.labels).toEqual(['documentation'])
    expect(afterFirst.record).toContain(
      'handed-off="https%3A%2F%2Fgithub.com%2Facme%2Fdocs%2Fpull%2F100"'
    )

    expect(second.exitCode).toBe(0)
    expect(second.outputs.created).toBe('false')
    expect(sim.messages()).toEqual(['Second push'])
    // Nothing asked twice; the outputs still read the docs pull request.
    expect(afterSecond.requests).toHaveLength(2)
    expect(second.outputs['pr-title']).toBe('Docs: the widget API')
    // The back-link was written once, by the first run.
    expect(afterSecond.backLinks).toBe(1)
  })

  it('are requested again by the run that creates a new job, on its new docs pull request', () => {
    expect(replaced.outputs.created).toBe('true')
    expect(replaced.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    const [firstJob, secondJob] = sim.agent.jobIds()
    const record = sim.comments()[0]?.body.split('\n')[0] ?? ''
    expect(record).toContain(`job="${secondJob ?? ''}"`)
    expect(record).not.toContain(`job="${firstJob ?? ''}"`)
    expect(record).toContain('handed-off="https%3A%2F%2Fgithub.com%2Facme%2Fdocs%2Fpull%2F101"')
    expect(reviewRequests()).toEqual([
      '/repos/acme/docs/pulls/100/requested_reviewers',
      '/repos/acme/docs/issues/100/labels',
      '/repos/acme/docs/pulls/101/requested_reviewers',
      '/repos/acme/docs/issues/101/labels'
    ])
  })
})
