// Whose work a commit or pull request is: the agent's own, documented with its own pull
// request's job, or to tell; and the words people read about it.

import fc from 'fast-check'
import {
  describeApart,
  isAgentAccount,
  setApart,
  settledApart,
  type SourceVerdict
} from '../../src/github/agent-work.js'
import { pullRequestEnded } from '../../src/github/workflow-run.js'
import { threadMarks } from '../../src/github/back-links.js'
import { formatRecord } from '../../src/github/pr-record.js'
import { backLinkMarker } from '../../src/github/back-links.js'
import { runs } from '../support/properties.js'

const sha = (n: number) => n.toString(16).padStart(40, '0')
const commit = (n: number, author = 'dev', authorIsBot = false) => ({
  sha: sha(n),
  author,
  authorIsBot
})

describe('isAgentAccount', () => {
  it.each<[unknown, boolean]>([
    [{ login: 'mintlify[bot]', type: 'Bot' }, true],
    [{ login: 'Mintlify[bot]', type: 'Bot' }, true],
    [{ login: 'mintlify[bot]' }, true],
    // A person cannot take a bot's login; a user account named alike is not the agent.
    [{ login: 'mintlify[bot]', type: 'User' }, false],
    [{ login: 'mintlify', type: 'User' }, false],
    [{ login: 'renovate[bot]', type: 'Bot' }, false],
    [undefined, false],
    ['mintlify[bot]', false]
  ])('%j is the agent: %s', (user, expected) => {
    expect(isAgentAccount(user)).toBe(expected)
  })
})

describe('setApart', () => {
  const pulls = [
    { number: 57, commits: [sha(1), sha(2)] },
    { number: 58, commits: [sha(3)] },
    { number: 101, commits: [sha(4)] }
  ]
  const verdicts = new Map<number, SourceVerdict>([
    [57, { kind: 'documented', docs: 'https://github.com/acme/docs/pull/102' }],
    [58, { kind: 'tell' }],
    [101, { kind: 'agent', why: 'opened by the agent' }]
  ])

  it('sets apart the commits of documented and agent pull requests, and direct pushes by the agent', () => {
    const commits = [commit(1), commit(2), commit(3), commit(4), commit(5, 'mintlify[bot]', true)]
    expect(setApart(commits, pulls, verdicts)).toEqual([
      { sha: sha(1), why: 'documented', pull: 57, docs: 'https://github.com/acme/docs/pull/102' },
      { sha: sha(2), why: 'documented', pull: 57, docs: 'https://github.com/acme/docs/pull/102' },
      { sha: sha(4), why: 'agent', pull: 101 },
      { sha: sha(5), why: 'agent' }
    ])
  })

  it('tells a commit whose pull request has no verdict, or was pushed by a person named like the agent', () => {
    const commits = [commit(6), commit(7, 'mintlify[bot]', false)]
    expect(setApart(commits, [{ number: 59, commits: [sha(6)] }], verdicts)).toEqual([])
  })

  it("a commit in a person's pull request is told, whatever account its email claims", () => {
    const claimed = commit(9, 'mintlify[bot]', true)
    expect(setApart([claimed], [{ number: 58, commits: [sha(9)] }], verdicts)).toEqual([])
  })

  it('settles only what is documented for good: not a change whose docs pull request is not known yet or cannot be seen', () => {
    const docs = 'https://github.com/acme/docs/pull/103'
    const pending = new Map<number, SourceVerdict>([
      ...verdicts,
      [60, { kind: 'documented', recheck: true }],
      [61, { kind: 'documented', docs, recheck: true }]
    ])
    const from = [...pulls, { number: 60, commits: [sha(10)] }, { number: 61, commits: [sha(11)] }]
    const apart = setApart([commit(1), commit(4), commit(10), commit(11)], from, pending)
    expect(apart).toEqual([
      { sha: sha(1), why: 'documented', pull: 57, docs: 'https://github.com/acme/docs/pull/102' },
      { sha: sha(4), why: 'agent', pull: 101 },
      { sha: sha(10), why: 'documented', pull: 60, recheck: true },
      { sha: sha(11), why: 'documented', pull: 61, docs, recheck: true }
    ])
    expect(settledApart(apart)).toEqual([sha(1), sha(4)])
  })

  it("the agent's verdict wins over a documented one on a commit in two pull requests", () => {
    const both = [
      { number: 57, commits: [sha(8)] },
      { number: 101, commits: [sha(8)] }
    ]
    expect(setApart([commit(8)], both, verdicts)).toEqual([
      { sha: sha(8), why: 'agent', pull: 101 }
    ])
  })

  it('never sets apart a commit it was not given, and each commit at most once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 12 }),
        (given, inPulls) => {
          const commits = given.map((n) =>
            commit(n, n % 5 === 0 ? 'mintlify[bot]' : 'dev', n % 5 === 0)
          )
          const pullList = [57, 58, 101].map((number, i) => ({
            number,
            commits: inPulls.filter((n) => n % 3 === i).map(sha)
          }))
          const apart = setApart(commits, pullList, verdicts)
          const shas = apart.map((c) => c.sha)
          expect(new Set(shas).size).toBe(shas.length)
          expect(shas.every((s) => commits.some((c) => c.sha === s))).toBe(true)
          // A commit only in pull request 58 (to tell), not by the agent, is never set apart.
          const told = commits.filter(
            (c) =>
              !c.authorIsBot && pullList.every((p) => p.number === 58 || !p.commits.includes(c.sha))
          )
          for (const c of told) expect(shas).not.toContain(c.sha)
        }
      ),
      runs(100)
    )
  })
})

