// What a pull-request run does with the recorded job: every case of the decision,
// the record it leaves, and the words that say it.

import type { AgentJob } from '../../src/agent/job.js'
import {
  afterBusyWait,
  decide,
  describeDecision,
  isReRun,
  nextRecord,
  type Decision,
  type RecordedJob
} from '../../src/action/job-decision.js'
import type { PullRequestRecord } from '../../src/github/pr-record.js'

const RUN = { runId: '500', runAttempt: 1 }
const RECORD: PullRequestRecord = {
  projectId: 'proj-test',
  jobId: 'job_1',
  runId: '400',
  runAttempt: 1,
  followUps: 2,
  handedOff: 'https://github.com/acme/docs/pull/100'
}
const job = (status: string, prLink: string | null = null): AgentJob => ({
  id: 'job_1',
  status,
  prLink
})
const found = (recorded: RecordedJob, record = RECORD) => ({ record, recorded })

describe('deciding what a pull-request run does', () => {
  it.each<[string, RecordedJob, PullRequestRecord, Decision]>([
    [
      'follows up a completed job',
      { kind: 'found', job: job('completed', 'https://github.com/acme/docs/pull/100') },
      RECORD,
      { action: 'follow-up', jobId: 'job_1', followUp: 3 }
    ],
    [
      'follows up when the docs pull request is open',
      { kind: 'found', job: job('completed'), docsPullRequest: 'open' },
      RECORD,
      { action: 'follow-up', jobId: 'job_1', followUp: 3 }
    ],
    [
      'waits for a busy job, then follows up',
      { kind: 'found', job: job('active') },
      RECORD,
      { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3 }
    ],
    [
      'treats an unknown status as busy',
      { kind: 'found', job: job('running') },
      RECORD,
      { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3 }
    ],
    [
      'replaces a failed job',
      { kind: 'found', job: job('failed') },
      RECORD,
      { action: 'create', reason: 'failed', replaces: 'job_1' }
    ],
    [
      'replaces an archived job',
      { kind: 'found', job: job('archived') },
      RECORD,
      { action: 'create', reason: 'archived', replaces: 'job_1' }
    ],
    [
      'replaces a job that is gone',
      { kind: 'gone' },
      RECORD,
      { action: 'create', reason: 'gone', replaces: 'job_1' }
    ],
    [
      'replaces a job whose docs pull request was merged',
      { kind: 'found', job: job('completed'), docsPullRequest: 'merged' },
      RECORD,
      { action: 'create', reason: 'docs-merged', replaces: 'job_1' }
    ],
    [
      'replaces a job whose docs pull request was closed',
      { kind: 'found', job: job('completed'), docsPullRequest: 'closed' },
      RECORD,
      { action: 'create', reason: 'docs-closed', replaces: 'job_1' }
    ],
    [
      "resumes a re-run's active job without sending again",
      { kind: 'found', job: job('active') },
      { ...RECORD, runId: '500', runAttempt: 1 },
      { action: 'resume', jobId: 'job_1', job: job('active') }
    ],
    [
      "reports a re-run's completed job as it is",
      { kind: 'found', job: job('completed') },
      { ...RECORD, runId: '500', runAttempt: 1 },
      { action: 'report', jobId: 'job_1', job: job('completed') }
    ],
    [
      "starts again when a re-run's job failed",
      { kind: 'found', job: job('failed') },
      { ...RECORD, runId: '500', runAttempt: 1 },
      { action: 'create', reason: 'failed', replaces: 'job_1' }
    ]
  ])('%s', (_name, recorded, record, decision) => {
    const attempt = record.runId === '500' ? { ...RUN, runAttempt: 2 } : RUN
    expect(decide(attempt, found(recorded, record))).toEqual(decision)
  })

  it('creates when the pull request has no record', () => {
    expect(decide(RUN)).toEqual({ action: 'create', reason: 'no-record' })
  })

  it('counts a re-run only for a later attempt of the same run', () => {
    expect(
      isReRun({ ...RECORD, runId: '500', runAttempt: 1 }, { runId: '500', runAttempt: 2 })
    ).toBe(true)
    // Another step of the same attempt, or another run: not a re-run.
    expect(
      isReRun({ ...RECORD, runId: '500', runAttempt: 2 }, { runId: '500', runAttempt: 2 })
    ).toBe(false)
    expect(isReRun(RECORD, { runId: '500', runAttempt: 2 })).toBe(false)
    // An unknown run id never matches.
    expect(isReRun({ ...RECORD, runId: '0' }, { runId: '0', runAttempt: 2 })).toBe(false)
  })

  it('after waiting for a busy job: follows up when it completed, replaces it when not', () => {
    const waited = { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3 } as const
    expect(afterBusyWait(waited, job('completed'))).toEqual({
      action: 'follow-up',
      jobId: 'job_1',
      followUp: 3
    })
    expect(afterBusyWait(waited, job('failed'))).toEqual({
      action: 'create',
      reason: 'failed',
      replaces: 'job_1'
    })
  })
})

