// The check run's pure parts: the marker that names the run which started it, how a re-run
// finds its earlier check run, and the summary cut to GitHub's limit.

import {
  checkMarker,
  findEarlierCheck,
  MAX_SUMMARY,
  readCheckMarker,
  truncateSummary
} from '../../src/github/check-run.js'
import { markerLine } from '../support/markers.js'

const OWNER = { run: '4242', step: 'Docs/docs/docs-agent', project: 'proj-1' }

describe('the check marker', () => {
  it('is one hidden line of kind check, naming the run, step and project', () => {
    expect(checkMarker(OWNER)).toBe(
      '<!-- mintlify-agent:check eyJydW4iOiI0MjQyIiwic3RlcCI6IkRvY3MvZG9jcy9kb2NzLWFnZW50IiwicHJvamVjdCI6InByb2otMSJ9 -->'
    )
  })

  it('reads a marker on any line', () => {
    expect(readCheckMarker(`Started by workflow run 4242.\n${checkMarker(OWNER)}`)).toEqual(OWNER)
  })

  it.each([
    ['a run id that is a number', markerLine('check', { run: 4242, step: 's', project: 'p' })],
    ['no step', markerLine('check', { run: '4242', project: 'p' })],
    ['a value that is no object', markerLine('check', ['4242', 's', 'p'])],
    ['a marker of another kind', markerLine('back-link', { run: '4242', step: 's', project: 'p' })]
  ])('reads nothing from %s', (_name, text) => {
    expect(readCheckMarker(text)).toBeUndefined()
  })

  it('reads back what it wrote, whatever the names hold', () => {
    const odd = { run: '1', step: 'Docs "x" --> <b>/j/__run', project: 'p" run="9' }
    for (const owner of [OWNER, odd]) {
      const marker = checkMarker(owner)
      expect(marker).toMatch(/^<!-- [^>]*-->$/)
      expect(readCheckMarker(`${marker}\nStarted by workflow run 1.`)).toEqual(owner)
    }
  })

  it('reads nothing from text without it, or a marker not alone on its line', () => {
    expect(readCheckMarker(null)).toBeUndefined()
    expect(readCheckMarker('no marker')).toBeUndefined()
    expect(readCheckMarker(`quoted: ${checkMarker(OWNER)}`)).toBeUndefined()
  })
})

describe('findEarlierCheck', () => {
  const check = (id: number, owner = OWNER, externalId: string | null = `job_${id}`) => ({
    id,
    external_id: externalId,
    output: { text: `${checkMarker(owner)}\nStarted by workflow run ${owner.run}.` }
  })

  it('takes the newest check run of the same run, step and project', () => {
    expect(findEarlierCheck([check(5), check(9), check(7)], OWNER)).toEqual({
      id: 9,
      jobId: 'job_9'
    })
  })

  it.each([
    ['$', 'job_$(id)'],
    ['quotes', 'job"\'x'],
    ['a line break', 'job\nx']
  ])('ignores a check run whose external_id holds %s', (_name, externalId) => {
    expect(findEarlierCheck([check(5), check(9, OWNER, externalId)], OWNER)).toEqual({
      id: 5,
      jobId: 'job_5'
    })
  })

  it('ignores another run, step or project, one without a job id or without a marker', () => {
    const runs = [
      check(1, { ...OWNER, run: '4243' }),
      check(2, { ...OWNER, step: 'Docs/docs/other' }),
      check(3, { ...OWNER, project: 'proj-2' }),
      check(4, OWNER, null),
      { id: 6, external_id: 'job_6', output: { text: 'no marker' } }
    ]
    expect(findEarlierCheck(runs, OWNER)).toBeUndefined()
  })
})

describe('truncateSummary', () => {
  it('keeps a summary within the limit as it is, and cuts a longer one with a note', () => {
    expect(truncateSummary('short')).toBe('short')
    const cut = truncateSummary('x'.repeat(MAX_SUMMARY + 10))
    expect(cut).toHaveLength(MAX_SUMMARY)
    expect(cut.endsWith('… (cut to fit the check run)')).toBe(true)
  })
})
