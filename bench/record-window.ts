// What is left of the race on the branch's record: each write of the dashboard reads it again
// just before, and keeps what another run wrote up to that read; a write landing between the
// read and this run's write is lost. For push runs of one commit each (a job started, then
// followed up and waited on) through the bundled action against the stand-ins (127.0.0.1): the
// time from each read to its write, as GitHub's stand-in receives them, for the early write
// (once the job took the prompt) and the last one; and, for comparison, the time from the
// listing of the dashboards to the early write, the window an early write without its own read
// would leave (the commits read, the prompt sent).
//
// Alone: `node bench/record-window.ts [runs]` (runs the bundle in ACTION_BUNDLE_ROOT, else dist/).

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startGitHubStandIn, type GitHubRequest } from '../test/support/github-stand-in.ts'
import { runAction } from '../test/support/run-action.ts'
import { startStandIn } from '../test/support/stand-in.ts'
import { branchRun, REPO, TOKEN } from './branch-cost.ts'
import { markdownTable } from './table.ts'

export interface RecordWindow {
  runs: number
  /** Per run that wrote early, ms from the dashboard read again to that write. */
  early: number[]
  /** Per run, ms from the dashboard read again to the last write. */
  last: number[]
  /** Per run that wrote early, ms from the listing of the dashboards to that write. */
  sinceListing: number[]
}

export async function recordWindow(runs = 20): Promise<RecordWindow> {
  const agent = await startStandIn({ jobDurationMs: 50 })
  const github = await startGitHubStandIn({ token: TOKEN })
  // When each request arrived: the stand-in keeps the requests, not their times.
  const arrived = new Map<GitHubRequest, number>()
  const keep = github.requests.push.bind(github.requests)
  github.requests.push = (...requests: GitHubRequest[]) => {
    for (const request of requests) arrived.set(request, performance.now())
    return keep(...requests)
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-window-'))
  let head =
    github.pushCommits(REPO, 'main', [{ message: 'Initial commit', author: 'dev' }])[0]?.sha ?? ''
  const window: RecordWindow = { runs, early: [], last: [], sinceListing: [] }
  try {
    for (let runId = 1; runId <= runs; runId++) {
      const before = head
      const [commit] = github.pushCommits(REPO, 'main', [
        { message: `Change ${runId}`, author: 'dev' }
      ])
      head = commit?.sha ?? head
      const path = join(dir, `push-${runId}.json`)
      const commits = [{ id: head, message: `Change ${runId}`, author: { name: 'Dev' } }]
      writeFileSync(path, JSON.stringify({ ref: 'refs/heads/main', before, after: head, commits }))
      const from = github.requests.length
      const urls = { agent: agent.url, github: github.apiUrl }
      const result = await runAction(
        branchRun(urls, { event: 'push', eventPath: path, sha: head, runId })
      )
      if (result.exitCode !== 0) throw new Error(`run ${runId} failed:\n${result.stdout}`)
      const calls = github.requests.slice(from)
      const at = (request: GitHubRequest | undefined) => arrived.get(request as GitHubRequest) ?? 0
      const issue = /^\/repos\/acme\/app\/issues\/\d+$/
      const listing = calls.find((r) => r.method === 'GET' && r.path === `/repos/${REPO}/issues`)
      const writes = calls.filter((r) => r.method === 'PATCH' && issue.test(r.path))
      // The read just before a write: this run's alone here, so its previous call.
      const reRead = (write: GitHubRequest) => {
        const read = calls[calls.indexOf(write) - 1]
        return read?.method === 'GET' && issue.test(read.path) ? at(write) - at(read) : undefined
      }
      const [early, last] = [writes.length > 1 ? writes[0] : undefined, writes.at(-1)]
      const lastWindow = last && reRead(last)
      if (lastWindow !== undefined) window.last.push(lastWindow)
      const earlyWindow = early && reRead(early)
      if (earlyWindow !== undefined) window.early.push(earlyWindow)
      if (listing && early) window.sinceListing.push(at(early) - at(listing))
    }
    return window
  } finally {
    await agent.close()
    await github.close()
  }
}

const ms = (value: number) => `${Math.round(value)} ms`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

export function recordWindowTable(window: RecordWindow): string {
  const row = (what: string, values: number[]) => [
    what,
    values.length,
    ms(Math.min(...values)),
    ms(median(values)),
    ms(Math.max(...values))
  ]
  return markdownTable(
    ['From the read to the write', 'Writes', 'Min', 'Median', 'Max'],
    [
      row('early write: the dashboard read again, then written', window.early),
      row('last write: the dashboard read again, then written', window.last),
      row('early write, were it not read again: listed, then written', window.sinceListing)
    ]
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(recordWindowTable(await recordWindow(Number(process.argv[2] ?? 20))))
}
