// One docs job per branch, through the bundled action: pushes and scheduled runs feed
// one job, each commit is told to the agent once, nothing is sent when nothing is new,
// and the branch's dashboard issue keeps the record. One simulated workflow run at a
// time, against the Agent Jobs stand-in and the GitHub stand-in (state kept between runs).

import { jest } from '@jest/globals'
import { branchWorld, REPO } from '../support/branch-world.js'
import { pullRequestWorld, seedPull } from '../support/github-routes/pull-requests.js'
import type { ActionRun } from '../support/run-action.js'
import { GITHUB_TOKEN as TOKEN, holdBusy, onDemand, startedWithFile } from '../support/fixtures.js'

// A test waits for its whole chain (seven runs, one of them waiting on a slow job), not
// for two runs as a test of its own would: more time than the default on a busy machine.
jest.setTimeout(60_000)

/** The branch's world, with the dashboards as a person filtering by the label sees them. */
async function world() {
  const w = await branchWorld()
  const dashboards = () =>
    w.github.issues(REPO).filter((issue) => issue.labels.includes('docs-agent'))
  const push = (
    messages: string[],
    prompt = 'fast: Update the docs.',
    extra: Record<string, string> = {},
    options: { replace?: boolean; author?: string } = {}
  ) => w.push(messages, prompt, { inputs: extra }, options)
  return { ...w, push, dashboards }
}
const freshWorld = onDemand(world)

// Five pushes by two authors, then a scheduled run with nothing new: run once, read by
// the tests below. The docs pull request is visible and handed to the changes' authors.
const fivePushes = startedWithFile(async () => {
  const w = await freshWorld()
  seedPull(w.github.state, 'acme/docs', 100, { title: 'Docs for main' })
  const handOff = { 'docs-token': TOKEN, 'docs-pr-reviewers': 'author' }
  const push = (messages: string[], author: string): Promise<ActionRun> =>
    w.push(messages, 'fast: Update the docs.', handOff, { author })
  const runs: ActionRun[] = []
  runs.push(await push(['Add the users endpoint', 'Add its tests'], 'alice'))
  for (const [n, author] of [
    [2, 'bob'],
    [3, 'alice'],
    [4, 'alice'],
    [5, 'bob']
  ] as const)
    runs.push(await push([`Change ${n}`], author))
  const agentRequests = w.agent.requests.length
  const githubRequests = w.github.requests.length
  const quiet = await w.schedule()
  return {
    w,
    runs,
    quiet,
    quietAgentCalls: w.agent.requests.length - agentRequests,
    quietGitHubCalls: w.github.requests.slice(githubRequests).map((r) => `${r.method} ${r.path}`)
  }
})

