// How the demo prints: headings, and the action's log as GitHub shows it (the action's
// own runner view: masks swallowed, groups as headings, annotations as `Error: …`).

import { runnerView } from '../src/action/shell/runner-view.ts'

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
