// Whose commits a docs pull request ends with: the agent's (the account that opened it,
// committing itself or through GitHub's web-flow), or someone else's; and what a failed step on
// it says to fix.

import { endStepWarning, foreignCommit } from '../../src/github/docs-pr-writes.js'

const BOT = 'mintlify[bot]'
const c = (sha: string, author?: string, committer?: string) => ({
  sha: sha.repeat(40),
  ...(author ? { author } : {}),
  ...(committer ? { committer } : {})
})

describe('foreignCommit', () => {
  it.each([
    ['the agent alone', [c('a', BOT, BOT)], undefined],
    ['the agent through web-flow', [c('a', BOT, 'web-flow')], undefined],
    ['someone else, then the agent', [c('b', 'writer', 'writer'), c('a', BOT, BOT)], undefined],
    [
      'the agent, then someone else',
      [c('a', BOT, BOT), c('b', 'writer', 'writer')],
      'commit bbbbbbb by writer follows the last commit of mintlify[bot]'
    ],
    [
      'committed by someone else',
      [c('a', BOT, BOT), c('b', BOT, 'writer')],
      'commit bbbbbbb by writer follows the last commit of mintlify[bot]'
    ],
    [
      'an account GitHub does not know',
      [c('a', BOT, BOT), c('b')],
      'commit bbbbbbb by an account GitHub does not know follows the last commit of mintlify[bot]'
    ],
    ['no commit', [], 'it has no commit']
  ])('%s', (_, commits, expected) => {
    expect(foreignCommit(BOT, commits)).toBe(expected)
  })

  it('cannot tell when GitHub does not name the author, or lists only part of the commits', () => {
    expect(foreignCommit(undefined, [c('a', BOT, BOT)])).toBe('GitHub does not say who opened it')
    expect(foreignCommit(BOT, Array(250).fill(c('a', BOT, BOT)))).toMatch(/too many to check/)
  })
})

// A failed step on the docs pull request: a 401 is the token itself, to be replaced; a 403 or
// 404 the permission it lacks; anything else (5xx, a rate limit) names no permission.
describe('endStepWarning', () => {
  const ref = {
    repository: 'acme/docs',
    number: 100,
    link: 'https://github.com/acme/docs/pull/100'
  }
  const answered = (status: number, headers: Record<string, string> = {}, message = '') =>
    Object.assign(new Error(message), { status, request: {}, response: { status, headers } })

  it('401: the token is not accepted; says to replace it, and asks for no permission', () => {
    const line = endStepWarning('docs-token', ref, 'read', answered(401, {}, 'Bad credentials'))
    expect(line).toBe(
      'Could not read the docs pull request acme/docs#100 (the GitHub API answered 401). GitHub did not accept the token (docs-token) at all (401 Bad credentials): it is wrong, expired or revoked, which no permission fixes; put a current token in the secret docs-token is set from.'
    )
    expect(line).not.toContain('needs')
  })

  it('403 or 404: names the permission the token lacks for the step', () => {
    expect(endStepWarning('docs-token', ref, 'close', answered(403))).toBe(
      'Could not close the docs pull request acme/docs#100 (the GitHub API answered 403). The token (docs-token) needs `pull-requests: write` on acme/docs.'
    )
    expect(endStepWarning('github-token', ref, 'read', answered(404))).toContain(
      'The token (github-token) needs `pull-requests: read` on acme/docs.'
    )
  })

  it('a 5xx or a rate limit asks for no permission and says nothing of the token', () => {
    for (const error of [
      answered(503),
      answered(403, { 'retry-after': '60' }, 'You have exceeded a secondary rate limit')
    ]) {
      const line = endStepWarning('docs-token', ref, 'comment', error)
      expect(line).toMatch(
        /^Could not tell the reviewers of acme\/docs#100 \(the GitHub API answered (503|403)/
      )
      expect(line).not.toMatch(/needs|401|secret/)
    }
  })
})
