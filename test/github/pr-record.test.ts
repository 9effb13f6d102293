// The pull request's record: its marker line, the strict parser (property-tested:
// whatever a comment holds, it never throws and never yields a record it could not
// have written), and whose comments are believed.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { markerLine, markerValues } from '../support/markers.js'
import { anyText, runs } from '../support/properties.js'
import {
  formatRecord,
  mergeRecords,
  rebased,
  isTrustedAuthor,
  parseRecord,
  findComment,
  type PullRequestRecord,
  type ThreadComment
} from '../../src/github/pr-record.js'

const RECORD: PullRequestRecord = {
  project: 'proj-test',
  job: 'job_1',
  run: '4242',
  attempt: 1,
  followUps: 0
}
const BOT = { login: 'github-actions[bot]', type: 'Bot' }
/** RECORD's fields as the marker holds them. */
const FIELDS = { project: 'proj-test', job: 'job_1', run: '4242', attempt: 1, followUps: 0 }

describe('the record marker', () => {
  it('is one hidden line with every field', () => {
    expect(formatRecord(RECORD)).toBe(
      '<!-- mintlify-agent:pr eyJwcm9qZWN0IjoicHJvai10ZXN0Iiwiam9iIjoiam9iXzEiLCJydW4iOiI0MjQyIiwiYXR0ZW1wdCI6MSwiZm9sbG93VXBzIjowfQ -->'
    )
  })

  it('reads back what it wrote, with or without handedOff', () => {
    expect(parseRecord(`${formatRecord(RECORD)}\n### Mintlify docs agent job`)).toEqual(RECORD)
    const handed = { ...RECORD, handedOff: 'https://github.com/acme/docs/pull/100' }
    expect(handed.handedOff).toBe('https://github.com/acme/docs/pull/100')
    expect(markerValues('pr', formatRecord(handed))).toEqual([
      { ...FIELDS, handedOff: 'https://github.com/acme/docs/pull/100' }
    ])
    expect(parseRecord(`${formatRecord(handed)}\r\nbody`)).toEqual(handed)
  })

  it('reads a marker on any line, the first good one, and leaves fields it does not know aside', () => {
    expect(parseRecord(`hello\n\n${formatRecord(RECORD)}\nbody`)).toEqual(RECORD)
    const other = markerLine('pr', { ...FIELDS, job: 'job_2' })
    const broken = markerLine('pr', { ...FIELDS, job: '..' })
    expect(parseRecord(`${broken}\n${formatRecord(RECORD)}\n${other}`)).toEqual(RECORD)
    expect(parseRecord(markerLine('pr', { ...FIELDS, since: 'a later version' }))).toEqual(RECORD)
  })

  it('cannot close the HTML comment early, whatever the ids hold', () => {
    const line = formatRecord({ ...RECORD, project: 'p--><b>"x"', job: 'j-->' })
    expect(line.indexOf('-->')).toBe(line.length - 3)
    expect(parseRecord(line)).toBeUndefined()
    const project = formatRecord({ ...RECORD, project: 'p--><b>"x"' })
    expect(project.indexOf('-->')).toBe(project.length - 3)
    expect(parseRecord(project)).toEqual({ ...RECORD, project: 'p--><b>"x"' })
  })

  it.each([
    ['an empty body', ''],
    ['a marker of another kind', markerLine('check', FIELDS)],
    ['a marker whose value is no object', markerLine('pr', [FIELDS])],
    ['a marker without a project', markerLine('pr', { ...FIELDS, project: undefined })],
    ['a marker without a count', markerLine('pr', { ...FIELDS, followUps: undefined })],
    ['a project with a space', markerLine('pr', { ...FIELDS, project: 'proj test' })],
    ['a job id that is ..', markerLine('pr', { ...FIELDS, job: '..' })],
    ['a job id with $', markerLine('pr', { ...FIELDS, job: 'job_$(id)' })],
    ['an empty job id', markerLine('pr', { ...FIELDS, job: '' })],
    ['a job id with a space', markerLine('pr', { ...FIELDS, job: 'a b' })],
    ['a job id with a quote', markerLine('pr', { ...FIELDS, job: 'job"\'x' })],
    ['a job id with a line break', markerLine('pr', { ...FIELDS, job: 'job\nx' })],
    ['a run id that is a number', markerLine('pr', { ...FIELDS, run: 4242 })],
    ['a run id that is not digits', markerLine('pr', { ...FIELDS, run: '42a' })],
    ['attempt 0', markerLine('pr', { ...FIELDS, attempt: 0 })],
    ['an attempt in words', markerLine('pr', { ...FIELDS, attempt: '1' })],
    ['a negative count', markerLine('pr', { ...FIELDS, followUps: -1 })],
    ['a fractional count', markerLine('pr', { ...FIELDS, followUps: 1.5 })],
    ['a count past the limit', markerLine('pr', { ...FIELDS, followUps: 1_000_000 })],
    [
      'a handed-off link that is no pull request',
      markerLine('pr', { ...FIELDS, handedOff: 'javascript:alert(1)//github.com/a/b/pull/1' })
    ],
    // `fR` decodes to the same closing brace as `fQ`, but is not how it is written.
    ['base64 that does not re-encode to itself', formatRecord(RECORD).replace(/fQ -->$/, 'fR -->')],
    ['a marker that is not alone on its line', `see ${formatRecord(RECORD)}`]
  ])('ignores %s', (_name, body) => {
    expect(parseRecord(body)).toBeUndefined()
  })

  it('never throws, and returns only records it would write the same way (property)', () => {
    const marker = formatRecord(RECORD)
    const mutated = fc
      .tuple(fc.nat({ max: marker.length }), fc.string(), fc.nat({ max: 5 }))
      .map(([at, text, cut]) => marker.slice(0, at) + text + marker.slice(at + cut))
    fc.assert(
      fc.property(fc.oneof(fc.string(), anyText(), mutated), (body) => {
        const record = parseRecord(body)
        if (record) expect(parseRecord(formatRecord(record))).toEqual(record)
      }),
      runs(2000)
    )
  })

  it('reads back any record it writes (property)', () => {
    const id = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => !/\s/.test(s) && s !== '.' && s !== '..')
    fc.assert(
      fc.property(
        id,
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/),
        fc.bigInt({ min: 0n, max: 10n ** 19n }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 99_999 }),
        fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: undefined }),
        (project, job, run, attempt, followUps, pr) => {
          const record: PullRequestRecord = {
            project,
            job,
            run: String(run),
            attempt,
            followUps,
            ...(pr ? { handedOff: `https://github.com/acme/docs/pull/${pr}` } : {})
          }
          expect(parseRecord(formatRecord(record))).toEqual(record)
        }
      )
    )
  })
})

