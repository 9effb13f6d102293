// Inputs read from the environment a run is given, by @actions/core's rule, so a run in a
// test's process reads its own inputs and never the process's.

import * as core from '@actions/core'
import { readInput } from '../../../src/action/shell/host.js'

describe('an input read from the run’s environment', () => {
  const env = {
    'INPUT_API-KEY': '  mint_key  ',
    INPUT_SOME_NAME: 'spaces become underscores',
    'INPUT_PROMPT-FILE': '\n docs/prompt.md \n'
  }

  it('upper-cases the name, turns spaces into underscores and trims, as @actions/core does', () => {
    expect(readInput(env, 'api-key')).toBe('mint_key')
    expect(readInput(env, 'some name')).toBe('spaces become underscores')
    expect(readInput(env, 'prompt-file')).toBe('docs/prompt.md')
    expect(readInput(env, 'prompt-file', { trimWhitespace: false })).toBe('\n docs/prompt.md \n')
    expect(readInput(env, 'missing')).toBe('')
  })

  it('reads the same value as core.getInput on the same variables', () => {
    const names = ['api-key', 'some name', 'prompt-file', 'missing']
    const saved = { ...process.env }
    Object.assign(process.env, env)
    try {
      for (const name of names) expect(readInput(env, name)).toBe(core.getInput(name))
    } finally {
      for (const name of Object.keys(env))
        if (!(name in saved)) Reflect.deleteProperty(process.env, name)
    }
  })

  it('never reads the process’s environment', () => {
    process.env['INPUT_ONLY-HERE'] = 'the process’s'
    try {
      expect(readInput({}, 'only-here')).toBe('')
    } finally {
      delete process.env['INPUT_ONLY-HERE']
    }
  })
})
