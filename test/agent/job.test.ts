import { isKnownStatus, isTerminal, parseJob, type AgentJob } from '../../src/agent/job.js'

/** A body parseJob accepts, as the job it makes. */
const jobOf = (body: unknown): AgentJob => {
  const job = parseJob(body)
  if (typeof job === 'string') throw new Error(`not a job: ${job}`)
  return job
}
import { parsePullRequestLink } from '../../src/common/pull-request-link.js'

const DOCUMENTED = {
  id: 'job_abc123',
  status: 'completed',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  model: 'claude-sonnet-4-5',
  prLink: 'https://github.com/acme/docs/pull/42',
  createdAt: '2026-11-01T10:00:00.000Z',
  archivedAt: null
}

describe('parseJob', () => {
  it('accepts the documented job object', () => {
    expect(jobOf(DOCUMENTED)).toEqual({
      id: 'job_abc123',
      status: 'completed',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'claude-sonnet-4-5',
      prLink: 'https://github.com/acme/docs/pull/42',
      createdAt: '2026-11-01T10:00:00.000Z',
      archivedAt: null
    })
  })

  it('accepts the nullable fields as null', () => {
    const job = jobOf({
      ...DOCUMENTED,
      status: 'active',
      prLink: null,
      source: { repository: 'https://github.com/acme/docs', ref: null }
    })
    expect(job.prLink).toBeNull()
    expect(job.source).toEqual({ repository: 'https://github.com/acme/docs', ref: null })
    expect(job.archivedAt).toBeNull()
  })

  it('drops source fields of the wrong type, and a source that is not an object', () => {
    expect(jobOf({ ...DOCUMENTED, source: { repository: 7, ref: false } }).source).toEqual({})
    expect(jobOf({ ...DOCUMENTED, source: 'acme/docs' })).not.toHaveProperty('source')
    expect(jobOf({ ...DOCUMENTED, source: null })).not.toHaveProperty('source')
  })

  it('keeps archivedAt when the service sets it', () => {
    expect(
      jobOf({ ...DOCUMENTED, status: 'archived', archivedAt: '2026-11-01T11:00:00.000Z' })
        .archivedAt
    ).toBe('2026-11-01T11:00:00.000Z')
  })

  it('accepts a minimal job and treats a missing or empty prLink as none', () => {
    expect(jobOf({ id: 'j', status: 'active' })).toEqual({
      id: 'j',
      status: 'active',
      prLink: null
    })
    expect(jobOf({ id: 'j', status: 'completed', prLink: '' }).prLink).toBeNull()
  })

  it('keeps an undocumented status as it came', () => {
    expect(jobOf({ id: 'j', status: 'running', prLink: null }).status).toBe('running')
  })

  it('drops fields it does not know', () => {
    expect(jobOf({ id: 'j', status: 'active', secretInternal: 'x' })).not.toHaveProperty(
      'secretInternal'
    )
  })

  it.each<[string, unknown, string]>([
    ['null', null, 'not a JSON object'],
    ['a string', 'job_1', 'not a JSON object'],
    ['a number', 42, 'not a JSON object'],
    ['an array', [DOCUMENTED], 'not a JSON object'],
    ['an object without id', { status: 'active' }, 'no "id"'],
    ['a numeric id', { id: 7, status: 'active' }, 'no "id"'],
    ['a blank id', { id: '  ', status: 'active' }, 'no "id"'],
    ['an object without status', { id: 'j' }, 'no "status"'],
    ['a null status', { id: 'j', status: null }, 'no "status"'],
    ['an empty status', { id: 'j', status: '' }, 'no "status"'],
    [
      'an id with a line break',
      { id: 'job_1\n::add-mask::x', status: 'active' },
      'not a plain identifier'
    ],
    ['an id with a dollar sign', { id: 'job_$(id)', status: 'active' }, 'not a plain identifier'],
    ['an id with a quote', { id: "job_1'", status: 'active' }, 'not a plain identifier'],
    ['a status of two words', { id: 'j', status: 'in progress' }, 'not one plain word'],
    ['a status with a command', { id: 'j', status: '\n::stop-commands::x' }, 'not one plain word'],
    ['a numeric prLink', { id: 'j', status: 'completed', prLink: 42 }, '"prLink" is not a string'],
    [
      'an object prLink',
      { id: 'j', status: 'completed', prLink: { url: 'x' } },
      '"prLink" is not a string'
    ]
  ])('rejects %s with the reason', (_, body, reason) => {
    expect(parseJob(body)).toContain(reason)
  })
})

