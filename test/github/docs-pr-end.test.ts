// Whose commits a docs pull request ends with: the agent's (the account that opened it,
// committing itself or through GitHub's web-flow), or someone else's.

import { foreignCommit } from '../../src/github/docs-pr-end.js'

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
