// GitHub calls of pull-request runs: a pull request with 250 comments, its first run
// (creates the job) and a later push (follows it up), counted at the GitHub stand-in.
// Calls on the code repository are counted apart from those on the docs repository.

import { REPO, PR, codeRepositoryCalls, simulate } from '../test/support/pr-workflow.ts'

export interface PullRequestCalls {
  comments: number
  runs: { name: string; codeCalls: string[]; otherCalls: number; created: string }[]
}

export async function pullRequestCalls(comments = 250): Promise<PullRequestCalls> {
  const sim = await simulate({ jobDurationMs: 100 })
  try {
    for (let i = 0; i < comments - 1; i++)
      sim.github.addComment(REPO, PR, `comment ${i}`, 'octocat')
    const runs: PullRequestCalls['runs'] = []
    for (const name of ['first run (creates the job)', 'later push (follows it up)']) {
      const before = sim.github.requests.length
      const run = await sim.run(`${name}: document what changed`)
      const codeCalls = codeRepositoryCalls(sim.github, before)
      runs.push({
        name,
        codeCalls,
        otherCalls: sim.github.requests.length - before - codeCalls.length,
        created: run.outputs.created ?? ''
      })
      // Keep the count at `comments`: the action's own comment is the last of them.
    }
    return { comments: sim.comments().length, runs }
  } finally {
    await sim.close()
  }
}
