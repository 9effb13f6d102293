// The pull request thread: which pull request a run is for, the comment's text (pure),
// and the bundled action keeping its one comment on the pull request up to date,
// against the Agent Jobs stand-in and a GitHub API stand-in served under a GitHub
// Enterprise style prefix.

import { join } from 'node:path'
import { StateUnknownError } from '../../src/common/run-errors.js'
import { formatEndOnly, formatRecord } from '../../src/github/pr-record.js'
import { renderComment } from '../../src/action/publish/summary.js'
import { pullRequestNumber, readWorkflowRun } from '../../src/github/workflow-run.js'
import { PullRequestThread } from '../../src/github/pr-thread.js'
import { GitHubSession } from '../../src/github/session.js'
import { errorLines, runAction, type RunOptions, bundleFirst } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'
import {
  FIXTURES,
  GITHUB_TOKEN as TOKEN,
  inputs,
  jobCreatedThroughApi,
  onDemand,
  pullRequestRun,
  runnerEnv,
  STEP
} from '../support/fixtures.js'
import { startGitHubStandIn } from '../support/github-stand-in.js'
import { useInProcessGitHub } from '../support/in-process-github.js'
import { markerValues } from '../support/markers.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

describe('the pull request of a run', () => {
  it.each([
    { event: 'pull_request', payload: { pull_request: { number: 7 } }, number: 7 },
    { event: 'pull_request_target', payload: { pull_request: { number: 8 } }, number: 8 },
    {
      event: 'issue_comment',
      payload: { issue: { number: 9, pull_request: { url: 'x' } } },
      number: 9
    },
    { event: 'issue_comment', payload: { issue: { number: 10 } }, number: undefined },
    { event: 'push', payload: { commits: [] }, number: undefined },
    { event: 'schedule', payload: { schedule: '0 6 * * 1' }, number: undefined }
  ])('is $number for a $event payload', ({ event, payload, number }) => {
    expect(pullRequestNumber(pullRequestRun({ eventName: event, payload }))).toBe(number)
  })
})

