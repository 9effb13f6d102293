// A plan and what came of it, in words: the log line naming the job, the "this run" sentence,
// the dry run's sentence, and the dashboard row's word (its wording is in RUN_WORDS).

import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { describeApart, type ApartCommit } from '../../github/agent-work.js'
import type { RunAction } from '../../github/branch-record.js'
import type { CreateReason, Plan } from './plan.js'

/** How the run came to its job, as the log line naming it says. */
export const NAMING = {
  created: 'Created',
  following: 'Following',
  watch: 'Waiting for',
  resume: 'Resuming',
  report: 'Reporting',
  messaging: 'Sending a message to',
  commanding: 'Sending the command to',
  busy: 'Waiting for busy',
  'sent-follow-up': 'Sent the follow-up to',
  'sent-message': 'Sent the message to'
}
export type Naming = keyof typeof NAMING

const WHY: Record<Exclude<CreateReason, 'no-record' | 'reuse-off'>, string> = {
  failed: 'failed',
  archived: 'was archived',
  gone: 'no longer exists (the service answered 404)',
  'docs-merged': 'has its docs pull request already merged',
  'docs-closed': 'has its docs pull request already closed'
}

/** The commits set apart, in words: `#57 → acme/docs#102`. */
export const apartWords = (apart: readonly ApartCommit[]): string =>
  describeApart(apart, (link) => {
    const ref = parsePullRequestLink(link)
    return ref ? `${ref.repository}#${ref.number}` : link
  })

const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }
const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' })
const ordinal = (n: number): string => `${n}${SUFFIX[ORDINAL.select(n)]}`

/**
 * What the run did, in one sentence. `busy`: a follow-up came after waiting for the job.
 * `attempt`: the run's attempt number.
 */
export function describeDecision(
  plan: Plan,
  jobId: string,
  scope = 'pull request',
  busy = false,
  attempt = 0
): string {
  const reRun = `Re-run (attempt ${attempt})`
  switch (plan.action) {
    case 'create':
      return createdWords(plan, jobId, scope)
    case 'follow-up':
    case 'wait-then-follow-up': {
      const nth = ordinal(plan.followUp ?? 1)
      const sent = `the ${nth} follow-up for this ${scope} to job ${jobId}`
      if (busy) {
        return `Waited for job ${jobId} to finish an earlier prompt, then sent ${sent}.`
      }
      return `Sent ${sent}.`
    }
    case 'resume':
      return (
        `${reRun}: resumed job ${jobId}, which the earlier attempt started; ` +
        'the prompt was not sent again.'
      )
    case 'report':
      return (
        `${reRun}: job ${jobId} from the earlier attempt had already ended; ` +
        'reported as it is, the prompt was not sent again.'
      )
    case 'nothing-new':
      return nothingNewWords(plan)
    default:
      return ''
  }
}

function createdWords(plan: Extract<Plan, { action: 'create' }>, jobId: string, scope: string) {
  if (plan.reason === 'no-record') {
    return `Created job ${jobId} for this ${scope}.`
  }
  if (plan.reason === 'reuse-off') {
    return `Created a new job ${jobId} (reuse-job: false); later runs use it.`
  }
  const replaced = `the recorded job ${plan.replaces ?? ''} ${WHY[plan.reason]}`
  return `Created a new job ${jobId}: ${replaced}.`
}

function nothingNewWords(plan: Extract<Plan, { action: 'nothing-new' }>) {
  if (plan.apart) {
    const whose = plan.jobId ? `job ${plan.jobId}` : "the branch's job"
    return `No new commit is for ${whose}, so nothing was sent: ${apartWords(plan.apart)}.`
  }
  if (plan.jobId) {
    return `Nothing new since the last commit that reached job ${plan.jobId}: nothing was sent.`
  }
  return 'No commit to tell the agent about: nothing was sent.'
}

const NOTHING = 'nothing would be sent.'
const EARLIER = 'which an earlier attempt of this run started'
type Words = { [A in Plan['action']]: (plan: Extract<Plan, { action: A }>) => string }
const WOULD: Words = {
  skip: (plan) => `Nothing to do (${plan.reason}).`,
  refuse: (plan) => {
    if (plan.reply === 'usage') {
      return "Would reply with the command's usage: it has no instruction after the trigger phrase."
    }
    const verb = plan.reply === 'refusal' ? 'refuse' : 'not run'
    return `Would ${verb} the command (${plan.reason}) and say so on the pull request.`
  },
  create: (plan) =>
    plan.replaces
      ? `Would create a new job, replacing job ${plan.replaces} (${plan.reason}).`
      : 'Would create a new job.',
  'follow-up': (plan) => `Would send the prompt to job ${plan.jobId} as a follow-up.`,
  'wait-then-follow-up': (plan) =>
    `Would wait for job ${plan.jobId} to finish its earlier prompt, then send the prompt to it.`,
  watch: (plan) => {
    const what = plan.earlier
      ? `follow job ${plan.jobId}, ${EARLIER}`
      : `wait for job ${plan.jobId}`
    return `Would ${what}; ${NOTHING}`
  },
  resume: (plan) => `Would resume job ${plan.jobId}, ${EARLIER}; ${NOTHING}`,
  report: (plan) => `Would report job ${plan.jobId} as it is; ${NOTHING}`,
  decline: (plan) => plan.message,
  'nothing-new': (plan) =>
    plan.apart
      ? `No new commit is for the branch's job (${apartWords(plan.apart)}): ${NOTHING}`
      : `Nothing new on the branch since the last commit that reached the agent: ${NOTHING}`
}

/** What a dry run would do, in one sentence. */
export function wouldDo(plan: Plan): string {
  // The table is keyed by action, so each entry takes its own kind of plan.
  const words = WOULD[plan.action] as (plan: Plan) => string
  return words(plan)
}

/** What the dashboard's row says the run did; `waited`: the run waited for the busy job first. */
export function runAction(
  plan: Plan,
  jobId: string | undefined,
  sent: boolean,
  waited = false
): RunAction {
  if (!jobId) {
    return 'failed'
  }
  switch (plan.action) {
    // Still the wait's plan: the job stayed busy until the run ended, and nothing was sent.
    case 'wait-then-follow-up':
      return 'waited-only'
    case 'follow-up':
      if (!sent) {
        return 'failed'
      }
      return waited ? 'waited' : 'followed-up'
    // A creation the service refused (after a wait, the busy job is still the one named):
    // the row says the run failed, not what it set out to do.
    case 'create':
      if (!sent) {
        return 'failed'
      }
      return plan.reason === 'no-record' ? 'created' : 'started-over'
    case 'nothing-new':
      return plan.apart ? 'apart' : 'nothing-new'
    case 'resume':
      return 'waited'
    default:
      return 'reported'
  }
}
