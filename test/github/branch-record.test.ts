// The branch's record: its marker line, and the strict parser (property-tested:
// whatever a body holds, it never throws, and what it accepts renders back to a
// record it reads the same).

import fc from 'fast-check'
import { anyText, runs } from '../support/properties.js'
import {
  MAX_RUNS,
  parseBranchRecord,
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
  jobId: 'job_1',
  lastSha: SHA_B,
  jobBaseSha: SHA_A,
  runId: '4242',
  runAttempt: 1,
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
  ]
}

const encode = (value: unknown): string =>
  `<!-- mintlify-agent-branch v1 ${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`

describe('the branch record', () => {
  it('is one hidden line that reads back as written, under the body for people', () => {
    const line = renderBranchRecord(RECORD)
    expect(line).toMatch(/^<!-- mintlify-agent-branch v1 [A-Za-z0-9_-]+ -->$/)
    expect(parseBranchRecord(`${line}\n## Docs agent\n`)).toEqual(RECORD)
    expect(parseBranchRecord(`${line}\r\nbody`)).toEqual(RECORD)
  })

  it('keeps only the last 20 runs', () => {
    let record: BranchRecord = { ...RECORD, runs: [] }
    for (let n = 0; n < 100; n++) {
      record = withRun(record, { ...(RECORD.runs[0] as BranchRun), commits: n })
    }
    expect(record.runs).toHaveLength(MAX_RUNS)
    expect(record.runs.map((run) => run.commits)).toEqual(
      Array.from({ length: 20 }, (_, i) => 80 + i)
    )
    expect(parseBranchRecord(renderBranchRecord(record))).toEqual(record)
  })

  it.each([
    ['not on the first line', `text\n${renderBranchRecord(RECORD)}`],
    ['an unknown field', encode({ ...RECORD, admin: true })],
    ['a job id with a slash', encode({ ...RECORD, jobId: '../x' })],
    ['a short sha', encode({ ...RECORD, lastSha: 'abc1234' })],
    ['a job base that is not a sha', encode({ ...RECORD, jobBaseSha: 'main' })],
    ['a branch with a space', encode({ ...RECORD, branch: 'a b' })],
    ['a login with a space', encode({ ...RECORD, reviewers: ['a b'] })],
    [
      'a handed-off link that is not a pull request',
      encode({ ...RECORD, handedOff: 'javascript:1' })
    ],
    ['attempt 0', encode({ ...RECORD, runAttempt: 0 })],
    ['21 runs', encode({ ...RECORD, runs: Array(21).fill(RECORD.runs[0]) })],
    [
      'a run doing something unknown',
      encode({ ...RECORD, runs: [{ ...RECORD.runs[0], did: 'x' }] })
    ],
    ['a run at no time', encode({ ...RECORD, runs: [{ ...RECORD.runs[0], at: 'yesterday' }] })],
    ['an array', encode([RECORD])],
    ['padding base64 would not write', renderBranchRecord(RECORD).replace(' -->', '= -->')],
    ['another version', renderBranchRecord(RECORD).replace(' v1 ', ' v2 ')]
  ])('refuses %s', (_, body) => {
    expect(parseBranchRecord(body)).toBeUndefined()
  })

  const login = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/)
  const sha = fc.stringMatching(/^[0-9a-f]{40}$/)
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
      jobId: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/),
      lastSha: sha,
      jobBaseSha: sha,
      runId: fc.stringMatching(/^\d{1,20}$/),
      runAttempt: fc.integer({ min: 1, max: 999 }),
      reviewers: fc.array(login, { maxLength: 10 }),
      handedOff: fc
        .integer({ min: 1, max: 99999 })
        .map((n) => `https://github.com/acme/docs/pull/${n}`),
      runs: fc.array(run, { maxLength: MAX_RUNS })
    },
    { requiredKeys: ['projectId', 'branch', 'jobId', 'runId', 'runAttempt', 'reviewers', 'runs'] }
  )

  it('reads back every record it can write (property)', () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(parseBranchRecord(renderBranchRecord(value))).toEqual(value)
      }),
      runs(200)
    )
  })

  it('never throws on any body, and what it accepts reads the same once rewritten (property)', () => {
    const forged = fc.oneof(
      anyText({ maxLength: 300 }),
      anyText({ maxLength: 300 }).map((text) => `<!-- mintlify-agent-branch v1 ${text} -->`),
      fc.jsonValue().map(encode),
      record.chain((value) =>
        fc
          .tuple(fc.constantFrom(...Object.keys(value)), fc.jsonValue())
          .map(([name, junk]) => encode({ ...value, [name]: junk }))
      )
    )
    fc.assert(
      fc.property(forged, (body) => {
        const parsed = parseBranchRecord(body)
        if (parsed) expect(parseBranchRecord(renderBranchRecord(parsed))).toEqual(parsed)
      }),
      runs(300)
    )
  })
})