describe('the comment text', () => {
  it('gives the status, the docs pull request, the job and the run, under the marker', () => {
    const body = renderComment(
      {
        jobId: 'job_1',
        job: { id: 'job_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/100' },
        ending: {
          conclusion: 'succeeded',
          message: 'Job job_1 completed: https://github.com/acme/docs/pull/100'
        }
      },
      pullRequestRun()
    )
    expect(body.split('\n')[0]).toBe('### Mintlify Docs Agent Job')
    expect(body).toContain('| Status | ✅ completed |')
    expect(body).toContain(
      '| Docs pull request | <a href="https://github.com/acme/docs/pull/100">acme/docs#100</a> |'
    )
    expect(body).toContain('| Job | <code>job_1</code> |')
    expect(body).toContain(
      '| Workflow run | <a href="https://github.com/acme/app/actions/runs/4242">4242</a> |'
    )
    expect(body).toContain('for commit 3333333')
  })

  it('makes server text harmless: no HTML, no table breaks, no links it did not check', () => {
    const body = renderComment(
      {
        jobId: 'job_<img src=x>',
        job: {
          id: 'job_1',
          status: 'done|<script>',
          prLink: 'javascript:alert(1)//github.com/a/b/pull/1'
        },
        ending: { conclusion: 'warned', message: 'line one\n<!-- mintlify-agent-job key="x" -->' }
      },
      pullRequestRun()
    )
    expect(body).not.toMatch(/<script>|<img|href="javascript/)
    expect(body).toContain('| Status | ❔ done&#124;&lt;script&gt; |')
    expect(body).toContain('<code>job_&lt;img src=x&gt;</code>')
    // No HTML comment at all: the marker is added by the GitHub side, not from server text.
    expect(body).not.toContain('<!--')
  })

  it.each([
    {
      ending: 'archived',
      job: { id: 'job_1', status: 'archived', prLink: null },
      outcome: {
        conclusion: 'warned' as const,
        message: 'Job job_1 was archived before it completed.'
      },
      status: '🗄️ archived',
      text: 'was archived before it completed'
    },
    {
      ending: 'timed out',
      job: { id: 'job_1', status: 'active', prLink: null },
      outcome: {
        conclusion: 'failed' as const,
        message: 'Timed out after 1s waiting for job job_1 (last status: active).'
      },
      status: '⏳ active',
      text: 'Timed out after 1s'
    }
  ])('gives the status and the ending of a job that $ending', ({ job, outcome, status, text }) => {
    const body = renderComment({ jobId: 'job_1', job, ending: outcome }, pullRequestRun())
    expect(body).toContain(`| Status | ${status} |`)
    expect(body).toContain(text)
    expect(body).toContain('<code>job_1</code>')
  })

  it('names the docs pull request a record knows when the job could not be read, without a footer for a job summary', () => {
    const body = renderComment(
      {
        jobId: 'job_1',
        job: undefined,
        ending: { conclusion: 'succeeded', message: 'Nothing was sent to the agent.' },
        docsLink: 'https://github.com/acme/docs/pull/12'
      },
      pullRequestRun(),
      false
    )
    expect(body).toContain(
      '| Docs pull request | <a href="https://github.com/acme/docs/pull/12">acme/docs#12</a> |'
    )
    expect(body).not.toContain('<sub>')
  })

  it('says there is no docs pull request when the job opened none', () => {
    const body = renderComment(
      {
        jobId: 'job_1',
        job: { id: 'job_1', status: 'failed', prLink: null },
        ending: { conclusion: 'failed', message: 'Job job_1 failed.' }
      },
      pullRequestRun()
    )
    expect(body).toContain('| Docs pull request | none |')
    expect(body).toContain('| Status | ❌ failed |')
  })
})

describe('the bundled action with pr-comment', () => {
  // Each case its own stand-ins (and helpers bound to them), so the cases run concurrently.
  async function world() {
    const standIn = await startStandIn({ jobDurationMs: 150 })
    const github = await startGitHubStandIn({ token: TOKEN, prefix: '/api/v3', maxPerPage: 2 })

    function options(
      prompt: string,
      extra: Partial<RunOptions> & { inputs?: Record<string, string> } = {}
    ): RunOptions {
      return {
        ...extra,
        inputs: inputs(standIn.url, {
          'max-poll-interval': '200ms',
          'github-token': TOKEN,
          'pr-comment': 'true',
          prompt,
          ...extra.inputs
        }),
        env: runnerEnv('pull_request', 'pull_request.json', github.apiUrl, extra.env)
      }
    }

    const comments = (): { id: number; body: string }[] => github.comments('acme/app', 7)
    // The code repository's calls; the docs pull request's back-link is tested with commands.
    const codeRepository = (): typeof github.requests =>
      github.requests.filter((r) => !r.path.startsWith('/repos/acme/docs/'))
    const calls = (): string[] => codeRepository().map((r) => `${r.method} ${r.path}`)
    return {
      standIn,
      github,
      options,
      comments,
      codeRepository,
      calls,
      close: async () => {
        await standIn.close()
        await github.close()
      }
    }
  }
  const freshWorld = onDemand(world)

  it.concurrent(
    "updates this project's comment (on a later page) for a completed job, and leaves other projects' and people's comments alone",
    async () => {
      const { standIn, github, options, comments, calls } = await freshWorld()
      const jobId = await jobCreatedThroughApi(standIn, 'fast: Document it')
      const recordOf = (project: string): string =>
        formatRecord({ project, job: jobId, run: '1', attempt: 1, followUps: 0 })
      const other = `${recordOf('proj-other')}\nanother project`
      const quoted = `Quoting it:\n${recordOf('proj-test')}`
      github.addComment('acme/app', 7, 'Looks good', 'octocat')
      github.addComment('acme/app', 7, other)
      github.addComment('acme/app', 7, quoted, 'octocat')
      const ours = github.addComment('acme/app', 7, `${recordOf('proj-test')}\nold text`)

      const run = await runAction(options('Document it'))

      expect(run.exitCode).toBe(0)
      expect(
        comments()
          .slice(0, 3)
          .map((c) => c.body)
      ).toEqual(['Looks good', other, quoted])
      expect(comments()[3]?.id).toBe(ours.id)
      const [recordLine, heading] = (comments()[3]?.body ?? '').split('\n')
      expect(markerValues('pr', recordLine)).toEqual([
        {
          project: 'proj-test',
          job: jobId,
          run: '4242',
          attempt: 1,
          followUps: 1,
          handedOff: 'https://github.com/acme/docs/pull/100',
          // The account GitHub says wrote it.
          by: 'github-actions[bot]'
        }
      ])
      expect(heading).toBe('### Mintlify Docs Agent Job')
      expect(comments()[3]?.body).toContain('| Status | ✅ completed |')
      expect(comments()[3]?.body).toContain('acme/docs#100')
      expect(standIn.jobIds()).toEqual([jobId])
      expect(comments()[3]?.body).toContain(`<code>${jobId}</code>`)
      // The stand-in pages by two: the records are on page 2, found through the Link
      // header; only then is it asked whose token it is (whose comment to believe).
      expect(calls()).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        'GET /repos/acme/app/issues/7/comments',
        'POST /graphql',
        `PATCH /repos/acme/app/issues/comments/${ours.id}`,
        `GET /repos/acme/app/issues/comments/${ours.id}`,
        `PATCH /repos/acme/app/issues/comments/${ours.id}`
      ])
    }
  )

  // A completed job's comment is the updated one above; an archived job's ends like a
  // completed one (its text is proven in 'the comment text'). These two end in failure.
  // The timed-out run is also the bundle's proof of a timeout between polls (a hung
  // poll's is in test/e2e/faults-retry.test.ts): the step fails at the timeout, not at
  // the job's end a minute later, with the one error line and the outputs set.
  it.concurrent.each([
    {
      ending: 'failed',
      prompt: 'fail: Document it',
      exitCode: 1,
      status: '❌ failed',
      text: 'failed: the agent hit an unrecoverable error',
      error: (id: string) =>
        new RegExp(`^Job ${id} failed: the agent hit an unrecoverable error\\.$`),
      output: 'failed'
    },
    {
      ending: 'timed out',
      prompt: 'slow:60000: Document it',
      exitCode: 1,
      status: '⏳ active',
      text: 'Timed out after 3s',
      error: (id: string) =>
        new RegExp(
          `^Timed out after 3s waiting for job ${id} \\(last status: active\\)\\. .*job-id: ${id}`
        ),
      output: 'active',
      // Long enough that a busy machine still creates the job (and the comment) before it.
      timeout: '3s'
    }
  ])(
    "comments when the job $ending, and the step fails with the job's outputs",
    async ({ prompt, exitCode, status, text, error, output, timeout }) => {
      const { standIn, options, comments } = await freshWorld()
      const run = await runAction(options(prompt, { inputs: timeout ? { timeout } : {} }))
      const id = standIn.jobIds()[0] as string

      expect(run.exitCode).toBe(exitCode)
      expect(comments()).toHaveLength(1)
      expect(comments()[0]?.body).toContain(`| Status | ${status} |`)
      expect(comments()[0]?.body).toContain(text)
      expect(comments()[0]?.body).toContain(`<code>${id}</code>`)
      expect(errorLines(run.stdout)).toEqual([expect.stringMatching(error(id))])
      expect(run.outputs).toMatchObject({ 'job-id': id, status: output })
      // The margin is for a busy machine.
      expect(run.durationMs).toBeLessThan(10_000)
    }
  )

  it.concurrent('comments when the run is cancelled, within the cancel window', async () => {
    const { options, comments } = await freshWorld()
    let sent = false
    const run = await runAction({
      ...options('slow:60000: Document it'),
      // Signals reach a real process only.
      bundle: true,
      onStdout: (chunk, child) => {
        if (!sent && chunk.includes('Created agent job')) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })

    expect(run.exitCode).toBe(1)
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain('| Status | ⏳ active |')
    expect(comments()[0]?.body).toContain('Cancelled while waiting for job')
  })

  // A GitHub API that cannot be reached: one warning without a permission hint, and the
  // step succeeds with its outputs (test/e2e/faults-messages.test.ts).
  // A run that is not for a pull request (push) makes no comment and no GitHub request,
  // and says so in the debug log: the push run of test/github/context-block.test.ts,
  // which has pr-comment on; a schedule run is the same case (proven in process below).
  // pr-comment: false on a pull request run is shown by context-block.test.ts too, whose
  // other runs have it off and make no GitHub request but the read of the docs pull request.
})

