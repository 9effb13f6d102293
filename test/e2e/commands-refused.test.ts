// Every way a command must be refused, end to end. Each refusal sends nothing to the
// Agent Jobs API, ends the step without failing it (triggered: false), warns in the
// log, and (when the token can) replies once on the pull request saying why.
// One run for each way through the wiring; every reason a commander is refused or
// taken is proven in process against the same GitHub stand-in
// (test/github/commander.test.ts), and the input checks in test/action/inputs.test.ts.

import { reactionsOf, setRole } from '../support/github-routes/commands.js'
import { errorLines } from '../support/run-action.js'
import { onDemand } from '../support/fixtures.js'
import {
  commandStandIns,
  commentBy,
  fixture,
  runEvent,
  warningLines
} from '../support/command-events.js'

// Each case its own stand-ins (and helpers bound to them), so the cases run concurrently.
async function world() {
  const standIns = await commandStandIns()
  const { agent, github } = standIns

  /** Asserts the refusal: nothing sent, green step, one warning, one reply naming the reason. */
  function expectRefused(
    run: Awaited<ReturnType<typeof runEvent>>,
    reason: RegExp,
    replied = true
  ): void {
    expect(agent.requests).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs.triggered).toBe('false')
    expect(run.outputs['job-id']).toBeUndefined()
    const warnings = warningLines(run.stdout)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(reason)
    const replies = github.comments('acme/app', 7)
    if (replied) {
      expect(replies).toHaveLength(1)
      expect(replies[0]?.body).toMatch(/command was not run: /)
      expect(replies[0]?.body).toMatch(reason)
    } else expect(replies).toEqual([])
    expect(reactionsOf(github.state)).toEqual([])
  }
  return {
    ...standIns,
    expectRefused
  }
}
const freshWorld = onDemand(world)

describe('a review event on a pull request from a fork', () => {
  it.concurrent(
    'has no secrets: one warning, nothing sent, the step green, triggered false',
    async () => {
      const { agent, github } = await freshWorld()
      setRole(github.state, 'acme/app', 'alice', 'write')
      const run = await runEvent({
        agent,
        github,
        event: 'pull_request_review_comment',
        payload: commentBy('alice', 'User', 'pull_request_review_comment'),
        // GitHub passes no secrets to this event on a fork's pull request.
        inputs: { 'api-key': '' }
      })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.triggered).toBe('false')
      expect(agent.requests).toEqual([])
      expect(github.requests).toEqual([])
      expect(warningLines(run.stdout)).toEqual([
        expect.stringMatching(
          /^Input 'api-key' is empty on a comment event: the command cannot be acted on/
        )
      ])
    }
  )
})

describe('who may command', () => {
  // Read, triage, none, a failed permission read, a bot or an organisation: the same
  // wiring for every reason (test/github/commander.test.ts has them all).
  it.concurrent('refuses someone with triage permission', async () => {
    const { agent, github, expectRefused } = await freshWorld()
    setRole(github.state, 'acme/app', 'alice', 'triage')
    const run = await runEvent({
      agent,
      github,
      event: 'issue_comment',
      payload: fixture('issue_comment')
    })

    expectRefused(
      run,
      /alice has read permission on acme\/app; commands need write, maintain or admin/
    )
  })

  it.concurrent(
    'refuses when there is no token to read the permission with, and says so in the log',
    async () => {
      const { agent, github, expectRefused } = await freshWorld()
      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: fixture('issue_comment'),
        noToken: true
      })

      expectRefused(
        run,
        /github-token is empty, so the commenter's permission cannot be read/,
        false
      )
      expect(github.requests).toEqual([])
    }
  )

  it.concurrent(
    'takes a command from a bot listed in allowed-bots, by its exact login',
    async () => {
      const { agent, github } = await freshWorld()
      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commentBy('renovate[bot]', 'Bot'),
        inputs: { 'allowed-bots': 'dependabot[bot], renovate[bot]' }
      })

      expect(run.outputs.triggered).toBe('true')
      expect(agent.jobIds()).toHaveLength(1)
    }
  )

  it.concurrent(
    'still ends the step without failing when the refusal reply is refused too',
    async () => {
      const { agent, github } = await freshWorld()
      github.deny({ method: 'POST', path: /\/issues\/7\/comments$/, status: 403 })
      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: commentBy('mallory')
      })

      expect(agent.requests).toEqual([])
      expect(run.exitCode).toBe(0)
      expect(run.outputs.triggered).toBe('false')
      expect(warningLines(run.stdout)).toEqual([
        expect.stringMatching(/command from mallory is refused/),
        expect.stringMatching(
          /Could not reply on pull request #7 \(the GitHub API answered 403\)\. The token needs pull-requests: write\./
        )
      ])
    }
  )
})

describe('inputs that would widen the door', () => {
  // Every value that would widen the door: test/action/inputs.test.ts.
  it.concurrent(
    'rejects allowed-bots with a wildcard among exact logins before any request',
    async () => {
      const { agent, github } = await freshWorld()
      setRole(github.state, 'acme/app', 'alice', 'admin')
      const run = await runEvent({
        agent,
        github,
        event: 'issue_comment',
        payload: fixture('issue_comment'),
        inputs: { 'allowed-bots': 'renovate[bot], *' }
      })

      expect(run.exitCode).toBe(1)
      expect(errorLines(run.stdout)).toEqual([expect.stringMatching(/wildcard/)])
      expect(errorLines(run.stdout)[0]).toContain("Input 'allowed-bots'")
      expect(agent.requests).toEqual([])
      expect(github.requests).toEqual([])
    }
  )

  it.concurrent('rejects a trigger-phrase with a space before any request', async () => {
    const { agent, github } = await freshWorld()
    const run = await runEvent({
      agent,
      github,
      event: 'issue_comment',
      payload: fixture('issue_comment'),
      inputs: { 'trigger-phrase': 'hey docs' }
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run.stdout)).toEqual([
      `Input 'trigger-phrase' must be one word of 1 to 50 characters without spaces, such as /docs or @docs-agent; got "hey docs".`
    ])
    expect(agent.requests).toEqual([])
    expect(github.requests).toEqual([])
  })
})
