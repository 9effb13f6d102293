// What the record remembers of a code pull request's end: read from a comment anyone can
// edit, so the parser is strict (property-tested: whatever the marker holds, it never throws,
// and what it accepts it would write the same way), and a record's end survives its marker.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { markerLine } from '../support/markers.js'
import { runs } from '../support/properties.js'
import { formatRecord, nextRecord, parseEnd, parseRecord } from '../../src/github/pr-record.js'
import type { PullRequestEnd } from '../../src/github/pr-record.js'

const END: PullRequestEnd = {
  event: 'closed',
  run: '7001',
  attempt: 2,
  docs: 'https://github.com/acme/docs/pull/100',
  did: 'closed',
  done: ['close', 'comment']
}
const RECORD = {
  project: 'proj-test',
  job: 'job_1',
  run: '7001',
  attempt: 2,
  followUps: 1
}
const FIELDS = { project: 'proj-test', job: 'job_1', run: '7001', attempt: 2, followUps: 1 }

describe("the record of a pull request's end", () => {
  it('reads back what the record wrote', () => {
    expect(parseEnd(END)).toEqual(END)
    expect(parseRecord(formatRecord({ ...RECORD, end: END }))).toEqual({ ...RECORD, end: END })
  })

  it.each([
    ['an unknown event', { event: 'deleted' }],
    ['a run that is not digits', { run: '70a1' }],
    ['an attempt below 1', { attempt: 0 }],
    ['a fractional attempt', { attempt: 1.5 }],
    ['a docs link that is not a pull request', { docs: 'https://github.com/acme/docs' }],
    ['a docs link with more after it', { docs: 'https://github.com/acme/docs/pull/100#x' }],
    ['an unknown action', { did: 'deleted' }],
    ['an unknown write', { done: ['close', 'merge'] }],
    ['writes that are not a list', { done: 'close' }]
  ])('is not believed with %s', (_name, change) => {
    expect(parseEnd({ ...END, ...change })).toBeUndefined()
  })

  it('stays known while the job does: a later push of the same job keeps it, a new job drops it', () => {
    const run = { projectId: 'proj-test', runId: '7003', runAttempt: 1, sent: true }
    const same = nextRecord({ ...RECORD, end: END }, { ...run, jobId: 'job_1' })
    expect(same).toEqual({ ...RECORD, run: '7003', attempt: 1, followUps: 2, end: END })
    expect(nextRecord({ ...RECORD, end: END }, { ...run, jobId: 'job_2' }).end).toBeUndefined()
  })

  it('leaves a bad end aside and keeps the rest of the record', () => {
    const body = markerLine('pr', { ...FIELDS, end: { ...END, did: 'deleted' } })
    expect(parseRecord(body)).toEqual(RECORD)
  })

  it('never throws, and accepts only ends it would write the same way (property)', () => {
    const valid = fc.record({
      event: fc.constantFrom('merged', 'closed', 'reopened'),
      run: fc.stringMatching(/^\d{1,20}$/),
      attempt: fc.integer({ min: 1, max: 1000 }),
      docs: fc.nat({ max: 10_000 }).map((n) => `https://github.com/acme/docs/pull/${n + 1}`),
      did: fc.constantFrom('merged-note', 'closed', 'kept', 'reopened', 'unkept', 'none'),
      done: fc.array(fc.constantFrom('comment', 'close', 'reopen', 'label', 'unlabel', 'hand-off'))
    })
    // A valid end with one field replaced by anything: what a person's edit could leave.
    const edited = fc
      .tuple(valid, fc.constantFrom(...Object.keys(END)), fc.anything())
      .map(([end, key, value]) => ({ ...end, [key]: value }))
    fc.assert(
      fc.property(fc.oneof(valid, edited, fc.anything()), (value) => {
        const end = parseEnd(value)
        if (end === undefined) return
        // Every field as the marker held it (fields it does not know are left aside).
        const held = JSON.parse(JSON.stringify(value)) as Record<string, unknown>
        for (const [key, field] of Object.entries(end)) assert.deepEqual(field, held[key])
        assert.deepEqual(parseEnd(JSON.parse(JSON.stringify(end))), end)
        assert.deepEqual(parseRecord(formatRecord({ ...RECORD, end }))?.end, end)
      }),
      runs(300)
    )
    fc.assert(
      fc.property(valid, (end) => assert.deepEqual(parseEnd(end), { ...end })),
      runs(100)
    )
  })
})
