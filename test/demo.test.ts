// `npm run demo`, run as a person runs it (`node demo/run-demo.ts`, a process of its
// own, against its own stand-ins of both services): the quick start's story holds, as
// the demo prints it. Under jest the demo runs today's bundle (ACTION_BUNDLE_ROOT).

import { jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { startedWithFile } from './support/fixtures.js'
import { ROOT } from './support/run-action.js'

// Nine runs of the action one after another, most waiting on a job: more than the default.
jest.setTimeout(60_000)

interface DemoRun {
  code: number | null
  stdout: string
  stderr: string
}

function demo(...args: string[]): Promise<DemoRun> {
  // As a person starts it: without jest's NODE_OPTIONS (whose warning would go to stderr).
  const { NODE_OPTIONS: _, ...env } = process.env
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'demo', 'run-demo.ts'), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), 50_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, stdout, stderr })
    })
  })
}

// Both start with the file, side by side, and several tests read each.
const story = startedWithFile(() => demo())
const quick = startedWithFile(() => demo('--quick'))

/** The text under each `──── Run n of m` heading, up to the next heading of any kind. */
function runs(stdout: string): string[] {
  return stdout
    .split(/^──── Run \d+ of \d+: .*$/m)
    .slice(1)
    .map((section) => section.split(/^(?:────|════) /m)[0] ?? '')
}

/** What a run sent to the agent, in order: `new` for a creation, the job's id for a follow-up. */
function posts(run: string): string[] {
  return [...run.matchAll(/^ {4}POST \/v2\/agent\/[^/]+\/job(?:\/([^/\s]+)\/message)?$/gm)].map(
    (match) => match[1] ?? 'new'
  )
}

/** An output a run printed as changed. */
const output = (run: string | undefined, name: string): string | undefined =>
  new RegExp(`^ {4}${name} = (.*)$`, 'm').exec(run ?? '')?.[1]