describe('the record a decision leaves', () => {
  it('starts the count again for a new job and forgets the old hand-off', () => {
    expect(
      nextRecord({ action: 'create', reason: 'failed' }, 'job_2', 'proj-test', RUN, RECORD)
    ).toEqual({
      projectId: 'proj-test',
      jobId: 'job_2',
      runId: '500',
      runAttempt: 1,
      followUps: 0
    })
  })

  it('counts a follow-up and keeps the hand-off', () => {
    expect(
      nextRecord(
        { action: 'follow-up', jobId: 'job_1', followUp: 3 },
        'job_1',
        'proj-test',
        RUN,
        RECORD
      )
    ).toEqual({ ...RECORD, runId: '500', followUps: 3 })
  })

  it('moves a re-run to its attempt without counting a message', () => {
    const rerun = { runId: '400', runAttempt: 2 }
    expect(
      nextRecord(
        { action: 'resume', jobId: 'job_1', job: job('active') },
        'job_1',
        'proj-test',
        rerun,
        RECORD
      )
    ).toEqual({ ...RECORD, runAttempt: 2 })
  })
})

describe('the words for what the run did', () => {
  it.each<[Decision, { busy?: boolean; attempt?: number }, string]>([
    [{ action: 'create', reason: 'no-record' }, {}, 'Created job job_9 for this pull request.'],
    [
      { action: 'create', reason: 'reuse-off', replaces: 'job_1' },
      {},
      'Created a new job job_9 (reuse-job: false); later runs use it.'
    ],
    [
      { action: 'create', reason: 'gone', replaces: 'job_1' },
      {},
      'Created a new job job_9: the recorded job job_1 no longer exists (the service answered 404).'
    ],
    [
      { action: 'create', reason: 'failed', replaces: 'job_1' },
      {},
      'Created a new job job_9: the recorded job job_1 failed.'
    ],
    [
      { action: 'create', reason: 'archived', replaces: 'job_1' },
      {},
      'Created a new job job_9: the recorded job job_1 was archived.'
    ],
    [
      { action: 'create', reason: 'docs-closed', replaces: 'job_1' },
      {},
      'Created a new job job_9: the recorded job job_1 has its docs pull request already closed.'
    ],
    [
      { action: 'create', reason: 'docs-merged', replaces: 'job_1' },
      {},
      'Created a new job job_9: the recorded job job_1 has its docs pull request already merged.'
    ],
    [
      { action: 'follow-up', jobId: 'job_9', followUp: 1 },
      {},
      'Sent the 1st follow-up for this pull request to job job_9.'
    ],
    [
      { action: 'follow-up', jobId: 'job_9', followUp: 12 },
      { busy: true },
      'Waited for job job_9 to finish an earlier prompt, then sent the 12th follow-up for this pull request to job job_9.'
    ],
    [
      { action: 'follow-up', jobId: 'job_9', followUp: 23 },
      {},
      'Sent the 23rd follow-up for this pull request to job job_9.'
    ],
    [
      { action: 'resume', jobId: 'job_9', job: job('active') },
      { attempt: 2 },
      'Re-run (attempt 2): resumed job job_9, which the earlier attempt started; the prompt was not sent again.'
    ]
  ])('%j', (decision, options, words) => {
    expect(describeDecision(decision, 'job_9', options)).toBe(words)
  })
})
