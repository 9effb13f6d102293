// What a pull-request run does with the recorded job: every case of the decision,
// the record it leaves, and the words that say it.

import type { AgentJob } from '../../../src/agent/job.js'
import {
  afterBusyWait,
  decide,
  isReRun,
  planRun,
  type Facts,
  type Plan,
  type RecordedJob
} from '../../../src/action/plan/plan.js'
import { describeDecision } from '../../../src/action/plan/words.js'
import { nextRecord, type PullRequestRecord } from '../../../src/github/pr-record.js'

const RUN = { runId: '500', runAttempt: 1 }
const RECORD: PullRequestRecord = {
  project: 'proj-test',
  job: 'job_1',
  run: '400',
  attempt: 1,
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
  it.each<[string, RecordedJob, PullRequestRecord, Plan]>([
    [
      'follows up a completed job',
      { kind: 'found', job: job('completed', 'https://github.com/acme/docs/pull/100') },
      RECORD,
      { action: 'follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
    ],
    [
      'follows up when the docs pull request is open',
      { kind: 'found', job: job('completed'), docsPullRequest: 'open' },
      RECORD,
      { action: 'follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
    ],
    [
      'waits for a busy job, then follows up',
      { kind: 'found', job: job('active') },
      RECORD,
      { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
    ],
    [
      'treats an unknown status as busy',
      { kind: 'found', job: job('running') },
      RECORD,
      { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
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
      { ...RECORD, run: '500', attempt: 1 },
      { action: 'resume', jobId: 'job_1', job: job('active') }
    ],
    [
      "reports a re-run's completed job as it is",
      { kind: 'found', job: job('completed') },
      { ...RECORD, run: '500', attempt: 1 },
      { action: 'report', jobId: 'job_1', job: job('completed') }
    ],
    [
      "starts again when a re-run's job failed",
      { kind: 'found', job: job('failed') },
      { ...RECORD, run: '500', attempt: 1 },
      { action: 'create', reason: 'failed', replaces: 'job_1' }
    ]
  ])('%s', (_name, recorded, record, decision) => {
    const attempt = record.run === '500' ? { ...RUN, runAttempt: 2 } : RUN
    expect(decide(attempt, found(recorded, record))).toEqual(decision)
  })

  it('creates when the pull request has no record', () => {
    expect(decide(RUN)).toEqual({ action: 'create', reason: 'no-record' })
  })

  it('counts a re-run only for a later attempt of the same run', () => {
    expect(isReRun({ ...RECORD, run: '500', attempt: 1 }, { runId: '500', runAttempt: 2 })).toBe(
      true
    )
    // Another step of the same attempt, or another run: not a re-run.
    expect(isReRun({ ...RECORD, run: '500', attempt: 2 }, { runId: '500', runAttempt: 2 })).toBe(
      false
    )
    expect(isReRun(RECORD, { runId: '500', runAttempt: 2 })).toBe(false)
    // An unknown run id never matches.
    expect(isReRun({ ...RECORD, run: '0' }, { runId: '0', runAttempt: 2 })).toBe(false)
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

describe('the record a run leaves', () => {
  it('starts the count again for a new job and forgets the old hand-off', () => {
    expect(
      nextRecord(RECORD, { projectId: 'proj-test', jobId: 'job_2', ...RUN, sent: false })
    ).toEqual({
      project: 'proj-test',
      job: 'job_2',
      run: '500',
      attempt: 1,
      followUps: 0
    })
  })

  it('counts a follow-up and keeps the hand-off', () => {
    expect(
      nextRecord(RECORD, { projectId: 'proj-test', jobId: 'job_1', ...RUN, sent: true })
    ).toEqual({ ...RECORD, run: '500', followUps: 3 })
  })

  it('moves a re-run to its attempt without counting a message', () => {
    const rerun = { runId: '400', runAttempt: 2 }
    expect(
      nextRecord(RECORD, { projectId: 'proj-test', jobId: 'job_1', ...rerun, sent: false })
    ).toEqual({ ...RECORD, attempt: 2 })
  })
})

describe('the words for what the run did', () => {
  it.each<[Plan, { busy?: boolean; attempt?: number }, string]>([
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
    const { busy, attempt } = options
    expect(describeDecision(decision, 'job_9', undefined, busy, attempt)).toBe(words)
  })
})

describe('the plan for every flow', () => {
  const base: Facts = { run: RUN, reuseJob: true }
  const opener = job('completed', 'https://github.com/acme/docs/pull/100')
  const found = (status: string): RecordedJob => ({ kind: 'found', job: job(status) })
  it.each<[string, Partial<Facts>, Plan]>([
    ['plain run: creates a job', {}, { action: 'create', reason: 'no-record' }],
    [
      'job-id and a prompt: sends it to that job at once',
      { named: { jobId: 'job_7', send: true } },
      { action: 'follow-up', jobId: 'job_7', via: 'job-id' }
    ],
    [
      'job-id alone: waits for that job',
      { named: { jobId: 'job_7', send: false } },
      { action: 'watch', jobId: 'job_7', earlier: false }
    ],
    [
      'pull request without a record: creates its job',
      { pullRequest: {} },
      { action: 'create', reason: 'no-record' }
    ],
    [
      'pull request with a record: follows up the recorded job',
      { pullRequest: { record: RECORD, recorded: found('completed') } },
      { action: 'follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
    ],
    [
      'pull request whose job is working: waits, then follows up',
      { pullRequest: { record: RECORD, recorded: found('active') } },
      { action: 'wait-then-follow-up', jobId: 'job_1', followUp: 3, via: 'record' }
    ],
    [
      'pull request with reuse-job false: a new job every run',
      { reuseJob: false, pullRequest: { record: RECORD } },
      { action: 'create', reason: 'reuse-off', replaces: 'job_1' }
    ],
    [
      'command on a docs pull request: to the job that opened it, once it is idle',
      { command: { kind: 'taken' }, docsOpener: opener },
      { action: 'wait-then-follow-up', jobId: 'job_1', via: 'docs-opener', job: opener }
    ],
    [
      'command on a code pull request: as a pull request run',
      { command: { kind: 'taken' }, pullRequest: { record: RECORD, recorded: { kind: 'gone' } } },
      { action: 'create', reason: 'gone', replaces: 'job_1' }
    ],
    [
      'a comment that is not a command: nothing',
      { command: { kind: 'not-a-command', reason: 'a comment that does not start with /docs' } },
      { action: 'skip', reason: 'a comment that does not start with /docs' }
    ],
    [
      'a command that could not be checked: nothing',
      { command: { kind: 'unchecked', reason: 'github-token is empty' } },
      { action: 'skip', reason: 'github-token is empty' }
    ],
    [
      'a command from someone without write permission: refused',
      { command: { kind: 'refused', reason: 'read permission' } },
      { action: 'refuse', reply: 'refusal', reason: 'read permission' }
    ],
    [
      'a command without an instruction: its usage',
      { command: { kind: 'usage' } },
      {
        action: 'refuse',
        reply: 'usage',
        reason: 'the command has no instruction after the trigger phrase'
      }
    ],
    ...(['active', 'completed'] as const).map((status): [string, Partial<Facts>, Plan] => [
      `re-run outside a pull request: follows the earlier attempt's ${status} job`,
      { earlierAttempt: { jobId: 'job_1', recorded: found(status) } },
      { action: 'watch', jobId: 'job_1', earlier: true, job: job(status) }
    ]),
    ...(['failed', 'archived'] as const).map((status): [string, Partial<Facts>, Plan] => [
      `re-run outside a pull request: starts again when the earlier job is ${status}`,
      { earlierAttempt: { jobId: 'job_1', recorded: found(status) } },
      { action: 'create', reason: 'no-record' }
    ]),
    [
      're-run outside a pull request: starts again when the earlier job is gone',
      { earlierAttempt: { jobId: 'job_1', recorded: { kind: 'gone' } } },
      { action: 'create', reason: 'no-record' }
    ]
  ])('%s', (_name, facts, plan) => {
    expect(planRun({ ...base, ...facts })).toEqual(plan)
  })

  it("the agent's own pull request gets no job, whatever its record says", () => {
    const reason = 'pull request #101 was opened by the docs agent'
    const record = { record: RECORD, recorded: found('completed') }
    expect(planRun({ ...base, agentsOwn: reason, pullRequest: record })).toEqual({
      action: 'skip',
      reason
    })
  })

  it('a re-run or late run of a push to a pull request that ended since sends nothing', () => {
    const closedLater = {
      ...RECORD,
      end: { event: 'closed' as const, run: '900', attempt: 1, did: 'closed' as const, done: [] }
    }
    const recorded = found('completed')
    expect(planRun({ ...base, pullRequest: { record: closedLater, recorded } })).toEqual({
      action: 'skip',
      reason:
        'the pull request was closed without merging after this run started, so it sends nothing'
    })
    // An end before this run (a reopen since, say) does not stop it.
    const closedBefore = { ...closedLater, end: { ...closedLater.end, run: '100' } }
    expect(planRun({ ...base, pullRequest: { record: closedBefore, recorded } })).not.toMatchObject(
      { action: 'skip' }
    )
    // No end recorded yet, but GitHub says it is merged now.
    expect(
      planRun({ ...base, ended: 'merged', pullRequest: { record: RECORD, recorded } })
    ).toEqual({
      action: 'skip',
      reason: 'the pull request was merged after this run started, so it sends nothing'
    })
  })

  it('a command on a pull request closed without merging is not run', () => {
    const record = { record: RECORD, recorded: found('completed') }
    expect(
      planRun({ ...base, command: { kind: 'taken' }, ended: 'closed', pullRequest: record })
    ).toEqual({
      action: 'refuse',
      reply: 'closed',
      reason:
        'the pull request was closed without merging, so its docs job takes no commands; reopening it brings the docs job back'
    })
  })

  it('a command on a merged pull request follows up its job while its docs pull request is open, else starts nothing', () => {
    const taken = { ...base, command: { kind: 'taken' as const }, ended: 'merged' as const }
    const open: RecordedJob = {
      kind: 'found',
      job: job('completed', RECORD.handedOff ?? null),
      docsPullRequest: 'open'
    }
    expect(planRun({ ...taken, pullRequest: { record: RECORD, recorded: open } })).toMatchObject({
      action: 'follow-up',
      jobId: 'job_1'
    })
    const busy: RecordedJob = { kind: 'found', job: job('active') }
    expect(planRun({ ...taken, pullRequest: { record: RECORD, recorded: busy } })).toMatchObject({
      action: 'wait-then-follow-up'
    })
    const merged: RecordedJob = { ...open, docsPullRequest: 'merged' }
    for (const recorded of [merged, { kind: 'gone' } as const, found('failed')])
      expect(planRun({ ...taken, pullRequest: { record: RECORD, recorded } })).toEqual({
        action: 'refuse',
        reply: 'merged',
        reason:
          "the pull request is merged and its docs job has no open docs pull request; the branch's docs job documents what comes next"
      })
    expect(planRun({ ...taken, pullRequest: {} })).toMatchObject({
      action: 'refuse',
      reply: 'merged'
    })
  })

  it("after waiting for a docs pull request's job that failed: declines, never a second job", () => {
    const waited = { action: 'wait-then-follow-up', jobId: 'job_1', via: 'docs-opener' } as const
    expect(afterBusyWait(waited, job('failed'))).toEqual({
      action: 'decline',
      jobId: 'job_1',
      job: job('failed'),
      message:
        'Job job_1, which opened this docs pull request, is failed: the command was not sent. Start a new job from the code pull request.'
    })
    expect(afterBusyWait(waited, job('completed'))).toEqual({
      action: 'follow-up',
      jobId: 'job_1',
      via: 'docs-opener'
    })
  })
})
