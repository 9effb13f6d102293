// The hand-off across runs, in process against the GitHub stand-in: reviewers and
// labels are requested once, and a later run that is told the docs pull request was
// already handed off (the pull request's record) only reads it.

import { GitHubSession } from '../../src/github/session.js'
import { readWorkflowRun, type WorkflowRun } from '../../src/github/workflow-run.js'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { followDocsPullRequest, type FollowOptions } from '../../src/github/docs-pull-request.js'
import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const TOKEN = 'ghs_test_token'

const inProcess = useInProcessGitHub({ token: TOKEN, captureLog: true })

type Follow = FollowOptions & { run: WorkflowRun }

/** The docs-token's session (its repository is the docs pull request's own). */
const follow = ({ run, ...options }: Follow) =>
  followDocsPullRequest(
    new GitHubSession(TOKEN, '', 'github-token', inProcess.reach),
    run,
    options,
    10_000
  )

function options(already: boolean, link = 'https://github.com/acme/docs/pull/5'): Follow {
  return {
    link,
    run: readWorkflowRun({
      GITHUB_REPOSITORY: 'acme/app',
      GITHUB_SERVER_URL: 'https://github.com'
    }),
    reviewers: [{ kind: 'user', login: 'carol' }],
    labels: ['documentation'],
    already,
    justTrying: false
  }
}

const writes = (): string[] =>
  inProcess.github.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)

describe('followDocsPullRequest', () => {
  it('reads nothing on another host, and warns when there is no token', async () => {
    const before = inProcess.github.requests.length
    const away = await follow(options(false, 'https://ghe.example.com/acme/docs/pull/5'))
    const run = options(false).run
    const bare = await followDocsPullRequest(undefined, run, options(false), 10_000)

    expect([away, bare]).toEqual([{ handedOff: false }, { handedOff: false }])
    expect(inProcess.github.requests.slice(before)).toEqual([])
    expect(inProcess.printed.join('')).toContain(
      'The docs pull request acme/docs#5 is on ghe.example.com, not on github.com where this runs, so it is not read or handed to reviewers.'
    )
    expect(inProcess.printed.join('')).toContain(
      '::warning::The docs pull request acme/docs#5 has no token (docs-token and github-token are empty), so it is not read or handed to reviewers.'
    )
  })

  it('hands off once: a later run told it was done only reads the pull request', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 5, { title: 'Docs', additions: 4, deletions: 1 })

    const first = await follow(options(false))
    const second = await follow(options(true))

    expect(first).toMatchObject({ handedOff: true, pr: { title: 'Docs', additions: 4 } })
    expect(second).toMatchObject({ handedOff: false, pr: { title: 'Docs' } })
    expect(writes()).toEqual([
      'POST /repos/acme/docs/pulls/5/requested_reviewers',
      'POST /repos/acme/docs/issues/5/labels'
    ])
    expect(inProcess.printed.join('')).toContain(
      'Reviewers and labels were already requested on acme/docs#5; not again.'
    )
    const pull = pullRequestWorld(inProcess.github.state).pulls.get('acme/docs#5')
    expect(pull?.requestedReviewers).toEqual(['carol'])
  })

  it('reports no hand-off when a call was denied, so a later run tries again', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 6)
    inProcess.github.deny({ method: 'POST', path: /requested_reviewers$/, status: 403, times: 1 })

    const result = await follow(options(false, 'https://github.com/acme/docs/pull/6'))

    expect(result.handedOff).toBe(false)
    expect(pullRequestWorld(inProcess.github.state).pulls.get('acme/docs#6')?.labels).toEqual([
      'documentation'
    ])
  })

  it.each([
    {
      status: 401,
      hint: 'GitHub did not accept the token (docs-token) at all (401 Bad credentials): it is wrong, expired or revoked, which no permission fixes; put a current token in the secret docs-token is set from.'
    },
    {
      status: 403,
      hint: 'The docs token (docs-token, or github-token when it is empty) needs `pull-requests: read` on acme/docs; when the docs live in another repository, use a GitHub App token or a fine-grained token there.'
    }
  ])(
    'names the docs-token to replace after a 401, and the permission only after a refusal ($status)',
    async ({ status, hint }) => {
      seedPull(inProcess.github.state, 'acme/docs', 9)
      const lift = inProcess.github.deny({ method: 'GET', path: /\/pulls\/9$/, status })
      const session = new GitHubSession(TOKEN, '', 'docs-token', inProcess.reach)

      const { run, ...rest } = options(false, 'https://github.com/acme/docs/pull/9')
      const result = await followDocsPullRequest(session, run, rest, 10_000)
      lift()

      expect(result).toEqual({ handedOff: false })
      expect(inProcess.warnings()).toEqual([
        `::warning::Could not read the docs pull request acme/docs#9 (the GitHub API answered ${status}). ${hint}`
      ])
    }
  )

  it('hands off nothing on a merged or closed docs pull request', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 8, { state: 'closed', merged: true })
    inProcess.github.requests.length = 0

    const result = await follow(options(false, 'https://github.com/acme/docs/pull/8'))

    expect(result).toMatchObject({ handedOff: false, pr: { merged: true } })
    expect(writes()).toEqual([])
  })

  it('does not read a docs pull request on another GitHub host', async () => {
    inProcess.github.requests.length = 0

    const result = await follow(options(false, 'https://ghe.example.com/acme/docs/pull/5'))

    expect(result).toEqual({ handedOff: false })
    expect(inProcess.github.requests).toEqual([])
  })
})

