// What is untold on a branch, and the ledger after a run told it: tables for the rules,
// properties for what must hold whatever the history (nothing told twice to a job, a
// job that ended gives back all it was told, the ledger stays bounded).

import fc from 'fast-check'
import assert from 'node:assert/strict'
import type { Candidates, CoveredCommit } from '../../src/github/branch-commits.js'
import {
  afterTelling,
  MAX_TOLD,
  untold,
  withSettled,
  type BranchRecord
} from '../../src/github/branch-record.js'
import { runs } from '../support/properties.js'

const sha = (n: number): string => n.toString(16).padStart(40, '0')
const commit = (n: number): CoveredCommit => ({
  sha: sha(n),
  subject: `change ${n}`,
  authorIsBot: false
})
const range = (from: number, to: number): CoveredCommit[] =>
  Array.from({ length: to - from + 1 }, (_, i) => commit(from + i))
const numbers = (commits: readonly CoveredCommit[]): number[] =>
  commits.map((c) => parseInt(c.sha, 16))

function ledger(told: Record<string, number[]>, base?: number): BranchRecord {
  const ids = Object.keys(told)
  return {
    projectId: 'p',
    branch: 'main',
    key: 'docs.yml',
    job: ids.at(-1) ?? 'job',
    ...(base === undefined ? {} : { base: sha(base) }),
    told: ids.map((id) => ({ id, shas: (told[id] ?? []).map(sha) })),
    ended: [],
    run: '1',
    attempt: 1,
    reviewers: [],
    runs: [],
    counts: { created: 1, followUps: 0, quiet: 0 }
  }
}
const candidates = (since: CoveredCommit[], event: CoveredCommit[] = []): Candidates => ({
  since,
  event,
  unread: 0
})

describe('what is untold', () => {
  it.each([
    ['everything on a first run', undefined, range(1, 3), [], [1, 2, 3]],
    ['what no job was told', { job_1: [1, 2] }, range(1, 4), [], [3, 4]],
    ['what a delivered job was told stays told', { job_0: [1], job_1: [2] }, range(1, 3), [], [3]],
    [
      "an older push's commits that arrive late, before the branch's",
      { job_1: [5, 6] },
      range(5, 7),
      range(3, 4),
      [3, 4, 7]
    ],
    [
      'each commit once, when the event and the branch both list it',
      undefined,
      range(1, 2),
      range(2, 3),
      [2, 3, 1]
    ]
  ])('is %s', (_, told, since, event, expected) => {
    const record = told ? ledger(told) : undefined
    expect(numbers(untold(record, candidates(since, event)))).toEqual(expected)
  })

  it('gives back what a job that ended without delivering was told', () => {
    const record = ledger({ job_0: [1], job_1: [2, 3] })
    expect(numbers(untold(record, candidates(range(1, 4)), new Set(['job_1'])))).toEqual([2, 3, 4])
  })
})

describe('the ledger after a run told its job', () => {
  it('adds what was told to the job, as the newest', () => {
    const record = ledger({ job_1: [1] }, 0)
    const after = afterTelling(record, 'job_1', range(2, 3), [], candidates(range(1, 3)))
    expect(after).toEqual({
      base: sha(0),
      told: [{ id: 'job_1', shas: [1, 2, 3].map(sha) }],
      ended: []
    })
  })

  it('drops a job that ended, lists it, and gives its commits to the new job', () => {
    const record = ledger({ job_1: [1, 2] }, 0)
    const after = afterTelling(
      record,
      'job_2',
      range(1, 3),
      [{ id: 'job_1', why: 'failed' }],
      candidates(range(1, 3))
    )
    expect(after.told).toEqual([{ id: 'job_2', shas: [1, 2, 3].map(sha) }])
    expect(after.ended).toEqual([{ id: 'job_1', why: 'failed' }])
    expect(after.base).toBe(sha(0))
  })

  it('moves the base over the oldest commits a delivered job has, and no further', () => {
    const record = ledger({ job_1: [1, 2] }, 0)
    const after = afterTelling(record, 'job_2', range(3, 3), [], candidates(range(1, 3)))
    expect(after.base).toBe(sha(2))
    expect(after.told).toEqual([
      { id: 'job_1', shas: [1, 2].map(sha) },
      { id: 'job_2', shas: [sha(3)] }
    ])
  })

  it(`remembers at most ${MAX_TOLD} commits: the live job's oldest settle into the base`, () => {
    const all = range(1, MAX_TOLD + 50)
    const after = afterTelling(undefined, 'job_1', all, [], { ...candidates(all), base: sha(0) })
    expect(after.told[0]?.shas).toHaveLength(MAX_TOLD)
    expect(after.told[0]?.shas[0]).toBe(sha(51))
    expect(after.base).toBe(sha(50))
  })
})

