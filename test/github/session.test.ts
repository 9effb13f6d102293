// One token's GitHub on one repository: a client per budget, and a best-effort call that
// turns a failure into one warning, naming the permission only when GitHub said no.

import type { GitHubClient } from '../../src/github/client.js'
import { GitHubSession } from '../../src/github/session.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const inProcess = useInProcessGitHub({ captureLog: true })
const session = () =>
  new GitHubSession('ghs_test_token', 'acme/app', 'github-token', inProcess.reach)
const warnings = (): string[] =>
  inProcess.warnings().map((line) => line.slice('::warning::'.length))

const listComments = (issue: number) => (octokit: GitHubClient) =>
  octokit.rest.issues
    .listComments({ owner: 'acme', repo: 'app', issue_number: issue })
    .then(({ data }) => data.length)

it('knows the repository it works on', () => {
  expect(session().repo).toEqual({ owner: 'acme', repo: 'app' })
})

it('gives what the call gives, and warns of nothing', async () => {
  inProcess.github.addComment('acme/app', 301, 'Hello')

  const count = await session().bestEffort(
    10_000,
    listComments(301),
    'Could not read (%s).',
    'The token needs issues: read.'
  )

  expect(count).toBe(1)
  expect(warnings()).toEqual([])
})

it('turns a denial into one warning that names the permission', async () => {
  inProcess.github.deny({
    method: 'GET',
    path: /^\/repos\/acme\/app\/issues\/302\/comments$/,
    status: 403
  })

  const count = await session().bestEffort(
    10_000,
    listComments(302),
    'Could not read (%s).',
    'The token needs issues: read.'
  )

  expect(count).toBeUndefined()
  expect(warnings()).toEqual([
    'Could not read (the GitHub API answered 403). The token needs issues: read.'
  ])
})

it('names no permission when more would not have helped (a 5xx)', async () => {
  inProcess.github.deny({
    method: 'GET',
    path: /^\/repos\/acme\/app\/issues\/303\/comments$/,
    status: 503
  })

  const count = await session().bestEffort(
    10_000,
    listComments(303),
    'Could not read (%s).',
    'The token needs issues: read.'
  )

  expect(count).toBeUndefined()
  expect(warnings()).toEqual(['Could not read (the GitHub API answered 503).'])
})
