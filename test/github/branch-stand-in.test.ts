// The GitHub stand-in's branch routes, over HTTP as GitHub answers them: issues by
// label, creator and state (pull requests included and marked), creating and editing
// issues, a branch's commits (newest first, `since`, pages), comparisons in each
// status, and the pull requests of a commit.

import { takeViolations } from '../support/contracts.js'
import { GITHUB_TOKEN } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const inProcess = useInProcessGitHub({ maxPerPage: 2 })
const repository = 'acme/routes'

/** What the routes answer, as far as these tests read it. */
interface Item {
  title?: string
  number?: number
  commit: { message: string }
  author?: unknown
}
type Answer = Item[] & Record<string, unknown>

async function call(
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; data: Answer; link: string | null }> {
  const response = await fetch(`${inProcess.github.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${GITHUB_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return {
    status: response.status,
    data: (await response.json()) as Answer,
    link: response.headers.get('link')
  }
}

describe('issues', () => {
  it('creates an issue with new labels, lists it by label and creator with pull requests marked, edits and closes it', async () => {
    const created = await call('POST', `/repos/${repository}/issues`, {
      title: 'Dashboard',
      body: 'text',
      labels: ['docs-agent']
    })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({
      title: 'Dashboard',
      state: 'open',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      labels: [{ name: 'docs-agent' }]
    })
    expect(created.data.node_id).toEqual(expect.any(String))
    inProcess.github.addIssue(repository, {
      title: 'Forged',
      labels: ['docs-agent'],
      login: 'mallory'
    })
    inProcess.github.setPullState(repository, 90, { state: 'open', merged: false })

    const byBot = await call(
      'GET',
      `/repos/${repository}/issues?labels=docs-agent&creator=github-actions%5Bbot%5D&state=open`
    )
    expect(byBot.data.map((i: Item) => i.title)).toEqual(['Dashboard'])
    const all = await call('GET', `/repos/${repository}/issues?state=all&per_page=2`)
    expect(all.data).toHaveLength(2)
    expect(all.link).toContain('rel="next"')
    expect(all.data[0]).toMatchObject({ number: 90, pull_request: expect.any(Object) })

    const number = created.data.number as number
    expect(
      (await call('PATCH', `/repos/${repository}/issues/${number}`, { body: 'new' })).data.body
    ).toBe('new')
    inProcess.github.closeIssue(repository, number, 'mona')
    const open = await call('GET', `/repos/${repository}/issues?labels=docs-agent`)
    expect(open.data.map((i: Item) => i.title)).toEqual(['Forged'])
    expect(inProcess.github.issues(repository)[0]).toMatchObject({
      state: 'closed',
      closedBy: { login: 'mona' }
    })
    expect((await call('PATCH', `/repos/${repository}/issues/999`, { body: 'x' })).status).toBe(404)
    // A request the action never sends: the stand-in refuses it as GitHub would, and the
    // contract check names it (taken here, so it does not fail the test).
    expect((await call('POST', `/repos/${repository}/issues`, { body: 'no title' })).status).toBe(
      422
    )
    expect(takeViolations()).toEqual([expect.stringContaining("required property 'title'")])
  })
})

describe('commits', () => {
  const repo = 'acme/history'
  let shas: string[] = []
  beforeAll(() => {
    shas = inProcess.github
      .pushCommits(repo, 'main', [
        { message: 'one', date: '2026-11-01T00:00:00Z', pull: { number: 5, title: 'First' } },
        { message: 'two', date: '2026-11-20T00:00:00Z' },
        { message: 'three', date: '2026-11-21T00:00:00Z' }
      ])
      .map((c) => c.sha)
  })

  it('lists a branch newest first, since a time, in pages', async () => {
    const page1 = await call('GET', `/repos/${repo}/commits?sha=main&since=2026-11-10T00:00:00Z`)
    expect(page1.data.map((c: Item) => c.commit.message)).toEqual(['three', 'two'])
    const all = await call('GET', `/repos/${repo}/commits?sha=main&per_page=2&page=2`)
    expect(all.data.map((c: Item) => c.commit.message)).toEqual(['one'])
    expect(all.data[0]?.author).toMatchObject({ login: 'octocat', type: 'User' })
  })

  it.each([
    ['ahead', 0, 2, ['two', 'three']],
    ['identical', 2, 2, []],
    ['behind', 2, 0, []]
  ])('compares as %s', async (status, base, head, messages) => {
    const { data } = await call('GET', `/repos/${repo}/compare/${shas[base]}...${shas[head]}`)
    expect(data.status).toBe(status)
    expect((data.commits as Item[]).map((c) => c.commit.message)).toEqual(messages)
    expect(data.total_commits).toBe(messages.length)
  })

  it('compares a rewritten branch as diverged, and an unknown commit as 404', async () => {
    const other = 'acme/rewritten'
    const old = inProcess.github.pushCommits(other, 'main', [{ message: 'a' }, { message: 'b' }])
    inProcess.github.pushCommits(other, 'main', [{ message: 'c' }], { replace: true })
    const diverged = await call('GET', `/repos/${other}/compare/${old[1]?.sha}...main`)
    expect(diverged.data).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 2 })
    expect((await call('GET', `/repos/${other}/compare/${'f'.repeat(40)}...main`)).status).toBe(404)
  })

  it('gives the pull requests a commit came from', async () => {
    const { data } = await call('GET', `/repos/${repo}/commits/${shas[0]}/pulls`)
    expect(data).toEqual([
      expect.objectContaining({ number: 5, title: 'First', merged_at: expect.any(String) })
    ])
    expect((await call('GET', `/repos/${repo}/commits/${shas[1]}/pulls`)).data).toEqual([])
  })
})
