// Outside a runner (GITHUB_ACTIONS unset), the step's log as a person sees it on GitHub,
// not raw workflow commands (the key's `::add-mask::` included). The demo uses it too:
// no imports, and only erasable TypeScript, so Node loads it directly.

const COMMAND = /^::([A-Za-z-]+)(?: ([^:]*))?::([\s\S]*)$/
const ANNOTATIONS = ['error', 'warning', 'notice', 'debug']

/** Undoes the runner's escaping of command data and properties. */
const unescape = (text: string): string => {
  const decode = (_: string, code: string) => String.fromCharCode(parseInt(code, 16))
  return text.replace(/%(25|0D|0A|3A|2C)/gi, decode)
}

/** The lines a person sees for each line of the step's stdout, and what is held back at the end. */
export function runnerView(showDebug: boolean) {
  let inGroup = false
  // @actions/core writes an empty line before each `::set-output`; a runner hides it.
  let heldBlank = false
  const shown = (text: string): string[] =>
    text.split('\n').map((line) => (inGroup && line !== '' ? `  ${line}` : line))
  const command = (name: string, properties: string, data: string): string[] => {
    const text = unescape(data)
    if (name === 'group' || name === 'endgroup') {
      inGroup = name === 'group'
      return inGroup ? [`▼ ${text}`] : []
    }
    const hidden = name === 'add-mask' || (name === 'debug' && !showDebug)
    if (hidden) {
      return []
    }
    if (name === 'set-output') {
      const pair = properties.split(',').find((p) => p.startsWith('name='))
      const outputName = pair ? unescape(pair.slice('name='.length)) : ''
      return shown(`Output ${outputName}: ${text}`)
    }
    // A command the runner does not know is printed as it was written.
    if (!ANNOTATIONS.includes(name)) {
      return shown(`::${name}::${data}`)
    }
    return shown(`${name.charAt(0).toUpperCase()}${name.slice(1)}: ${text}`)
  }
  return {
    render(line: string): string[] {
      const match = COMMAND.exec(line)
      const before = heldBlank && match?.[1] !== 'set-output' ? [''] : []
      heldBlank = line === ''
      if (line === '') {
        return before
      }
      if (!match) {
        return [...before, ...shown(line)]
      }
      return [...before, ...command(match[1] ?? '', match[2] ?? '', match[3] ?? '')]
    },
    flush(): string[] {
      const rest = heldBlank ? [''] : []
      heldBlank = false
      return rest
    }
  }
}

/** Outside a runner, routes this process's stdout through a runner view, line by line. */
export function showLogAsRunnerWould(env: NodeJS.ProcessEnv, stdout: NodeJS.WriteStream): void {
  if (env.GITHUB_ACTIONS) {
    return
  }
  const view = runnerView(env.RUNNER_DEBUG === '1')
  const write: (text: string, callback?: () => void) => boolean = stdout.write.bind(stdout)
  const rendered = (lines: string[]): string => lines.map((line) => `${line}\n`).join('')
  let partial = ''
  stdout.write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined
    const text = partial + Buffer.from(chunk as string | Uint8Array).toString()
    const lines = text.split(/\r?\n/)
    // The last piece has no line break yet: it waits for the next chunk.
    partial = lines.pop() ?? ''
    const shownLines = lines.flatMap((line) => view.render(line))
    return write(rendered(shownLines), callback)
  }
  process.once('exit', () => {
    const rest = view.flush()
    if (partial !== '') {
      rest.push(...view.render(partial))
    }
    if (rest.length > 0) {
      write(rendered(rest))
    }
  })
}
