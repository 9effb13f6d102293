// Properties of the readers of every marker the action writes (the pull request's record,
// the check run's owner, the back-link): whatever a body holds (any text, markers of any
// kind holding any JSON, mangled markers), a reader never throws, and what it reads is
// exactly what writing it again and reading that gives back.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { checkMarker, readCheckMarker } from '../../src/github/check-run.js'
import { backLinkedJobs, backLinkMarker, threadClaims } from '../../src/github/back-links.js'
import { formatRecord, parseRecord } from '../../src/github/pr-record.js'
import { soleWriter, WriterUnknownError } from '../../src/github/writers.js'
import { markerLine } from '../support/markers.js'
import { anyText, runs } from '../support/properties.js'

const RUNS = runs(300)
const KINDS = ['pr', 'check', 'back-link', 'branch', 'other']
const PROJECT = 'proj-test'

/** Values shaped like the markers' own, with any field swapped for any JSON. */
const WRITERS = ['docs-helper[bot]', 'github-actions[bot]', 'mallory', 'mallory[bot]']
const field = fc.oneof(
  fc.constantFrom(PROJECT, 'job_1', '4242', 'Docs/docs/step', '..', ''),
  fc.constantFrom(...WRITERS, 'a b', '[bot]', `${'x'.repeat(101)}[bot]`),
  fc.constantFrom('https://github.com/acme/docs/pull/100', 'javascript:alert(1)'),
  fc.integer({ min: -2, max: 1_000_001 }),
  fc.double(),
  anyText({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 })
)
const shaped = fc.dictionary(
  fc.constantFrom('project', 'job', 'run', 'attempt', 'followUps', 'handedOff', 'step', 'by', 'x'),
  field,
  { maxKeys: 8 }
)
/** Each kind's value as the action writes it, one field maybe swapped for another value. */
const GOOD: Record<string, Record<string, unknown>> = {
  pr: { project: PROJECT, job: 'job_1', run: '4242', attempt: 1, followUps: 0, by: WRITERS[0] },
  check: { run: '4242', step: 'Docs/docs/step', project: PROJECT },
  'back-link': { job: 'job_1', project: PROJECT, by: WRITERS[0] }
}
const nearlyGood = fc
  .tuple(
    fc.constantFrom('pr', 'check', 'back-link'),
    fc.option(
      fc.tuple(
        fc.constantFrom('project', 'job', 'run', 'attempt', 'followUps', 'handedOff', 'step', 'by'),
        field
      )
    )
  )
  .map(([kind, swap]) =>
    markerLine(kind, swap ? { ...GOOD[kind], [swap[0]]: swap[1] } : GOOD[kind])
  )
const anyMarker = fc.oneof(
  nearlyGood,
  fc
    .tuple(fc.constantFrom(...KINDS), fc.oneof(shaped, fc.jsonValue({ maxDepth: 3 })))
    .map(([kind, value]) => markerLine(kind, value))
)

/** A marker line with some of its characters replaced. */
const mangled = fc
  .tuple(anyMarker, fc.nat(), anyText({ maxLength: 4 }), fc.nat({ max: 4 }))
  .map(([line, at, text, cut]) => {
    const i = at % (line.length + 1)
    return line.slice(0, i) + text + line.slice(i + cut)
  })

/** Bodies of a few lines, each any text, a marker or a mangled one. */
const body = fc
  .tuple(
    fc.array(fc.oneof(anyText({ maxLength: 40 }), anyMarker, mangled), { maxLength: 5 }),
    fc.constantFrom('\n', '\r\n')
  )
  .map(([lines, end]) => lines.join(end))

