// Check runs: create, update, list for a commit (filtered by check_name, paginated,
// wrapped in `{ total_count, check_runs }` as GitHub does). Checked like GitHub checks
// them: a name and a 40-hex head_sha to create, a known conclusion when completed, an
// output summary of at most 65,535 characters. Written as the `github-actions` app.
// The state lives beside the stand-in's own, keyed by it, and is kept between runs.

import { invalid, notFound, type Answer, type GitHubState, type Route } from './types.ts'

export interface StoredCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  external_id: string | null
  details_url: string | null
  output: { title: string | null; summary: string | null; text: string | null }
  app: { slug: string }
  /** Every status and conclusion it was given, in order: `in_progress`, `completed:success`… */
  history: string[]
}

/** The run as GitHub shows it: its history is the stand-in's own record. */
export const shown = ({ history, ...run }: StoredCheckRun): Omit<StoredCheckRun, 'history'> => run

const runs = new WeakMap<GitHubState, Map<string, StoredCheckRun[]>>()

/** The check runs of a repository, oldest first. */
export function checkRuns(state: GitHubState, repository: string): StoredCheckRun[] {
  let byRepo = runs.get(state)
  if (!byRepo) runs.set(state, (byRepo = new Map()))
  let list = byRepo.get(repository)
  if (!list) byRepo.set(repository, (list = []))
  return list
}

const CONCLUSIONS = [
  'success',
  'failure',
  'neutral',
  'cancelled',
  'skipped',
  'timed_out',
  'action_required',
  'stale'
]
const STATUSES = ['queued', 'in_progress', 'completed']

/** Applies the fields of a create or update body; an Answer when they are invalid. */
function apply(run: StoredCheckRun, body: Record<string, unknown>): Answer | undefined {
  const { status, conclusion, external_id, details_url, output } = body
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status)))
    return invalid
  if (
    conclusion !== undefined &&
    (typeof conclusion !== 'string' || !CONCLUSIONS.includes(conclusion))
  )
    return invalid
  if (details_url !== undefined) {
    if (typeof details_url !== 'string' || !/^https?:\/\//.test(details_url)) return invalid
    run.details_url = details_url
  }
  if (external_id !== undefined) {
    if (typeof external_id !== 'string') return invalid
    run.external_id = external_id
  }
  if (output !== undefined) {
    const o = output as Record<string, unknown> | null
    if (typeof o?.title !== 'string' || typeof o.summary !== 'string') return invalid
    if (o.summary.length > 65_535 || (typeof o.text === 'string' && o.text.length > 65_535))
      return invalid
    run.output = {
      title: o.title,
      summary: o.summary,
      text: typeof o.text === 'string' ? o.text : null
    }
  }
  if (typeof conclusion === 'string') {
    run.status = 'completed'
    run.conclusion = conclusion
  } else if (typeof status === 'string') {
    if (status === 'completed') return invalid
    run.status = status
    run.conclusion = null
  }
  run.history.push(run.conclusion ? `completed:${run.conclusion}` : run.status)
  return undefined
}

export const checkRunRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/repos\/([^/]+\/[^/]+)\/check-runs$/,
    handle: ({ params: [repository = ''], state, json }) => {
      const body = json()
      if (typeof body?.name !== 'string' || body.name === '') return invalid
      if (typeof body.head_sha !== 'string' || !/^[0-9a-f]{40}$/.test(body.head_sha)) return invalid
      const run: StoredCheckRun = {
        id: state.nextId(),
        name: body.name,
        head_sha: body.head_sha,
        status: 'queued',
        conclusion: null,
        external_id: null,
        details_url: null,
        output: { title: null, summary: null, text: null },
        app: { slug: 'github-actions' },
        history: []
      }
      const problem = apply(run, body)
      if (problem) return problem
      checkRuns(state, repository).push(run)
      return { status: 201, body: shown(run) }
    }
  },
  {
    method: 'PATCH',
    path: /^\/repos\/([^/]+\/[^/]+)\/check-runs\/(\d+)$/,
    handle: ({ params: [repository = '', id = ''], state, json }) => {
      const run = checkRuns(state, repository).find((r) => r.id === Number(id))
      if (!run) return notFound
      const body = json()
      if (!body) return invalid
      return apply(run, body) ?? { status: 200, body: shown(run) }
    }
  },
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/commits\/([^/]+)\/check-runs$/,
    handle: ({ params: [repository = '', ref = ''], state, page, request }) => {
      const name = request.query.check_name
      const matching = checkRuns(state, repository).filter(
        (r) => r.head_sha === ref && (name === undefined || r.name === name)
      )
      const answer = page(matching)
      return {
        ...answer,
        body: {
          total_count: matching.length,
          check_runs: (answer.body as StoredCheckRun[]).map(shown)
        }
      }
    }
  }
]