describe('whose record is believed', () => {
  it.each([
    [BOT, true],
    [{ login: 'github-actions[bot]', type: 'User' }, false],
    [{ login: 'octocat', type: 'User' }, false],
    [{ login: 'evil-app[bot]', type: 'Bot' }, false],
    [null, false],
    [undefined, false]
  ])('%j: %s', (user, trusted) => {
    expect(isTrustedAuthor(user)).toBe(trusted)
  })

  it('takes other bot logins only when named', () => {
    expect(isTrustedAuthor({ login: 'docs-app[bot]', type: 'Bot' }, 'docs-app[bot]')).toBe(true)
  })

  it("takes a person's login when named (a personal token's), only as a User account", () => {
    expect(isTrustedAuthor({ login: 'octocat', type: 'User' }, 'octocat')).toBe(true)
    expect(isTrustedAuthor({ login: 'octocat', type: 'Bot' }, 'octocat')).toBe(false)
    expect(isTrustedAuthor({ login: 'octocat', type: 'User' }, 'docs-app[bot]')).toBe(false)
  })
})

describe('finding the record among the comments', () => {
  const trusted = async () => undefined
  /** The pages as GitHub gives them, counting how many were read. */
  const paged = (pages: ThreadComment[][], read = { pages: 0 }) =>
    (async function* () {
      for (const data of pages) {
        read.pages += 1
        yield { data, headers: { link: '<next>; rel="next"' } }
      }
    })()
  const want = ['proj-test', 'the comments', 9, trusted] as const
  const search = (pages: ThreadComment[][]) => findComment(paged(pages), ...want)

  it("takes the oldest trusted comment with this project's record, and stops there", async () => {
    const other = formatRecord({ ...RECORD, project: 'proj-other', job: 'job_other' })
    const pages: ThreadComment[][] = [
      [
        { id: 1, body: 'hello', user: { login: 'octocat', type: 'User' } },
        { id: 2, body: other, user: BOT }
      ],
      [
        { id: 3, body: formatRecord(RECORD), user: BOT },
        { id: 4, body: formatRecord({ ...RECORD, job: 'job_2' }), user: BOT }
      ]
    ]
    expect(await search(pages.slice(0, 1))).toBeUndefined()
    expect(await search(pages)).toEqual({ commentId: 3, record: RECORD })
    // Once it holds the record, later pages are not read.
    const read = { pages: 0 }
    const later = [
      ...pages,
      [{ id: 5, body: formatRecord({ ...RECORD, job: 'job_3' }), user: BOT }]
    ]
    expect(await findComment(paged(later, read), ...want)).toEqual({
      commentId: 3,
      record: RECORD
    })
    expect(read.pages).toBe(2)
  })

  it('ignores a record a person pasted, and one written by another bot', async () => {
    const forged = formatRecord({ ...RECORD, job: 'job_attacker' })
    const found = await search([
      [
        { id: 1, body: forged, user: { login: 'mallory', type: 'User' } },
        { id: 2, body: forged, user: { login: 'mallory[bot]', type: 'Bot' } }
      ]
    ])
    expect(found).toBeUndefined()
  })
})