describe('pushes to a branch', () => {
  it('feed one job: one creation, four messages, one dashboard', async () => {
    const { w, runs } = await fivePushes()
    expect(runs.map((r) => r.exitCode)).toEqual([0, 0, 0, 0, 0])
    expect(w.creations()).toBe(1)
    expect(w.messages()).toBe(4)
    const jobIds = new Set(runs.map((r) => r.outputs['job-id']))
    expect(jobIds.size).toBe(1)
    expect(runs.map((r) => r.outputs.skipped)).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false'
    ])
    const [dashboard, ...others] = w.dashboards()
    expect(others).toEqual([])
    expect(dashboard).toMatchObject({ state: 'open', user: { login: 'github-actions[bot]' } })
    expect(dashboard?.body).toContain([...jobIds][0])
  })

  it('show what the branch job cost on the dashboard, and what each run sent in its summary', async () => {
    const { w, runs, quiet } = await fivePushes()
    const body = w.dashboards()[0]?.body ?? ''
    expect(body).toContain(
      '| Runs of this record | 1 job created, 4 follow-ups, 1 that sent nothing |'
    )
    const job = (runs[0]?.outputs['job-id'] ?? '').replace(/_/g, '\\_')
    expect(runs[0]?.summary).toContain(`| This run | Created job ${job} for this branch. |`)
    expect(runs[1]?.summary).toContain(
      `| This run | Sent the 1st follow-up for this branch to job ${job}. |`
    )
    expect(runs[1]?.summary).toMatch(/Sent to the agent[\s\S]*- [0-9a-f]{7} Change 2/)
    expect(quiet.summary).toContain('| This run | Nothing new since the last commit')
  })

  it('tell the agent each commit exactly once, after the workflow prompt, oldest first', async () => {
    const { w } = await fivePushes()
    const prompts = w.prompts()
    expect(prompts.every((p) => p.startsWith('fast: Update the docs.\n\n'))).toBe(true)
    for (const subject of [
      'Add the users endpoint',
      'Add its tests',
      'Change 2',
      'Change 3',
      'Change 4',
      'Change 5'
    ]) {
      const mentions = prompts.filter((p) => p.includes(subject))
      expect({ subject, mentions: mentions.length }).toEqual({ subject, mentions: 1 })
    }
    expect(prompts[0]?.indexOf('Add the users endpoint')).toBeLessThan(
      prompts[0]?.indexOf('Add its tests') ?? 0
    )
  })

  it('send nothing on a scheduled run when nothing is new, and say so', async () => {
    const { w, runs, quiet, quietAgentCalls, quietGitHubCalls } = await fivePushes()
    expect(quiet.exitCode).toBe(0)
    expect(quiet.outputs).toMatchObject({
      skipped: 'true',
      'job-id': runs[0]?.outputs['job-id'],
      status: 'completed'
    })
    // One read of the job, for its status; nothing sent.
    expect(quietAgentCalls).toBe(1)
    expect(quiet.stdout).toContain('nothing was sent')
    // Whose the token is, the dashboard found, read again just before it is written (another
    // run may have written since), then updated; no commit read.
    const issue = `/repos/acme/app/issues/${w.openDashboards()[0]?.number}`
    const calls = ['POST /graphql', 'GET /repos/acme/app/issues', `GET ${issue}`, `PATCH ${issue}`]
    expect(quietGitHubCalls).toEqual(calls)
  })

  it('note what each follow-up covers on the docs pull request, and ask the authors of the changes to review it, each once', async () => {
    const { w } = await fivePushes()
    const docs = pullRequestWorld(w.github.state).pulls.get('acme/docs#100')
    expect(docs?.requestedReviewers).toEqual(['alice', 'bob'])
    // Alice pushed three times and Bob twice: each asked once, at their first change.
    const asked = w.github.requests.filter((r) => r.path.endsWith('/requested_reviewers'))
    expect(asked.map((r) => JSON.parse(r.body).reviewers)).toEqual([['alice'], ['bob']])
    // The four follow-ups, each noted once on the docs pull request, with its own change.
    const notes = w.github
      .comments('acme/docs', 100)
      .map((c) => c.body)
      // The back-link that lets commands there find the job is another comment.
      .filter((body) => !body.startsWith('<!-- mintlify-agent:back-link '))
    expect(notes).toHaveLength(4)
    for (const [i, note] of notes.entries()) {
      expect(note).toContain(`Change ${i + 2}`)
      expect(note).not.toContain(i === 0 ? 'Add its tests' : `Change ${i + 1}`)
    }
  })
})

// One branch's life, run once and read by the tests below, step by step: a job that
// fails and the push after it, a re-run of that push, a force push left working, a push
// while the job is busy, a merged docs pull request, then a dashboard a person closed.
// Counts are taken after each step, so each test reads what its own step did.
const life = startedWithFile(async () => {
  const w = await freshWorld()
  const counts = () => ({ creations: w.creations(), messages: w.messages() })
  const lastPrompt = (): string => w.prompts().at(-1) ?? ''

  const failed = await w.push(['Add the widgets API'], 'fail: Update the docs.')
  const next = await w.push(['Add the gadgets API'])
  const afterNext = { ...counts(), prompt: lastPrompt() }

  const rerun = await w.rerun()
  const afterRerun = counts()

  // Not waiting: the job is left working on these commits for the next push.
  const rewritten = await w.push(
    ['Rewritten change'],
    'slow:5000: Update the docs.',
    { wait: 'false' },
    { replace: true }
  )
  const afterRewritten = { ...counts(), prompt: lastPrompt() }

  // Still working when the next run reads it, however long that run takes to start.
  holdBusy(w.agent, 1)
  const busy = await w.push(['Busy change'])
  const afterBusy = { ...counts(), busyMessages: [...w.agent.busyMessages] }

  w.github.setPullState('acme/docs', Number(next.outputs['pr-number']), {
    state: 'closed',
    merged: true
  })
  const merged = await w.push(['Merged change'])
  const afterMerged = { ...counts(), prompt: lastPrompt(), dashboard: w.dashboards()[0]?.body }

  const [real] = w.dashboards()
  w.github.closeIssue(REPO, real?.number ?? 0, 'maintainer')
  // A forged copy of the action's record, pointing at the closed job.
  w.github.addIssue(REPO, {
    title: 'Docs agent: main',
    body: real?.body ?? '',
    labels: ['docs-agent'],
    login: 'mallory'
  })
  const restarted = await w.push(['After the close'])
  const afterRestart = counts()
  return {
    w,
    failed,
    next,
    afterNext,
    rerun,
    afterRerun,
    rewritten,
    afterRewritten,
    busy,
    afterBusy,
    merged,
    afterMerged,
    restarted,
    afterRestart
  }
})

