// The reaction that ends a command, in process against the GitHub stand-in: 🚀 when
// its job completed, 😕 when the job failed, the step timed out or failed, nothing
// while the job runs on, and never on a review (reviews take no reactions).
// test/e2e/commands.test.ts proves the bundle reacts at the end of a run.

import { reactToEnding } from '../../../src/action/publish/publish.js'
import type { Ending } from '../../../src/action/execute/job-owner.js'
import type { AgentJob } from '../../../src/agent/job.js'
import { readCommand } from '../../../src/github/command.js'
import { GitHubSession } from '../../../src/github/session.js'
import { fixture } from '../../support/command-events.js'
import { reactionsOf } from '../../support/github-routes/commands.js'
import { useInProcessGitHub } from '../../support/in-process-github.js'

const TOKEN = 'ghs_test_token'

const inProcess = useInProcessGitHub({ token: TOKEN })
beforeEach(() => {
  reactionsOf(inProcess.github.state).length = 0
})

/** Reacts, as the run does, to a command of `event` that ended so. */
function reactTo(event: string, ending: Ending, job: AgentJob | undefined): Promise<void> {
  const { command } = readCommand(event, fixture(event), '/docs')
  if (!command) throw new Error('the fixture is not a command')
  const session = new GitHubSession(TOKEN, 'acme/app', 'github-token', inProcess.reach)
  return reactToEnding(session, command, { ending, job }, 10_000)
}

const job = (status: string): AgentJob => ({ id: 'job_1', status, prLink: null })
const ended = (conclusion: Ending['conclusion'], message = 'done'): Ending => ({
  conclusion,
  message
})
const reactions = (): string[] =>
  reactionsOf(inProcess.github.state).map((r) => `${r.on}:${r.commentId}:${r.content}`)

describe('reactToEnding', () => {
  it.each<[string, Ending, AgentJob | undefined, string[]]>([
    ['🚀 when the job completed', ended('succeeded'), job('completed'), ['issue:501:rocket']],
    [
      '😕 when the job failed (the step fails)',
      ended('failed'),
      job('failed'),
      ['issue:501:confused']
    ],
    [
      '😕 when the step timed out with the job still working',
      ended('failed', 'timed out'),
      job('active'),
      ['issue:501:confused']
    ],
    ['😕 when the job was archived', ended('warned'), job('archived'), ['issue:501:confused']],
    [
      '😕 when the step failed before a job was known',
      ended('failed'),
      undefined,
      ['issue:501:confused']
    ],
    ['nothing while the job runs on (wait: false)', ended('succeeded'), job('active'), []]
  ])('reacts %s', async (_name, ending, agentJob, expected) => {
    await reactTo('issue_comment', ending, agentJob)
    expect(reactions()).toEqual(expected)
  })

  it('reacts on the review comment of a line comment', async () => {
    await reactTo('pull_request_review_comment', ended('succeeded'), job('completed'))
    expect(reactions()).toEqual(['pull:601:rocket'])
  })

  it('leaves a review without a reaction, and asks GitHub nothing', async () => {
    inProcess.github.requests.length = 0
    await reactTo('pull_request_review', ended('failed'), job('failed'))
    expect(reactions()).toEqual([])
    expect(inProcess.github.requests).toEqual([])
  })
})