describe('every marker reader', () => {
  it("reads a pull request's record only as it would write it again, never throwing", () => {
    fc.assert(
      fc.property(body, (text) => {
        const record = parseRecord(text)
        if (record) assert.deepEqual(parseRecord(formatRecord(record)), record)
      }),
      RUNS
    )
  })

  it("reads a check run's owner only as it would write it again, never throwing", () => {
    fc.assert(
      fc.property(body, (text) => {
        const owner = readCheckMarker(text)
        if (owner) assert.deepEqual(readCheckMarker(checkMarker(owner)), owner)
      }),
      RUNS
    )
  })

  it('reads back-linked jobs only as it would write them again, never throwing', () => {
    const bot = { login: 'github-actions[bot]', type: 'Bot' }
    fc.assert(
      fc.property(body, (text) => {
        for (const job of backLinkedJobs([{ body: text, user: bot }], PROJECT)) {
          const again = backLinkedJobs([{ body: backLinkMarker(job, PROJECT), user: bot }], PROJECT)
          assert.deepEqual(again, [job])
        }
      }),
      RUNS
    )
  })

  it('reads back any owner it writes into a check run, among other lines', () => {
    fc.assert(
      fc.property(
        anyText({ maxLength: 30 }),
        anyText({ maxLength: 30 }),
        anyText({ maxLength: 30 }),
        anyText({ maxLength: 30 }).filter((text) => !text.includes('\n')),
        (run, step, project, before) => {
          const owner = { run, step, project }
          assert.deepEqual(readCheckMarker(`${before}\n${checkMarker(owner)}\nmore`), owner)
        }
      ),
      RUNS
    )
  })

  it("reads back the writer a record or back-link names, whatever the login's form", () => {
    const login = fc.oneof(
      fc.constantFrom(...WRITERS),
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}(\[bot\])?$/)
    )
    fc.assert(
      fc.property(login, (by) => {
        const record = { project: PROJECT, job: 'job_1', run: '1', attempt: 1, followUps: 0, by }
        assert.equal(parseRecord(formatRecord(record))?.by, by)
        const user = { login: by, type: by.endsWith('[bot]') ? 'Bot' : 'User' }
        const comments = [{ id: 1, body: backLinkMarker('job_1', PROJECT, by), user }]
        assert.deepEqual(threadClaims(comments, PROJECT), [{ user, by, where: 'comment 1' }])
      }),
      RUNS
    )
  })
})

describe('whose records are believed when GitHub will not say (the trust rule)', () => {
  const author = fc.record({
    login: fc.constantFrom(...WRITERS),
    type: fc.constantFrom('Bot', 'User')
  })
  // A record or back-link of the project naming any of the writers, or any body at all.
  const claimed = fc
    .tuple(fc.constantFrom('pr', 'back-link'), fc.constantFrom(...WRITERS))
    .map(([kind, by]) => markerLine(kind, { ...GOOD[kind], by }))
  // Often by the account it names (a bot, or a person with a bot's login in the marker).
  const selfNamed = fc
    .tuple(fc.constantFrom('pr', 'back-link'), author)
    .map(([kind, user]) => [markerLine(kind, { ...GOOD[kind], by: user.login }), user] as const)
  const comment = fc.oneof(selfNamed, fc.tuple(fc.oneof(claimed, body), author))
  const thread = fc.array(comment, { maxLength: 6 })

  it('believes only a bot whose own record names it, from one bot only, whatever the comments hold', () => {
    fc.assert(
      fc.property(thread, (comments) => {
        const listed = comments.map(([text, user], id) => ({ id, body: text, user }))
        const claims = threadClaims(listed, PROJECT)
        // The bots with a record of this project naming themselves, as a test reads them.
        const own = new Set(
          claims
            .filter((c) => c.user?.type === 'Bot' && c.user.login?.endsWith('[bot]'))
            // Naming itself, or the first guess whose naming write GitHub did not take.
            .filter((c) => c.by === c.user?.login || c.by === 'github-actions[bot]')
            .map((c) => c.user?.login)
        )
        let believed: string | undefined
        try {
          believed = soleWriter(claims, 'github-token')
        } catch (error) {
          assert.ok(error instanceof WriterUnknownError)
          assert.ok(own.size > 1)
          for (const bot of own) assert.ok(error.message.includes(String(bot)))
          return
        }
        assert.ok(own.size <= 1)
        assert.equal(believed, [...own][0])
        // Never a person, nor a login a person's pasted marker names.
        if (believed !== undefined) {
          assert.ok(believed.endsWith('[bot]'))
          assert.ok(listed.some((c) => c.user.login === believed && c.user.type === 'Bot'))
        }
      }),
      RUNS
    )
  })
})
