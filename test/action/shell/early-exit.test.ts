// The fast no-op, in process: what the entry decides from the environment and the
// event payload alone. A comment that is not a command ends the step here with one
// line and `triggered=false`; a command, a bad trigger-phrase or an unreadable payload
// goes on to run(). (test/e2e/commands.test.ts proves the entry needs nothing else.)

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jest } from '@jest/globals'
import { exitEarlyWhenNotACommand, readRunEvent } from '../../../src/action/shell/event.js'
import {
  commentSaying,
  fixture,
  reviewWithoutBody,
  type Payload
} from '../../support/command-events.js'

let printed: string[]
beforeEach(() => {
  printed = []
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    printed.push(String(chunk).replace(/\r?\n$/, ''))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
})

function comment(body: string | null, change: (payload: Payload) => void = () => undefined) {
  const payload = commentSaying(body)
  change(payload)
  return payload
}

/** Runs the check as the entry does; what it printed and wrote to GITHUB_OUTPUT. */
function exitEarly(event: string, payload: unknown, inputs: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'early-exit-'))
  const eventPath = join(dir, 'event.json')
  writeFileSync(eventPath, typeof payload === 'string' ? payload : JSON.stringify(payload))
  const output = join(dir, 'output')
  writeFileSync(output, '')
  const env: NodeJS.ProcessEnv = {
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: output
  }
  for (const [name, value] of Object.entries(inputs))
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  const ended = exitEarlyWhenNotACommand(readRunEvent(env), env)
  return { ended, printed: [...printed], output: readFileSync(output, 'utf8') }
}

describe('a comment event that is not a command', () => {
  it.each<[string, string, Payload, string]>([
    [
      'another case',
      'issue_comment',
      comment('/Docs fix the typo'),
      'a comment that does not start with the trigger phrase'
    ],
    [
      'the phrase inside a longer word',
      'issue_comment',
      comment('/docsy fix the typo'),
      'a comment that does not start with the trigger phrase'
    ],
    [
      'the phrase later in the comment',
      'issue_comment',
      comment('please /docs fix the typo'),
      'a comment that does not start with the trigger phrase'
    ],
    [
      'the phrase in a quote',
      'issue_comment',
      comment('> /docs fix the typo'),
      'a comment that does not start with the trigger phrase'
    ],
    [
      'an edited comment',
      'issue_comment',
      comment('/docs fix it', (p) => (p.action = 'edited')),
      "a issue_comment event with action 'edited'"
    ],
    [
      'a deleted comment',
      'issue_comment',
      comment('/docs fix it', (p) => (p.action = 'deleted')),
      "a issue_comment event with action 'deleted'"
    ],
    [
      'a comment on a plain issue',
      'issue_comment',
      comment('/docs fix it', (p) => delete (p.issue as Record<string, unknown>).pull_request),
      'a comment on an issue, not on a pull request'
    ],
    [
      'an edited line comment',
      'pull_request_review_comment',
      { ...fixture('pull_request_review_comment'), action: 'edited' },
      "a pull_request_review_comment event with action 'edited'"
    ],
    [
      'a review without a body',
      'pull_request_review',
      reviewWithoutBody(),
      'a comment that does not start with the trigger phrase'
    ],
    [
      'a dismissed review',
      'pull_request_review',
      { ...fixture('pull_request_review'), action: 'dismissed' },
      "a pull_request_review event with action 'dismissed'"
    ],
    [
      "the action's own comment",
      'issue_comment',
      comment('/docs fix it', (p) => {
        ;(p.comment as Record<string, unknown>).user = { login: 'github-actions[bot]', type: 'Bot' }
      }),
      'a comment by github-actions[bot]'
    ]
  ])('ends the step on %s: one line, triggered=false', (_name, event, payload, reason) => {
    const run = exitEarly(event, payload, { 'allowed-bots': 'renovate[bot]' })

    expect(run.ended).toBe(true)
    expect(run.printed).toEqual([`Not a command for this step (${reason}); nothing to do.`])
    expect(run.output).toBe('triggered=false\n')
  })

  it('listens for the trigger-phrase the workflow sets, and no longer for /docs', () => {
    const inputs = { 'trigger-phrase': '@docs-agent' }
    expect(exitEarly('issue_comment', comment('/docs fix it'), inputs).ended).toBe(true)
    expect(exitEarly('issue_comment', comment('@docs-agent fix it'), inputs).ended).toBe(false)
  })
})

describe('what goes on to run()', () => {
  it.each<[string, string, unknown, Record<string, string>]>([
    ['a command', 'issue_comment', comment('/docs fix it'), {}],
    [
      'a command without an instruction (its usage is a reply)',
      'issue_comment',
      comment('  /docs  '),
      {}
    ],
    [
      'a bad trigger-phrase (an input error for run())',
      'issue_comment',
      comment('hi'),
      { 'trigger-phrase': 'hey docs' }
    ],
    ['an unreadable payload', 'issue_comment', '{not json', {}],
    ['an event that is not a comment', 'push', fixture('push'), {}]
  ])('%s: nothing printed, nothing written', (_name, event, payload, inputs) => {
    const run = exitEarly(event, payload, inputs)

    expect(run.ended).toBe(false)
    expect(run.printed).toEqual([])
    expect(run.output).toBe('')
  })
})
