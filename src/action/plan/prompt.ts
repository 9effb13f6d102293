// The exact text that goes to the agent: the workflow's prompt (or the command's),
// unchanged and first, then the workflow context when asked for. Built once per run.

import { withWorkflowContext } from '../../github/context-block.js'
import type { WorkflowRun } from '../../github/workflow-run.js'
import type { Settings } from '../shell/inputs.js'

export function promptComposer(
  settings: Pick<Settings, 'includeContext' | 'githubToken'>,
  prompt: string,
  options: { run: WorkflowRun; userAgent: string; signal: AbortSignal; budgetMs: () => number }
): () => Promise<string> {
  let composed: Promise<string> | undefined
  return () => {
    composed ??= settings.includeContext
      ? withWorkflowContext(prompt, {
          run: options.run,
          token: settings.githubToken,
          userAgent: options.userAgent,
          signal: options.signal,
          budgetMs: options.budgetMs()
        })
      : Promise.resolve(prompt)
    return composed
  }
}
