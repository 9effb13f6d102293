// Both recipes on one repository, through the bundle, with the docs in another repository and in
// this one: one change is documented once, nothing the agent writes comes back to it, the end of
// a pull request never closes what is not its job's, and commands after the end send nothing new.

import { describe, expect, it, jest } from '@jest/globals'
import { onDemand, startedWithFile } from '../support/fixtures.js'
import { pullRequestWorld } from '../support/github-routes/pull-requests.js'
import { AGENT, companions, REPO, type DocsHome } from '../support/companions-world.js'
import type { ActionRun } from '../support/run-action.js'
import { markerValues } from '../support/markers.js'

// Each scenario is a life of a dozen runs, shared by its tests: the first test waits for it all.
jest.setTimeout(90_000)

const lines = (run: ActionRun, prefix: string) =>
  run.stdout.split('\n').filter((line) => line.startsWith(prefix))

describe.each<DocsHome>(['elsewhere', 'here'])('docs %s', (home) => {
  const world = onDemand(() => companions(home))

  // A merged pull request: its own docs job and docs pull request, then the push of its merge.
  const merged = startedWithFile(async () => {
    const w = await world()
    w.open(57)
    // The agent's docs pull requests, as it opens them: the stand-in numbers them from #100.
    const docsNumber = w.agentOpens(`https://github.com/${w.docsRepo}/pull/100`)
    w.agentOpens(`https://github.com/${w.docsRepo}/pull/101`)
    const opened = await w.prRun(57, 'opened')
    const docs = opened.outputs['pr-link'] as string
    // The agent's own docs pull request, when it lives here, triggers the recipe too.
    const ownOpened = home === 'here' ? await w.prRun(docsNumber, 'opened') : undefined
    const ownPushed = home === 'here' ? await w.prRun(docsNumber, 'synchronize') : undefined
    // The branch already has its docs job, told a commit pushed straight to main.
    const direct = await w.pushRun(w.pushOnly([{ message: 'Fix the CLI help', author: 'bob' }]))
    const before = w.posts().length
    const mergePush = w.merge(57)
    const mergedRun = await w.prRun(57, 'closed')
    const branchRun = await w.pushRun(mergePush)
    const after = w.posts().length
    return {
      w,
      opened,
      docs,
      docsNumber,
      ownOpened,
      ownPushed,
      direct,
      before,
      mergedRun,
      branchRun,
      after
    }
  })

  it('the pull request has one job and one docs pull request, told it is ready when merged', async () => {
    const { w, opened, mergedRun, direct } = await merged()
    expect(opened.exitCode).toBe(0)
    expect(opened.outputs.created).toBe('true')
    expect(direct.outputs.created).toBe('true')
    expect(mergedRun.outputs['docs-pr-action']).toBe('merged-note')
    // One job for the pull request, one for the branch: nothing else was created.
    expect(w.posts().filter((post) => post.job === '(new)')).toHaveLength(2)
  })

  it("the push of the merge tells the branch's job nothing, and says where it was documented", async () => {
    const { w, branchRun, before, after, docsNumber } = await merged()
    const shown = `${w.docsRepo}#${docsNumber}`
    expect(branchRun.exitCode).toBe(0)
    expect(after).toBe(before)
    expect(branchRun.outputs.skipped).toBe('true')
    expect(branchRun.stdout).toContain(
      `documented with their own pull request's docs job: #57 → ${shown}`
    )
    expect(branchRun.summary).toContain(`#57 → ${shown}`)
    const [dashboard] = w.dashboards()
    expect(dashboard?.body).toContain('#57 →')
    expect(dashboard?.body).toContain('(documented there)')
    expect(lines(branchRun, '::warning')).toEqual([])
  })

  it('a later push tells only its own commits, never the merged change again', async () => {
    const { w } = await merged()
    const later = await w.pushRun(
      w.pushOnly([{ message: 'Add the export command', author: 'bob' }])
    )
    expect(later.exitCode).toBe(0)
    const last = w.posts().at(-1)?.prompt ?? ''
    expect(last).toContain('Add the export command')
    expect(last).not.toContain('Merge pull request #57')
    expect(w.posts().filter((post) => post.prompt.includes('Merge pull request #57'))).toEqual([])
  })

  // Commands after the end: on the merged pull request, then once its docs pull request merged.
  it('a command on the merged pull request follows up its job while its docs pull request is open', async () => {
    const { w, opened } = await merged()
    const before = w.posts().length
    const command = await w.command(57)
    expect(command.exitCode).toBe(0)
    expect(w.posts().slice(before)).toEqual([
      expect.objectContaining({ job: opened.outputs['job-id'] })
    ])
  })

  if (home === 'here') {
    it("the agent's own docs pull request starts no job, on opened nor on a push", async () => {
      const { ownOpened, ownPushed, docsNumber } = await merged()
      for (const run of [ownOpened, ownPushed] as ActionRun[]) {
        expect(run.exitCode).toBe(0)
        expect(run.outputs.skipped).toBe('true')
        expect(run.outputs['job-id'] ?? '').toBe('')
        expect(run.stdout).toContain(
          `pull request #${docsNumber} was opened by the docs agent, whose own work never starts or feeds a job`
        )
      }
    })

    it("the agent's docs pull request merged into main, and its direct pushes, feed no job", async () => {
      const { w, docsNumber } = await merged()
      const before = w.posts().length
      const mergeDocs = w.merge(docsNumber, AGENT)
      const docsClosed = await w.prRun(docsNumber, 'closed')
      const docsMergePush = await w.pushRun(mergeDocs)
      const direct = await w.pushRun(w.pushOnly([{ message: 'docs: fix a link', author: AGENT }]))
      expect(w.posts().length).toBe(before)
      expect(docsClosed.outputs['docs-pr-action']).toBe('none')
      expect(docsClosed.stdout).toContain('was opened by the docs agent')
      expect(docsMergePush.outputs.skipped).toBe('true')
      expect(docsMergePush.stdout).toContain(`the docs agent's own work: #${docsNumber}`)
      expect(direct.outputs.skipped).toBe('true')
      expect(direct.stdout).toContain("the docs agent's own work:")
      // The code is merged and its docs pull request too: a command there starts nothing.
      const command = await w.command(57)
      expect(w.posts().length).toBe(before)
      const reply = w.github.comments(REPO, 57).at(-1)?.body ?? ''
      expect(reply).toContain(
        "the pull request is merged and its docs job has no open docs pull request; the branch's docs job documents what comes next"
      )
      expect(command.exitCode).toBe(0)
    })
  }
})

