// Past the most pages of issues it reads, the dashboard is unknown, never absent. A
// stand-in of its own (one issue a page), since a file's GitHub address is set once.

import { findDashboards, MAX_ISSUE_PAGES } from '../../src/github/dashboard.js'
import { StateUnknownError } from '../../src/common/run-errors.js'
import { GitHubSession } from '../../src/github/session.js'
import { repositoryPerTest } from '../support/fixtures.js'
import { useInProcessGitHub } from '../support/in-process-github.js'

const inProcess = useInProcessGitHub({ maxPerPage: 1 })
const { session, repository } = repositoryPerTest('many', GitHubSession, () => inProcess.reach)

it('throws rather than say there is no record', async () => {
  for (let n = 0; n <= MAX_ISSUE_PAGES; n++) {
    inProcess.github.addIssue(repository(), { title: `Other ${n}`, login: 'github-actions[bot]' })
  }
  const key = { projectId: 'p', branch: 'main', key: 'docs.yml', identity: 'github-actions[bot]' }
  const found = findDashboards(session(), key, 10_000)
  await expect(found).rejects.toBeInstanceOf(StateUnknownError)
  await expect(found).rejects.toThrow(`more than ${MAX_ISSUE_PAGES * 100} open issues`)
  expect(inProcess.github.requests).toHaveLength(MAX_ISSUE_PAGES)
})
