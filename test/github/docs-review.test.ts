// The pure rules of the hand-off: what a reviewer word means, who `author` is, and
// which review requests are sent.

import { codeAuthor, parseReviewer, planReviews } from '../../src/github/docs-pull-request.js'
import type { WorkflowRun } from '../../src/github/workflow-run.js'

function workflowRun(eventName: string, payload: Record<string, unknown>): WorkflowRun {
  return {
    repository: 'acme/app',
    eventName,
    ref: '',
    sha: '',
    serverUrl: 'https://github.com',
    runId: '1',
    runAttempt: 1,
    workflow: 'Docs',
    workflowFile: '',
    job: 'docs',
    action: 'docs',
    payload,
    payloadUnreadable: false
  }
}

describe('parseReviewer', () => {
  it.each([
    ['author', { kind: 'author' }],
    ['Author', { kind: 'author' }],
    ['octocat', { kind: 'user', login: 'octocat' }],
    ['a-b-9', { kind: 'user', login: 'a-b-9' }],
    ['acme/docs-team', { kind: 'team', org: 'acme', slug: 'docs-team' }],
    ['acme/team_1.x', { kind: 'team', org: 'acme', slug: 'team_1.x' }]
  ])('reads %j', (word, spec) => {
    expect(parseReviewer(word)).toEqual(spec)
  })

  it.each(['', '-leading', 'a'.repeat(40), 'bot[bot]', 'a/b/c', 'acme/', '/team', 'x y', 'o$car'])(
    'refuses %j',
    (word) => {
      expect(parseReviewer(word)).toBeUndefined()
    }
  )
})

describe('codeAuthor', () => {
  it('is the pull request author on a pull request run', () => {
    expect(
      codeAuthor(
        workflowRun('pull_request', { pull_request: { user: { login: 'ada', type: 'User' } } })
      )
    ).toEqual({ login: 'ada', type: 'User' })
  })

  it('is the pull request author on a comment on a pull request', () => {
    expect(
      codeAuthor(
        workflowRun('issue_comment', {
          issue: { pull_request: {}, user: { login: 'ada', type: 'User' } },
          comment: { user: { login: 'bob', type: 'User' } }
        })
      )
    ).toEqual({ login: 'ada', type: 'User' })
  })

  it('is the pusher on a push, typed by the sender when they are the same account', () => {
    expect(
      codeAuthor(
        workflowRun('push', {
          pusher: { name: 'renovate[bot]' },
          sender: { login: 'renovate[bot]', type: 'Bot' }
        })
      )
    ).toEqual({ login: 'renovate[bot]', type: 'Bot' })
    expect(codeAuthor(workflowRun('push', { pusher: { name: 'grace' } }))).toEqual({
      login: 'grace',
      type: 'User'
    })
  })

  it('is nobody on a schedule or a comment on an issue', () => {
    expect(codeAuthor(workflowRun('schedule', { schedule: '0 6 * * 1' }))).toBeUndefined()
    expect(
      codeAuthor(workflowRun('issue_comment', { issue: { user: { login: 'ada' } } }))
    ).toBeUndefined()
  })

  it('knows a bot by its type or its [bot] suffix', () => {
    const docs = { repository: 'acme/docs' }
    const asked = (login: string, type: string) =>
      planReviews([{ kind: 'author' }], { login, type }, docs).users
    expect(asked('x', 'Bot')).toEqual([])
    expect(asked('dependabot[bot]', 'User')).toEqual([])
    expect(asked('bot-fan', 'User')).toEqual(['bot-fan'])
  })
})

describe('planReviews', () => {
  const docs = { repository: 'acme/docs', author: { login: 'Mintlify-Writer', type: 'User' } }
  const ada = { login: 'ada', type: 'User' }

  it('resolves author, keeps people and teams of the docs owner, once each', () => {
    const plan = planReviews(
      [
        { kind: 'author' },
        { kind: 'user', login: 'carol' },
        { kind: 'user', login: 'ADA' },
        { kind: 'team', org: 'ACME', slug: 'writers' },
        { kind: 'team', org: 'acme', slug: 'writers' }
      ],
      ada,
      docs
    )
    expect(plan).toEqual({ users: ['ada', 'carol'], teams: ['acme/writers'], skipped: [] })
  })

  it('skips the docs pull request author, a bot author, a missing author and a foreign team', () => {
    const plan = planReviews(
      [
        { kind: 'user', login: 'mintlify-writer' },
        { kind: 'author' },
        { kind: 'team', org: 'other', slug: 'writers' }
      ],
      { login: 'dependabot[bot]', type: 'Bot' },
      docs
    )
    expect(plan.users).toEqual([])
    expect(plan.teams).toEqual([])
    expect(plan.skipped).toEqual([
      'mintlify-writer: opened the docs pull request, so cannot review it',
      'author: dependabot[bot] is a bot',
      'other/writers: the team is not in acme, which owns the docs repository'
    ])
    expect(planReviews([{ kind: 'author' }], undefined, docs).skipped).toEqual([
      'author: this run has no code pull request author or pusher'
    ])
  })

  it('skips the code author when they opened the docs pull request', () => {
    expect(
      planReviews([{ kind: 'author' }], { login: 'mintlify-writer', type: 'User' }, docs).users
    ).toEqual([])
  })
})
