// What counts as a command, read from the payload alone: the trigger-phrase rule as
// properties over any text, and the shape of each event kind.

import fc from 'fast-check'
import { isValidTriggerPhrase, matchTrigger, readCommand } from '../../src/github/command.js'
import { commentSaying, fixture, reviewWithoutBody } from '../support/command-events.js'
import { runs } from '../support/properties.js'

const phrase = fc.string({ minLength: 1, maxLength: 20 }).filter((p) => isValidTriggerPhrase(p))
const blanks = fc.stringMatching(/^[ \t\r\n]{0,5}$/)
const separator = fc.constantFrom(' ', '\t', '\n', '\r\n')

describe('the trigger phrase', () => {
  it('takes the phrase after any leading blanks, then a blank or the end; the rest is the instruction', () => {
    fc.assert(
      fc.property(blanks, phrase, separator, fc.string(), (lead, p, sep, rest) => {
        expect(matchTrigger(`${lead}${p}${sep}${rest}`, p)).toBe(`${sep}${rest}`.trim())
        expect(matchTrigger(`${lead}${p}`, p)).toBe('')
      }),
      runs(100)
    )
  })

  it('does not take the phrase followed by anything but a blank', () => {
    fc.assert(
      fc.property(phrase, fc.string({ minLength: 1 }), (p, rest) => {
        fc.pre(!/^[ \t\r\n]/.test(rest))
        expect(matchTrigger(`${p}${rest}`, p)).toBeUndefined()
      }),
      runs(100)
    )
  })

  it('matches exactly, case and all', () => {
    fc.assert(
      fc.property(phrase, fc.string(), (p, rest) => {
        const other = p.toUpperCase() === p ? p.toLowerCase() : p.toUpperCase()
        fc.pre(other !== p && !other.startsWith(p))
        expect(matchTrigger(`${other} ${rest}`, p)).toBeUndefined()
      }),
      runs(100)
    )
  })

  it('does not take the phrase anywhere but at the start', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), phrase, (before, p) => {
        fc.pre(before.trim() !== '' && !before.trimStart().startsWith(p))
        expect(matchTrigger(`${before}${p} do it`, p)).toBeUndefined()
      }),
      runs(100)
    )
  })

  it.each([
    ['/docs', true],
    ['@docs-agent', true],
    ['', false],
    ['two words', false],
    ['tab\there', false],
    ['zero\u200bwidth', false],
    ['x'.repeat(51), false]
  ])('accepts %j as a phrase: %s', (value, valid) => {
    expect(isValidTriggerPhrase(value)).toBe(valid)
  })
})

describe('reading the event', () => {
  it('reads a conversation comment on a pull request', () => {
    expect(readCommand('issue_comment', fixture('issue_comment'), '/docs')).toEqual({
      command: {
        kind: 'issue-comment',
        id: 501,
        url: 'https://github.com/acme/app/pull/7#issuecomment-501',
        pullNumber: 7,
        pullTitle: 'Add the widget API',
        pullAuthor: 'octo-dev',
        author: { login: 'alice', type: 'User' },
        instruction: 'document the new widget endpoints'
      }
    })
  })

  it('reads a line comment with its place on the diff', () => {
    const { command } = readCommand(
      'pull_request_review_comment',
      fixture('pull_request_review_comment'),
      '/docs'
    )
    expect(command?.kind).toBe('review-comment')
    expect(command?.line).toMatchObject({
      path: 'docs/widgets.md',
      line: 14,
      startLine: 12,
      side: 'RIGHT'
    })
    expect(command?.line?.diffHunk?.split('\n')[0]).toBe('@@ -10,6 +10,8 @@ Widgets')
  })

  it('reads a review with a body', () => {
    const { command } = readCommand('pull_request_review', fixture('pull_request_review'), '/docs')
    expect(command).toMatchObject({
      kind: 'review',
      id: 701,
      instruction: 'explain the new rate limits in the guide'
    })
  })

  it.each([
    ['push', {}, /the event push/],
    ['issue_comment', { ...fixture('issue_comment'), action: 'edited' }, /action 'edited'/],
    [
      'issue_comment',
      { ...fixture('issue_comment'), issue: { number: 3 } },
      /plain issue|not on a pull request/
    ],
    ['issue_comment', { ...fixture('issue_comment'), comment: 'x' }, /without its object/],
    [
      'pull_request_review',
      { ...fixture('pull_request_review'), action: 'edited' },
      /action 'edited'/
    ]
  ])('says why a %s event is not a command', (event, payload, reason) => {
    const check = readCommand(event, payload, '/docs')
    expect(check.command).toBeUndefined()
    expect(check.command ? '' : check.reason).toMatch(reason)
  })

  // The forms the end-to-end tests once spawned the action for, one by one.
  const withBody = commentSaying

  it.each([
    ['leading blanks and lines', '  \n\t/docs fix the typo'],
    ['a tab after the phrase', '/docs\tfix the typo'],
    ['a line break after the phrase', '/docs\nfix the typo']
  ])('takes a command after %s, the instruction without them', (_name, body) => {
    expect(readCommand('issue_comment', withBody(body), '/docs').command?.instruction).toBe(
      'fix the typo'
    )
  })

  it.each([
    ['another case', '/Docs fix the typo'],
    ['the phrase inside a longer word', '/docsy fix the typo'],
    ['the phrase later in the comment', 'please /docs fix the typo'],
    ['the phrase in a quote', '> /docs fix the typo']
  ])('does not take %s', (_name, body) => {
    const check = readCommand('issue_comment', withBody(body), '/docs')
    expect(check.command).toBeUndefined()
    expect(check.command ? '' : check.reason).toBe(
      'a comment that does not start with the trigger phrase'
    )
  })

  it.each<[string, string, Record<string, unknown>, RegExp]>([
    [
      'a deleted comment',
      'issue_comment',
      { ...withBody('/docs fix it'), action: 'deleted' },
      /action 'deleted'/
    ],
    [
      'an edited line comment',
      'pull_request_review_comment',
      { ...fixture('pull_request_review_comment'), action: 'edited' },
      /action 'edited'/
    ],
    [
      'a review without a body',
      'pull_request_review',
      reviewWithoutBody(),
      /does not start with the trigger phrase/
    ],
    [
      'a dismissed review',
      'pull_request_review',
      { ...fixture('pull_request_review'), action: 'dismissed' },
      /action 'dismissed'/
    ]
  ])('does not take %s', (_name, event, payload, reason) => {
    const check = readCommand(event, payload, '/docs')
    expect(check.command).toBeUndefined()
    expect(check.command ? '' : check.reason).toMatch(reason)
  })

  it('listens for the phrase it is given, and then no longer for /docs', () => {
    expect(readCommand('issue_comment', withBody('/docs fix it'), '@docs-agent').command).toBe(
      undefined
    )
    expect(
      readCommand('issue_comment', withBody('@docs-agent fix it'), '@docs-agent').command
        ?.instruction
    ).toBe('fix it')
  })

  it('never takes a comment by github-actions[bot], whatever its case', () => {
    const payload = fixture('issue_comment')
    ;(payload.comment as Record<string, unknown>).user = {
      login: 'GitHub-Actions[bot]',
      type: 'Bot'
    }
    expect(readCommand('issue_comment', payload, '/docs').command).toBeUndefined()
  })
})
