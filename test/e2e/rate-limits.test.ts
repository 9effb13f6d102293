// A rate limit is a wait, never a refusal: a secondary limit on the read of the branch's
// dashboards that does not end in time fails the run closed (no second job, no second
// dashboard) and asks for no permission; the next run picks the work up.

import { describe, expect, it } from '@jest/globals'
import { branchWorld, errors, warnings } from '../support/branch-world.js'
import { startedWithFile } from '../support/fixtures.js'

const LIMIT =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'

describe('a secondary rate limit on the dashboards', () => {
  const life = startedWithFile(async () => {
    const w = await branchWorld()
    const first = await w.push(['Add the export command'])
    const lift = w.github.deny({
      method: 'GET',
      path: /^\/repos\/acme\/app\/issues$/,
      status: 403,
      message: LIMIT
    })
    const limited = await w.push(['Add the import command'])
    lift()
    const next = await w.schedule()
    return { w, first, limited, next }
  })

  afterAll(async () => (await life()).w.close())

  it('fails closed: nothing sent, no second job or dashboard, no permission asked', async () => {
    const { w, first, limited } = await life()
    expect(first.outputs.created).toBe('true')
    expect(limited.exitCode).toBe(1)
    expect(w.creations()).toBe(1)
    expect(w.openDashboards()).toHaveLength(1)
    expect(errors(limited).join('\n')).toContain(
      'the GitHub API answered 403: a rate limit that does not end within the time allowed'
    )
    expect(limited.stdout).not.toContain('issues: write')
    expect(warnings(limited)).toEqual([])
  })

  it('the next run tells the commit the limited run could not', async () => {
    const { w, next } = await life()
    expect(next.exitCode).toBe(0)
    expect(w.creations()).toBe(1)
    expect(w.mentions('Add the import command')).toBe(1)
  })
})
