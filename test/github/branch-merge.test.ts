// The branch record's merge at a write (issue 37): a run that reads the dashboard again just
// before writing keeps what another run wrote since. Property-tested: for ledgers two runs made
// from one they both read, no fact of the other run's is lost, and the merge reads back through
// the record's codec.

import fc from 'fast-check'
import assert from 'node:assert/strict'
import { runs } from '../support/properties.js'
import { isReRun } from '../../src/action/plan/plan.js'
import { mergeBranchRecords } from '../../src/github/branch-merge.js'
import {
  MAX_TOLD,
  parseBranchRecords,
  renderBranchRecord,
  RUN_ACTIONS,
  type BranchRecord,
  type BranchRun
} from '../../src/github/branch-record.js'

const sha = (n: number): string => n.toString(16).padStart(40, '0')
const time = (minute: number): string => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString()
const PR = (n: number) => `https://github.com/acme/docs/pull/${n}`
const row = (minute: number, did: BranchRun['did'] = 'followed-up'): BranchRun => ({
  at: time(minute),
  event: 'push',
  did,
  commits: 1,
  pulls: []
})
const LEDGER: BranchRecord = {
  projectId: 'proj-test',
  branch: 'main',
  key: '.github/workflows/docs.yml',
  job: 'job_1',
  run: '100',
  attempt: 1,
  reviewers: [],
  base: sha(1),
  told: [{ id: 'job_1', shas: [sha(2)] }],
  ended: [],
  runs: [row(0, 'created')],
  counts: { created: 1, followUps: 0, quiet: 0 }
}
const readBack = (record: BranchRecord) => parseBranchRecords(renderBranchRecord(record))[0]
const key = (run: BranchRun) => `${run.at} ${run.did} ${run.event}`
const shasOf = (record: BranchRecord, id: string) =>
  record.told.find((job) => job.id === id)?.shas ?? []

/** What one run may do to the ledger it read (`side` keeps its new names its own). */
const change = (side: 'o' | 't') =>
  fc
    .record({
      rows: fc.array(fc.tuple(fc.integer({ min: 10, max: 99 }), fc.constantFrom(...RUN_ACTIONS)), {
        maxLength: 4
      }),
      tell: fc.array(fc.integer({ min: 10, max: 60 }), { maxLength: 4 }),
      giveBack: fc.option(fc.constantFrom('other', 'current'), { nil: undefined }),
      settle: fc.array(fc.integer({ min: 10, max: 60 }), { maxLength: 3 }),
      count: fc.option(fc.constantFrom('created', 'followUps', 'quiet') as fc.Arbitrary<'quiet'>, {
        nil: undefined
      }),
      seen: fc.option(fc.integer({ min: 10, max: 60 }), { nil: undefined }),
      base: fc.option(fc.integer({ min: 10, max: 60 }), { nil: undefined }),
      docs: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      reviewer: fc.option(fc.constantFrom('ann', 'bob'), { nil: undefined }),
      // A later attempt of the run that wrote the ledger, or a run of its own.
      reRun: fc.boolean()
    })
    .map((c) => (read: BranchRecord): BranchRecord => {
      let next: BranchRecord = structuredClone(read)
      const [other] = next.told.filter((job) => job.id !== next.job)
      if (c.giveBack === 'other' && other) {
        next.told = next.told.filter((job) => job !== other)
        next.ended = [...next.ended, { id: other.id, why: 'failed' }]
      } else if (c.giveBack === 'current') {
        next.told = next.told.filter((job) => job.id !== next.job)
        next.ended = [...next.ended, { id: next.job, why: 'archived' }]
        next.job = `${side}_new`
        next.told.push({ id: next.job, shas: [] })
        // A new job: no docs pull request yet, no one asked to review it.
        next = { ...next, reviewers: [] }
        delete next.docs
        delete next.handedOff
      }
      const current = next.told.find((job) => job.id === next.job)
      const told = new Set(next.told.flatMap((job) => job.shas))
      if (current) current.shas.push(...new Set(c.tell.map(sha).filter((s) => !told.has(s))))
      const settled = [...new Set([...(next.settled ?? []), ...c.settle.map(sha)])]
      if (settled.length > 0) next.settled = settled
      const rows = c.rows.map(([minute, did]) => ({ ...row(minute, did), event: `${side}_push` }))
      next.runs = [...next.runs, ...rows]
      if (c.count) next.counts = { ...next.counts, [c.count]: next.counts[c.count] + 1 }
      if (c.seen !== undefined) next.seen = sha(c.seen)
      if (c.base !== undefined) next.base = sha(c.base)
      if (c.docs !== undefined) next = { ...next, docs: PR(c.docs), handedOff: PR(c.docs) }
      if (c.reviewer) next.reviewers = [...new Set([...next.reviewers, c.reviewer])]
      const attempt = read.attempt + (side === 'o' ? 1 : 2)
      const run = c.reRun ? { run: read.run, attempt } : { run: side === 'o' ? '200' : '300' }
      return { ...next, attempt: 1, ...run }
    })

