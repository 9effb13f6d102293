// The pure decision of what a code pull request's end does to its docs pull request:
// a table of the cases, and a property over random lives (closed, reopened, re-run).

import assert from 'node:assert/strict'
import fc from 'fast-check'
import {
  WORKING_WHY,
  byHand,
  decideEnd,
  docsLinkFor,
  type DocsView,
  type EndFacts
} from '../../../src/action/plan/docs-fate.js'
import type { EndEvent, EndStep, PullRequestEnd } from '../../../src/github/pr-record.js'
import type { PullRequestRecord } from '../../../src/github/pr-record.js'
import { runs } from '../../support/properties.js'

const DOCS = 'https://github.com/acme/docs/pull/100'
const record: PullRequestRecord = {
  project: 'p',
  job: 'job_1',
  run: '10',
  attempt: 1,
  followUps: 0,
  handedOff: DOCS
}
const facts = (event: EndEvent, more: Partial<EndFacts> = {}): EndFacts => ({
  event,
  run: { runId: '20', runAttempt: 1 },
  record,
  jobLink: DOCS,
  onClose: 'close',
  handOffAsked: false,
  ...more
})
const open: DocsView = { state: 'open' }
const AGENT = { login: 'mintlify[bot]', type: 'Bot' }
const closedByUs: PullRequestEnd = {
  event: 'closed',
  run: '20',
  attempt: 1,
  docs: DOCS,
  did: 'closed',
  done: ['close', 'comment']
}
const keptByUs: PullRequestEnd = { ...closedByUs, did: 'kept', done: ['comment', 'label'] }
const unkept: PullRequestEnd = {
  ...closedByUs,
  event: 'reopened',
  run: '21',
  did: 'unkept',
  done: ['unlabel', 'comment']
}

describe('docsLinkFor', () => {
  const link = (n: number) => `https://github.com/acme/docs/pull/${n}`
  const end = { ...closedByUs, docs: link(3) }
  const given = (event: EndEvent, jobLink?: string) =>
    facts(event, { jobLink, record: { ...record, handedOff: link(2), end } })

  it("takes the job's docs pull request on a close or merge, else the one handed off", () => {
    expect(docsLinkFor(given('closed', link(1)))).toBe(link(1))
    expect(docsLinkFor(given('merged', link(1)))).toBe(link(1))
    expect(docsLinkFor(given('closed'))).toBe(link(2))
  })

  it('takes the docs pull request the end closed on a reopen, whatever the job now names', () => {
    expect(docsLinkFor(given('reopened', link(1)))).toBe(link(3))
    expect(docsLinkFor(facts('reopened', { record }))).toBeUndefined()
  })
})