describe('a branch, run by run', () => {
  it.concurrent("carries a failed job's commits into the next job's first prompt", async () => {
    const { failed, next, afterNext } = await life()

    expect(failed.exitCode).toBe(1)
    expect(next.exitCode).toBe(0)
    expect(afterNext.creations).toBe(2)
    expect(next.stdout).toMatch(/Created a new job \S+: the recorded job \S+ failed\./)
    expect(afterNext.prompt).toContain('Add the widgets API')
    expect(afterNext.prompt).toContain('Add the gadgets API')
  })

  it.concurrent(
    'never sends the same prompt twice on a re-run of the same workflow run',
    async () => {
      const { next, afterNext, rerun, afterRerun } = await life()

      expect(rerun.exitCode).toBe(0)
      expect(afterRerun).toEqual({ creations: afterNext.creations, messages: afterNext.messages })
      expect(rerun.outputs['job-id']).toBe(next.outputs['job-id'])
      expect(rerun.stdout).toContain('the prompt was not sent again')
    }
  )

  it.concurrent(
    "covers the event's commits only when the history was rewritten, and says so",
    async () => {
      const { rewritten, afterRewritten } = await life()

      expect(rewritten.exitCode).toBe(0)
      expect(rewritten.stdout).toContain('the history was rewritten')
      expect(afterRewritten.prompt).toContain('Rewritten change')
      // The commits before the force push, told already, are not told again.
      expect(afterRewritten.prompt).not.toContain('Add the gadgets API')
      expect(afterRewritten.prompt).not.toContain('Add the widgets API')
    }
  )

  it.concurrent('waits for a busy job, then sends the new commits to it', async () => {
    const { rewritten, afterRewritten, busy, afterBusy } = await life()

    // The run before did not wait: it left the job working.
    expect(rewritten.outputs.status).toBe('active')
    expect(busy.exitCode).toBe(0)
    expect(busy.stdout).toContain('is still working on an earlier prompt; waiting for it to end')
    expect(busy.outputs['job-id']).toBe(rewritten.outputs['job-id'])
    expect(afterBusy.creations).toBe(afterRewritten.creations)
    expect(afterBusy.messages).toBe(afterRewritten.messages + 1)
    expect(afterBusy.busyMessages).toEqual([])
  })

  it.concurrent(
    'starts a new job once the docs pull request was merged, and the dashboard says why',
    async () => {
      const { afterBusy, merged, afterMerged } = await life()

      expect(merged.exitCode).toBe(0)
      expect(afterMerged.creations).toBe(afterBusy.creations + 1)
      expect(merged.stdout).toContain('has its docs pull request already merged')
      expect(afterMerged.dashboard).toContain(merged.outputs['job-id'])
      expect(afterMerged.dashboard).toContain('has its docs pull request already merged')
      // The merged pull request's commits were delivered: only the new one is told.
      expect(afterMerged.prompt).toContain('Merged change')
      expect(afterMerged.prompt).not.toContain('Busy change')
    }
  )

  it.concurrent(
    "starts over when a person closed the dashboard, and ignores a person's issue with the label and a pasted marker",
    async () => {
      const { w, afterMerged, restarted, afterRestart } = await life()

      expect(restarted.exitCode).toBe(0)
      expect(afterRestart).toEqual({
        creations: afterMerged.creations + 1,
        messages: afterMerged.messages
      })
      const open = w.dashboards().filter((d) => d.state === 'open')
      expect(open.map((d) => d.user.login).sort()).toEqual(['github-actions[bot]', 'mallory'])
      expect(open.find((d) => d.user.login === 'github-actions[bot]')?.body).toContain(
        restarted.outputs['job-id']
      )
    }
  )

  // Its own stand-ins: the issues are refused from the start.
  it.concurrent('without issues: write, warns once naming it and runs on its own', async () => {
    const w = await freshWorld()
    w.github.deny({ path: /\/issues$/, status: 403 })
    const run = await w.push(['A change'])

    expect(run.exitCode).toBe(0)
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('issues: write')
    expect(run.outputs).toMatchObject({ created: 'true', status: 'completed', skipped: 'false' })
  })
})
