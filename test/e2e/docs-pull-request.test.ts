// The docs pull request, through the bundled action: read with the docs token (its
// files page by page), shown in the outputs, the job summary and the pull request
// comment, and handed to reviewers and labels; every refusal and denial a warning
// that leaves the step's outcome and outputs alone.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGitHubStandIn, type GitHubStandInOptions } from '../support/github-stand-in.js'
import {
  pullRequestWorld,
  seedPull,
  type StoredPull
} from '../support/github-routes/pull-requests.js'
import { runAction, type ActionRun, type RunOptions, bundleFirst } from '../support/run-action.js'
import { startStandIn } from '../support/stand-in.js'
import {
  GITHUB_TOKEN as TOKEN,
  inputs as actionInputs,
  onDemand,
  runnerEnv,
  startedWithFile
} from '../support/fixtures.js'

// Cases here run the bundle in a process of their own.
bundleFirst()

const DOCS = 'acme/docs'
const FILES = [
  'api/widgets.mdx',
  'api/limits.mdx',
  'guides/start.mdx',
  'docs.json',
  'changelog.mdx'
]

const PULL_REQUEST = {
  action: 'synchronize',
  number: 7,
  pull_request: {
    number: 7,
    title: 'Add the widget API',
    user: { login: 'ada', type: 'User' },
    head: { ref: 'feature/widgets', sha: '4'.repeat(40) },
    base: { ref: 'main', sha: '1'.repeat(40) }
  }
}

const warnings = (stdout: string): string[] =>
  stdout.split('\n').filter((line) => line.startsWith('::warning::'))

// Each case its own stand-ins (and helpers bound to them), so the cases run concurrently.
async function world(
  githubOptions: GitHubStandInOptions = { token: TOKEN, prefix: '/api/v3', maxPerPage: 2 }
) {
  const standIn = await startStandIn({ jobDurationMs: 150 })
  const github = await startGitHubStandIn(githubOptions)
  const dir = mkdtempSync(join(tmpdir(), 'docs-pr-'))

  /** The docs pull request the stand-in's first job opens (acme/docs#100). */
  function seedDocsPull(fields: Partial<StoredPull> = {}): StoredPull {
    github.setPullFiles(
      DOCS,
      100,
      FILES.map((filename) => ({ filename }))
    )
    return seedPull(github.state, DOCS, 100, {
      title: 'Document the widget API',
      additions: 120,
      deletions: 7,
      user: { login: 'mintlify[bot]', type: 'Bot' },
      ...fields
    })
  }

  function payload(name: string, body: unknown): string {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(body))
    return path
  }

  function run(
    inputs: Record<string, string>,
    event: { name: string; body: unknown } = { name: 'pull_request', body: PULL_REQUEST },
    how: Pick<RunOptions, 'bundle'> = {}
  ): Promise<ActionRun> {
    return runAction({
      ...how,
      inputs: actionInputs(standIn.url, {
        'max-poll-interval': '200ms',
        'github-token': TOKEN,
        prompt: 'Document it',
        ...inputs
      }),
      env: runnerEnv(event.name, payload(`${event.name}.json`, event.body), github.apiUrl)
    })
  }

  const docsCalls = (): string[] =>
    github.requests
      .filter((r) => r.path.startsWith(`/repos/${DOCS}/`))
      .map((r) => `${r.method} ${r.path}${r.query.page ? ` page ${r.query.page}` : ''}`)
  return {
    standIn,
    github,
    seedDocsPull,
    run,
    docsCalls,
    close: async () => {
      await standIn.close()
      await github.close()
    }
  }
}
const freshWorld = onDemand(() => world())
/** GitHub's own page size (100). */
const fullPagesWorld = onDemand(() => world({ token: TOKEN, prefix: '/api/v3' }))