describe('decideEnd', () => {
  it.each<[string, EndFacts, DocsView | undefined, string, EndStep[]]>([
    ['merged', facts('merged'), open, 'merged-note', ['comment']],
    [
      'merged, reviewers not yet asked',
      facts('merged', { handOffAsked: true, record: { ...record, handedOff: undefined } }),
      open,
      'merged-note',
      ['comment', 'hand-off']
    ],
    ['merged, docs already merged', facts('merged'), { state: 'merged' }, 'noted', ['comment']],
    ['closed', facts('closed'), open, 'closed', ['close', 'comment']],
    ['closed, keep', facts('closed', { onClose: 'keep' }), open, 'kept', ['comment', 'label']],
    [
      'closed, someone else pushed',
      facts('closed'),
      { state: 'open', foreign: 'commit b by x' },
      'kept',
      ['comment']
    ],
    ['closed, job unread', facts('closed', { jobLink: undefined }), open, 'kept', ['comment']],
    [
      'closed, the job opened another',
      facts('closed', { jobLink: 'https://github.com/acme/docs/pull/101' }),
      open,
      'kept',
      ['comment']
    ],
    ['closed, docs merged', facts('closed'), { state: 'merged' }, 'noted', ['comment']],
    ['closed, docs closed by someone', facts('closed'), { state: 'closed' }, 'noted', ['comment']],
    [
      'closed, docs opened by a person',
      facts('closed'),
      { state: 'open', pr: { author: { login: 'writer', type: 'User' } } },
      'kept',
      ['comment']
    ],
    [
      'closed, docs opened before the job',
      facts('closed', { jobCreatedAt: '2026-05-02T00:00:00Z' }),
      { state: 'open', pr: { author: AGENT, createdAt: '2026-05-01T00:00:00Z' }, byAgent: true },
      'kept',
      ['comment']
    ],
    [
      'closed, docs opened by the agent after the job',
      facts('closed', { jobCreatedAt: '2026-05-01T00:00:00Z' }),
      { state: 'open', pr: { author: AGENT, createdAt: '2026-05-02T00:00:00Z' }, byAgent: true },
      'closed',
      ['close', 'comment']
    ],
    [
      'closed, docs opened by the agent under a person’s account, proven by its back-link',
      facts('closed', { jobCreatedAt: '2026-05-01T00:00:00Z' }),
      {
        state: 'open',
        pr: { author: { login: 'writer', type: 'User' }, createdAt: '2026-05-02T00:00:00Z' },
        byAgent: true
      },
      'closed',
      ['close', 'comment']
    ],
    ['closed, the job still works', facts('closed', { jobWorking: true }), open, 'none', []],
    ['closed, docs unread', facts('closed'), undefined, 'none', []],
    [
      'closed, no docs pull request',
      facts('closed', { jobLink: undefined, record: { ...record, handedOff: undefined } }),
      undefined,
      'none',
      []
    ],
    [
      'closed, re-run after the close',
      facts('closed', {
        run: { runId: '20', runAttempt: 2 },
        record: { ...record, end: closedByUs }
      }),
      { state: 'closed' },
      'none',
      []
    ],
    [
      'closed, re-run after a refused comment',
      facts('closed', {
        run: { runId: '20', runAttempt: 2 },
        record: { ...record, end: { ...closedByUs, done: ['close'] } }
      }),
      { state: 'closed' },
      'closed',
      ['comment']
    ],
    [
      'closed, an older run re-run',
      facts('closed', { run: { runId: '5', runAttempt: 2 } }),
      open,
      'none',
      []
    ],
    [
      'reopened after the action closed it',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: closedByUs }
      }),
      { state: 'closed' },
      'reopened',
      ['reopen', 'comment']
    ],
    ['reopened, someone else closed it', facts('reopened'), { state: 'closed' }, 'none', []],
    [
      'reopened, kept open and labelled',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: keptByUs }
      }),
      open,
      'unkept',
      ['unlabel', 'comment']
    ],
    [
      'reopened, kept open and labelled, closed since by someone',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: keptByUs }
      }),
      { state: 'closed' },
      'none',
      []
    ],
    [
      'reopened, kept open with a comment only',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: { ...keptByUs, done: ['comment'] } }
      }),
      open,
      'none',
      []
    ],
    [
      'reopened, re-run after the label was removed and the comment refused',
      facts('reopened', {
        run: { runId: '21', runAttempt: 2 },
        record: { ...record, end: { ...unkept, done: ['unlabel'] } }
      }),
      open,
      'unkept',
      ['comment']
    ],
    [
      'reopened, re-run after the label was removed with its comment',
      facts('reopened', {
        run: { runId: '21', runAttempt: 2 },
        record: { ...record, end: unkept }
      }),
      open,
      'none',
      []
    ],
    [
      'reopened, re-run after a refused comment',
      facts('reopened', {
        run: { runId: '21', runAttempt: 2 },
        record: { ...record, end: { ...unkept, did: 'reopened', done: ['reopen'] } }
      }),
      open,
      'reopened',
      ['comment']
    ]
  ])('%s', (_, given, docs, action, steps) => {
    const plan = decideEnd(given, docsLinkFor(given), docs)
    expect({ action: plan.action, steps: plan.steps }).toEqual({ action, steps })
  })

  it('records a close that waits for a working job as pending, and a re-run then closes', () => {
    const working = facts('closed', { jobWorking: true })
    const waited = decideEnd(working, docsLinkFor(working), open)
    expect(waited.why).toBe(WORKING_WHY)
    const end = waited.outcome([]).record?.end
    expect(end).toEqual({
      event: 'closed',
      run: '20',
      attempt: 1,
      docs: DOCS,
      did: 'none',
      done: [],
      pending: true
    })
    // The re-run meets the pending end, and with the job done closes as a first run would.
    const rerun = facts('closed', {
      run: { runId: '20', runAttempt: 2 },
      record: { ...record, end }
    })
    const closing = decideEnd(rerun, docsLinkFor(rerun), open)
    expect({ action: closing.action, steps: closing.steps }).toEqual({
      action: 'closed',
      steps: ['close', 'comment']
    })
    expect(closing.outcome(['close', 'comment']).record?.end?.pending).toBeUndefined()
  })

  it('a re-run of the closed run finishes a pending close that a later command already met', () => {
    const pendingEnd = {
      event: 'closed' as const,
      run: '30',
      attempt: 1,
      did: 'none' as const,
      done: [],
      pending: true as const
    }
    const rerun = facts('closed', {
      run: { runId: '20', runAttempt: 2 },
      record: { ...record, end: pendingEnd }
    })
    const plan = decideEnd(rerun, docsLinkFor(rerun), open)
    expect({ action: plan.action, steps: plan.steps }).toEqual({
      action: 'closed',
      steps: ['close', 'comment']
    })
  })

  it('records what was done, and a refused main write as none', () => {
    const given = facts('closed')
    const plan = decideEnd(given, docsLinkFor(given), open)
    expect(plan.outcome(['close', 'comment'])).toEqual({
      action: 'closed',
      record: { ...record, end: closedByUs }
    })
    expect(plan.outcome([])).toMatchObject({
      action: 'none',
      record: { end: { did: 'none', done: [] } }
    })
  })
})

