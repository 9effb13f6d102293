// The branch's ledger record: its marker, and the strict parser (property-tested: whatever a
// body holds, it never throws, and what it accepts renders back to a record it reads
// the same).

import fc from 'fast-check'
import assert from 'node:assert/strict'
import { anyText, runs } from '../support/properties.js'
import {
  MAX_RUNS,
  MAX_TOLD,
  parseBranchRecords,
  renderBranchRecord,
  RUN_ACTIONS,
  withRun,
  type BranchRecord,
  type BranchRun
} from '../../src/github/branch-record.js'

const SHA_A = 'a'.repeat(40)
const SHA_B = 'b'.repeat(40)
const RECORD: BranchRecord = {
  projectId: 'proj-test',
  branch: 'main',
  key: '.github/workflows/docs.yml',
  job: 'job_1',
  base: SHA_A,
  told: [
    { id: 'job_0', shas: [SHA_A] },
    { id: 'job_1', shas: [SHA_B] }
  ],
  ended: [{ id: 'job_x', why: 'failed' }],
  run: '4242',
  attempt: 1,
  reviewers: ['octocat'],
  handedOff: 'https://github.com/acme/docs/pull/100',
  runs: [
    {
      at: '2026-11-24T10:00:00.000Z',
      event: 'push',
      did: 'created',
      commits: 2,
      from: SHA_A,
      to: SHA_B,
      pulls: [12]
    }
  ],
  counts: { created: 1, followUps: 3, quiet: 2 }
}

const encode = (value: unknown): string =>
  `<!-- mintlify-agent:branch ${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`
/** The marker's value: the record and its version. */
const versioned = (record: object): Record<string, unknown> => ({ v: 1, ...record })

