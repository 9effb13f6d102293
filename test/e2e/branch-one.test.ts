// The branch's promise through the events of a busy repository (one job and one record per branch): one test for
// each way it used to break. Through the bundle, against both stand-ins. The files of
// this promise: branch-lost, branch-one, branch-says.

import { jest } from '@jest/globals'
import { parseBranchRecords } from '../../src/github/branch-record.js'
import { APP_BOT, branchWorld, errors, REPO } from '../support/branch-world.js'
import { GITHUB_TOKEN as TOKEN } from '../support/fixtures.js'
import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'

jest.setTimeout(60_000)

describe('one job and one dashboard per branch', () => {
  it.concurrent(
    'a 502 on reading the dashboards, or the commits, sends nothing and says the next run picks it up',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Before the fault'])
        const lift = w.github.deny({ method: 'GET', path: /\/issues$/, status: 502 })
        const dashboardsDown = await w.push(['During the dashboard fault'])
        lift()
        const liftCompare = w.github.deny({ method: 'GET', path: /\/compare\//, status: 502 })
        const commitsDown = await w.push(['During the commits fault'])
        liftCompare()
        const healed = await w.push(['After the faults'])
        expect(dashboardsDown.exitCode).toBe(1)
        expect(errors(dashboardsDown)).toEqual([
          expect.stringContaining(
            'Could not read the dashboard issues of acme/app (the GitHub API answered 502), so nothing was sent to the agent'
          )
        ])
        expect(errors(dashboardsDown)[0]).not.toContain('issues: write')
        expect(dashboardsDown.outputs.created ?? 'false').toBe('false')
        expect(commitsDown.exitCode).toBe(1)
        expect(errors(commitsDown)).toEqual([
          expect.stringContaining(
            'Could not read the commits of main (the GitHub API answered 502)'
          )
        ])
        // Nothing was sent by the two runs; the next run tells what they could not, once.
        expect(w.prompts()).toHaveLength(2)
        expect(healed.outputs['job-id']).toBe(w.sent()[1]?.jobId)
        for (const subject of [
          'During the dashboard fault',
          'During the commits fault',
          'After the faults'
        ]) {
          expect(w.mentions(subject)).toBe(1)
        }
        expect(w.openDashboards()).toHaveLength(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'past 100 other open issues of the bot, and with the label removed or a line added above the record, it is the same job',
    async () => {
      const w = await branchWorld()
      try {
        for (let n = 0; n < 101; n++) {
          w.github.addIssue(REPO, {
            title: `Other ${n}`,
            labels: ['docs-agent'],
            login: 'github-actions[bot]'
          })
        }
        const first = await w.push(['One'])
        const [dashboard] = w.openDashboards()
        if (!dashboard) throw new Error('no dashboard')
        dashboard.labels = []
        dashboard.body = `A note a person added.\n\n${dashboard.body ?? ''}`
        const second = await w.push(['Two'])
        expect(second.outputs['job-id']).toBe(first.outputs['job-id'])
        expect(w.creations()).toBe(1)
        expect(w.openDashboards()).toHaveLength(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent('an old dashboard reopened does not take the branch back to its job', async () => {
    const w = await branchWorld()
    try {
      const first = await w.push(['Before the close'])
      const [old] = w.openDashboards()
      w.github.closeIssue(REPO, old?.number ?? 0, 'maintainer')
      const restarted = await w.push(['After the close'])
      if (old) old.state = 'open'
      const after = await w.push(['After the reopen'])
      expect(restarted.outputs['job-id']).not.toBe(first.outputs['job-id'])
      expect(after.outputs['job-id']).toBe(restarted.outputs['job-id'])
      const open = w.openDashboards()
      expect(open).toHaveLength(1)
      expect(open[0]?.number).not.toBe(old?.number)
      expect(w.github.issues(REPO).find((i) => i.number === old?.number)?.body).toContain(
        `replaced by #${open[0]?.number}`
      )
    } finally {
      await w.close()
    }
  })

  it.concurrent(
    'two first runs at once: the next run keeps the newest record, closes the other, and tells what only the loser was told',
    async () => {
      const w = await branchWorld()
      try {
        const a = w.pushOnly(['Race change A'])
        const shaA = w.head()
        const b = w.pushOnly(['Race change B'])
        const shaB = w.head()
        // The docs pull requests the jobs open, visible to the docs token.
        for (let n = 100; n < 103; n++) seedPull(w.github.state, 'acme/docs', n, {})
        const docsToken = { inputs: { 'docs-token': TOKEN } }
        // Two first runs at once, each unaware of the other's record: B's run cannot see
        // A's dashboard while it reads (as when both read before either wrote).
        const raceA = await w.runPush(a, undefined, docsToken)
        const [recordA] = w.openDashboards()
        if (!recordA) throw new Error('no record from the first run')
        recordA.state = 'closed'
        const raceB = await w.runPush(b, undefined, docsToken)
        recordA.state = 'open'
        const raced = [raceA, raceB]
        expect(new Set(raced.map((r) => r.outputs['job-id'])).size).toBe(2)
        expect(w.openDashboards()).toHaveLength(2)
        const next = await w.push(['After the race'], undefined, docsToken)
        expect(next.exitCode).toBe(0)
        const open = w.openDashboards()
        expect(open).toHaveLength(1)
        const record = parseBranchRecords(open[0]?.body)[0]
        const kept = next.outputs['job-id'] ?? ''
        expect(record?.job).toBe(kept)
        // Every commit is held by the job the branch follows, or by none that ended.
        const held = new Set(record?.told.flatMap((job) => job.shas))
        for (const sha of [shaA, shaB, w.head()]) expect(held.has(sha)).toBe(true)
        const loser = raced.map((r) => r.outputs['job-id']).find((id) => id !== kept)
        expect(record?.told.some((job) => job.id === loser)).toBe(false)
        expect(record?.ended).toContainEqual({ id: loser, why: 'lost-race' })
        // Retired: closed, and its record gone from its body.
        const closed = w.github.issues(REPO).filter((d) => d.state === 'closed')
        expect(closed).toHaveLength(1)
        expect(closed[0]?.body).toContain(`replaced by #${open[0]?.number}`)
        // The loser's docs pull request is closed, with a comment saying why.
        const loserPr = raced.find((r) => r.outputs['job-id'] === loser)?.outputs['pr-number']
        const docsPull = pullRequestWorld(w.github.state).pulls.get(`acme/docs#${loserPr}`)
        expect(docsPull?.state).toBe('closed')
        const comments = w.github.comments('acme/docs', Number(loserPr))
        expect(comments.at(-1)?.body).toContain('lost a race')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'two workflows on one branch keep two records, and each prompt reaches the agent',
    async () => {
      const w = await branchWorld()
      try {
        const other = {
          env: { GITHUB_WORKFLOW_REF: `${REPO}/.github/workflows/wait-later.yml@refs/heads/main` }
        }
        const index = w.pushOnly(['Shared change'])
        const docs = await w.runPush(index, 'fast: Update the docs.')
        const later = await w.runPush(index, 'fast: Check the examples.', other)
        expect(later.outputs.skipped).toBe('false')
        expect(w.prompts().filter((p) => p.includes('Check the examples'))).toHaveLength(1)
        expect(later.outputs['job-id']).not.toBe(docs.outputs['job-id'])
        expect(w.openDashboards()).toHaveLength(2)
        // The same key shares one job.
        const shared = await w.push(['Next shared'], 'fast: Check the examples.', {
          ...other,
          inputs: { 'record-key': '.github/workflows/docs.yml' }
        })
        expect(shared.outputs['job-id']).toBe(docs.outputs['job-id'])
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "with a GitHub App's token, keeps one job and one dashboard, written by the App's bot",
    async () => {
      const w = await branchWorld({ app: true })
      try {
        const first = await w.push(['One'])
        const second = await w.push(['Two'])
        expect(second.outputs['job-id']).toBe(first.outputs['job-id'])
        expect(w.creations()).toBe(1)
        const open = w.openDashboards()
        expect(open).toHaveLength(1)
        expect(open[0]?.user.login).toBe(APP_BOT)
        expect(first.stdout).toContain(APP_BOT)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent('a branch name with a non-breaking space keeps one job', async () => {
    const w = await branchWorld({ branch: 'docs\u00a0update' })
    try {
      const first = await w.push(['One'])
      const second = await w.push(['Two'])
      expect(second.outputs['job-id']).toBe(first.outputs['job-id'])
      expect(w.creations()).toBe(1)
    } finally {
      await w.close()
    }
  })
})