/** The subjects of the commits a run's prompt lists, in order. */
function listedCommits(run: string): string[] {
  return [...run.matchAll(/^ {6}│ - [0-9a-f]{7} (.+) \(#\d+ /gm)].map((match) => match[1] ?? '')
}

/** The sections under the `──── <title>` headings that start with `title`. */
function sections(stdout: string, title: string): string[] {
  return stdout
    .split(/^(?=(?:────|════) )/m)
    .filter((section) => section.startsWith(`──── ${title}`))
}

describe('npm run demo', () => {
  it.concurrent(
    'runs the whole story within both contracts and ends with exit code 0',
    async () => {
      const { code, stdout, stderr } = await story()
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
      expect(stdout).not.toContain('Outside the contracts')
      expect(runs(stdout).map((run) => /^ {2}Event: (\S+ \S+)/m.exec(run)?.[1])).toEqual([
        'push to',
        'push to',
        'push to',
        'schedule on',
        'pull_request opened:',
        'pull_request synchronize:',
        'issue_comment created:',
        'pull_request closed:',
        'push to'
      ])
    }
  )

  it.concurrent(
    'feeds one job for the branch: one creation, two follow-ups, and a quiet run that sends nothing',
    async () => {
      const branch = runs((await story()).stdout).slice(0, 4)
      const job = output(branch[0], 'job-id')
      expect(job).toMatch(/^job_/)
      expect(branch.map(posts)).toEqual([['new'], [job], [job], []])
      expect(branch[3]).toContain('Nothing sent.')
      expect(output(branch[3], 'skipped')).toBe('true')
      // The other runs did send: skipped stays false (printed once, on the first run).
      expect(output(branch[0], 'skipped')).toBe('false')
      expect(branch.slice(1, 3).map((run) => output(run, 'skipped'))).toEqual([
        undefined,
        undefined
      ])
    }
  )

  it.concurrent("tells the agent each push's commits only, oldest first", async () => {
    const branch = runs((await story()).stdout).slice(0, 4)
    expect(branch.map(listedCommits)).toEqual([
      ['Add the users endpoint', 'Page the users list'],
      ['Rename the limit parameter to page_size'],
      ['Add the orders endpoint', 'Deprecate the v1 users endpoint'],
      []
    ])
  })

  it.concurrent(
    "keeps one job for the pull request, and takes the reviewer's command",
    async () => {
      const pull = runs((await story()).stdout).slice(4, 8)
      const job = output(pull[0], 'job-id')
      expect(job).toMatch(/^job_/)
      expect(pull.slice(0, 3).map(posts)).toEqual([['new'], [job], [job]])
      expect(output(pull[2], 'triggered')).toBe('true')
      expect(pull[2]).toContain('also document the error codes the widget endpoints return')
      // The merge sends nothing: the docs pull request is told its code is in.
      expect(posts(pull[3] ?? '')).toEqual([])
      expect(output(pull[3], 'docs-pr-action')).toBe('merged-note')
      expect(pull[3]).toContain('told its docs pull request acme/docs#')
    }
  )

  it.concurrent(
    "does not tell the branch's job the merged change again: it was documented with its pull request",
    async () => {
      const all = runs((await story()).stdout)
      const [branchJob, merged, push] = [output(all[0], 'job-id'), all[7] ?? '', all[8] ?? '']
      const pull = /^ {2}Event: pull_request closed: #(\d+) merged/m.exec(merged)?.[1] ?? ''
      const docs = /told its docs pull request (acme\/docs#\d+)/.exec(merged)?.[1] ?? ''
      expect(pull).toMatch(/^\d+$/)
      expect(docs).toMatch(/^acme\/docs#\d+$/)
      // The push of the merge commit to main: the branch recipe's run, which sends nothing.
      expect(push).toMatch(
        new RegExp(`^ {2}Event: push to main: 1 commit, the merge of #${pull} `, 'm')
      )
      expect(posts(push)).toEqual([])
      expect(push).toMatch(/^ {4}Nothing sent\.$/m)
      expect(output(push, 'skipped')).toBe('true')
      expect(output(push, 'job-id')).toBe(branchJob)
      expect(push).toContain(
        `No new commit is for job ${branchJob ?? ''}, so nothing was sent: documented with their own pull request's docs job: #${pull} → ${docs}.`
      )
    }
  )

  it.concurrent(
    'counts every run at the end, the push of the merge among those that sent nothing',
    async () => {
      const [tally] = (await story()).stdout.split(/^════ In all ═+$/m).slice(1)
      expect(
        tally
          ?.trim()
          .split('\n')
          .map((line) => line.trim())
      ).toEqual([
        'main (Update docs): 5 runs, 1 job created, 2 follow-ups, 2 runs that sent nothing',
        expect.stringMatching(
          /^#\d+ \(Docs for pull requests, Docs commands\): 4 runs, 1 job created, 2 follow-ups, 0 runs that sent nothing$/
        )
      ])
    }
  )

  it.concurrent(
    'shows one dashboard for the branch and one comment on the pull request, as people read them',
    async () => {
      const { stdout } = await story()
      const [branchRun, pullRequestRun] = [runs(stdout)[0], runs(stdout)[4]]
      const [dashboard, ...otherDashboards] = sections(stdout, 'Dashboard issue #')
      const [comment, ...otherComments] = sections(stdout, "The action's comment on pull request #")
      expect(otherDashboards).toEqual([])
      expect(otherComments).toEqual([])
      // Each names its own job, its id as written (the Markdown's escapes undone).
      expect(dashboard).toContain(output(branchRun, 'job-id'))
      expect(comment).toContain(output(pullRequestRun, 'job-id'))
      // Rendered, not raw: no hidden record, no HTML, no Markdown table syntax.
      for (const text of [dashboard, comment]) {
        expect(text).not.toMatch(/<!--|<a |<code>|<\/|\|---|\\_|mintlify-agent/)
      }
    }
  )

  it.concurrent('--quick still runs one one-shot job alone', async () => {
    const { code, stdout, stderr } = await quick()
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    expect(stdout).toMatch(/^ {2}created = true$/m)
    expect(stdout).toMatch(/^ {2}status = completed$/m)
    expect(stdout).toContain('Job summary (GITHUB_STEP_SUMMARY, Markdown)')
    expect(stdout.match(/^ {2}POST /gm)).toHaveLength(1)
    expect(stdout).not.toContain('Outside the Agent Jobs contract')
  })
})