describe.each<DocsHome>(['elsewhere', 'here'])('docs %s: the end never destroys', (home) => {
  const world = onDemand(() => companions(home))

  // A code pull request closed unmerged whose job's docs pull request a person opened.
  const personal = startedWithFile(async () => {
    const w = await world()
    w.open(58)
    // The job's docs pull request is one a person opened (the stand-in numbers from #100).
    const number = w.agentOpens(`https://github.com/${w.docsRepo}/pull/100`, 'writer')
    const opened = await w.prRun(58, 'opened')
    expect(opened.outputs['pr-link']).toBe(`https://github.com/${w.docsRepo}/pull/100`)
    w.github.setPullState(REPO, 58, { state: 'closed', merged: false })
    const dry = await w.prRun(58, 'closed', { inputs: { 'dry-run': 'true' } })
    const closed = await w.prRun(58, 'closed')
    const command = await w.command(58)
    return { w, number, dry, closed, command }
  })

  it('never closes a docs pull request the agent did not open, and says why', async () => {
    const { w, number, closed } = await personal()
    expect(closed.exitCode).toBe(0)
    expect(closed.outputs['docs-pr-action']).toBe('kept')
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#${number}`)?.state).toBe(
      'open'
    )
    const notes = w.github.comments(w.docsRepo, number).map((c) => c.body)
    expect(notes.filter((body) => body.includes('was left open because'))).toEqual([
      expect.stringContaining(
        'it was opened by writer, not by the account the docs agent writes as'
      )
    ])
  })

  it('a dry run of the close names the docs pull request it would keep', async () => {
    const { w, number, dry } = await personal()
    expect(dry.stdout).toContain(
      `Dry run: would comment on ${w.docsRepo}#${number} (it was opened by writer`
    )
  })

  it('a command on the pull request closed without merging sends nothing and says how to bring it back', async () => {
    const { w, command } = await personal()
    const posts = w.posts().length
    expect(command.exitCode).toBe(0)
    expect(w.posts()).toHaveLength(posts)
    const reply = w.github.comments(REPO, 58).at(-1)?.body ?? ''
    expect(reply).toContain('was closed without merging, so its docs job takes no commands')
    expect(reply).toContain('reopening it brings the docs job back')
  })

  // Closed while its job still works: the end run waits for the job, then closes.
  const fresh = onDemand(() => companions(home))
  const working = startedWithFile(async () => {
    const w = await fresh()
    w.open(59)
    // A job of ten minutes, which the service's clock ends once the end run waits for it.
    const opened = await w.prRun(59, 'opened', {
      inputs: { wait: 'false', prompt: 'slow:600000: Document it.' }
    })
    const job = opened.outputs['job-id'] as string
    // The agent opens its docs pull request while the job works (the stand-in's first is #100).
    const link = `https://github.com/${w.docsRepo}/pull/100`
    w.agentOpens(link)
    w.github.setPullState(REPO, 59, { state: 'closed', merged: false })
    const closed = await w.prRun(59, 'closed', {
      onStdout: (text) => {
        if (text.includes('is still working; waiting for it')) w.advance(20 * 60_000)
      }
    })
    return { w, job, closed, link }
  })

  it('a pull request closed while its job works: the end run waits, then closes the docs pull request', async () => {
    const { w, closed, link, job } = await working()
    expect(closed.exitCode).toBe(0)
    expect(closed.stdout).toContain(
      `Job ${job} is still working; waiting for it before closing its docs pull request.`
    )
    expect(closed.outputs['docs-pr-action']).toBe('closed')
    expect(closed.outputs['pr-link']).toBe(link)
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#100`)?.state).toBe('closed')
  })

  // The wait does not fit in the step: the close is left pending, and a re-run finishes it.
  const pending = startedWithFile(async () => {
    const w = await fresh()
    w.open(60)
    const opened = await w.prRun(60, 'opened', {
      inputs: { wait: 'false', prompt: 'slow:600000: Document it.' }
    })
    // A second pull request, closed the same way; a command finishes its close.
    w.open(61)
    const other = await w.prRun(61, 'opened', {
      inputs: { wait: 'false', prompt: 'slow:600000: Document it.' }
    })
    w.agentOpens(`https://github.com/${w.docsRepo}/pull/100`)
    w.agentOpens(`https://github.com/${w.docsRepo}/pull/101`)
    w.github.setPullState(REPO, 60, { state: 'closed', merged: false })
    w.github.setPullState(REPO, 61, { state: 'closed', merged: false })
    const [first] = await Promise.all([
      w.prRun(60, 'closed', { inputs: { timeout: '5s' }, runId: 9900 }),
      w.prRun(61, 'closed', { inputs: { timeout: '5s' } })
    ])
    const open = pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#100`)?.state
    // Once the jobs have ended, the workflow run is re-run, and someone comments on the other.
    w.advance(20 * 60_000)
    for (const run of [opened, other]) await w.untilIdle(run.outputs['job-id'] as string)
    const posts = w.posts().length
    const rerun = await w.prRun(60, 'closed', { runId: 9900, attempt: 2 })
    const command = await w.command(61)
    return { w, opened, first, open, rerun, command, posts }
  })

  it('a command on a pull request whose close waited finishes the close, and sends nothing', async () => {
    const { w, command, posts } = await pending()
    expect(command.exitCode).toBe(0)
    expect(w.posts()).toHaveLength(posts)
    expect(command.outputs['docs-pr-action']).toBe('closed')
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#101`)?.state).toBe('closed')
  })

  it('a close that cannot wait long enough says what to do, and its re-run closes', async () => {
    const { w, first, open, rerun } = await pending()
    expect(first.outputs['docs-pr-action']).toBe('none')
    expect(first.stdout).toContain(
      'Its docs job is still working: once it ends, re-run this workflow run to close'
    )
    expect(open).toBe('open')
    expect(rerun.outputs['docs-pr-action']).toBe('closed')
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#100`)?.state).toBe('closed')
  })
})

