// The branch's promise through the events of a busy repository, one test for each way it
// used to break: each commit told to the agent once, none lost, one docs job and one
// dashboard per branch and workflow. Through the bundle, against both stand-ins.

import { jest } from '@jest/globals'
import { APP_BOT, branchWorld, REPO, type BranchWorld } from '../support/branch-world.js'
import { parseBranchRecord } from '../../src/github/branch-record.js'

import type { ActionRun } from '../support/run-action.js'
import { GITHUB_TOKEN as TOKEN } from '../support/fixtures.js'
import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'

jest.setTimeout(60_000)

/** How many times each subject reached the agent, per job. */
function toldPerJob(w: BranchWorld, subjects: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const subject of subjects) out[subject] = w.mentions(subject)
  return out
}
const errors = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::error::'))
const warnings = (run: ActionRun): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))

async function untilIdle(w: BranchWorld, jobId: string): Promise<void> {
  for (let i = 0; i < 300 && w.agent.job(jobId)?.status === 'active'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('no commit is lost', () => {
  it.concurrent(
    "a failed first job's commits, from a scheduled run, go to the next job",
    async () => {
      const w = await branchWorld()
      try {
        w.pushOnly(['Week change one', 'Week change two'])
        const first = await w.schedule('fail: Update the docs.')
        const next = await w.push(['Next change'])
        expect(first.exitCode).toBe(1)
        expect(next.exitCode).toBe(0)
        expect(w.creations()).toBe(2)
        const last = w.prompts().at(-1) ?? ''
        for (const subject of ['Week change one', 'Week change two', 'Next change']) {
          expect(last).toContain(subject)
        }
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "a failed first job's commits, from the push that created the branch, go to the next job",
    async () => {
      const w = await branchWorld({ branch: 'feature' })
      try {
        const index = w.pushOnly(['Feature one', 'Feature two'], 'dev', false, true)
        const created = await w.runPush(index, 'fail: Update the docs.')
        const next = await w.push(['Feature three'])
        expect(created.exitCode).toBe(1)
        expect(next.exitCode).toBe(0)
        const last = w.prompts().at(-1) ?? ''
        for (const subject of ['Feature one', 'Feature two', 'Feature three']) {
          expect(last).toContain(subject)
        }
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a job that fails while a later run waits for it gives its commits to the new job',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Busy one'])
        const busy = await w.push(['Busy two'], 'slow:4000:fail: Update the docs.', {
          inputs: { wait: 'false' }
        })
        const waiter = await w.push(['Waiter change'])
        expect(busy.exitCode).toBe(0)
        expect(waiter.exitCode).toBe(0)
        expect(waiter.stdout).toMatch(/Created a new job \S+: the recorded job \S+ failed\./)
        const last = w.sent().at(-1)
        expect(last?.jobId).toBe('(new)')
        expect(last?.prompt).toContain('Busy one')
        expect(last?.prompt).toContain('Busy two')
        expect(last?.prompt).toContain('Waiter change')
        expect(w.openDashboards()).toHaveLength(1)
        expect(w.openDashboards()[0]?.body).toContain('(failed)')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    "an older push's run that arrives after a newer one tells the older commits",
    async () => {
      const w = await branchWorld()
      try {
        const older = w.pushOnly(['Older push change'])
        const newer = w.pushOnly(['Newer push change'])
        const first = await w.runPush(newer)
        const late = await w.runPush(older)
        expect([first.exitCode, late.exitCode]).toEqual([0, 0])
        expect(late.outputs.skipped).toBe('false')
        expect(toldPerJob(w, ['Older push change', 'Newer push change'])).toEqual({
          'Older push change': 1,
          'Newer push change': 1
        })
        expect(w.creations()).toBe(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a first run that failed before reaching the agent, re-run after the next push, tells its commits',
    async () => {
      const w = await branchWorld()
      try {
        // The service refuses the first creation: nothing reached the agent.
        w.agent.inject({ method: 'POST', path: /\/job$/, fault: { kind: 'status', status: 400 } })
        const first = w.pushOnly(['First push change'])
        const failed = await w.runPush(first)
        const refused = w.prompts().length
        const next = await w.push(['Second push change'])
        const rerun = await w.rerun(0)
        expect([failed.exitCode, next.exitCode, rerun.exitCode]).toEqual([1, 0, 0])
        // The refused creation reached no job: only what came after it counts.
        const told = w.prompts().slice(refused)
        const count = (subject: string): number => told.filter((p) => p.includes(subject)).length
        expect([count('First push change'), count('Second push change')]).toEqual([1, 1])
        expect(w.creations() - refused).toBe(1)
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent(
    'a run that timed out waiting for a busy job is re-run: it sends what it had not',
    async () => {
      const w = await branchWorld()
      try {
        const busy = await w.push(['Long change'], 'slow:9000: Update the docs.', {
          inputs: { wait: 'false' }
        })
        const timedOut = await w.push(['Waited change'], 'fast: Update the docs.', {
          inputs: { timeout: '3s' }
        })
        expect(timedOut.exitCode).toBe(1)
        expect(w.mentions('Waited change')).toBe(0)
        expect(w.openDashboards()[0]?.body).toContain('waited for the busy job')
        await untilIdle(w, busy.outputs['job-id'] ?? '')
        const rerun = await w.rerun()
        expect(rerun.exitCode).toBe(0)
        expect(w.mentions('Waited change')).toBe(1)
        expect(w.sent().at(-1)?.jobId).toBe(busy.outputs['job-id'])
      } finally {
        await w.close()
      }
    }
  )
})

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
        const record = parseBranchRecord(open[0]?.body)
        const kept = next.outputs['job-id'] ?? ''
        expect(record?.jobId).toBe(kept)
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

describe('what a run says', () => {
  it.concurrent('a deleted branch, and a tag, send nothing and say why', async () => {
    const w = await branchWorld()
    try {
      const deleted = await w.runEvent(
        'push',
        {
          ref: 'refs/heads/main',
          before: w.head(),
          after: '0'.repeat(40),
          deleted: true,
          commits: []
        },
        '0'.repeat(40),
        'fast: Update the docs.'
      )
      const tag = await w.runEvent(
        'push',
        { ref: 'refs/tags/v1.0.0', before: '0'.repeat(40), after: w.head(), commits: [] },
        w.head(),
        'fast: Update the docs.',
        { env: { GITHUB_REF: 'refs/tags/v1.0.0' } }
      )
      expect(deleted.exitCode).toBe(0)
      expect(deleted.outputs.skipped).toBe('true')
      expect(deleted.stdout).toContain('the push deleted its branch')
      expect(tag.exitCode).toBe(0)
      expect(tag.outputs.skipped).toBe('true')
      expect(tag.stdout).toContain('a tag is not a branch')
      expect(tag.stdout).toContain('reuse-job: false')
      expect(w.prompts()).toEqual([])
    } finally {
      await w.close()
    }
  })

  it.concurrent(
    "with issues turned off (410), warns once and still tells the push's commits",
    async () => {
      const w = await branchWorld()
      try {
        w.github.deny({ path: /\/issues$/, status: 410 })
        const run = await w.push(['Change with issues off'])
        expect(run.exitCode).toBe(0)
        expect(warnings(run)).toHaveLength(1)
        expect(w.prompts()[0]).toContain('Change with issues off')
      } finally {
        await w.close()
      }
    }
  )

  it.concurrent('a dry run with nothing new says skipped', async () => {
    const w = await branchWorld()
    try {
      await w.push(['Told'])
      const dry = await w.schedule('fast: Update the docs.', { inputs: { 'dry-run': 'true' } })
      expect(dry.exitCode).toBe(0)
      expect(dry.outputs.skipped).toBe('true')
      expect(w.prompts()).toHaveLength(1)
    } finally {
      await w.close()
    }
  })

  it.concurrent(
    'a run that only read (every read answered 503) does not say a job may have been created',
    async () => {
      const w = await branchWorld()
      try {
        await w.push(['Told'])
        w.agent.inject({ method: 'GET', times: 100, fault: { kind: 'status', status: 503 } })
        const run = await w.push(['Next'], 'fast: Update the docs.', { inputs: { timeout: '2s' } })
        expect(run.exitCode).toBe(1)
        expect(run.stdout).not.toContain('may have been created')
        expect(w.prompts()).toHaveLength(1)
      } finally {
        await w.close()
      }
    }
  )
})