describe('what the docs pull request changes', () => {
  it.concurrent(
    'reads it page by page and shows it in the outputs, the summary and the comment',
    async () => {
      const { github, seedDocsPull, run, docsCalls } = await freshWorld()
      seedDocsPull()

      // Through the bundle in npm test too: the outputs, a multi-line one among them, and the
      // summary as @actions/core writes them to the runner's files, read back as a runner does.
      const result = await run({ 'docs-token': TOKEN, 'pr-comment': 'true' }, undefined, {
        bundle: true
      })

      expect(result.exitCode).toBe(0)
      expect(docsCalls()).toEqual([
        'GET /repos/acme/docs/pulls/100',
        'GET /repos/acme/docs/pulls/100/files',
        'GET /repos/acme/docs/pulls/100/files page 2',
        'GET /repos/acme/docs/pulls/100/files page 3',
        // The back-link that commands on the docs pull request use: looked for, then written.
        'GET /repos/acme/docs/issues/100/comments',
        'POST /repos/acme/docs/issues/100/comments'
      ])
      expect(result.outputs).toMatchObject({
        'pr-link': 'https://github.com/acme/docs/pull/100',
        'pr-title': 'Document the widget API',
        'pr-files': FILES.join('\n'),
        'pr-additions': '120',
        'pr-deletions': '7'
      })
      expect(result.summary).toContain('| Docs title | Document the widget API |')
      expect(result.summary).toContain('| Changes | +120 −7 in 5 files |')
      expect(result.summary).toContain(
        '| Files | <code>api/widgets.mdx</code><br><code>api/limits.mdx</code><br><code>guides/start.mdx</code><br><code>docs.json</code><br><code>changelog.mdx</code> |'
      )
      const comment = github.comments('acme/app', 7)[0]?.body ?? ''
      expect(comment).toContain('| Docs title | Document the widget API |')
      expect(comment).toContain('| Changes | +120 −7 in 5 files |')
      expect(warnings(result.stdout)).toEqual([])
    }
  )

  // One run for the two cases below: a docs pull request of 420 files, read with
  // docs-token while github-token is a token the GitHub stand-in refuses.
  const manyFiles = startedWithFile(async () => {
    const { github, seedDocsPull, run, docsCalls } = await fullPagesWorld()
    seedDocsPull({ changed_files: 420, title: '::error::pwned\nsecond line' })
    github.setPullFiles(
      DOCS,
      100,
      Array.from({ length: 420 }, (_, i) => ({
        filename: i === 0 ? 'a.mdx\nb.mdx' : `page-${i}.mdx`
      }))
    )
    const result = await run({ 'github-token': 'ghs_other_token', 'docs-token': TOKEN })
    return { github, result, docsCalls }
  })

  it.concurrent(
    'lists at most 300 paths and the first five in the summary, each path on one line of pr-files, and a title from GitHub inert',
    async () => {
      const { result, docsCalls } = await manyFiles()

      const files = result.outputs['pr-files']?.split('\n')
      expect(files).toHaveLength(300)
      expect(files?.slice(0, 2)).toEqual(['a.mdx\\nb.mdx', 'page-1.mdx'])
      expect(docsCalls().filter((call) => call.includes('/files'))).toHaveLength(3)
      expect(result.summary).toContain('<code>page-4.mdx</code><br>… and 415 more |')
      expect(result.outputs['pr-title']).toBe('\u200b::error::pwned\\nsecond line')
      expect(result.stdout).not.toMatch(/^::error::pwned/m)
    }
  )

  it.concurrent('uses docs-token for the docs repository, not github-token', async () => {
    const { github, result } = await manyFiles()

    // Read with docs-token: github-token would have been refused.
    expect(result.outputs['pr-title']).toBe('\u200b::error::pwned\\nsecond line')
    // The pull request, three pages of files, the back-link looked for and written.
    expect(
      github.requests
        .filter((r) => r.path.startsWith(`/repos/${DOCS}/`))
        .map((r) => r.headers.authorization)
    ).toEqual(Array(6).fill(`token ${TOKEN}`))
    // Masked before anything else is printed, and never printed otherwise.
    const lines = result.stdout.split('\n')
    expect(lines).toContain(`::add-mask::${TOKEN}`)
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`])
  })

  it.concurrent(
    'reads a docs pull request in another repository with the workflow token alone (a public docs repository)',
    async () => {
      // The run of the reviewers case below, which has no docs-token either.
      const { result, docsCalls } = await reviewersRun()

      expect(result.exitCode).toBe(0)
      expect(docsCalls()[0]).toBe('GET /repos/acme/docs/pulls/100')
      // Reads only, besides the review request and the labels that case asks for: no back-link.
      expect(docsCalls().filter((call) => !call.startsWith('GET '))).toEqual([
        'POST /repos/acme/docs/pulls/100/requested_reviewers',
        'POST /repos/acme/docs/issues/100/labels'
      ])
      expect(result.outputs['pr-title']).toBe('Document the widget API')
      expect(result.outputs['pr-files']).not.toBe('')
      expect(warnings(result.stdout)).toEqual([])
    }
  )

  it.concurrent(
    'takes a refusal of that read as a debug line, not a warning, and leaves the outputs empty',
    async () => {
      const { run, docsCalls } = await freshWorld()
      // Nothing seeded: GitHub answers 404, as it does for a private repository.

      const result = await run({})

      expect(result.exitCode).toBe(0)
      expect(docsCalls()).toEqual(['GET /repos/acme/docs/pulls/100'])
      expect(result.outputs['pr-title']).toBe('')
      expect(warnings(result.stdout)).toEqual([])
    }
  )
})

// Read by the case above too: started with the file.
const reviewersRun = startedWithFile(async () => {
  const { github, seedDocsPull, run, docsCalls } = await freshWorld()
  seedDocsPull()
  pullRequestWorld(github.state).teams.set(DOCS, new Set(['writers']))
  const result = await run({
    'docs-pr-reviewers': 'author, carol\nacme/writers',
    'docs-pr-labels': 'documentation, from code'
  })
  return { github, result, docsCalls }
})

describe('reviewers and labels', () => {
  it.concurrent('requests the code author, people and teams, and adds the labels', async () => {
    const { github, result, docsCalls } = await reviewersRun()

    expect(result.exitCode).toBe(0)
    const pull = pullRequestWorld(github.state).pulls.get(`${DOCS}#100`)
    expect(pull?.requestedReviewers).toEqual(['ada', 'carol'])
    expect(pull?.requestedTeams).toEqual(['writers'])
    expect(pull?.labels).toEqual(['documentation', 'from code'])
    expect(docsCalls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /repos/acme/docs/pulls/100/requested_reviewers',
      'POST /repos/acme/docs/issues/100/labels'
    ])
    expect(result.stdout).toContain(
      'Requested review of acme/docs#100 from ada, carol, acme/writers.'
    )
    expect(warnings(result.stdout)).toEqual([])
  })

  // The author on a push, and the authors that are skipped (a bot, the docs pull
  // request's own author), are proven in process in test/github/docs-review.test.ts and
  // test/github/follow-docs-pr.test.ts.
  it.concurrent(
    'warns about a refused reviewer and a refused label, and still requests and adds the others',
    async () => {
      const { github, seedDocsPull, run, docsCalls } = await freshWorld()
      seedDocsPull()
      pullRequestWorld(github.state).collaborators.set(DOCS, new Set(['ada', 'carol']))
      pullRequestWorld(github.state).labels.set(DOCS, new Set(['documentation']))

      const result = await run({
        'docs-pr-reviewers': 'ada, mallory, carol',
        'docs-pr-labels': 'documentation, no-such-label'
      })

      expect(result.exitCode).toBe(0)
      const pull = pullRequestWorld(github.state).pulls.get(`${DOCS}#100`)
      expect(pull?.requestedReviewers).toEqual(['ada', 'carol'])
      expect(pull?.labels).toEqual(['documentation'])
      // Each batch is refused whole; then each name alone.
      expect(docsCalls().filter((call) => call.startsWith('POST'))).toEqual([
        ...Array(4).fill('POST /repos/acme/docs/pulls/100/requested_reviewers'),
        ...Array(3).fill('POST /repos/acme/docs/issues/100/labels')
      ])
      expect(warnings(result.stdout)).toEqual([
        expect.stringMatching(
          /^::warning::docs-pr-reviewers: GitHub refused to request a review of acme\/docs#100 from mallory \(Reviews may only be requested from collaborators\./
        ),
        expect.stringMatching(
          /^::warning::docs-pr-labels: GitHub refused to add no-such-label \(Label does not exist: no-such-label\) to acme\/docs#100\./
        )
      ])
      expect(result.outputs['pr-title']).toBe('Document the widget API')
    }
  )
})