// Reading the source pull request's comments: unknown sends nothing; a refusal tells as before.
describe("the merged pull request's record cannot be read", () => {
  const world = onDemand(() => companions('elsewhere'))
  const comments = /^\/repos\/acme\/app\/issues\/57\/comments$/

  const faults = startedWithFile(async () => {
    const w = await world()
    w.open(57)
    w.agentOpens(`https://github.com/${w.docsRepo}/pull/100`)
    await w.prRun(57, 'opened')
    const mergePush = w.merge(57)
    const before = w.posts().length
    const lift = w.github.deny({ method: 'GET', path: comments, status: 502 })
    const unknown = await w.pushRun(mergePush)
    lift()
    const afterUnknown = w.posts().length
    const liftDenied = w.github.deny({ method: 'GET', path: comments, status: 403 })
    const denied = await w.pushRun(mergePush)
    liftDenied()
    return { w, before, unknown, afterUnknown, denied }
  })

  it('when GitHub does not answer, sends nothing and says the next run picks it up', async () => {
    const { before, unknown, afterUnknown } = await faults()
    expect(afterUnknown).toBe(before)
    expect(unknown.exitCode).toBe(1)
    expect(lines(unknown, '::error::').join('\n')).toContain(
      'the docs records of the pull requests the commits came from'
    )
    expect(lines(unknown, '::error::').join('\n')).toContain('next run')
  })

  it('when the token may not read them, tells the change as before, with one warning naming the permission', async () => {
    const { w, afterUnknown, denied } = await faults()
    expect(denied.exitCode).toBe(0)
    expect(w.posts().length).toBe(afterUnknown + 1)
    expect(w.posts().at(-1)?.prompt).toContain('Merge pull request #57')
    expect(lines(denied, '::warning::')).toEqual([
      expect.stringContaining('`permissions: pull-requests: read`')
    ])
  })
})

