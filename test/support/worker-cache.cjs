// What the contract checks keep for a whole process (see contracts.ts). Under jest every
// test file gets its own module registry, so a value kept in contracts.ts is made again
// in each file: the 4 MB description parsed, every validator compiled, about 0.1 s of
// CPU a file. This module is loaded with Node's own require instead, so one instance
// serves every test file a jest worker runs. What it keeps is read-only once made, and
// made in this module's realm, so keeping it holds no finished test file in memory.
'use strict'

const { readFileSync } = require('node:fs')

const kept = new Map()

/** The value kept under `key`, made by `make` the first time it is asked for. */
function once(key, make) {
  if (!kept.has(key)) kept.set(key, make())
  return kept.get(key)
}

/** The JSON in `file`, parsed once per process. */
function readJson(file) {
  return once(`json ${file}`, () => JSON.parse(readFileSync(file, 'utf8')))
}

module.exports = { once, readJson }