// What the run says when it could not follow the docs pull request: the true reason (a job read
// and still working is no job that could not be read), and always what to do by hand.
describe('a docs pull request the run could not follow', () => {
  const LABEL = 'code-pr-closed'
  const noLink = { jobLink: undefined, record: { ...record, handedOff: undefined } }
  const said = (given: EndFacts, docs?: DocsView) => {
    const plan = decideEnd(given, docsLinkFor(given), docs)
    return {
      action: plan.action,
      steps: plan.steps,
      why: plan.why,
      unfollowed: plan.unfollowed,
      hand: byHand(given, plan, LABEL)
    }
  }

  it('merged while the job still works and names no docs pull request yet: says so, not that it could not be read', () => {
    expect(said(facts('merged', { ...noLink, jobWorking: true }))).toEqual({
      action: 'none',
      steps: [],
      why: 'its docs job is still working, so its docs pull request is not known yet',
      unfollowed: 'working',
      hand: 'Once the job has opened its docs pull request, re-run this workflow run to tell it that it is ready to merge, or tell its reviewers by hand.'
    })
  })

  it('the job could not be read and no docs pull request is recorded: re-run, or by hand', () => {
    expect(said(facts('closed', { ...noLink, jobUnread: 'failed' }))).toEqual({
      action: 'none',
      steps: [],
      why: 'the job could not be read, so its docs pull request is not known',
      unfollowed: 'job',
      hand: 'Re-run this workflow run once the Agent Jobs API answers, or close the job’s docs pull request by hand if its changes are no longer needed.'
    })
    expect(said(facts('merged', { ...noLink, jobUnread: 'failed' })).hand).toBe(
      'Re-run this workflow run once the Agent Jobs API answers, or tell the reviewers of the job’s docs pull request by hand that it is ready to review and merge.'
    )
  })

  it('the job could not be read, its recorded docs pull request is: kept with a comment, and the way to close it', () => {
    const given = facts('closed', { jobLink: undefined, jobUnread: 'failed' })
    expect(said(given, open)).toEqual({
      action: 'kept',
      steps: ['comment'],
      why: 'the job could not be read, so the action cannot tell it opened this docs pull request',
      unfollowed: 'job',
      hand: 'Re-run this workflow run once the Agent Jobs API answers, or close acme/docs#100 by hand if its changes are no longer needed.'
    })
  })

  it('the job was read and names no docs pull request: kept, never said to be unread', () => {
    const given = facts('closed', { jobLink: undefined })
    const plan = said(given, open)
    expect(plan).toMatchObject({ action: 'kept', steps: ['comment'], hand: undefined })
    expect(plan.why).toBe(
      'the job names no docs pull request, so the action cannot tell it opened this docs pull request'
    )
    expect(said(facts('merged', noLink))).toMatchObject({
      action: 'none',
      why: 'the job has no docs pull request',
      hand: undefined
    })
  })

  it.each<[string, EndFacts, string]>([
    [
      'merged',
      facts('merged'),
      'Tell the reviewers of acme/docs#100 by hand that it is ready to review and merge.'
    ],
    ['closed', facts('closed'), 'Close acme/docs#100 by hand if its changes are no longer needed.'],
    [
      'closed, keep',
      facts('closed', { onClose: 'keep' }),
      'Label acme/docs#100 code-pr-closed by hand and tell its reviewers that the code pull request was closed.'
    ],
    [
      'reopened after the action closed it',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: closedByUs }
      }),
      'Reopen acme/docs#100 by hand.'
    ],
    [
      'reopened after the action labelled it',
      facts('reopened', {
        run: { runId: '21', runAttempt: 1 },
        record: { ...record, end: keptByUs }
      }),
      'Remove the label code-pr-closed from acme/docs#100 by hand.'
    ]
  ])('the docs pull request could not be read (%s): the step by hand', (_, given, hand) => {
    expect(said(given)).toEqual({
      action: 'none',
      steps: [],
      why: 'the docs pull request could not be read',
      unfollowed: 'docs',
      hand
    })
  })

  it('a plan that followed the docs pull request, or had nothing to follow, gives no step by hand', () => {
    expect(said(facts('closed'), open).hand).toBeUndefined()
    expect(said(facts('closed', { jobWorking: true }), open).hand).toBeUndefined()
    expect(said(facts('reopened')).hand).toBeUndefined()
  })

  it('over random facts: a docs pull request known but unread always gets a step by hand naming it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<EndEvent>('closed', 'merged'),
        fc.constantFrom<'close' | 'keep'>('close', 'keep'),
        fc.constantFrom(undefined, 'failed' as const),
        fc.boolean(),
        (event, onClose, jobUnread, recordedOnly) => {
          const given = facts(event, {
            onClose,
            ...(jobUnread ? { jobUnread, jobLink: undefined } : {}),
            ...(recordedOnly ? { jobLink: undefined } : {})
          })
          const plan = decideEnd(given, docsLinkFor(given), undefined)
          assert.equal(plan.action, 'none')
          assert.match(byHand(given, plan, LABEL) ?? '', /acme\/docs#100.*by hand/)
        }
      ),
      runs(50)
    )
  })
})

