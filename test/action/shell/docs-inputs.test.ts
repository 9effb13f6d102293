// The inputs of the docs pull request and the check run: read into Settings, or
// stopped with one line naming the input and the accepted form.

import {
  InputError,
  readSettings,
  type InputReader,
  type Settings
} from '../../../src/action/shell/inputs.js'

const BASE: Record<string, string> = {
  'api-key': 'mint_key',
  'project-id': 'proj-1',
  prompt: 'Document it.'
}

function reader(values: Record<string, string>): InputReader {
  return (name) => (values[name] ?? '').trim()
}

const read = (values: Record<string, string>): Settings =>
  readSettings(reader({ ...BASE, ...values }))

function errorOf(values: Record<string, string>): InputError {
  try {
    read(values)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error('no error')
}

describe('docs pull request inputs', () => {
  it('are off by default', () => {
    const settings = read({ 'github-token': 'ghs_x' })
    expect(settings).toMatchObject({ docsPrReviewers: [], docsPrLabels: [], checkRun: false })
    expect(settings.docsToken).toBeUndefined()
  })

  it('reads docs-pr-on-close: close by default, or keep', () => {
    expect(read({}).docsPrOnClose).toBe('close')
    expect(read({ 'docs-pr-on-close': 'keep' }).docsPrOnClose).toBe('keep')
  })

  it('reads docs-token apart from github-token', () => {
    expect(read({ 'github-token': 'ghs_x', 'docs-token': 'ghs_docs' }).docsToken).toBe('ghs_docs')
  })

  it('reads reviewers separated by commas, spaces or line breaks, with or without @', () => {
    expect(
      read({ 'docs-pr-reviewers': 'author, @carol\nacme/writers  dave,,' }).docsPrReviewers
    ).toEqual([
      { kind: 'author' },
      { kind: 'user', login: 'carol' },
      { kind: 'team', org: 'acme', slug: 'writers' },
      { kind: 'user', login: 'dave' }
    ])
  })

  it('reads labels separated by commas or line breaks, keeping spaces inside a label, once each', () => {
    expect(
      read({ 'docs-pr-labels': 'documentation, from code\nneeds review,documentation' })
        .docsPrLabels
    ).toEqual(['documentation', 'from code', 'needs review'])
  })

  it('reads check-run as a boolean', () => {
    expect(read({ 'check-run': 'TRUE' }).checkRun).toBe(true)
  })

  it.each([
    [
      { 'docs-pr-reviewers': 'carol, not/a/team' },
      'docs-pr-reviewers',
      `Input 'docs-pr-reviewers' must list GitHub logins, org/team slugs or the word author, separated by commas or line breaks; got "not/a/team".`
    ],
    [
      { 'docs-pr-reviewers': Array.from({ length: 16 }, (_, i) => `user${i}`).join(',') },
      'docs-pr-reviewers',
      `Input 'docs-pr-reviewers' may name at most 15 reviewers; got 16.`
    ],
    [
      { 'docs-pr-labels': 'x'.repeat(51) },
      'docs-pr-labels',
      `Input 'docs-pr-labels' must list label names of at most 50 characters, separated by commas or line breaks; got "${'x'.repeat(51)}".`
    ],
    [
      { 'docs-pr-labels': Array.from({ length: 21 }, (_, i) => `l${i}`).join(',') },
      'docs-pr-labels',
      `Input 'docs-pr-labels' may name at most 20 labels; got 21.`
    ],
    [{ 'check-run': 'yes' }, 'check-run', `Input 'check-run' must be true or false; got "yes".`],
    [
      { 'docs-pr-on-close': 'Close' },
      'docs-pr-on-close',
      `Input 'docs-pr-on-close' must be close or keep; got "Close".`
    ]
  ])('refuses %j with one line', (values, input, message) => {
    const error = errorOf(values)
    expect(error.input).toBe(input)
    expect(error.message).toBe(message)
  })
})
