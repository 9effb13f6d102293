// Runs the bundle named by RECORD_BUNDLE with process.env wrapped, and writes the
// INPUT_* variables it read (whether set or not) to RECORD_INPUTS_FILE as a JSON
// list when the process exits: what the action really reads, not what its source
// seems to. Runs under Node directly (erasable TypeScript only).

import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const bundle = process.env.RECORD_BUNDLE
const file = process.env.RECORD_INPUTS_FILE
if (!bundle || !file) throw new Error('RECORD_BUNDLE and RECORD_INPUTS_FILE are required')

const read = new Set<string>()
process.env = new Proxy(process.env, {
  get(target, key) {
    if (typeof key === 'string' && key.startsWith('INPUT_')) read.add(key)
    return Reflect.get(target, key) as unknown
  }
})
process.on('exit', () => writeFileSync(file, JSON.stringify([...read].sort())))

await import(pathToFileURL(bundle).href)