// What the thread decides from GitHub's answers, in process against the GitHub stand-in
// over HTTP: the warning of each refusal, the StateUnknownError of comments GitHub could
// not list (the bundled runs: test/e2e/pr-record-faults.test.ts), which writes are tried
// again, and no call at all on a run that is not for a pull request.
describe('the thread against the GitHub stand-in', () => {
  const inProcess = useInProcessGitHub({
    token: TOKEN,
    prefix: '/api/v3',
    maxPerPage: 2,
    captureLog: true
  })

  // Each case starts from a pull request without comments.
  beforeEach(() => {
    inProcess.github.comments('acme/app', 7).splice(0)
  })

  const open = (event = 'pull_request', payload = 'pull_request.json', maxPages?: number) =>
    PullRequestThread.open(
      // This file's flows load @actions/github first: the stand-in's address, given.
      new GitHubSession(TOKEN, 'acme/app', 'github-token', {
        ...inProcess.reach,
        apiUrl: inProcess.github.apiUrl
      }),
      readWorkflowRun({
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: join(FIXTURES, payload),
        GITHUB_REPOSITORY: 'acme/app',
        GITHUB_RUN_ID: '4242',
        GITHUB_WORKFLOW: STEP.workflow,
        GITHUB_JOB: STEP.job,
        GITHUB_ACTION: STEP.action
      }),
      'proj-test',
      10_000,
      maxPages
    )
  const record = {
    project: 'proj-test',
    job: 'job_1',
    run: '4242',
    attempt: 1,
    followUps: 0
  }
  const warnings = (): string[] => inProcess.warnings()

  it('names pull-requests: read when GitHub refuses to list the comments', async () => {
    inProcess.github.deny({ method: 'GET', path: /\/issues\/7\/comments$/, status: 403, times: 1 })

    expect(await open()).toBeUndefined()
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not read the comments of pull request #7 (the GitHub API answered 403), so its docs job is not recorded. Reading them needs `permissions: pull-requests: read` for the job (keeping the comment needs `pull-requests: write`).'
    ])
  })

  it('says github-token is not accepted, naming no permission, when listing the comments answers 401', async () => {
    inProcess.github.deny({ method: 'GET', path: /\/issues\/7\/comments$/, status: 401, times: 1 })

    expect(await open()).toBeUndefined()
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not read the comments of pull request #7 (the GitHub API answered 401), so its docs job is not recorded. GitHub did not accept the token (github-token) at all (401 Bad credentials): it is wrong, expired or revoked, which no permission fixes; put a current token in the secret github-token is set from.'
    ])
  })

  it('names pull-requests: write when GitHub refuses the comment, and writes no more', async () => {
    const lift = inProcess.github.deny({
      method: 'POST',
      path: /\/issues\/7\/comments$/,
      status: 403
    })
    const thread = await open()
    const before = inProcess.github.requests.length

    expect(thread).toBeDefined()
    expect(await thread?.save(record, 'first', 10_000)).toBe(false)
    expect(await thread?.save(record, 'second', 10_000, true)).toBe(false)
    lift()
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not comment on pull request #7 (the GitHub API answered 403), so its docs job is not recorded. The comment needs `permissions: pull-requests: write` for the job; on pull requests from forks the token is read-only, so no comment can be kept.'
    ])
    expect(inProcess.github.requests.slice(before).map((r) => r.method)).toEqual(['POST'])
  })

  it('fails with StateUnknownError, warning nothing and naming no permission, when GitHub fails with a 5xx', async () => {
    const lift = inProcess.github.deny({
      method: 'GET',
      path: /\/issues\/7\/comments$/,
      status: 502
    })

    const failure = await open().catch((error: unknown) => error)
    lift()
    expect(failure).toBeInstanceOf(StateUnknownError)
    expect((failure as Error).message).toBe(
      'Could not read the comments of pull request #7 (the GitHub API answered 502), so nothing was sent to the agent: sending now could start a second job or tell commits twice or not at all. The next run picks the work up.'
    )
    expect(inProcess.printed.join('')).not.toMatch(/permissions|pull-requests: (read|write)/)
    expect(warnings()).toEqual([])
  })

  it('reads a thread to its last allowed page, and fails with StateUnknownError when it goes on past it', async () => {
    // Two a page: four comments are two pages, five are three.
    for (let i = 0; i < 4; i++)
      inProcess.github.addComment('acme/app', 7, `comment ${i}`, 'octocat')
    const whole = await open('pull_request', 'pull_request.json', 2)
    expect(whole?.record).toBeUndefined()

    inProcess.github.addComment('acme/app', 7, 'one more', 'octocat')
    const failure = await open('pull_request', 'pull_request.json', 2).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(StateUnknownError)
    expect((failure as Error).message).toMatch(
      /^Could not read the comments of pull request #7 \(there are more than 2 pages of them\), so nothing was sent/
    )
    expect(warnings()).toEqual([])
  })

  it('tries a write again at the end after a failure GitHub did not refuse, noting the early one only', async () => {
    const thread = await open()
    const posts = inProcess.github.deny({
      method: 'POST',
      path: /\/issues\/7\/comments$/,
      status: 502
    })
    expect(await thread?.save(record, 'working', 10_000, true)).toBe(false)
    posts()
    expect(inProcess.printed.join('')).toContain(
      'pr-comment: could not comment on pull request #7 (the GitHub API answered 502); trying again when the run ends.\n'
    )
    expect(warnings()).toEqual([])

    expect(await thread?.save(record, 'done', 10_000)).toBe(true)
    const [comment] = inProcess.github.comments('acme/app', 7)
    expect(comment?.body.split('\n')[1]).toBe('done')

    // The last write failing so: one warning, without a permission, and writes still allowed.
    const patches = inProcess.github.deny({
      method: 'PATCH',
      path: /\/comments\/\d+$/,
      status: 502
    })
    expect(await thread?.save(record, 'last', 10_000)).toBe(false)
    patches()
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not comment on pull request #7 (the GitHub API answered 502), so its docs job is not recorded.'
    ])
    expect(await thread?.save(record, 'after all', 10_000)).toBe(true)
    expect(inProcess.github.comments('acme/app', 7).map((c) => c.body.split('\n')[1])).toEqual([
      'after all'
    ])
  })

  it('writes the comment anew, with its record, when it was deleted since it was read', async () => {
    const ours = inProcess.github.addComment('acme/app', 7, `${formatRecord(record)}\nearlier`)
    const thread = await open()
    expect(thread?.record).toEqual(record)
    inProcess.github.comments('acme/app', 7).splice(0)
    const before = inProcess.github.requests.length

    const next = { ...record, run: '4243' }
    expect(await thread?.save(next, 'again', 10_000)).toBe(true)
    // The last write reads the comment again first (another run may have written since).
    expect(inProcess.github.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/app/issues/comments/${ours.id}`,
      `PATCH /repos/acme/app/issues/comments/${ours.id}`,
      'POST /repos/acme/app/issues/7/comments'
    ])
    const [anew] = inProcess.github.comments('acme/app', 7)
    expect(markerValues('pr', anew?.body)).toEqual([
      {
        project: 'proj-test',
        job: 'job_1',
        run: '4243',
        attempt: 1,
        followUps: 0,
        by: 'github-actions[bot]'
      }
    ])
    expect(inProcess.printed.join('')).toContain(
      `The comment on pull request #7 (comment ${ours.id}) is gone; writing it anew.\n`
    )
    expect(warnings()).toEqual([])
  })

  it("adds another run's follow-up sent while this one worked, and counts this run's once after its early write", async () => {
    const read = `${formatRecord({ ...record, followUps: 1 })}\nearlier`
    const ours = { ...record, run: '4243', followUps: 2 }
    const theirs = { ...record, run: '4250' }
    const anotherRunWrote = (followUps: number) => {
      const [comment] = inProcess.github.comments('acme/app', 7)
      if (comment) comment.body = `${formatRecord({ ...theirs, followUps })}\nother`
    }
    const recordNow = () => markerValues('pr', inProcess.github.comments('acme/app', 7)[0]?.body)

    // Without an early write: both runs added one to the 1 this run read.
    inProcess.github.addComment('acme/app', 7, read)
    const late = await open()
    anotherRunWrote(2)
    expect(await late?.save(ours, 'last', 10_000)).toBe(true)
    expect(recordNow()).toEqual([{ ...ours, followUps: 3, by: 'github-actions[bot]' }])

    // After an early write of 2, the other run read it and sent one more: 3, not 4.
    inProcess.github.comments('acme/app', 7).splice(0)
    inProcess.github.addComment('acme/app', 7, read)
    const early = await open()
    expect(await early?.save(ours, 'working', 10_000, true)).toBe(true)
    anotherRunWrote(3)
    expect(await early?.save(ours, 'last', 10_000)).toBe(true)
    expect(recordNow()).toEqual([{ ...theirs, followUps: 3, by: 'github-actions[bot]' }])
  })

  it.each([
    { why: 'a 502', status: 502, said: 'the GitHub API answered 502', message: undefined },
    {
      why: 'a secondary rate limit',
      status: 403,
      said: 'the GitHub API answered 403: a rate limit that does not end within the time allowed',
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes.'
    }
  ])(
    'leaves the comment as it is when it cannot be read again before the last write ($why): one warning, the next run picks it up',
    async ({ status, said, message }) => {
      const earlier = `${formatRecord(record)}\nearlier`
      const ours = inProcess.github.addComment('acme/app', 7, earlier)
      const thread = await open()
      const lift = inProcess.github.deny({
        method: 'GET',
        path: /\/issues\/comments\/\d+$/,
        status,
        ...(message ? { message } : {})
      })
      const before = inProcess.github.requests.length

      expect(await thread?.save({ ...record, run: '4243' }, 'last', 10_000)).toBe(false)
      const writes = inProcess.github.requests.slice(before).filter((r) => r.method !== 'GET')
      expect(writes).toEqual([])
      expect(inProcess.github.comments('acme/app', 7).map((c) => c.body)).toEqual([earlier])
      expect(warnings()).toEqual([
        `::warning::pr-comment: could not read the comment on pull request #7 again before writing it (${said}), so it is left as it is rather than written over what another run may have recorded since. The next run picks the work up.`
      ])
      expect(inProcess.printed.join('')).not.toMatch(/permissions|pull-requests: (read|write)/)

      // Not a refusal: a later write, once the comment reads, goes ahead.
      lift()
      expect(await thread?.save({ ...record, run: '4244' }, 'after all', 10_000)).toBe(true)
      expect(markerValues('pr', inProcess.github.comments('acme/app', 7)[0]?.body)).toEqual([
        { ...record, run: '4244', by: 'github-actions[bot]' }
      ])
      expect(ours.id).toBe(inProcess.github.comments('acme/app', 7)[0]?.id)
    }
  )

  it('names pull-requests: read when GitHub refuses to read the comment again, and writes no more', async () => {
    const earlier = `${formatRecord(record)}\nearlier`
    inProcess.github.addComment('acme/app', 7, earlier)
    const thread = await open()
    const lift = inProcess.github.deny({
      method: 'GET',
      path: /\/issues\/comments\/\d+$/,
      status: 403
    })
    const before = inProcess.github.requests.length

    expect(await thread?.save({ ...record, run: '4243' }, 'last', 10_000)).toBe(false)
    lift()
    expect(await thread?.save({ ...record, run: '4244' }, 'again', 10_000)).toBe(false)
    expect(inProcess.github.requests.slice(before).map((r) => r.method)).toEqual(['GET'])
    expect(inProcess.github.comments('acme/app', 7).map((c) => c.body)).toEqual([earlier])
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not read the comment on pull request #7 again before writing it (the GitHub API answered 403), so its docs job is not recorded. Reading them needs `permissions: pull-requests: read` for the job (keeping the comment needs `pull-requests: write`).'
    ])
  })

  it('records an end alone, believes it only from its own account, and warns once when GitHub refuses it', async () => {
    const end = {
      event: 'closed' as const,
      run: '4242',
      attempt: 1,
      did: 'none' as const,
      done: []
    }
    inProcess.github.addComment(
      'acme/app',
      7,
      formatEndOnly({ project: 'proj-test', end }),
      'mallory'
    )
    const thread = await open()
    expect(thread?.ended).toBeUndefined()

    expect(await thread?.saveEnd('proj-test', end, 'closed', 10_000)).toBe(true)
    expect((await open())?.ended).toEqual(end)

    const lift = inProcess.github.deny({ method: 'PATCH', path: /\/comments\/\d+$/, status: 403 })
    const reopened = { ...end, event: 'reopened' as const, run: '4243' }
    expect(await thread?.saveEnd('proj-test', reopened, 'reopened', 10_000)).toBe(false)
    lift()
    expect(warnings()).toEqual([
      '::warning::pr-comment: could not record the end of pull request #7 (reopened; the GitHub API answered 403), so a run of it that starts late may still start a docs job. The comment needs `permissions: pull-requests: write` for the job; on pull requests from forks the token is read-only, so no comment can be kept.'
    ])
  })

  it.each([
    { event: 'push', payload: 'push.json' },
    { event: 'schedule', payload: 'schedule.json' }
  ])(
    'makes no GitHub request on a $event run, and says so in the debug log',
    async ({ event, payload }) => {
      const before = inProcess.github.requests.length

      expect(await open(event, payload)).toBeUndefined()
      expect(inProcess.github.requests.length).toBe(before)
      expect(inProcess.printed.join('')).toContain(
        `::debug::pr-comment: the run is not for a pull request (event ${event}); no comment.\n`
      )
      expect(warnings()).toEqual([])
    }
  )
})