describe('the branch record', () => {
  it('is one hidden line that reads back as written, wherever it stands in the body', () => {
    const line = renderBranchRecord(RECORD)
    expect(line).toMatch(/^<!-- mintlify-agent:branch [A-Za-z0-9_-]+ -->$/)
    expect(line).toBe(encode(versioned(RECORD)))
    expect(parseBranchRecords(`${line}\n## Docs agent\n`)[0]).toEqual(RECORD)
    expect(parseBranchRecords(`${line}\r\nbody`)[0]).toEqual(RECORD)
    // A person added a line above it: still the branch's record.
    expect(parseBranchRecords(`Please read this first.\n\n${line}\nbody`)[0]).toEqual(RECORD)
  })

  it('keeps only the last 20 runs', () => {
    let record: BranchRecord = { ...RECORD, runs: [] }
    for (let n = 0; n < 100; n++) {
      const run = {
        at: new Date('2026-11-24T10:00:00.000Z'),
        event: 'push',
        did: 'created' as const
      }
      record = withRun(record, run, { total: n, from: SHA_A, to: SHA_B }, [
        { number: 12, title: '', authorIsBot: false, commits: [] }
      ])
      expect(record.runs.at(-1)).toEqual({ ...RECORD.runs[0], commits: n })
    }
    expect(record.runs).toHaveLength(MAX_RUNS)
    expect(record.runs.map((run) => run.commits)).toEqual(
      Array.from({ length: 20 }, (_, i) => 80 + i)
    )
    expect(parseBranchRecords(renderBranchRecord(record))[0]).toEqual(record)
  })

  it('takes a branch name git allows with a non-breaking space, and 300 reviewers', () => {
    const record = {
      ...RECORD,
      branch: 'docs\u00a0update',
      reviewers: Array.from({ length: 300 }, (_, i) => `dev${i}`)
    }
    expect(parseBranchRecords(renderBranchRecord(record))[0]).toEqual(record)
  })

  it.each([
    ['an unknown field', encode(versioned({ ...RECORD, admin: true }))],
    ['no version', encode(RECORD)],
    ['another version', encode({ ...RECORD, v: 2 })],
    ['no key', encode(versioned({ ...RECORD, key: undefined }))],
    ['a job id with a slash', encode(versioned({ ...RECORD, job: '../x' }))],
    ['a short sha', encode(versioned({ ...RECORD, base: 'abc1234' }))],
    [
      'a told sha that is not one',
      encode(versioned({ ...RECORD, told: [{ id: 'j', shas: ['main'] }] }))
    ],
    [
      'more told commits than the ledger keeps',
      encode(versioned({ ...RECORD, told: [{ id: 'j', shas: Array(MAX_TOLD + 1).fill(SHA_A) }] }))
    ],
    ['an ended job without a reason', encode(versioned({ ...RECORD, ended: [{ id: 'j' }] }))],
    ['negative counts', encode(versioned({ ...RECORD, counts: { ...RECORD.counts, quiet: -1 } }))],
    ['a branch with a space', encode(versioned({ ...RECORD, branch: 'a b' }))],
    ['a login with a space', encode(versioned({ ...RECORD, reviewers: ['a b'] }))],
    [
      'a handed-off link that is not a pull request',
      encode(versioned({ ...RECORD, handedOff: 'javascript:1' }))
    ],
    ['attempt 0', encode(versioned({ ...RECORD, attempt: 0 }))],
    ['21 runs', encode(versioned({ ...RECORD, runs: Array(21).fill(RECORD.runs[0]) }))],
    [
      'a run doing something unknown',
      encode(versioned({ ...RECORD, runs: [{ ...RECORD.runs[0], did: 'x' }] }))
    ],
    [
      'a run at no time',
      encode(versioned({ ...RECORD, runs: [{ ...RECORD.runs[0], at: 'yesterday' }] }))
    ],
    ['an array', encode([RECORD])],
    ['padding base64 would not write', renderBranchRecord(RECORD).replace(' -->', '= -->')],
    ['another kind of marker', renderBranchRecord(RECORD).replace(':branch ', ':pr ')]
  ])('refuses %s', (_, body) => {
    expect(parseBranchRecords(body)[0]).toBeUndefined()
  })

  const login = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/)
  const sha = fc.stringMatching(/^[0-9a-f]{40}$/)
  const jobId = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/)
  const run: fc.Arbitrary<BranchRun> = fc.record(
    {
      at: fc.integer({ min: 0, max: 4_000_000_000_000 }).map((ms) => new Date(ms).toISOString()),
      event: fc.constantFrom('push', 'schedule', 'workflow_dispatch'),
      did: fc.constantFrom(...RUN_ACTIONS),
      commits: fc.nat(1000),
      from: sha,
      to: sha,
      pulls: fc.array(fc.integer({ min: 1, max: 99_999 }), { maxLength: 20 })
    },
    { requiredKeys: ['at', 'event', 'did', 'commits', 'pulls'] }
  )
  const record: fc.Arbitrary<BranchRecord> = fc.record(
    {
      projectId: fc.stringMatching(/^[^\s\p{Cc}]{1,40}$/u).filter((s) => s !== '.' && s !== '..'),
      branch: fc.stringMatching(/^[a-z0-9]+(?:\/[a-z0-9-]+){0,2}$/),
      key: fc.stringMatching(/^[^\p{Cc}]{1,60}$/u),
      job: jobId,
      base: sha,
      told: fc.array(fc.record({ id: jobId, shas: fc.array(sha, { maxLength: 20 }) }), {
        maxLength: 5
      }),
      ended: fc.array(
        fc.record({ id: jobId, why: fc.constantFrom('failed', 'archived', 'gone', 'lost-race') }),
        { maxLength: 10 }
      ),
      run: fc.stringMatching(/^\d{1,20}$/),
      attempt: fc.integer({ min: 1, max: 999 }),
      reviewers: fc.array(login, { maxLength: 10 }),
      handedOff: fc
        .integer({ min: 1, max: 99999 })
        .map((n) => `https://github.com/acme/docs/pull/${n}`),
      runs: fc.array(run, { maxLength: MAX_RUNS }),
      counts: fc.record({ created: fc.nat(), followUps: fc.nat(), quiet: fc.nat() })
    },
    {
      requiredKeys: [
        'projectId',
        'branch',
        'key',
        'job',
        'told',
        'ended',
        'run',
        'attempt',
        'reviewers',
        'runs',
        'counts'
      ]
    }
  )

  it('reads back every record it can write (property)', () => {
    fc.assert(
      fc.property(record, (value) => {
        // fast-check's records have no prototype; JSON's have Object's.
        assert.deepEqual(
          parseBranchRecords(renderBranchRecord(value))[0],
          JSON.parse(JSON.stringify(value))
        )
      }),
      runs(200)
    )
  })

  it('never throws on any body, and what it accepts reads the same once rewritten (property)', () => {
    const forged = fc.oneof(
      anyText({ maxLength: 300 }),
      anyText({ maxLength: 300 }).map((text) => `<!-- mintlify-agent:branch ${text} -->`),
      fc.jsonValue().map(encode),
      record.chain((value) =>
        fc
          .tuple(fc.constantFrom(...Object.keys(value)), fc.jsonValue())
          .map(([name, junk]) => encode(versioned({ ...value, [name]: junk })))
      )
    )
    fc.assert(
      fc.property(forged, (body) => {
        const parsed = parseBranchRecords(body)[0]
        if (parsed) assert.deepEqual(parseBranchRecords(renderBranchRecord(parsed))[0], parsed)
      }),
      runs(300)
    )
  })
})

describe("a run's row with the pull requests it did not tell", () => {
  const docs = 'https://github.com/acme/docs/pull/102'
  const apart = [
    { sha: SHA_A, why: 'documented' as const, pull: 57, docs },
    { sha: SHA_B, why: 'documented' as const, pull: 57, docs },
    { sha: 'c'.repeat(40), why: 'agent' as const, pull: 101 },
    { sha: 'd'.repeat(40), why: 'agent' as const }
  ]

  it('keeps each pull request once, with its docs pull request, and reads back the same', () => {
    const at = new Date('2026-11-29T10:00:00.000Z')
    const record = withRun(RECORD, { at, event: 'push', did: 'apart' }, undefined, [], apart)
    expect(record.runs.at(-1)?.apart).toEqual([
      { pull: 57, why: 'documented', docs },
      { pull: 101, why: 'agent' }
    ])
    const settled = { ...record, settled: [SHA_A, SHA_B] }
    expect(parseBranchRecords(renderBranchRecord(settled))).toEqual([settled])
  })

  it('drops a docs link that is not exactly a pull request', () => {
    const odd = [
      { sha: SHA_A, why: 'documented' as const, pull: 57, docs: 'https://evil.example/x' }
    ]
    const record = withRun(
      RECORD,
      { at: new Date(), event: 'push', did: 'apart' },
      undefined,
      [],
      odd
    )
    expect(record.runs.at(-1)?.apart).toEqual([{ pull: 57, why: 'documented' }])
  })
})
