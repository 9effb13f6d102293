// The hand-off across runs, in process against the GitHub stand-in: reviewers and
// labels are requested once, and a later run that is told the docs pull request was
// already handed off (the pull request's record) only reads it.

import { jest } from '@jest/globals'
import { followDocsPullRequest, type FollowOptions } from '../../src/github/follow-docs-pr.js'
import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in.js'

const TOKEN = 'ghs_test_token'
let github: GitHubStandIn
let printed: string[]

beforeAll(async () => {
  github = await startGitHubStandIn({ token: TOKEN })
  // @actions/github reads the API address once, when it is first loaded.
  process.env.GITHUB_API_URL = github.apiUrl
})
afterAll(async () => {
  await github.close()
})
beforeEach(() => {
  printed = []
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
})

function options(
  alreadyHandedOff: boolean,
  link = 'https://github.com/acme/docs/pull/5'
): FollowOptions {
  return {
    link,
    env: { GITHUB_REPOSITORY: 'acme/app', GITHUB_SERVER_URL: 'https://github.com' },
    token: TOKEN,
    userAgent: 'test',
    budgetMs: 10_000,
    reviewers: [{ kind: 'user', login: 'carol' }],
    labels: ['documentation'],
    alreadyHandedOff
  }
}

const writes = (): string[] =>
  github.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)

describe('followDocsPullRequest', () => {
  it('hands off once: a later run told it was done only reads the pull request', async () => {
    seedPull(github.state, 'acme/docs', 5, { title: 'Docs', additions: 4, deletions: 1 })

    const first = await followDocsPullRequest(options(false))
    const second = await followDocsPullRequest(options(true))

    expect(first).toMatchObject({ handedOff: true, pr: { title: 'Docs', additions: 4 } })
    expect(second).toMatchObject({ handedOff: false, pr: { title: 'Docs' } })
    expect(writes()).toEqual([
      'POST /repos/acme/docs/pulls/5/requested_reviewers',
      'POST /repos/acme/docs/issues/5/labels'
    ])
    expect(printed.join('')).toContain(
      'Reviewers and labels were already requested on acme/docs#5; not again.'
    )
    const pull = pullRequestWorld(github.state).pulls.get('acme/docs#5')
    expect(pull?.requestedReviewers).toEqual(['carol'])
  })

  it('reports no hand-off when a call was denied, so a later run tries again', async () => {
    seedPull(github.state, 'acme/docs', 6)
    github.deny({ method: 'POST', path: /requested_reviewers$/, status: 403, times: 1 })

    const result = await followDocsPullRequest(
      options(false, 'https://github.com/acme/docs/pull/6')
    )

    expect(result.handedOff).toBe(false)
    expect(pullRequestWorld(github.state).pulls.get('acme/docs#6')?.labels).toEqual([
      'documentation'
    ])
  })

  it('hands off nothing on a merged or closed docs pull request', async () => {
    seedPull(github.state, 'acme/docs', 8, { state: 'closed', merged: true })
    github.requests.length = 0

    const result = await followDocsPullRequest(
      options(false, 'https://github.com/acme/docs/pull/8')
    )

    expect(result).toMatchObject({ handedOff: false, pr: { merged: true } })
    expect(writes()).toEqual([])
  })

  it('does not read a docs pull request on another GitHub host', async () => {
    github.requests.length = 0

    const result = await followDocsPullRequest(
      options(false, 'https://ghe.example.com/acme/docs/pull/5')
    )

    expect(result).toEqual({ handedOff: false })
    expect(github.requests).toEqual([])
  })
})