// The agent may open its docs pull request under the connected account of a person: a back-link
// there to the job, proven by the job, says it is the agent's. Without one, a person's is kept.
describe("docs elsewhere: a docs pull request under a person's account at a close", () => {
  const world = onDemand(() => companions('elsewhere'))
  const backLinked = (body: string) => body.includes('back-link')

  const closes = startedWithFile(async () => {
    const w = await world()
    const pulls = pullRequestWorld(w.github.state).pulls
    // Each job's docs pull request (the stand-in's #100, then #101), opened by writer while it works.
    const openedBy = async (number: number, docs: number) => {
      w.open(number)
      w.agentOpens(`https://github.com/${w.docsRepo}/pull/${docs}`, 'writer')
      const opened = await w.prRun(number, 'opened')
      const pull = pulls.get(`${w.docsRepo}#${docs}`)
      if (pull) pull.createdAt = new Date().toISOString()
      w.github.setPullState(REPO, number, { state: 'closed', merged: false })
      return opened
    }
    const proven = await openedBy(62, 100)
    const unproven = await openedBy(63, 101)
    // Someone deleted the back-link on #101: nothing says the agent opened it.
    const comments = w.github.comments(w.docsRepo, 101)
    const linksOn101 = comments.filter((c) => backLinked(c.body)).length
    comments.splice(0, comments.length, ...comments.filter((c) => !backLinked(c.body)))
    const closedProven = await w.prRun(62, 'closed')
    const closedUnproven = await w.prRun(63, 'closed')
    return { w, proven, unproven, linksOn101, closedProven, closedUnproven }
  })

  it('closes the one a back-link to its job proves the agent opened', async () => {
    const { w, proven, closedProven } = await closes()
    expect(proven.outputs['pr-link']).toBe(`https://github.com/${w.docsRepo}/pull/100`)
    expect(w.github.comments(w.docsRepo, 100).filter((c) => backLinked(c.body))).toHaveLength(1)
    expect(closedProven.exitCode).toBe(0)
    expect(closedProven.outputs['docs-pr-action']).toBe('closed')
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#100`)?.state).toBe('closed')
  })

  it('keeps the one nothing proves, and says who opened it', async () => {
    const { w, unproven, linksOn101, closedUnproven } = await closes()
    expect(unproven.outputs['pr-link']).toBe(`https://github.com/${w.docsRepo}/pull/101`)
    expect(linksOn101).toBe(1)
    expect(closedUnproven.exitCode).toBe(0)
    expect(closedUnproven.outputs['docs-pr-action']).toBe('kept')
    expect(pullRequestWorld(w.github.state).pulls.get(`${w.docsRepo}#101`)?.state).toBe('open')
    const notes = w.github.comments(w.docsRepo, 101).map((c) => c.body)
    expect(notes.filter((body) => body.includes('was left open because'))).toEqual([
      expect.stringContaining(
        'it was opened by writer, not by the account the docs agent writes as'
      )
    ])
  })
})

// A change merged while its pull request's job works, with no docs pull request yet: apart for
// that run, not settled, so that when the job fails a later run tells the branch's job.
describe('docs elsewhere: a change whose docs job has no docs pull request yet', () => {
  const world = onDemand(() => companions('elsewhere'))
  const merge = 'Merge pull request #64'

  const life = startedWithFile(async () => {
    const w = await world()
    // The branch already has its docs job and its dashboard.
    await w.pushRun(w.pushOnly([{ message: 'Fix the CLI help', author: 'bob' }]))
    w.open(64)
    await w.prRun(64, 'opened', {
      inputs: { wait: 'false', prompt: 'slow:600000: fail: Document it.' }
    })
    const mergePush = w.merge(64)
    const whileWorking = await w.pushRun(mergePush)
    const record = markerValues('branch', w.dashboards()[0]?.body)[0] as { settled?: string[] }
    // The pull request's job fails, never having opened a docs pull request.
    w.advance(20 * 60_000)
    const before = w.posts().length
    const later = await w.pushRun(
      w.pushOnly([{ message: 'Add the export command', author: 'bob' }])
    )
    return { w, whileWorking, record, mergeSha: mergePush.after, before, later }
  })

  it('is not told while its job works, and not settled', async () => {
    const { whileWorking, record, mergeSha } = await life()
    expect(whileWorking.exitCode).toBe(0)
    expect(whileWorking.stdout).toContain('#64 (its job is working)')
    expect(record.settled ?? []).not.toContain(mergeSha)
  })

  it("is told to the branch's job by a later run once that job failed", async () => {
    const { w, before, later } = await life()
    expect(later.exitCode).toBe(0)
    const told = w
      .posts()
      .slice(before)
      .map((post) => post.prompt)
    expect(told).toEqual([expect.stringContaining(merge)])
    expect(told[0]).toContain('Add the export command')
  })
})
