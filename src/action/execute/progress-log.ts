// The log lines a run writes while it works with its job: a status change, a poll
// (debug), a status the action does not know. Text from the service goes through
// safe-text.

import * as core from '@actions/core'
import { isTerminal, type AgentJob } from '../../agent/job.js'
import { formatDuration } from '../../common/duration.js'
import { safeLine } from '../../common/safe-text.js'

export function logStatus(job: AgentJob, previous: string | undefined, elapsedMs: number): void {
  const change =
    previous === undefined
      ? safeLine(job.status)
      : `${safeLine(previous)} → ${safeLine(job.status)}`
  const pr = job.prLink ? `; pull request ${safeLine(job.prLink)}` : ''
  core.info(`Job ${safeLine(job.id)}: ${change} (after ${formatDuration(elapsedMs)}${pr})`)
}

export function logPoll(job: AgentJob, polls: number, nextDelayMs: number | undefined): void {
  if (!core.isDebug()) return
  const next =
    nextDelayMs !== undefined
      ? `next poll in ${formatDuration(nextDelayMs)}`
      : isTerminal(job.status)
        ? 'done'
        : 'no further poll fits before the timeout'
  core.debug(`Poll ${polls}: job ${safeLine(job.id)} is ${safeLine(job.status)}; ${next}`)
}

export function warnLine(message: string): void {
  core.warning(safeLine(message, 2000))
}
