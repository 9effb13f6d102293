// The step's log as a person sees it on GitHub: what the runner does with each
// workflow command, played where no runner is (a run by hand, the demo).

import fc from 'fast-check'
import { anyText, runs } from '../../support/properties.js'
import * as core from '@actions/core'
import { runnerView } from '../../../src/action/shell/runner-view.js'

/** Everything a view shows for `lines`, then what it still held. */
function show(lines: string[], debug = false): string[] {
  const view = runnerView(debug)
  return [...lines.flatMap((line) => view.render(line)), ...view.flush()]
}

describe('runnerView', () => {
  it('swallows a mask, so a key never shows', () => {
    expect(show(['::add-mask::mint_s3cret', 'Created agent job job_1.'])).toEqual([
      'Created agent job job_1.'
    ])
  })

  it('shows a group as a heading over its indented lines', () => {
    expect(
      show(['::group::Waiting for job job_1', 'Job job_1: active', '::endgroup::', 'Done.'])
    ).toEqual(['▼ Waiting for job job_1', '  Job job_1: active', 'Done.'])
  })

  it('shows annotations as a person reads them, unescaped, properties dropped', () => {
    expect(
      show([
        '::error::Job job_1 failed: 100%25 sure%0Atwo lines',
        '::warning title=pr-comment::could not comment',
        '::notice file=a.ts,line=1::note'
      ])
    ).toEqual([
      'Error: Job job_1 failed: 100% sure',
      'two lines',
      'Warning: could not comment',
      'Notice: note'
    ])
  })

  it('shows debug lines only when asked', () => {
    expect(show(['::debug::Poll 1'])).toEqual([])
    expect(show(['::debug::Poll 1'], true)).toEqual(['Debug: Poll 1'])
  })

  it('prints an output plainly, without the empty line @actions/core writes before it', () => {
    expect(show(['', '::set-output name=pr-link::https://github.com/a/b/pull/1', 'x', ''])).toEqual(
      ['Output pr-link: https://github.com/a/b/pull/1', 'x', '']
    )
  })

  it('renders what @actions/core itself writes', () => {
    const written: string[] = []
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = (chunk: string) => written.push(chunk) > 0
    const before = process.env.GITHUB_OUTPUT
    delete process.env.GITHUB_OUTPUT
    try {
      core.setSecret('mint_s3cret')
      core.setOutput('job-id', 'job_1')
      core.startGroup('Waiting')
      core.info('inside')
      core.endGroup()
      core.error('bad\nthing')
    } finally {
      process.stdout.write = write
      if (before !== undefined) process.env.GITHUB_OUTPUT = before
    }
    const lines = written.join('').split('\n')
    lines.pop()
    expect(show(lines)).toEqual([
      'Output job-id: job_1',
      '▼ Waiting',
      '  inside',
      'Error: bad',
      'thing'
    ])
  })

  it('never shows a mask line or its value, whatever the value', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(), fc.constantFrom('a\u2028b', 'x::y')), (secret) => {
        fc.pre(!/[\r\n]/.test(secret))
        const shown = show([`::add-mask::${secret}`, 'after'])
        expect(shown).toEqual(['after'])
      }),
      runs(100)
    )
  })
})