describe('describeApart', () => {
  const name = (link: string) => link.replace(/^https:\/\/github\.com\/(.+)\/pull\/(\d+)$/, '$1#$2')
  it('names each pull request once, with where it was documented', () => {
    const docs = 'https://github.com/acme/docs/pull/102'
    const said = describeApart(
      [
        { sha: sha(1), why: 'documented', pull: 57, docs },
        { sha: sha(2), why: 'documented', pull: 57, docs },
        { sha: sha(3), why: 'documented', pull: 60 },
        { sha: sha(4), why: 'agent', pull: 101 },
        { sha: 'abcdef1234567890abcdef1234567890abcdef12', why: 'agent' }
      ],
      name
    )
    expect(said).toBe(
      "documented with their own pull request's docs job: #57 → acme/docs#102, #60 (its job is working); the docs agent's own work: #101, abcdef1"
    )
  })
})

describe('pullRequestEnded', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['an open pull request', { pull_request: { number: 1, state: 'open' } }, undefined],
    ['merged', { pull_request: { number: 1, state: 'closed', merged: true } }, 'merged'],
    [
      'merged, as a review event says it',
      { pull_request: { number: 1, state: 'closed', merged_at: '2026-11-01T00:00:00Z' } },
      'merged'
    ],
    ['closed unmerged', { pull_request: { number: 1, state: 'closed', merged: false } }, 'closed'],
    [
      'a comment on a merged pull request',
      {
        issue: { number: 1, state: 'closed', pull_request: { merged_at: '2026-11-01T00:00:00Z' } }
      },
      'merged'
    ],
    [
      'a comment on a pull request closed unmerged',
      { issue: { number: 1, state: 'closed', pull_request: { merged_at: null } } },
      'closed'
    ],
    ['a comment on an issue', { issue: { number: 1, state: 'closed' } }, undefined]
  ])('%s', (_, payload, expected) => {
    expect(pullRequestEnded(payload)).toBe(expected)
  })

  it('reads any payload without throwing, and says closed or merged only for a closed pull request', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (pull, issue) => {
        const payload = { pull_request: pull, issue } as Record<string, unknown>
        const ended = pullRequestEnded(payload)
        expect([undefined, 'merged', 'closed']).toContain(ended)
      }),
      runs(200)
    )
  })
})

describe('threadMarks', () => {
  const me = { login: 'github-actions[bot]', type: 'Bot' }
  const stranger = { login: 'mallory', type: 'User' }
  const record = { project: 'proj', job: 'job_57', run: '1', attempt: 1, followUps: 0 }

  it("believes a record only from the action's own account, and marks its back-links trusted", () => {
    const comments = [
      { id: 1, body: formatRecord({ ...record, job: 'job_fake' }), user: stranger },
      { id: 2, body: backLinkMarker('job_pasted', 'proj'), user: stranger },
      { id: 3, body: formatRecord(record), user: me },
      { id: 4, body: backLinkMarker('job_ours', 'proj'), user: me },
      { id: 5, body: backLinkMarker('job_other_project', 'other'), user: me }
    ]
    expect(threadMarks(comments, 'proj', me.login)).toEqual({
      record,
      backLinks: [
        { job: 'job_ours', trusted: true },
        { job: 'job_pasted', trusted: false }
      ]
    })
  })

  it("keeps the action's own back-link before the cut, whatever bots pasted before it", () => {
    const bot = { login: 'helper[bot]', type: 'Bot' }
    const pasted = ['job_a', 'job_b', 'job_c', 'job_d'].map((job, i) => ({
      id: i + 1,
      body: backLinkMarker(job, 'proj'),
      user: i === 0 ? stranger : bot
    }))
    const comments = [...pasted, { id: 9, body: backLinkMarker('job_ours', 'proj'), user: me }]
    expect(threadMarks(comments, 'proj', me.login).backLinks).toEqual([
      { job: 'job_ours', trusted: true },
      { job: 'job_b', trusted: false },
      { job: 'job_c', trusted: false }
    ])
  })

  it('finds nothing in a thread without marks', () => {
    expect(threadMarks([{ id: 1, body: 'LGTM', user: stranger }], 'proj', me.login)).toEqual({
      backLinks: []
    })
  })
})
