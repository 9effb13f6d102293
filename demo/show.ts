// How the demo prints: headings, the action's log as GitHub shows it (the action's own
// runner view: masks swallowed, groups as headings, annotations as `Error: …`), the
// outputs that changed, and what the Agent Jobs service received.

import { runnerView } from '../src/action/shell/runner-view.ts'
import type { RecordedRequest } from '../test/support/stand-in.ts'

export const print = (line = '', depth = 0): void => {
  console.log(line === '' ? '' : `${'  '.repeat(depth)}${line}`)
}

export const rule = (title: string, char = '─'): void => {
  print()
  const tail = char.repeat(Math.max(0, 66 - title.length))
  print(`${char.repeat(4)} ${title}${tail === '' ? '' : ` ${tail}`}`)
}

/**
 * The step's stdout as GitHub shows it, printed as it comes (whole lines only, chunk
 * boundaries notwithstanding); blank lines at the end are left out, as GitHub does.
 */
export function logPrinter(depth: number): { write(text: string): void; end(): void } {
  const view = runnerView(false)
  let partial = ''
  let blanks = 0
  const show = (lines: string[]): void => {
    for (const line of lines) {
      if (line.trim() === '') {
        blanks++
        continue
      }
      for (; blanks > 0; blanks--) print()
      print(line, depth)
    }
  }
  return {
    write(text) {
      const lines = (partial + text).split('\n')
      partial = lines.pop() ?? ''
      show(lines.flatMap((line) => view.render(line)))
    },
    end() {
      show([...(partial === '' ? [] : view.render(partial)), ...view.flush()])
    }
  }
}

/** Each output whose value differs from the previous run's, `(not set)` when it is gone. */
export function changedOutputs(
  previous: Record<string, string>,
  current: Record<string, string>
): Array<[name: string, value: string | undefined]> {
  const names = [...Object.keys(current), ...Object.keys(previous).filter((n) => !(n in current))]
  return names
    .filter((name) => previous[name] !== current[name])
    .map((name) => [name, current[name]])
}

export function printOutputs(changed: Array<[string, string | undefined]>, depth: number): void {
  if (changed.length === 0) print('(none)', depth)
  for (const [name, value] of changed) {
    if (value === undefined) print(`${name} (not set)`, depth)
    else if (value === '') print(`${name} = (empty)`, depth)
    else {
      const [first, ...rest] = value.split('\n')
      print(`${name} = ${first ?? ''}`, depth)
      for (const line of rest) print(`${' '.repeat(name.length + 3)}${line}`, depth)
    }
  }
}

/**
 * The Agent Jobs requests of one run: each creation and message with the prompt it
 * carried, the reads of a job counted on one line.
 */
export function printAgentRequests(requests: RecordedRequest[], depth: number): void {
  if (!requests.some((r) => r.method === 'POST')) print('Nothing sent.', depth)
  let reads: { path: string; count: number } | undefined
  const flushReads = (): void => {
    if (reads) print(`GET  ${reads.path}${reads.count > 1 ? ` ×${reads.count}` : ''}`, depth)
    reads = undefined
  }
  for (const request of requests) {
    if (request.method === 'GET' && reads?.path === request.path) {
      reads.count++
      continue
    }
    flushReads()
    if (request.method === 'GET') {
      reads = { path: request.path, count: 1 }
      continue
    }
    print(`${request.method} ${request.path}`, depth)
    const prompt = (JSON.parse(request.body) as { prompt?: unknown }).prompt
    if (typeof prompt === 'string')
      for (const line of prompt.split('\n')) print(line === '' ? '│' : `│ ${line}`, depth + 1)
  }
  flushReads()
}
