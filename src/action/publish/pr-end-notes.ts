// What the end of a code pull request says: the comment on the docs pull request, and
// the line for the log and the code pull request's comment. The merger's login and the
// merge commit are GitHub data: cleaned and escaped, never a mention or a command.

import { parsePullRequestLink } from '../../common/pull-request-link.js'
import { safeMarkdown } from '../../common/safe-text.js'
import { cleanLabel } from '../../github/untrusted-text.js'
import { record, text, type WorkflowRun } from '../../github/workflow-run.js'
import type { DocsPrAction, EndEvent, EndStep } from '../../github/pr-end-record.js'
import type { EndPlan, NoteKind } from '../plan/pr-end.js'

export const KEPT_LABEL = 'code-pr-closed'

/** The code pull request the run is for, from the event payload. */
export function codePullRequestOf(run: WorkflowRun, number: number) {
  const pr = record(run.payload.pull_request)
  const sha = text(pr?.merge_commit_sha)
  const by = text(record(pr?.merged_by)?.login)
  return {
    name: `${run.repository}#${number}`,
    link: `${run.serverUrl}/${run.repository}/pull/${number}`,
    ...(sha && /^[0-9a-f]{7,64}$/.test(sha) ? { mergeSha: sha.slice(0, 7) } : {}),
    ...(by ? { mergedBy: cleanLabel(by, 40) } : {})
  }
}

/** The comment on the docs pull request. */
export function docsNote(
  note: NoteKind,
  code: ReturnType<typeof codePullRequestOf>,
  why: string,
  jobWorking = false
): string {
  const pr = `[${safeMarkdown(code.name)}](${encodeURI(code.link)})`
  const closed = `The code pull request ${pr} was closed without merging.`
  const commit = code.mergeSha ? ` as commit \`${code.mergeSha}\`` : ''
  const by = code.mergedBy ? ` by ${safeMarkdown(code.mergedBy)}` : ''
  const notes: Partial<Record<NoteKind, string>> = {
    merged: jobWorking
      ? `The code pull request ${pr} was merged${commit}${by}: the code this pull request documents is in. Its docs job is still working on this pull request: review and merge it once the agent's last commit is in.`
      : `The code pull request ${pr} was merged${commit}${by}: the code this pull request documents is in, so it is ready to review and merge.`,
    closed: `${closed} This docs pull request documents code that will not ship, so it is closed too; if the code pull request is reopened, it is reopened as well.`,
    kept: `${closed} This docs pull request stays open, as the workflow asks (\`docs-pr-on-close: keep\`), labelled \`${KEPT_LABEL}\`: close it if its changes are no longer needed.`,
    reopened: `The code pull request ${pr} was reopened, so this docs pull request is reopened too; the next push there updates it.`,
    unkept: `The code pull request ${pr} was reopened, so the label \`${KEPT_LABEL}\` is removed; the next push there updates this docs pull request.`
  }
  return (
    notes[note] ??
    `${closed} This docs pull request was left open because ${safeMarkdown(why, 300)}: close it by hand if its changes are no longer needed.`
  )
}

const EVENT_WORDS: Record<EndEvent, string> = {
  merged: 'merged',
  closed: 'closed without merging',
  reopened: 'reopened'
}

const DONE: Record<DocsPrAction, string> = {
  'merged-note': 'told its docs pull request {docs} that it is ready to merge',
  closed: 'closed its docs pull request {docs}; reopening this pull request reopens it',
  kept: 'left its docs pull request {docs} open, with a comment ({why})',
  reopened: 'reopened its docs pull request {docs}; the next push follows up the same job',
  unkept: `removed the label ${KEPT_LABEL} from its docs pull request {docs}; the next push follows up the same job`,
  none: 'nothing was done to its docs pull request {docs} ({why})'
}

const BY_HAND: Record<EndStep, string> = {
  close: 'close the docs pull request {docs} by hand',
  reopen: 'reopen the docs pull request {docs} by hand',
  comment: 'tell the reviewers of {docs} by hand',
  label: `add the label ${KEPT_LABEL} to {docs} by hand`,
  unlabel: `remove the label ${KEPT_LABEL} from {docs} by hand`,
  'hand-off': 'request its reviewers on {docs} by hand'
}

/** One line for the log and the code pull request's comment: what the run did, and what is left to do. */
export function endLine(
  event: EndEvent,
  plan: EndPlan,
  action: DocsPrAction,
  refused: EndStep | undefined
): string {
  const ref = parsePullRequestLink(plan.link)
  const docs = ref ? ` ${ref.repository}#${ref.number}` : ''
  const fill = (words: string): string => words.replace(' {docs}', docs).replace('{why}', plan.why)
  const head = `The pull request was ${EVENT_WORDS[event]}:`
  const byHand = refused ? `GitHub refused a write, so ${fill(BY_HAND[refused])}.` : ''
  if (action === 'none' && plan.action !== 'none') return `${head} ${byHand}`
  return `${head} ${fill(DONE[plan.action])}.${byHand ? ` ${byHand}` : ''}`
}
