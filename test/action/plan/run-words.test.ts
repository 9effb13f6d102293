// The word a branch run's dashboard row keeps for what the run did: a table of plans, as
// carried out, and whether a prompt reached the job.

import type { Plan } from '../../../src/action/plan/plan.js'
import { runAction } from '../../../src/action/plan/words.js'
import { RUN_WORDS, type RunAction } from '../../../src/github/branch-record.js'

const JOB = 'job_1'
const followUp: Plan = { action: 'follow-up', jobId: JOB, via: 'record', followUp: 2 }
const waitPlan: Plan = { action: 'wait-then-follow-up', jobId: JOB, via: 'record', followUp: 2 }

describe("a branch run's dashboard row", () => {
  it.each<[string, Plan, string | undefined, boolean, boolean, RunAction]>([
    ['a first job', { action: 'create', reason: 'no-record' }, JOB, true, false, 'created'],
    [
      "a new job for a failed one's commits",
      { action: 'create', reason: 'failed', replaces: 'job_0' },
      JOB,
      true,
      false,
      'started-over'
    ],
    [
      'a new job after the busy one failed during the wait, its prompt refused',
      { action: 'create', reason: 'failed', replaces: JOB },
      JOB,
      false,
      true,
      'failed'
    ],
    ['a follow-up', followUp, JOB, true, false, 'followed-up'],
    ['a follow-up after waiting for the busy job', followUp, JOB, true, true, 'waited'],
    ['a follow-up the service refused', followUp, JOB, false, false, 'failed'],
    [
      'a wait for the busy job until the timeout, nothing sent',
      waitPlan,
      JOB,
      false,
      true,
      'waited-only'
    ],
    ['no job at all', { action: 'create', reason: 'no-record' }, undefined, false, false, 'failed'],
    ['nothing new', { action: 'nothing-new', jobId: JOB }, JOB, false, false, 'nothing-new']
  ])('says %s', (_, plan, jobId, sent, waited, did) => {
    expect(runAction(plan, jobId, sent, waited)).toBe(did)
  })

  it('never says a run that sent nothing sent a follow-up', () => {
    expect(RUN_WORDS['waited-only']).toBe('waited for the busy job; sent nothing')
    expect(RUN_WORDS[runAction(waitPlan, JOB, false, true)]).not.toContain('sent a follow-up')
  })
})