describe('mergeRecords: the last writer keeps what it did not change', () => {
  const base: PullRequestRecord = {
    project: 'p',
    job: 'job_1',
    run: '10',
    attempt: 1,
    followUps: 1
  }
  const end = {
    event: 'merged' as const,
    run: '12',
    attempt: 1,
    docs: 'https://github.com/acme/docs/pull/100',
    did: 'merged-note' as const,
    done: ['comment' as const]
  }

  it("keeps another run's end and hand-off, and this run's follow-up", () => {
    const ours = { ...base, run: '11', followUps: 2 }
    const theirs = { ...base, end, handedOff: end.docs }
    expect(mergeRecords(base, ours, theirs)).toEqual({ ...ours, end, handedOff: end.docs })
  })

  it('what this run changed wins, what it removed stays removed', () => {
    const before = { ...base, handedOff: end.docs }
    const ours = { ...base, job: 'job_2', followUps: 0 }
    expect(mergeRecords(before, ours, { ...before, followUps: 5 })).toEqual(ours)
  })

  it('whatever the three records, each field is ours where we changed it, else theirs', () => {
    const field = fc.record({
      job: fc.constantFrom('job_1', 'job_2'),
      followUps: fc.integer({ min: 0, max: 3 }),
      handedOff: fc.option(fc.constant(end.docs), { nil: undefined }),
      end: fc.option(fc.constant(end), { nil: undefined })
    })
    const full = (v: Partial<PullRequestRecord>): PullRequestRecord =>
      JSON.parse(JSON.stringify({ ...base, ...v })) as PullRequestRecord
    fc.assert(
      fc.property(field, field, field, (b, o, t) => {
        const [before, ours, theirs] = [full(b), full(o), full(t)]
        const merged = mergeRecords(before, ours, theirs)
        // The count of follow-ups is a sum, not a field one side sets: the next test's.
        for (const key of ['job', 'handedOff', 'end'] as const) {
          const changed = JSON.stringify(ours[key]) !== JSON.stringify(before[key])
          expect(merged[key]).toEqual(changed ? ours[key] : theirs[key])
        }
      }),
      runs(200)
    )
  })

  it("adds both runs' follow-ups to one job: ours + theirs − base", () => {
    const before = { ...base, followUps: 2 }
    const ours = { ...before, run: '11', followUps: 3 }
    const theirs = { ...before, run: '12', followUps: 4, end }
    expect(mergeRecords(before, ours, theirs)).toEqual({ ...ours, followUps: 5, end })
  })

  // Two runs of one pull request, each from the same base: each may send follow-ups to the
  // job, start a new one (its count starts again), set an end or a hand-off, or do nothing.
  it('whatever two runs did since one base, no follow-up to the kept job is lost and no field either set is dropped', () => {
    const docs = 'https://github.com/acme/docs/pull/100'
    const startingFrom = fc.record({
      job: fc.constantFrom('job_1', 'job_2'),
      followUps: fc.integer({ min: 0, max: 50 }),
      handedOff: fc.option(fc.constant(docs), { nil: undefined })
    })
    type RunDid = { run: string; sent: number; newJob?: string; handedOff: boolean; ended: boolean }
    const runDid: fc.Arbitrary<RunDid> = fc.record({
      run: fc.constantFrom('11', '12', '13'),
      sent: fc.integer({ min: 0, max: 5 }),
      newJob: fc.option(fc.constantFrom('job_3', 'job_4'), { nil: undefined }),
      handedOff: fc.boolean(),
      ended: fc.boolean()
    })
    const after = (before: PullRequestRecord, did: RunDid) => {
      const record: PullRequestRecord = {
        ...before,
        run: did.run,
        job: did.newJob ?? before.job,
        followUps: (did.newJob ? 0 : before.followUps) + did.sent
      }
      if (did.handedOff) record.handedOff = docs
      if (did.ended) record.end = { ...end, run: did.run }
      return record
    }
    fc.assert(
      fc.property(startingFrom, runDid, runDid, (b, o, t) => {
        const before: PullRequestRecord = JSON.parse(JSON.stringify({ ...base, ...b }))
        const [ours, theirs] = [after(before, o), after(before, t)]
        const merged = mergeRecords(before, ours, theirs)
        const counts = merged.job === before.job ? before.followUps + o.sent + t.sent : undefined
        if (!o.newJob && !t.newJob) assert.equal(merged.followUps, counts)
        if (o.newJob) assert.deepEqual([merged.job, merged.followUps], [ours.job, ours.followUps])
        if (t.newJob && !o.newJob)
          assert.deepEqual([merged.job, merged.followUps], [theirs.job, theirs.followUps])
        if (o.handedOff || t.handedOff) assert.equal(merged.handedOff, docs)
        if (o.ended) assert.deepEqual(merged.end, ours.end)
        else if (t.ended) assert.deepEqual(merged.end, theirs.end)
        // The run that wrote for the kept job: with it, never the other run's (a pair from two).
        const wrote = !o.newJob && t.newJob ? theirs : ours
        assert.deepEqual([merged.run, merged.attempt], [wrote.run, wrote.attempt])
      }),
      runs(300)
    )
  })
  // A re-run finds its earlier attempt by run and attempt: a pair from two runs would make a
  // re-run of run S look like "run S attempt 2" written by another run.
  it('whatever the three records, the job, run and attempt come from one of the two writers', () => {
    const writer = fc.record({
      job: fc.constantFrom('job_1', 'job_2'),
      run: fc.constantFrom('10', '11', '12'),
      attempt: fc.integer({ min: 1, max: 3 })
    })
    const trio = ({ job, run, attempt }: PullRequestRecord) => ({ job, run, attempt })
    fc.assert(
      fc.property(writer, writer, writer, (b, o, t) => {
        const [before, ours, theirs] = [
          { ...base, ...b },
          { ...base, ...o },
          { ...base, ...t }
        ]
        const merged = trio(mergeRecords(before, ours, theirs))
        const moved = JSON.stringify(trio(ours)) !== JSON.stringify(trio(before))
        // The side that moved the job keeps it (ours when both did), else the one that wrote.
        const side =
          ours.job !== before.job
            ? ours
            : theirs.job !== before.job
              ? theirs
              : moved
                ? ours
                : theirs
        assert.deepEqual(merged, trio(side))
      }),
      runs(300)
    )
  })

  it('a re-run of the run that wrote the base, merged with a push run: never a pair from both', () => {
    // Run 10 attempt 2 (the re-run) wrote since; this run 11 attempt 1 wrote for the same job.
    const ours = { ...base, run: '11', followUps: 2 }
    const theirs = { ...base, attempt: 2 }
    const merged = mergeRecords(base, ours, theirs)
    expect([merged.run, merged.attempt]).toEqual(['11', 1])
    expect(mergeRecords(base, base, theirs)).toMatchObject({ run: '10', attempt: 2 })
  })
})