/** A ledger two runs read: a live job, a delivered one, a few rows, ended jobs and settled. */
const ledger = fc
  .record({
    rows: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 6 }),
    delivered: fc.uniqueArray(fc.integer({ min: 2, max: 9 }), { maxLength: 4 }),
    live: fc.uniqueArray(fc.integer({ min: 61, max: 70 }), { maxLength: 4 }),
    ended: fc.integer({ min: 0, max: 3 }),
    settled: fc.uniqueArray(fc.integer({ min: 71, max: 80 }), { maxLength: 3 })
  })
  .map((l): BranchRecord => ({
    ...LEDGER,
    told: [
      ...(l.delivered.length > 0 ? [{ id: 'job_0', shas: l.delivered.map(sha) }] : []),
      { id: 'job_1', shas: l.live.map(sha) }
    ],
    ended: Array.from({ length: l.ended }, (_, i) => ({ id: `old_${i}`, why: 'gone' as const })),
    ...(l.settled.length > 0 ? { settled: l.settled.map(sha) } : {}),
    runs: [...l.rows].sort((a, b) => a - b).map((minute) => row(minute))
  }))

describe("the branch record's merge", () => {
  it("keeps every fact of the other run's that this run did not change, and reads back", () => {
    fc.assert(
      fc.property(ledger, change('o'), change('t'), (base, mine, other) => {
        const [ours, theirs] = [mine(base), other(base)]
        const merged = mergeBranchRecords(base, ours, theirs)
        expect(readBack(merged)).toEqual(merged)
        // Every row, ended job and settled commit of either run.
        const rows = new Set(merged.runs.map(key))
        for (const run of [...ours.runs, ...theirs.runs]) assert.ok(rows.has(key(run)))
        const times = merged.runs.map((run) => Date.parse(run.at))
        assert.deepEqual(
          times,
          [...times].sort((a, b) => a - b)
        )
        const ended = new Set(merged.ended.map((job) => job.id))
        for (const job of [...ours.ended, ...theirs.ended]) assert.ok(ended.has(job.id))
        for (const s of [...(ours.settled ?? []), ...(theirs.settled ?? [])])
          assert.ok(merged.settled?.includes(s))
        // What either told a job no one gave back stays told; no job given back is told.
        for (const { id } of merged.told) assert.ok(!ended.has(id))
        for (const { id, shas } of [...ours.told, ...theirs.told]) {
          if (ended.has(id)) continue
          for (const s of shas) assert.ok(shasOf(merged, id).includes(s), `${id} ${s}`)
        }
        // Each run's counts add up.
        for (const k of ['created', 'followUps', 'quiet'] as const)
          assert.equal(merged.counts[k], ours.counts[k] + theirs.counts[k] - base.counts[k])
        // The job's fields come from one side as a whole: the run and attempt that wrote for
        // the job never apart (a later re-run of either finds its own earlier attempt).
        const ofJob = (r: BranchRecord) => [r.job, r.run, r.attempt]
        const [moved, theyMoved] = [ours.job !== base.job, theirs.job !== base.job]
        assert.deepEqual(ofJob(merged), ofJob(theyMoved && !moved ? theirs : ours))
        const jobs = ['docs', 'handedOff', 'reviewers'] as const
        for (const k of jobs) {
          if (theyMoved && !moved) assert.deepEqual(merged[k], theirs[k])
          else if (moved) assert.deepEqual(merged[k], ours[k])
          else if (k !== 'reviewers' && ours[k] === base[k]) assert.equal(merged[k], theirs[k])
        }
        // A field this run left takes the other's.
        if (ours.base === base.base) assert.equal(merged.base, theirs.base)
        if (ours.seen !== theirs.seen && ours.seen !== base.seen && theirs.seen !== base.seen)
          assert.equal(merged.seen, undefined)
        // The older base: the one both read.
        if (ours.base !== theirs.base && ours.base !== base.base && theirs.base !== base.base)
          assert.equal(merged.base, base.base)
        const sameDocs = merged.job === theirs.job && merged.handedOff === theirs.handedOff
        for (const login of theirs.reviewers)
          if (sameDocs) assert.ok(merged.reviewers.includes(login))
      }),
      runs(300)
    )
  })

  it('reads back for any two ledgers, however many commits they told (compacted to the bound)', () => {
    const many = fc.uniqueArray(fc.integer({ min: 0, max: 900 }), { maxLength: 300 })
    fc.assert(
      fc.property(many, many, fc.boolean(), (a, b, sameJob) => {
        const ours = { ...LEDGER, told: [{ id: 'job_1', shas: a.map(sha) }] }
        const theirs = {
          ...LEDGER,
          job: sameJob ? 'job_1' : 'job_2',
          told: [{ id: sameJob ? 'job_1' : 'job_2', shas: b.map(sha) }]
        }
        const merged = mergeBranchRecords(undefined, ours, theirs)
        expect(readBack(merged)).toEqual(merged)
        assert.ok(merged.told.reduce((n, job) => n + job.shas.length, 0) <= MAX_TOLD)
        // The kept job (ours: both changed it) is the last, with its newest commits.
        assert.equal(merged.told.at(-1)?.id, 'job_1')
        if (a.length > 0) assert.ok(shasOf(merged, 'job_1').includes(sha(a.at(-1) as number)))
      }),
      runs(100)
    )
  })

  it("takes this run's own earlier write as the base: its early row and count are not doubled", () => {
    const read = LEDGER
    const early = {
      ...read,
      runs: [...read.runs, row(5)],
      counts: { ...read.counts, followUps: 1 }
    }
    // Another run wrote after this run's early write; this run's end write replaces its row.
    const other = { ...early, runs: [...early.runs, row(6, 'nothing-new')] }
    const theirs = { ...other, counts: { ...other.counts, quiet: 1 } }
    const ours = { ...read, runs: [...read.runs, row(9)], counts: early.counts }
    const merged = mergeBranchRecords(early, ours, theirs)
    expect(merged.runs.map((run) => run.at)).toEqual([time(0), time(6), time(9)])
    expect(merged.counts).toEqual({ created: 1, followUps: 1, quiet: 1 })
  })

  it("keeps one run's run and attempt together: the next attempt of the last writer is a re-run", () => {
    // Run 100 wrote the ledger; its second attempt and run 300 both read it.
    const quiet = (did: BranchRun['did'], minute: number, record: BranchRecord) => ({
      ...record,
      runs: [...record.runs, row(minute, did)],
      counts: { ...record.counts, quiet: record.counts.quiet + 1 }
    })
    const reRun = quiet('reported', 5, { ...LEDGER, attempt: 2 })
    const other = quiet('nothing-new', 4, { ...LEDGER, run: '300', attempt: 1 })
    const decided = (record: BranchRecord) => ({ ...record, followUps: record.counts.followUps })
    // Run 300 wrote first; the re-run writes last: its run and attempt, both rows.
    const last = mergeBranchRecords(LEDGER, reRun, other)
    expect([last.run, last.attempt]).toEqual(['100', 2])
    expect(last.runs.map((run) => run.did)).toEqual(['created', 'nothing-new', 'reported'])
    expect(isReRun(decided(last), { runId: '100', runAttempt: 3 })).toBe(true)
    // The other way round: run 300's, and its own second attempt finds it.
    const first = mergeBranchRecords(LEDGER, other, reRun)
    expect([first.run, first.attempt]).toEqual(['300', 1])
    expect(isReRun(decided(first), { runId: '300', runAttempt: 2 })).toBe(true)
    expect(first.counts.quiet).toBe(2)
  })

  it("takes the other run's job with its run, attempt and docs pull request when only it moved the job", () => {
    const theirs: BranchRecord = {
      ...LEDGER,
      job: 'job_2',
      run: '300',
      attempt: 2,
      docs: PR(9),
      handedOff: PR(9),
      reviewers: ['ann'],
      told: [...LEDGER.told, { id: 'job_2', shas: [sha(3)] }]
    }
    const ours = { ...LEDGER, run: '200', docs: PR(1), handedOff: PR(1), reviewers: ['bob'] }
    const merged = mergeBranchRecords(LEDGER, ours, theirs)
    expect(merged).toMatchObject({ job: 'job_2', run: '300', attempt: 2, docs: PR(9) })
    expect([merged.handedOff, merged.reviewers]).toEqual([PR(9), ['ann']])
    expect(merged.told.map((job) => job.id)).toEqual(['job_1', 'job_2'])
  })

  it('keeps a seen head only where both agree, and the base both read where both moved it', () => {
    const ours = { ...LEDGER, seen: sha(20), base: sha(21) }
    const theirs = { ...LEDGER, seen: sha(30), base: sha(31) }
    const merged = mergeBranchRecords(LEDGER, ours, theirs)
    expect(merged.seen).toBeUndefined()
    expect(merged.base).toBe(LEDGER.base)
    expect(mergeBranchRecords(LEDGER, ours, { ...theirs, base: 'root' }).base).toBe('root')
    expect(mergeBranchRecords(LEDGER, ours, { ...theirs, seen: sha(20) }).seen).toBe(sha(20))
    // Only this run moved them: its own.
    expect(mergeBranchRecords(LEDGER, ours, LEDGER)).toMatchObject({ seen: sha(20), base: sha(21) })
  })

  it('tells a job the other run gave back nothing, and forgets the seen head for its commits', () => {
    const ours = { ...LEDGER, told: [{ id: 'job_1', shas: [sha(2), sha(3)] }], seen: sha(3) }
    const theirs = {
      ...LEDGER,
      job: 'job_2',
      told: [{ id: 'job_2', shas: [sha(2)] }],
      ended: [{ id: 'job_1', why: 'failed' as const }]
    }
    const merged = mergeBranchRecords(LEDGER, ours, theirs)
    expect(merged.job).toBe('job_2')
    expect(merged.told).toEqual([{ id: 'job_2', shas: [sha(2)] }])
    expect(merged.ended).toEqual([{ id: 'job_1', why: 'failed' }])
    expect(merged.seen).toBeUndefined()
  })
})
