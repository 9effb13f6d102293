// Who is asked to review a branch's docs pull request: a table of the rule.

import type { CoveredCommit } from '../../src/github/branch-commits.js'
import {
  MAX_BRANCH_REVIEWERS,
  reviewersToRequest,
  type SourcePullRequest
} from '../../src/github/source-pulls.js'

const sha = (n: number): string => n.toString(16).padStart(40, 'd')
const commit = (n: number, author?: string, bot = false): CoveredCommit => ({
  sha: sha(n),
  subject: '',
  ...(author ? { author } : {}),
  authorIsBot: bot
})
const pull = (
  number: number,
  author: string,
  commits: number[],
  bot = false
): SourcePullRequest => ({
  number,
  title: '',
  author,
  authorIsBot: bot,
  commits: commits.map(sha)
})

describe('the reviewers of a branch update', () => {
  it.each([
    {
      why: 'source pull request authors, then authors of commits from no pull request',
      pulls: [pull(1, 'mona', [1]), pull(2, 'hubot', [2])],
      commits: [commit(1, 'someone'), commit(2, 'mona'), commit(3, 'octocat')],
      already: [],
      expected: ['mona', 'hubot', 'octocat']
    },
    {
      why: 'bots skipped, by type or by name',
      pulls: [pull(1, 'dependabot[bot]', [1], true), pull(2, 'renovate', [2], true)],
      commits: [commit(3, 'github-actions[bot]', true)],
      already: [],
      expected: []
    },
    {
      why: 'each once, in any case, and not those already asked',
      pulls: [pull(1, 'Mona', [1]), pull(2, 'mona', [2]), pull(3, 'octocat', [3])],
      commits: [],
      already: ['OCTOCAT'],
      expected: ['Mona']
    },
    {
      why: 'not the docs pull request’s author, nor a login GitHub could not have',
      pulls: [pull(1, 'docs-writer', [1]), pull(2, 'bad login', [2])],
      commits: [commit(3)],
      already: [],
      docsAuthor: 'Docs-Writer',
      expected: []
    }
  ])('are $why', ({ pulls, commits, already, docsAuthor, expected }) => {
    expect(reviewersToRequest(pulls, commits, already, docsAuthor)).toEqual(expected)
  })

  it(`are at most ${MAX_BRANCH_REVIEWERS}`, () => {
    const pulls = Array.from({ length: 30 }, (_, i) => pull(i + 1, `user${i}`, [i + 1]))
    expect(reviewersToRequest(pulls, [], [])).toHaveLength(MAX_BRANCH_REVIEWERS)
  })
})