describe('job statuses', () => {
  it.each([
    ['completed', true, true],
    ['archived', true, true],
    ['failed', true, true],
    ['active', false, true],
    ['running', false, false],
    ['pending', false, false],
    ['COMPLETED', false, false],
    ['', false, false]
  ])('%j: terminal %s, documented %s', (status, terminal, known) => {
    expect(isTerminal(status)).toBe(terminal)
    expect(isKnownStatus(status)).toBe(known)
  })
})

describe('parsePullRequestLink', () => {
  const pr = (link: string, number: number, repository: string) => ({ link, number, repository })

  it.each([
    [
      'https://github.com/acme/docs/pull/42',
      pr('https://github.com/acme/docs/pull/42', 42, 'acme/docs')
    ],
    [
      'https://github.com/acme/docs/pull/42#issuecomment-1',
      pr('https://github.com/acme/docs/pull/42', 42, 'acme/docs')
    ],
    [
      'https://github.com/acme/docs/pull/42?w=1',
      pr('https://github.com/acme/docs/pull/42', 42, 'acme/docs')
    ],
    [
      'https://github.example.com/acme/docs/pull/7',
      pr('https://github.example.com/acme/docs/pull/7', 7, 'acme/docs')
    ],
    [
      'https://github.example.com:8443/acme/docs/pull/7',
      pr('https://github.example.com:8443/acme/docs/pull/7', 7, 'acme/docs')
    ],
    [
      'https://github.com/my-org/my.docs_repo/pull/9',
      pr('https://github.com/my-org/my.docs_repo/pull/9', 9, 'my-org/my.docs_repo')
    ]
  ])('reads %s, dropping a query or fragment', (link, expected) => {
    expect(parsePullRequestLink(link)).toEqual(expected)
  })

  it.each([
    ['null', null],
    ['an empty link', ''],
    ['garbage', 'not a link at all'],
    ['an issue', 'https://github.com/acme/docs/issues/42'],
    ['the pull list', 'https://github.com/acme/docs/pulls'],
    ['a pull link without a number', 'https://github.com/acme/docs/pull/'],
    ['a pull link with a non-numeric number', 'https://github.com/acme/docs/pull/abc'],
    ['a number followed by junk', 'https://github.com/acme/docs/pull/42abc'],
    ['a trailing slash', 'https://github.com/acme/docs/pull/42/'],
    ['a page of the pull request', 'https://github.com/acme/docs/pull/42/files'],
    ['a path prefix', 'https://example.com/github/acme/docs/pull/1234'],
    ['plain http', 'http://github.com/acme/docs/pull/42'],
    ['credentials', 'https://user:pw@github.com/acme/docs/pull/42'],
    ['a percent-encoded owner', 'https://github.com/ac%24me/docs/pull/42'],
    ['an encoded slash in the repository', 'https://github.com/acme/do%2Fcs/pull/42'],
    ['a dollar sign in the owner', 'https://github.com/$(id)/docs/pull/42'],
    ['a repository of ..', 'https://github.com/acme/../pull/42'],
    ['a leading zero', 'https://github.com/acme/docs/pull/042'],
    ['a line break after the number', 'https://github.com/acme/docs/pull/42\n::add-mask::x'],
    ['a space in the fragment', 'https://github.com/acme/docs/pull/42#a b'],
    ['a commit', 'https://github.com/acme/docs/commit/abc123'],
    ['a repository', 'https://github.com/acme/docs']
  ])('finds no pull request in %s', (_, link) => {
    expect(parsePullRequestLink(link)).toBeUndefined()
  })
})
