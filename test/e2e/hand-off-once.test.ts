// The docs pull request is handed to its reviewers once, not again on every push: the
// first run requests the reviewers and labels and records it in the pull request's
// record (`handed-off`); later pushes that follow the same job up do not ask again. The
// same pushes show what a pull request costs in GitHub calls on the code repository.

import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'
import { codeRepositoryCalls, recorded, simulate, type Simulation } from '../support/pr-workflow.js'
import type { ActionRun } from '../support/run-action.js'

let sim: Simulation

// One pull request's life, run once and read by every test: a first run, two later
// pushes that follow the same job up, then a run that starts a new job (reuse-job: false).
let first: ActionRun
let second: ActionRun
let third: ActionRun
let replaced: ActionRun
let afterFirst: { requests: string[]; record: string; reviewers?: string[]; labels?: string[] }
let afterSecond: { requests: string[]; backLinks: number; messages: string[] }
let afterThird: { creations: number; messages: number; comments: string[] }
/** The calls each of the three pushes made on the code repository. */
const perPush: string[][] = []

beforeAll(async () => {
  sim = await simulate()
  // The stand-in's jobs open acme/docs#100, #101, … in turn; GitHub knows the first two.
  seedPull(sim.github.state, 'acme/docs', 100, { title: 'Docs: the widget API' })
  seedPull(sim.github.state, 'acme/docs', 101, { title: 'Docs: the widget API, again' })

  let before = sim.github.requests.length
  first = await sim.run('Document the widget API', { inputs: HAND_OFF })
  perPush.push(codeRepositoryCalls(sim.github, before))
  const pull = pullRequestWorld(sim.github.state).pulls.get('acme/docs#100')
  afterFirst = {
    requests: reviewRequests(),
    record: sim.comments()[0]?.body.split('\n')[0] ?? '',
    ...(pull ? { reviewers: [...pull.requestedReviewers], labels: [...pull.labels] } : {})
  }
  before = sim.github.requests.length
  second = await sim.run('Second push', { inputs: HAND_OFF })
  perPush.push(codeRepositoryCalls(sim.github, before))
  afterSecond = {
    requests: reviewRequests(),
    backLinks: sim.github.comments('acme/docs', 100).length,
    messages: sim.messages()
  }
  before = sim.github.requests.length
  third = await sim.run('Third push', { inputs: HAND_OFF })
  perPush.push(codeRepositoryCalls(sim.github, before))
  afterThird = {
    creations: sim.creations(),
    messages: sim.messages().length,
    comments: sim.comments().map((c) => c.body)
  }
  replaced = await sim.run('Start over', { inputs: { ...HAND_OFF, 'reuse-job': 'false' } })
  // Four runs in one hook: more time than one test's default on a busy machine.
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
    expect(recorded(afterFirst.record)?.handedOff).toBe('https://github.com/acme/docs/pull/100')

    expect(second.exitCode).toBe(0)
    expect(second.outputs.created).toBe('false')
    expect(afterSecond.messages).toEqual(['Second push'])
    // Nothing asked twice; the outputs still read the docs pull request.
    expect(afterSecond.requests).toHaveLength(2)
    expect(second.outputs['pr-title']).toBe('Docs: the widget API')
    // The back-link was written once, by the first run.
    expect(afterSecond.backLinks).toBe(1)
    // The third push follows the same job up too; the next test shows it asked nothing.
    expect(third.exitCode).toBe(0)
    expect(third.outputs.created).toBe('false')
  })

  it('are requested again by the run that creates a new job, on its new docs pull request', () => {
    expect(replaced.outputs.created).toBe('true')
    expect(replaced.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/101')
    const [firstJob, secondJob] = sim.agent.jobIds()
    const record = recorded(sim.comments()[0]?.body)
    expect(record?.job).toBe(secondJob)
    expect(record?.job).not.toBe(firstJob)
    expect(record?.handedOff).toBe('https://github.com/acme/docs/pull/101')
    // Every request of the four runs: the two later pushes asked nothing.
    expect(reviewRequests()).toEqual([
      '/repos/acme/docs/pulls/100/requested_reviewers',
      '/repos/acme/docs/issues/100/labels',
      '/repos/acme/docs/pulls/101/requested_reviewers',
      '/repos/acme/docs/issues/101/labels'
    ])
  })
})

describe('what a pull request costs', () => {
  it('three pushes: one creation, then a message each, one docs pull request, few GitHub calls a push', () => {
    expect([first, second, third].map((run) => run.exitCode)).toEqual([0, 0, 0])
    expect(afterThird.creations).toBe(1)
    expect(afterThird.messages).toBe(2)
    expect(new Set([first, second, third].map((run) => run.outputs['pr-link']))).toEqual(
      new Set(['https://github.com/acme/docs/pull/100'])
    )
    expect(afterThird.comments).toHaveLength(1)
    expect(recorded(afterThird.comments[0])?.followUps).toBe(2)
    const id = sim.comments()[0]?.id
    // At most 5 calls plus one per 100 comments (the thread has one comment: one page).
    for (const calls of perPush) expect(calls.length).toBeLessThanOrEqual(6)
    // The last write reads the comment again first: another run may have written since.
    expect(perPush[0]).toEqual([
      'GET /repos/acme/app/issues/7/comments',
      'POST /repos/acme/app/issues/7/comments',
      `GET /repos/acme/app/issues/comments/${id}`,
      `PATCH /repos/acme/app/issues/comments/${id}`
    ])
    // Every later push the same: read, record early, read again, record the end.
    for (const calls of perPush.slice(1))
      expect(calls).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        `PATCH /repos/acme/app/issues/comments/${id}`,
        `GET /repos/acme/app/issues/comments/${id}`,
        `PATCH /repos/acme/app/issues/comments/${id}`
      ])
  })
})
