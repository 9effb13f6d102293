// pr-comment: the marker, the comment's text (pure), and the bundled action keeping
// one comment per step on the pull request up to date, against the Agent Jobs
// stand-in and a GitHub API stand-in served under a GitHub Enterprise style prefix.

import { join } from 'node:path'
import { commentMarker, findMarkedComment } from '../../src/github/pr-comment.js'
import { renderComment } from '../../src/action/comment-body.js'
import { pullRequestNumber } from '../../src/github/workflow-run.js'
import type { GitHubStandIn } from '../support/github-stand-in.js'
import { runAction, type RunOptions } from '../support/run-action.js'
import type { StandIn } from '../support/stand-in.js'
import {
  FIXTURES,
  GITHUB_TOKEN,
  gitHubStandIns,
  inputs,
  pullRequestRun,
  runnerEnv,
  standIns,
  STEP
} from '../support/fixtures.js'

const MARKER = '<!-- mintlify-agent-job key="Docs/docs/docs-agent" -->'

describe('the comment marker', () => {
  it('is scoped to the workflow, job and step', () => {
    expect(commentMarker(STEP)).toBe(MARKER)
    expect(commentMarker({ ...STEP, job: 'docs-api' })).not.toBe(MARKER)
    expect(commentMarker({ ...STEP, action: '__run_2' })).not.toBe(MARKER)
  })

  it('cannot close the HTML comment early, whatever the workflow is called', () => {
    const marker = commentMarker({ ...STEP, workflow: 'Docs --> <b>hi</b> "x"' })
    const key = /^<!-- mintlify-agent-job key="([^"]*)" -->$/.exec(marker)?.[1]
    expect(key).toBe('Docs%20--%3E%20%3Cb%3Ehi%3C%2Fb%3E%20%22x%22/docs/docs-agent')
  })

  it.each([
    {
      name: 'the marker on the first line',
      body: `${MARKER}\n### Mintlify docs agent job`,
      found: true
    },
    { name: 'the marker with Windows line ends', body: `${MARKER}\r\nbody`, found: true },
    {
      name: "another step's marker",
      body: `${commentMarker({ ...STEP, job: 'other' })}\nbody`,
      found: false
    },
    {
      name: 'the marker quoted inside a human comment',
      body: `Look at this:\n${MARKER}`,
      found: false
    },
    { name: 'an empty body', body: null, found: false }
  ])('matches $name: $found', ({ body, found }) => {
    expect(findMarkedComment([{ id: 1, body }], MARKER)?.id).toBe(found ? 1 : undefined)
  })

  it('picks the oldest marked comment when there are several', () => {
    const comments = [
      { id: 1, body: 'hello' },
      { id: 2, body: `${MARKER}\nfirst` },
      { id: 3, body: `${MARKER}\nsecond` }
    ]
    expect(findMarkedComment(comments, MARKER)?.id).toBe(2)
  })
})

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
    expect(body.split('\n')[0]).toBe('### Mintlify docs agent job')
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
  const freshStandIn = standIns({ jobDurationMs: 150 })
  const freshGitHub = gitHubStandIns({ token: GITHUB_TOKEN, prefix: '/api/v3', maxPerPage: 2 })
  const fresh = async (): Promise<{ standIn: StandIn; github: GitHubStandIn }> => ({
    standIn: await freshStandIn(),
    github: await freshGitHub()
  })

  /** A run of `prompt` on pull request #7 with pr-comment on. */
  function options(
    world: { standIn: StandIn; github: GitHubStandIn },
    prompt: string,
    extra: Partial<RunOptions> & { inputs?: Record<string, string> } = {}
  ): RunOptions {
    return {
      ...extra,
      inputs: inputs(world.standIn.url, {
        'max-poll-interval': '200ms',
        'github-token': GITHUB_TOKEN,
        'pr-comment': 'true',
        prompt,
        ...extra.inputs
      }),
      env: runnerEnv('pull_request', 'pull_request.json', world.github.apiUrl, extra.env)
    }
  }

  const comments = (github: GitHubStandIn): { id: number; body: string }[] =>
    github.comments('acme/app', 7)
  const calls = (github: GitHubStandIn): string[] =>
    github.requests.map((r) => `${r.method} ${r.path}`)

  it.concurrent('creates the comment, then updates the same comment on the next run', async () => {
    const { standIn, github } = await fresh()
    const first = await runAction(options({ standIn, github }, 'Document the widget API'))

    expect(first.exitCode).toBe(0)
    expect(comments(github)).toHaveLength(1)
    const [created] = comments(github)
    expect(created?.body.split('\n')[0]).toBe(MARKER)
    expect(created?.body).toContain(`<code>${standIn.jobIds()[0]}</code>`)
    expect(created?.body).toContain('acme/docs#100')
    expect(calls(github)).toEqual([
      'GET /repos/acme/app/issues/7/comments',
      'POST /repos/acme/app/issues/7/comments'
    ])
    expect(first.stdout).toContain(`Commented on pull request #7 (comment ${created?.id}).`)

    github.requests.length = 0
    const second = await runAction(options({ standIn, github }, 'Document the widget limits'))

    expect(second.exitCode).toBe(0)
    expect(comments(github)).toHaveLength(1)
    expect(comments(github)[0]?.id).toBe(created?.id)
    expect(comments(github)[0]?.body).toContain(`<code>${standIn.jobIds()[1]}</code>`)
    expect(comments(github)[0]?.body).toContain('acme/docs#101')
    expect(calls(github)).toEqual([
      'GET /repos/acme/app/issues/7/comments',
      `PATCH /repos/acme/app/issues/comments/${created?.id}`
    ])
    expect(second.stdout).toContain(
      `Updated the comment on pull request #7 (comment ${created?.id}).`
    )
  })

  it.concurrent(
    "finds its comment on a later page and leaves other steps' and people's comments alone",
    async () => {
      const { standIn, github } = await fresh()
      const other = `${commentMarker({ ...STEP, action: 'other-docs-step' })}\nanother step`
      github.addComment('acme/app', 7, 'Looks good', 'octocat')
      github.addComment('acme/app', 7, other)
      github.addComment('acme/app', 7, `Quoting it:\n${MARKER}`, 'octocat')
      const ours = github.addComment('acme/app', 7, `${MARKER}\nold text`)

      const run = await runAction(options({ standIn, github }, 'Document it'))

      expect(run.exitCode).toBe(0)
      expect(
        comments(github)
          .slice(0, 3)
          .map((c) => c.body)
      ).toEqual(['Looks good', other, `Quoting it:\n${MARKER}`])
      expect(comments(github)[3]?.id).toBe(ours.id)
      expect(comments(github)[3]?.body).toMatch(
        /^<!-- mintlify-agent-job key="Docs\/docs\/docs-agent" -->\n### Mintlify docs agent job\n/
      )
      // The stand-in pages by two: the marked comment is on page 2, found through the Link header.
      expect(calls(github)).toEqual([
        'GET /repos/acme/app/issues/7/comments',
        'GET /repos/acme/app/issues/7/comments',
        `PATCH /repos/acme/app/issues/comments/${ours.id}`
      ])
    }
  )

  it.concurrent.each([
    {
      ending: 'completed',
      prompt: 'Document it',
      exitCode: 0,
      status: '✅ completed',
      text: 'acme/docs#100'
    },
    {
      ending: 'failed',
      prompt: 'fail: Document it',
      exitCode: 1,
      status: '❌ failed',
      text: 'failed: the agent hit an unrecoverable error'
    },
    {
      ending: 'archived',
      prompt: 'archive: Document it',
      exitCode: 0,
      status: '🗄️ archived',
      text: 'was archived before it completed'
    },
    {
      ending: 'timed out',
      prompt: 'slow:60000: Document it',
      exitCode: 1,
      status: '⏳ active',
      text: 'Timed out after 1s',
      timeout: '1s'
    }
  ])('comments when the job $ending', async ({ prompt, exitCode, status, text, timeout }) => {
    const { standIn, github } = await fresh()
    const run = await runAction(
      options({ standIn, github }, prompt, { inputs: timeout ? { timeout } : {} })
    )

    expect(run.exitCode).toBe(exitCode)
    expect(comments(github)).toHaveLength(1)
    expect(comments(github)[0]?.body).toContain(`| Status | ${status} |`)
    expect(comments(github)[0]?.body).toContain(text)
    expect(comments(github)[0]?.body).toContain(`<code>${standIn.jobIds()[0]}</code>`)
  })

  it.concurrent('comments when the run is cancelled, within the cancel window', async () => {
    const { standIn, github } = await fresh()
    let sent = false
    const run = await runAction({
      ...options({ standIn, github }, 'slow:60000: Document it'),
      onStdout: (chunk, child) => {
        if (!sent && chunk.includes('Created agent job')) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })

    expect(run.exitCode).toBe(1)
    expect(comments(github)).toHaveLength(1)
    expect(comments(github)[0]?.body).toContain('| Status | ⏳ active |')
    expect(comments(github)[0]?.body).toContain('Cancelled while waiting for job')
  })

  it.concurrent.each([
    { ending: 'completed', prompt: 'Document it', exitCode: 0, status: 'completed' },
    { ending: 'failed', prompt: 'fail: Document it', exitCode: 1, status: 'failed' }
  ])(
    'warns when the comment is denied (403) and keeps the $ending outcome and the outputs',
    async ({ prompt, exitCode, status }) => {
      const { standIn, github } = await fresh()
      github.deny({ method: 'POST', path: /\/comments$/, status: 403 })

      const run = await runAction(options({ standIn, github }, prompt))

      expect(run.exitCode).toBe(exitCode)
      expect(comments(github)).toEqual([])
      expect(run.stdout).toMatch(
        /::warning::pr-comment: could not comment on pull request #7 \(the GitHub API answered 403\)\. Give the job `permissions: pull-requests: write`/
      )
      expect(run.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status })
      if (status === 'completed') {
        expect(run.outputs).toMatchObject({
          'pr-link': 'https://github.com/acme/docs/pull/100',
          'pr-number': '100',
          'pr-repository': 'acme/docs'
        })
      }
    }
  )

  it.concurrent(
    'warns when the GitHub API cannot be reached, and the step still succeeds',
    async () => {
      const { standIn, github } = await fresh()
      const run = await runAction(
        options({ standIn, github }, 'Document it', {
          env: { GITHUB_API_URL: 'http://127.0.0.1:9/api/v3' }
        })
      )

      expect(run.exitCode).toBe(0)
      expect(run.stdout).toContain('::warning::pr-comment: could not comment on pull request #7')
      expect(run.outputs['pr-repository']).toBe('acme/docs')
    }
  )

  it.concurrent.each([
    { event: 'push', payload: 'push.json' },
    { event: 'schedule', payload: 'schedule.json' }
  ])(
    'makes no comment and no GitHub request on a $event run, and says so in the debug log',
    async ({ event, payload }) => {
      const { standIn, github } = await fresh()
      const run = await runAction(
        options({ standIn, github }, 'Document it', {
          env: { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: join(FIXTURES, payload) }
        })
      )

      expect(run.exitCode).toBe(0)
      expect(github.requests).toEqual([])
      expect(run.stdout).toContain(
        `::debug::pr-comment: the run is not for a pull request (event ${event}); no comment.`
      )
      expect(run.stdout).not.toContain('::warning::')
    }
  )

  it.concurrent('makes no comment when pr-comment is off', async () => {
    const { standIn, github } = await fresh()
    const run = await runAction(
      options({ standIn, github }, 'Document it', { inputs: { 'pr-comment': 'false' } })
    )

    expect(run.exitCode).toBe(0)
    expect(github.requests).toEqual([])
  })
})