describe('without access to the docs repository', () => {
  it.concurrent.each([
    { prompt: 'Document it', exitCode: 0, status: 'completed' },
    { prompt: 'fail: Document it', exitCode: 1, status: 'failed' }
  ])(
    'warns once, naming the permission, and keeps the $status outcome and outputs',
    async ({ prompt, exitCode, status }) => {
      const { standIn, github, seedDocsPull, run } = await freshWorld()
      seedDocsPull()
      github.deny({ path: /^\/repos\/acme\/docs\//, status: 404 })

      const result = await run({
        prompt,
        'docs-token': TOKEN,
        'docs-pr-reviewers': 'carol',
        'docs-pr-labels': 'documentation'
      })

      expect(result.exitCode).toBe(exitCode)
      expect(result.outputs).toMatchObject({ 'job-id': standIn.jobIds()[0], status })
      if (status === 'completed') {
        expect(warnings(result.stdout)).toEqual([
          expect.stringMatching(
            /^::warning::Could not read the docs pull request acme\/docs#100 \(the GitHub API answered 404\)\. The docs token .* needs `pull-requests: read` on acme\/docs/
          )
        ])
        expect(result.outputs).toMatchObject({
          'pr-link': 'https://github.com/acme/docs/pull/100',
          'pr-number': '100',
          'pr-title': '',
          'pr-files': ''
        })
      } else expect(warnings(result.stdout)).toEqual([])
    }
  )

  it.concurrent('reads but may not write: one warning a denied call, outputs intact', async () => {
    const { github, seedDocsPull, run } = await freshWorld()
    seedDocsPull()
    github.deny({ method: 'POST', path: /^\/repos\/acme\/docs\//, status: 403 })

    const result = await run({
      'docs-token': TOKEN,
      'docs-pr-reviewers': 'carol, dave',
      'docs-pr-labels': 'documentation'
    })

    expect(result.exitCode).toBe(0)
    expect(warnings(result.stdout)).toEqual([
      expect.stringMatching(
        /^::warning::docs-pr-reviewers: could not request reviews of acme\/docs#100 \(the GitHub API answered 403\)\. .*`pull-requests: write` on acme\/docs/
      ),
      expect.stringMatching(
        /^::warning::docs-pr-labels: could not label acme\/docs#100 \(the GitHub API answered 403\)\. .*`pull-requests: write` on acme\/docs/
      ),
      expect.stringMatching(
        /^::warning::docs back-link: could not comment on docs pull request acme\/docs#100 \(the GitHub API answered 403\)\. The docs token .* needs `pull-requests: write` on acme\/docs/
      )
    ])
    expect(result.outputs['pr-title']).toBe('Document the widget API')
    expect(result.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/100')
  })
})