describe('rebased: a run that writes twice builds its record from what it read', () => {
  const read: PullRequestRecord = {
    project: 'p',
    job: 'job_1',
    run: '10',
    attempt: 1,
    followUps: 0
  }
  const end = {
    event: 'merged' as const,
    run: '12',
    attempt: 1,
    did: 'merged-note' as const,
    done: ['comment' as const]
  }

  it('keeps what its first write merged in (an end written during its wait)', () => {
    const ours = { ...read, run: '11', followUps: 1 }
    const wrote = { ...ours, end }
    expect(rebased(read, wrote, ours)).toEqual(wrote)
    // Merged with the comment as it is now (unchanged since): the end stays.
    expect(mergeRecords(wrote, rebased(read, wrote, ours), wrote)).toEqual(wrote)
  })

  it('what it changed since it read wins; before its first write, or for a new job, it is its own record', () => {
    const wrote = { ...read, run: '11', followUps: 1, end }
    const ours = {
      ...read,
      run: '11',
      followUps: 2,
      handedOff: 'https://github.com/acme/docs/pull/7'
    }
    expect(rebased(read, wrote, ours)).toEqual({ ...ours, end })
    const started = { ...read, job: 'job_2', run: '11', followUps: 0 }
    expect(rebased(read, wrote, started)).toBe(started)
    expect(rebased(read, read, ours)).toBe(ours)
    expect(rebased(undefined, undefined, started)).toBe(started)
  })
})