// A life: each event is a new workflow run, or a re-run of the last one; between events
// someone may push to the docs pull request or merge it. The docs pull request is closed
// at most once per close event, and never when merged or pushed to by someone else; no
// run writes the same thing twice; the label a close added goes when the next event reopens.
type Step =
  | { kind: 'event'; event: EndEvent }
  | { kind: 'rerun' }
  | { kind: 'foreign' }
  | { kind: 'merge-docs' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .constantFrom<EndEvent>('closed', 'merged', 'reopened')
    .map((event) => ({ kind: 'event' as const, event })),
  fc.constant({ kind: 'rerun' as const }),
  fc.constant({ kind: 'foreign' as const }),
  fc.constant({ kind: 'merge-docs' as const })
)

describe('over random lives of a pull request', () => {
  it('closes the docs pull request at most once per close event, never when merged or foreign', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.constantFrom<'close' | 'keep'>('close', 'keep'),
        (steps, onClose) => {
          let rec: PullRequestRecord = record
          let docs: DocsView = { state: 'open' }
          let runId = 10
          let last: { event: EndEvent; id: number; attempt: number } | undefined
          const closes = new Map<number, number>()
          const written = new Map<number, EndStep[]>()
          let labelledBy: number | undefined
          for (const s of steps) {
            const previous = last?.id
            if (s.kind === 'foreign') docs = { ...docs, foreign: 'someone pushed' }
            if (s.kind === 'merge-docs' && docs.state === 'open') docs = { state: 'merged' }
            if (s.kind === 'event') last = { event: s.event, id: ++runId, attempt: 1 }
            if (s.kind === 'rerun' && last) last = { ...last, attempt: last.attempt + 1 }
            if ((s.kind !== 'event' && s.kind !== 'rerun') || !last) continue
            const given = facts(last.event, {
              run: { runId: String(last.id), runAttempt: last.attempt },
              record: rec,
              onClose
            })
            const plan = decideEnd(given, docsLinkFor(given), docs)
            if (plan.steps.includes('close')) {
              assert.notEqual(docs.state, 'merged')
              assert.equal(docs.foreign, undefined)
              assert.equal(onClose, 'close')
              closes.set(last.id, (closes.get(last.id) ?? 0) + 1)
              assert.ok((closes.get(last.id) ?? 0) <= 1, `closed twice for run ${last.id}`)
              docs = { ...docs, state: 'closed' }
            }
            if (plan.steps.includes('reopen')) {
              assert.equal(docs.state, 'closed')
              docs = { ...docs, state: 'open' }
            }
            const reopening = s.kind === 'event' && s.event === 'reopened'
            if (
              reopening &&
              labelledBy !== undefined &&
              labelledBy === previous &&
              docs.state === 'open'
            ) {
              assert.ok(plan.steps.includes('unlabel'), 'the label stayed after a reopen')
            }
            if (plan.steps.includes('unlabel')) {
              assert.notEqual(labelledBy, undefined, 'removed a label the action did not add')
              labelledBy = undefined
            }
            if (plan.steps.includes('label')) labelledBy = last.id
            const before = written.get(last.id) ?? []
            for (const done of plan.steps) assert.ok(!before.includes(done), `${done} twice`)
            written.set(last.id, [...before, ...plan.steps])
            rec = plan.outcome(plan.steps).record ?? rec
          }
        }
      ),
      runs(200)
    )
  })
})
