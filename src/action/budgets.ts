// How long each GitHub step around the job may take: all in one place. Every GitHub
// call is best effort, so a slow or hanging GitHub costs the run at most these, and
// never the job's own timeout. When the run is cancelled, the last writes share the
// runner's window before SIGTERM (7.5 s after SIGINT).

export const BUDGETS = {
  /** Reading the commenter's permission and the pull request's back-links. */
  commandCheck: 15_000,
  /** Whose token github-token is, and the pull request's comments for its record (up to 200 pages). */
  pullRequestThread: 60_000,
  /** Whether a recorded job's docs pull request was merged or closed. */
  docsPullRequestState: 10_000,
  /** A branch's reads: its dashboard, its commits, their pull requests. */
  branchReads: 30_000,
  /** The dashboard written at the end (and as soon as the job is known). */
  dashboard: { normal: 10_000, cancelled: 4_000 },
  /** The look-up of an earlier attempt's check run. */
  earlierAttempt: 10_000,
  /** The changed files for the workflow context. */
  workflowContext: 15_000,
  /** The record and "working" comment written as soon as a job is settled. */
  earlyRecord: 10_000,
  /** Any one check-run call. */
  checkRunCall: 10_000,
  /** Reading the docs pull request and handing it to reviewers. */
  docsPullRequest: 20_000,
  /** The back-link on the docs pull request. */
  backLink: 10_000,
  /** The last writes: normal, and when cancelled. */
  prComment: { normal: 15_000, cancelled: 5_000 },
  checkRunEnd: { normal: 10_000, cancelled: 5_000 },
  reaction: { normal: 10_000, cancelled: 3_000 }
} as const

/** A budget, never past the step's own deadline (at least 1 ms, so a call fails fast). */
export function within(budgetMs: number, deadline: number, now: number): number {
  return Math.max(1, Math.min(budgetMs, deadline - now))
}