describe("commits settled elsewhere (documented with their own pull request, or the agent's)", () => {
  const settled = (record: BranchRecord, ...ns: number[]) => withSettled(record, ns.map(sha))

  it('are never untold again, even when the live job ends and gives its commits back', () => {
    const record = settled(ledger({ job_1: [2] }), 1, 3)
    expect(numbers(untold(record, candidates(range(1, 4))))).toEqual([4])
    expect(numbers(untold(record, candidates(range(1, 4)), new Set(['job_1'])))).toEqual([2, 4])
  })

  it('let the base move over them as over a delivered job', () => {
    const record = settled(ledger({ job_1: [] }, 0), 1, 2)
    const after = afterTelling(record, 'job_1', range(3, 3), [], candidates(range(1, 3)))
    expect(after.base).toBe(sha(2))
    expect(after.told).toEqual([{ id: 'job_1', shas: [sha(3)] }])
  })

  it(`are each kept once, the newest ${MAX_TOLD} at most`, () => {
    const record = settled(settled(ledger({ job_1: [] }), 1, 2), 2, 3)
    expect(record.settled).toEqual([1, 2, 3].map(sha))
    const many = withSettled(
      record,
      range(10, MAX_TOLD + 20).map((c) => c.sha)
    )
    expect(many.settled).toHaveLength(MAX_TOLD)
    expect(many.settled?.at(-1)).toBe(sha(MAX_TOLD + 20))
    expect(withSettled(record, [])).toBe(record)
  })
})

describe('whatever the history (property)', () => {
  // A history of runs: each weighs the commits up to a head, and its job may end.
  const step = fc.record({
    head: fc.integer({ min: 1, max: 60 }),
    ends: fc.constantFrom<'no' | 'failed' | 'delivered'>('no', 'no', 'failed', 'delivered')
  })

  it('tells every commit to the live job once, gives back all an ended job had, and stays bounded', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        let record: BranchRecord | undefined
        let job = 1
        const toldTo = new Map<string, Set<string>>()
        const ended = new Set<string>()
        for (const { head, ends } of steps) {
          const jobId = `job_${job}`
          const base = record?.base ? parseInt(record.base, 16) : 0
          const read = candidates(range(base + 1, Math.max(base, head)))
          const dead = ends === 'failed' && record ? new Set([record.job]) : new Set<string>()
          const target = ends === 'no' || !record ? (record?.job ?? jobId) : `job_${++job}`
          const fresh = untold(record, read, dead)
          for (const c of fresh) {
            const seen = toldTo.get(target) ?? new Set()
            assert.ok(!seen.has(c.sha), `${c.sha} told twice to ${target}`)
            seen.add(c.sha)
            toldTo.set(target, seen)
          }
          if (ends === 'failed' && record) ended.add(record.job)
          const next = afterTelling(
            record,
            target,
            fresh,
            [...dead].map((id) => ({ id, why: 'failed' as const })),
            { ...read, ...(record ? {} : { base: sha(0) }) }
          )
          record = { ...(record ?? ledger({})), ...next, job: target }
          assert.ok(record.told.reduce((n, j) => n + j.shas.length, 0) <= MAX_TOLD)
          // Every commit up to the head is now held by a job that did not end.
          const held = new Set(record.told.filter((j) => !ended.has(j.id)).flatMap((j) => j.shas))
          const settled = record.base ? parseInt(record.base, 16) : 0
          for (let n = settled + 1; n <= head; n++) assert.ok(held.has(sha(n)), `${n} lost`)
        }
      }),
      runs(300)
    )
  })
})