describe('handing the docs pull request to its reviewers', () => {
  /** The options of a run of `event` with `payload`, for acme/docs#`number`. */
  function handOff(
    number: number,
    event: string,
    payload: unknown,
    asked: Pick<FollowOptions, 'reviewers' | 'labels'>
  ): Follow {
    const path = join(mkdtempSync(join(tmpdir(), 'follow-')), 'event.json')
    writeFileSync(path, JSON.stringify(payload))
    return {
      ...options(false, `https://github.com/acme/docs/pull/${number}`),
      run: readWorkflowRun({
        GITHUB_REPOSITORY: 'acme/app',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: path
      }),
      ...asked
    }
  }
  const pull = (number: number) =>
    pullRequestWorld(inProcess.github.state).pulls.get(`acme/docs#${number}`)
  const warnings = (): string[] => inProcess.warnings()
  const codePull = (user: { login: string; type: string }) => ({
    pull_request: { number: 7, user, head: { ref: 'feature', sha: '4'.repeat(40) } }
  })

  it('takes the pusher as author on a push', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 20)

    await follow(
      handOff(
        20,
        'push',
        {
          ref: 'refs/heads/main',
          pusher: { name: 'grace' },
          sender: { login: 'grace', type: 'User' }
        },
        {
          reviewers: [{ kind: 'author' }],
          labels: []
        }
      )
    )

    expect(pull(20)?.requestedReviewers).toEqual(['grace'])
  })

  it('skips an author that is a bot and the docs pull request author, saying so, without asking GitHub', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 21, {
      user: { login: 'docs-writer', type: 'User' }
    })
    inProcess.github.requests.length = 0

    await follow(
      handOff(21, 'pull_request', codePull({ login: 'dependabot[bot]', type: 'Bot' }), {
        reviewers: [
          { kind: 'author' },
          { kind: 'user', login: 'docs-writer' },
          { kind: 'user', login: 'carol' }
        ],
        labels: []
      })
    )

    expect(pull(21)?.requestedReviewers).toEqual(['carol'])
    const asked = inProcess.github.requests.filter((r) => r.path.endsWith('/requested_reviewers'))
    expect(asked.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { reviewers: ['carol'], team_reviewers: [] }
    ])
    const lines = inProcess.printed.join('').split('\n')
    expect(lines).toContain('docs-pr-reviewers: skipped author: dependabot[bot] is a bot.')
    expect(lines).toContain(
      'docs-pr-reviewers: skipped docs-writer: opened the docs pull request, so cannot review it.'
    )
    expect(warnings()).toEqual([])
  })

  it('warns about a refused reviewer and still requests the others', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 22)
    pullRequestWorld(inProcess.github.state).collaborators.set(
      'acme/docs',
      new Set(['ada', 'carol'])
    )
    inProcess.github.requests.length = 0
    try {
      const result = await follow(
        handOff(22, 'pull_request', codePull({ login: 'ada', type: 'User' }), {
          reviewers: ['ada', 'mallory', 'carol'].map((login) => ({ kind: 'user', login }) as const),
          labels: []
        })
      )

      expect(result.handedOff).toBe(true)
      expect(pull(22)?.requestedReviewers).toEqual(['ada', 'carol'])
      // The batch is refused whole; then each name alone.
      expect(inProcess.github.requests.filter((r) => r.method === 'POST')).toHaveLength(4)
      expect(warnings()).toEqual([
        expect.stringMatching(
          /^::warning::docs-pr-reviewers: GitHub refused to request a review of acme\/docs#22 from mallory \(Reviews may only be requested from collaborators\./
        )
      ])
    } finally {
      pullRequestWorld(inProcess.github.state).collaborators.delete('acme/docs')
    }
  })

  it('warns about a label GitHub refuses and adds the others', async () => {
    seedPull(inProcess.github.state, 'acme/docs', 23)
    pullRequestWorld(inProcess.github.state).labels.set('acme/docs', new Set(['documentation']))
    try {
      await follow(
        handOff(23, 'pull_request', codePull({ login: 'ada', type: 'User' }), {
          reviewers: [],
          labels: ['documentation', 'no-such-label']
        })
      )

      expect(pull(23)?.labels).toEqual(['documentation'])
      expect(warnings()).toEqual([
        expect.stringMatching(
          /^::warning::docs-pr-labels: GitHub refused to add no-such-label \(Label does not exist: no-such-label\) to acme\/docs#23\./
        )
      ])
    } finally {
      pullRequestWorld(inProcess.github.state).labels.delete('acme/docs')
    }
  })
})
