// The services' own published contracts as the judge of the stand-ins and of the
// action's requests: GitHub's OpenAPI description (@octokit/openapi), GitHub's webhook
// schemas (@octokit/openapi-webhooks) and our description of the Agent Jobs API
// (test/contracts/agent-jobs-openapi.json, written from Mintlify's published one).
//
// Each description is read once per process, when first needed, and only the schemas
// of the operations met are compiled (cached), so a test file pays for what it uses.
// The stand-ins check every exchange and report what breaks the contract here; the
// jest setup file (contract-setup.ts) fails the test when anything was reported.
//
// Runs under Node 24 directly (erasable TypeScript only): the demo and the benchmark
// start the stand-ins outside jest.

import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Ajv as AjvClass, ValidateFunction } from 'ajv'
import type { FormatsPlugin } from 'ajv-formats'

/**
 * Node's own `createRequire`, also under jest. jest's `node:module` hands each test file a
 * require of its own, which would load ajv, every compiled validator and the worker cache
 * (worker-cache.cjs) again in each file; its `Module` class extends Node's, whose static
 * `createRequire` is the process-wide one. Under Node alone, and should jest ever stop
 * doing that, this is the plain `createRequire`: the same results, only slower.
 */
function processWideCreateRequire(): typeof createRequire {
  const native = (Object.getPrototypeOf(Module) as { createRequire?: unknown }).createRequire
  return typeof native === 'function' ? (native as typeof createRequire) : createRequire
}
const require = processWideCreateRequire()(import.meta.url)

interface WorkerCache {
  once<T>(key: string, make: () => T): T
  readJson(file: string): unknown
}
const workerCache = require('./worker-cache.cjs') as WorkerCache

interface AjvLibrary {
  Ajv: typeof AjvClass
  addFormats: FormatsPlugin
  standaloneCode: (ajv: AjvClass, validate: ValidateFunction) => string
}
let library: AjvLibrary | undefined

// ajv and ajv-formats are CommonJS; `require` reads them the same way under jest and Node.
// Loaded on first use: the end-to-end workflow starts the stand-in with no `npm ci`.
function ajvLibrary(): AjvLibrary {
  library ??= {
    Ajv: require('ajv') as typeof AjvClass,
    addFormats: require('ajv-formats') as FormatsPlugin,
    standaloneCode: require('ajv/dist/standalone') as AjvLibrary['standaloneCode']
  }
  return library
}

/**
 * Whether the validator is installed (the dev dependencies). Without it (the stand-in
 * started by the end-to-end workflow, which runs no `npm ci`) nothing is checked.
 */
export const contractsInstalled = ((): boolean => {
  try {
    require.resolve('ajv')
    require.resolve('ajv-formats')
    return true
  } catch {
    return false
  }
})()

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

// Compiling GitHub's schemas takes ajv seconds, and parsing the descriptions a good part
// of one, in every jest worker. So each description is kept here slimmed (prose and
// examples dropped), and each compiled validator as standalone code, keyed by the
// description's content and the code that prepares it: the first run pays, later ones
// read a file. Change PREPARATION when the preparation below changes.
const PREPARATION = 'contracts-3'
const CACHE = join(ROOT, 'node_modules', '.cache', 'contracts')

function writeAtomically(file: string, text: string): void {
  mkdirSync(CACHE, { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, file)
}

const PROSE = new Set(['description', 'summary', 'examples', 'example', 'externalDocs', 'title'])
/** Keys whose value maps names (of fields, schemas, paths, statuses…) to what they name. */
const NAMED = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'paths',
  'webhooks',
  'content',
  'components',
  '$defs'
])

function slim(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((item) => slim(item))
  if (typeof node !== 'object' || node === null) return node
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    // Inside `properties` (and the like) a key is a field's name: `title`, `summary`…
    if (!names && (PROSE.has(key) || key.startsWith('x-'))) continue
    result[key] = slim(value, !names && NAMED.has(key))
  }
  return result
}

/** One request to a stand-in and the answer it gave. */
export interface Exchange {
  method: string
  /** The path as the operation sees it (a prefix such as /api/v3 removed). */
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  /** The request body as sent ('' for none). */
  body: string
  /** The answer: its status and its body (parsed JSON, or the text). */
  status: number
  answer: unknown
  /**
   * Why the answer exists only to inject a fault (a 5xx, a truncated body, a status the
   * contract does not list…), when it does: the answer is then not checked, only counted.
   */
  faultInjection?: string
}

/** Marks an answer as a deliberate fault, exempt from the response schema (see CONTRIBUTING). */
export function faultInjection<T extends object>(
  answer: T,
  why: string
): T & { faultInjection: string } {
  return { ...answer, faultInjection: why }
}

type Json = Record<string, unknown>

interface Operation {
  method: string
  template: string
  pattern: RegExp
  names: string[]
  literals: number
  operation: Json
}

function deepGet(doc: Json, pointer: string): unknown {
  let node: unknown = doc
  for (const part of pointer.replace(/^#\//, '').split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    node = (node as Json | undefined)?.[key]
  }
  return node
}

/** Follows a `$ref` to a component (parameters, responses, request bodies). */
function deref(doc: Json, node: unknown): Json {
  let value = node as Json
  for (let i = 0; i < 10 && typeof value?.$ref === 'string'; i++)
    value = deepGet(doc, value.$ref) as Json
  return value
}

/** A copy of `schema` whose local refs point into the description added as `id`. */
function rebase(schema: unknown, id: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rebase(item, id))
  if (typeof schema !== 'object' || schema === null) return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${id}${value}`
        : rebase(value, id)
    ])
  )
}

function newAjv(): AjvClass {
  // strict off: the descriptions carry OpenAPI keywords (example, x-github…) that are
  // not JSON Schema. `nullable` is OpenAPI 3.0's, which ajv knows.
  // `code.source`: a compiled validator can be written out as standalone code (the cache).
  const { Ajv, addFormats } = ajvLibrary()
  const ajv = new Ajv({ strict: false, validateFormats: true, code: { source: true } })
  addFormats(ajv)
  return ajv
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${paramsText(e.params)}`)
    .join('; ')
}

function paramsText(params: Record<string, unknown>): string {
  const shown = Object.entries(params).filter(([k, v]) => typeof v !== 'object' && k !== 'type')
  return shown.length > 0 ? ` (${shown.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : ''
}

function headerOf(headers: Exchange['headers'], name: string): string {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

const PLACEHOLDER_FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  uri: 'https://github.com/acme',
  'uri-template': 'https://github.com/acme{/x}',
  email: 'octocat@example.com',
  date: '2026-01-01'
}

/**
 * `value` with every required field it leaves out filled with a placeholder that the
 * schema accepts (null where null is allowed), recursively; the fields `value` has are
 * kept as they are, and those the schema does not know are reported in `unknown`.
 * The stand-ins model the fields the action reads; GitHub's descriptions require many
 * more (node_id, url, full user and repository objects…).
 */
function complete(
  doc: Json,
  node: unknown,
  value: unknown,
  at: string,
  unknown: string[],
  depth = 0
): unknown {
  let schema = deref(doc, node) ?? {}
  if (depth > 40) return value
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as unknown[]).map((part) => deref(doc, part))
    if (!parts.some((part) => part.properties))
      return complete(
        doc,
        parts.find((part) => part.enum) ?? parts[0],
        value,
        at,
        unknown,
        depth + 1
      )
    // A field several parts define must satisfy all of them.
    const properties: Json = {}
    for (const part of parts) {
      for (const [name, field] of Object.entries((part.properties ?? {}) as Json)) {
        const before = properties[name] as Json | undefined
        properties[name] = before
          ? { allOf: [...((before.allOf as unknown[]) ?? [before]), field] }
          : field
      }
    }
    schema = {
      type: 'object',
      properties,
      required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
      additionalProperties: parts.every((p) => p.additionalProperties === false) ? false : true
    }
  }
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (branches) {
    const options = branches.map((branch) => deref(doc, branch))
    if (value === undefined) {
      const nullable = options.find((o) => o.type === 'null' || o.nullable === true)
      return nullable ? null : complete(doc, options[0], undefined, at, unknown, depth + 1)
    }
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
    const fits =
      options.find((o) => {
        const types = ([] as unknown[]).concat(o.type ?? (o.properties ? 'object' : []))
        return types.some((t) => t === kind || (t === 'integer' && kind === 'number'))
      }) ?? options[0]
    return complete(doc, fits, value, at, unknown, depth + 1)
  }
  const types = ([] as unknown[]).concat(schema.type ?? (schema.properties ? 'object' : []))
  if (value === undefined) {
    if (schema.nullable === true || types.includes('null')) return null
    if (Array.isArray(schema.enum)) return schema.enum[0]
    if (types.includes('object')) value = {}
    else if (types.includes('array')) return []
    else if (types.includes('string')) {
      const format =
        typeof schema.format === 'string' ? PLACEHOLDER_FORMATS[schema.format] : undefined
      return format ?? (typeof schema.pattern === 'string' ? '0'.repeat(40) : 'x')
    } else if (types.includes('integer') || types.includes('number')) return 1
    else if (types.includes('boolean')) return false
    else return null
  }
  if (Array.isArray(value) && schema.items)
    return value.map((item, i) =>
      complete(doc, schema.items, item, `${at}/${i}`, unknown, depth + 1)
    )
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const properties = (schema.properties ?? {}) as Json
  const result: Json = { ...(value as Json) }
  for (const [name, field] of Object.entries(result)) {
    if (name in properties)
      result[name] = complete(doc, properties[name], field, `${at}/${name}`, unknown, depth + 1)
    else if (schema.properties && !schema.additionalProperties && !schema.patternProperties)
      unknown.push(`${at}/${name}`)
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (!(name in result))
      result[name] = complete(doc, properties[name], undefined, `${at}/${name}`, unknown, depth + 1)
  }
  return result
}

/**
 * OpenAPI 3.0's `nullable: true` admits null also where an `enum` lists the values (as
 * GitHub's check-run `conclusion`); ajv reads the enum alone, so null is added to it.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const schema = node as Json
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null]
  // `nullable` without `type` (on an allOf or anyOf, as some of GitHub's commit and issue
  // schemas have it): ajv refuses it, so it becomes "this, or null".
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _nullable, ...rest } = schema
    for (const key of Object.keys(rest)) Reflect.deleteProperty(schema, key)
    Reflect.deleteProperty(schema, 'nullable')
    schema.anyOf = [rest, { type: 'null' }]
  }
  for (const value of Object.values(schema)) allowNullInNullableEnums(value)
}

interface Prepared {
  doc: Json
  /** Names the description's content and its preparation (see PREPARATION). */
  key: string
}

/** The compiled validators of one description: in memory, and as code in the cache. */
class Validators {
  private readonly id: string
  private readonly source: Prepared
  private ajv: AjvClass | undefined

  constructor(id: string, source: Prepared) {
    this.id = id
    this.source = source
  }

  get(name: string, schema: unknown): ValidateFunction {
    return workerCache.once(`validator ${this.source.key} ${name}`, () => this.compile(schema))
  }

  /** The validator of `schema`: from its standalone code in the cache, or compiled into it. */
  private compile(schema: unknown): ValidateFunction {
    let validate: ValidateFunction
    const rebased = rebase(schema, this.id) as object
    const hash = createHash('sha256').update(JSON.stringify(rebased)).digest('hex').slice(0, 16)
    const file = join(CACHE, `${this.source.key}-${hash}.cjs`)
    if (existsSync(file)) {
      validate = require(file) as ValidateFunction
    } else {
      if (!this.ajv) {
        // Only the components: what the operations' schemas refer to.
        this.ajv = newAjv()
        this.ajv.addSchema({ components: this.source.doc.components }, this.id)
      }
      validate = this.ajv.compile(rebased)
      writeAtomically(file, ajvLibrary().standaloneCode(this.ajv, validate))
    }
    return validate
  }
}

/** One OpenAPI description, and the checks of an exchange against it. */
export class Contract {
  readonly name: string
  private readonly load: () => Prepared
  private readonly bearer: boolean
  private doc: Json | undefined
  private validators: Validators | undefined
  private operations: Operation[] | undefined
  /** The operations by method and number of path segments: what `find` looks through. */
  private buckets: Map<string, Operation[]> | undefined

  constructor(name: string, load: () => Prepared, options: { bearer?: boolean } = {}) {
    this.name = name
    this.load = load
    this.bearer = options.bearer ?? false
  }

  private description(): Json {
    if (!this.doc) {
      const source = this.load()
      this.doc = source.doc
      this.validators = new Validators(this.name, source)
    }
    return this.doc
  }

  private index(): Operation[] {
    if (this.operations) return this.operations
    const paths = this.description().paths as Record<string, Record<string, Json>>
    const list: Operation[] = []
    for (const [template, item] of Object.entries(paths)) {
      const names: string[] = []
      const segments = template.split('/')
      const source = segments
        .map((segment) =>
          segment.replace(/\{([^}]+)\}|[^{]+/g, (whole, name: string | undefined) => {
            if (name === undefined) return whole.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
            names.push(name)
            return '([^/]+)'
          })
        )
        .join('/')
      const literals = segments.filter((s) => s !== '' && !s.includes('{')).length
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
        list.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          names,
          literals,
          operation
        })
      }
    }
    // The most literal segments first: /issues/comments/{id} before /issues/{number}/….
    this.operations = list.sort((a, b) => b.literals - a.literals)
    return this.operations
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    this.description()
    return (this.validators as Validators).get(key, schema)
  }

  /**
   * Reads the description and indexes its operations now, so that a stand-in pays for it
   * when it starts, not during the first answer a test may be timing.
   */
  prepare(): void {
    if (contractsInstalled) this.index()
  }

  private find(method: string, path: string): Operation | undefined {
    if (!this.buckets) {
      this.buckets = new Map()
      for (const op of this.index()) {
        const key = `${op.method} ${op.template.split('/').length}`
        const bucket = this.buckets.get(key)
        if (bucket) bucket.push(op)
        else this.buckets.set(key, [op])
      }
    }
    // A template's `{name}` matches one segment: only templates as long as the path can match.
    const candidates = this.buckets.get(`${method} ${path.split('/').length}`) ?? []
    return candidates.find((op) => op.pattern.test(path))
  }

  /**
   * Whether the operation at `method path` lists `status`: an injected answer on a
   * listed status is checked like any other, only one on an unlisted status is exempt.
   */
  documents(method: string, path: string, status: number): boolean {
    const responses = this.find(method, path)?.operation.responses as Json | undefined
    return responses?.[String(status)] !== undefined
  }

  /**
   * The answer on `status` with the fields the description requires and `body` leaves
   * out filled in, and the fields of `body` it does not document (a misspelt or renamed
   * field shows there). `body` as it is when the operation or status is not listed.
   */
  complete(
    method: string,
    path: string,
    status: number,
    body: unknown
  ): { body: unknown; unknown: string[] } {
    const doc = this.description()
    const responses = this.find(method, path)?.operation.responses as Json | undefined
    const documented = responses?.[String(status)]
    const schema = documented
      ? (deref(doc, documented).content as Record<string, Json> | undefined)?.['application/json']
          ?.schema
      : undefined
    if (!schema) return { body, unknown: [] }
    const unknown: string[] = []
    return { body: complete(doc, schema, body, '', unknown), unknown }
  }

  /**
   * Compiles (into the cache) the validators of every operation whose path, filled with
   * sample values, `serves` says a stand-in answers: run once by global-setup, so that no
   * worker compiles while its stand-ins are timing a test, even on a fresh clone.
   */
  warm(serves: (method: string, path: string) => boolean): number {
    if (!contractsInstalled) return 0
    const doc = this.description()
    let count = 0
    for (const found of this.index()) {
      const sample = found.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
        name === 'owner' ? 'acme' : name === 'repo' ? 'app' : '1'
      )
      if (!serves(found.method, sample)) continue
      const op = `${found.method} ${found.template}`
      const requestBody = found.operation.requestBody
        ? deref(doc, found.operation.requestBody)
        : undefined
      const json = (requestBody?.content as Record<string, Json> | undefined)?.['application/json']
      if (json) this.validator(`${op} request`, json.schema)
      const responses = (found.operation.responses ?? {}) as Record<string, unknown>
      for (const [status, documented] of Object.entries(responses)) {
        const schema = (deref(doc, documented).content as Record<string, Json> | undefined)?.[
          'application/json'
        ]?.schema
        if (schema) this.validator(`${op} ${status}`, schema)
      }
      count++
    }
    return count
  }

  /**
   * For the message about an undocumented request: the operations of the same method whose
   * paths start most like `path` (whole segments, then the letters of the first that
   * differs, then the closest number of segments); the first three of a tie, and how many more.
   */
  private nearest(method: string, path: string): string | undefined {
    const segments = path.split('/')
    let best: { ops: Operation[]; score: number[] } | undefined
    for (const op of this.index()) {
      if (op.method !== method) continue
      const parts = op.template.split('/')
      let same = 0
      while (
        same < Math.min(parts.length, segments.length) &&
        (parts[same] === segments[same] || /^\{[^}]+\}$/.test(parts[same] ?? ''))
      )
        same++
      const [a = '', b = ''] = [parts[same], segments[same]]
      let letters = 0
      while (letters < Math.min(a.length, b.length) && a[letters] === b[letters]) letters++
      const score = [same, letters, -Math.abs(parts.length - segments.length)]
      const differs = score.findIndex((value, i) => value !== best?.score[i])
      if (!best || (differs !== -1 && (score[differs] ?? 0) > (best.score[differs] ?? 0)))
        best = { ops: [op], score }
      else if (differs === -1) best.ops.push(op)
    }
    // Sharing only the leading empty segment is no likeness.
    if (!best || (best.score[0] ?? 0) <= 1) return undefined
    const named = best.ops.slice(0, 3).map((op) => `${op.method} ${op.template}`)
    const more = best.ops.length - named.length
    return `${named.join(', ')}${more > 0 ? ` and ${more} more as near` : ''}`
  }

  /** What in `exchange` the contract does not allow; empty when it all conforms. */
  check(exchange: Exchange): string[] {
    const doc = this.description()
    const what = `${exchange.method} ${exchange.path}`
    const found = this.find(exchange.method, exchange.path)
    if (!found) {
      const templates = this.index()
        .filter((op) => op.pattern.test(exchange.path))
        .map((op) => op.method)
      if (templates.length > 0) {
        return [
          `${what}: ${this.name} documents only ${[...new Set(templates)].join(', ')} on this path`
        ]
      }
      const nearest = this.nearest(exchange.method, exchange.path)
      return [
        `${what}: not an operation of ${this.name}${nearest ? ` (the nearest it documents: ${nearest})` : ''}`
      ]
    }
    const op = `${found.method} ${found.template}`
    const problems: string[] = []
    const values = (found.pattern.exec(exchange.path) ?? []).slice(1)
    const parameters = [
      ...(((doc.paths as Record<string, Json>)[found.template]?.parameters as
        unknown[] | undefined) ?? []),
      ...((found.operation.parameters as unknown[] | undefined) ?? [])
    ].map((p) => deref(doc, p))
    for (const parameter of parameters) {
      const name = parameter.name as string
      const schema = (parameter.schema ?? {}) as Json
      let value: string | undefined
      if (parameter.in === 'path')
        value = decodeURIComponent(values[found.names.indexOf(name)] ?? '')
      else if (parameter.in === 'query') value = exchange.query[name]
      else continue
      if (value === undefined) {
        if (parameter.required) problems.push(`${what}: ${op} requires the query parameter ${name}`)
        continue
      }
      if (schema.type === 'integer' && !/^-?\d+$/.test(value))
        problems.push(`${what}: ${op} parameter ${name} must be an integer, got '${value}'`)
      if (Array.isArray(schema.enum) && !schema.enum.includes(value))
        problems.push(`${what}: ${op} parameter ${name} must be one of ${schema.enum.join(', ')}`)
    }
    if (this.bearer && !/^Bearer \S+/.test(headerOf(exchange.headers, 'authorization')))
      problems.push(`${what}: ${op} needs an Authorization: Bearer header`)

    const requestBody = found.operation.requestBody
      ? deref(doc, found.operation.requestBody)
      : undefined
    if (requestBody) {
      const content = requestBody.content as Record<string, Json> | undefined
      const json = content?.['application/json']
      if (exchange.body === '') {
        if (requestBody.required) problems.push(`${what}: ${op} requires a JSON body`)
      } else if (json) {
        if (!/^application\/json\b/.test(headerOf(exchange.headers, 'content-type')))
          problems.push(`${what}: ${op} takes Content-Type: application/json`)
        let body: unknown
        try {
          body = JSON.parse(exchange.body)
        } catch {
          problems.push(`${what}: ${op} takes a JSON body; got unparsable text`)
        }
        if (body !== undefined) {
          const validate = this.validator(`${op} request`, json.schema)
          if (!validate(body))
            problems.push(`${what}: the request body breaks ${op}: ${describeErrors(validate)}`)
        }
      }
    } else if (exchange.body !== '' && exchange.method !== 'GET') {
      problems.push(`${what}: ${op} takes no request body`)
    }

    if (exchange.faultInjection !== undefined) return problems
    const responses = (found.operation.responses ?? {}) as Record<string, unknown>
    const documented = responses[String(exchange.status)]
    if (!documented) {
      problems.push(
        `${what}: answered ${exchange.status}, which ${op} does not document (it lists ${Object.keys(responses).join(', ')}); mark a deliberate fault with faultInjection()`
      )
      return problems
    }
    const schema = (deref(doc, documented).content as Record<string, Json> | undefined)?.[
      'application/json'
    ]?.schema
    if (schema) {
      const validate = this.validator(`${op} ${exchange.status}`, schema)
      if (!validate(exchange.answer))
        problems.push(
          `${what}: the ${exchange.status} answer breaks ${op}: ${describeErrors(validate)}`
        )
    }
    return problems
  }
}

const readJson = (...parts: string[]): Json =>
  JSON.parse(readFileSync(join(ROOT, ...parts), 'utf8')) as Json

/** A description, slimmed and with null allowed in nullable enums; from the cache when there. */
function prepared(...parts: string[]): Prepared {
  // A package's file is named by the package's version; our own file by its content.
  const named =
    parts[0] === 'node_modules'
      ? readFileSync(join(ROOT, ...parts.slice(0, 3), 'package.json'))
      : readFileSync(join(ROOT, ...parts))
  const key = createHash('sha256')
    .update(`${PREPARATION}\0${parts.join('/')}\0`)
    .update(named)
    .digest('hex')
    .slice(0, 16)
  const file = join(CACHE, `${key}.json`)
  if (existsSync(file)) return { doc: workerCache.readJson(file) as Json, key }
  const doc = slim(readJson(...parts)) as Json
  allowNullInNullableEnums(doc)
  writeAtomically(file, JSON.stringify(doc))
  return { doc, key }
}

export const agentJobsContract = new Contract(
  'agent-jobs-openapi.json',
  () => prepared('test', 'contracts', 'agent-jobs-openapi.json'),
  { bearer: true }
)

export const gitHubContract = new Contract('api.github.com.json', () =>
  prepared('node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json')
)

/**
 * GitHub's REST description does not cover GraphQL: our own description of the one
 * query the action sends (`POST /graphql`, `query { viewer { login } }`) judges it.
 */
export const gitHubGraphqlContract = new Contract('github-graphql-openapi.json', () =>
  prepared('test', 'contracts', 'github-graphql-openapi.json')
)

/** The description that judges a request to the GitHub stand-in at `path`. */
export const gitHubContractFor = (path: string): Contract =>
  path === '/graphql' ? gitHubGraphqlContract : gitHubContract

// Webhook payloads: the schema of `event` (and `action`, when the event has actions).
let webhooks: { doc: Json; validators: Validators } | undefined

/** Events a workflow runs on that are not webhooks, and what is checked instead. */
const NOT_WEBHOOKS = new Set(['schedule'])

function webhookDoc(): { doc: Json; validators: Validators } {
  webhooks ??= (() => {
    const source = prepared(
      'node_modules',
      '@octokit',
      'openapi-webhooks',
      'generated',
      'api.github.com.json'
    )
    return { doc: source.doc, validators: new Validators('webhooks', source) }
  })()
  return webhooks
}

/** The events and actions the tests, the demo and the benchmark give the action. */
const EVENTS_USED = [
  'push',
  'workflow-dispatch',
  'issue-comment-created',
  'pull-request-opened',
  'pull-request-synchronize',
  'pull-request-closed',
  'pull-request-reopened',
  'pull-request-review-submitted',
  'pull-request-review-comment-created'
]

/** Compiles the schemas of the events used into the cache (see `Contract.warm`). */
export function warmWebhooks(): void {
  if (!contractsInstalled) return
  const all = webhookDoc().doc.webhooks as Record<string, Json>
  for (const key of EVENTS_USED) {
    const post = all[key]?.post as Json | undefined
    const schema = post
      ? ((post.requestBody as Json).content as Record<string, Json>)['application/json']?.schema
      : undefined
    if (schema) webhookDoc().validators.get(key, schema)
  }
}

/** Reads the webhook schemas now (see `Contract.prepare`): runs with an event use GitHub. */
export function prepareWebhooks(): void {
  if (contractsInstalled) webhookDoc()
}

/** The webhook (`issue-comment-created`, `push`…) of `event` and the payload's action. */
function webhookOf(event: string, payload: unknown): { key: string; schema?: unknown } {
  const all = webhookDoc().doc.webhooks as Record<string, Json>
  const base = event.replace(/_/g, '-')
  const action = (payload as Json | null)?.action
  const key = typeof action === 'string' ? `${base}-${action}` : base
  const post = all[key]?.post as Json | undefined
  const schema = post
    ? ((post.requestBody as Json).content as Record<string, Json>)['application/json']?.schema
    : undefined
  return { key, schema }
}

/**
 * The payload a test wrote with the fields GitHub's schema requires and the test does
 * not set filled in (see `complete`), and the fields it sets that the schema does not
 * know. A scheduled run's payload is not a webhook: returned as it is.
 */
export function completeEventPayload(
  event: string,
  payload: unknown
): { payload: unknown; unknown: string[] } {
  if (NOT_WEBHOOKS.has(event)) return { payload, unknown: [] }
  const { schema } = webhookOf(event, payload)
  if (!schema) return { payload, unknown: [] }
  const unknown: string[] = []
  return { payload: complete(webhookDoc().doc, schema, payload, '', unknown), unknown }
}

/** What in `payload` GitHub's webhook schema for `event` refuses; empty when valid. */
export function checkEventPayload(event: string, payload: unknown): string[] {
  if (NOT_WEBHOOKS.has(event)) {
    // A scheduled run's payload is `{ "schedule": "<cron>" }`, not a webhook.
    const schedule = (payload as Json | null)?.schedule
    return typeof schedule === 'string' ? [] : [`a schedule payload must carry its cron text`]
  }
  const { key, schema } = webhookOf(event, payload)
  if (!schema) return [`${key}: no such webhook event and action in @octokit/openapi-webhooks`]
  const validate = webhookDoc().validators.get(key, schema)
  return validate(payload)
    ? []
    : [`the ${key} payload breaks its schema: ${describeErrors(validate)}`]
}

// What the stand-ins report, for the test that is running (contract-setup.ts) and for
// the count at the end of `npm test`. On globalThis: one record per process.
interface Record_ {
  violations: string[]
  checked: Record<string, number>
  faults: Record<string, number>
  /** The concurrent test or shared work a stand-in was started in, if any (see judged). */
  scopes: AsyncLocalStorage<TestScope>
}
interface TestScope {
  violations: string[]
  open: boolean
}
const KEY = Symbol.for('mintlify-action.contracts')
const store = globalThis as unknown as Record<symbol, Record_ | undefined>

export function contractRecord(): Record_ {
  return (store[KEY] ??= {
    violations: [],
    checked: {},
    faults: {},
    scopes: new AsyncLocalStorage()
  })
}

/**
 * Files what breaks the contract: with the concurrent test the stand-in was started in
 * while that test runs, otherwise with the file (taken after each plain test and at its end).
 */
export function recordViolations(problems: readonly string[]): void {
  if (problems.length === 0) return
  const scope = contractRecord().scopes.getStore()
  ;(scope?.open === true ? scope.violations : contractRecord().violations).push(...problems)
}

/**
 * Runs `body` in a scope of its own and fails it, naming every breach, when a stand-in
 * started inside it saw one while it ran: a server handles its requests in the async
 * context it was started in. For what jest's afterEach cannot judge: a concurrent test
 * (jest runs no afterEach for those) and work that several tests await.
 */
export async function judged<T>(body: () => T | Promise<T>, where: string): Promise<T> {
  const scope: TestScope = { violations: [], open: true }
  let outcome: { value: T } | { error: unknown }
  try {
    outcome = { value: await contractRecord().scopes.run(scope, body) }
  } catch (error) {
    outcome = { error }
  } finally {
    scope.open = false
  }
  if (scope.violations.length === 0) {
    if ('error' in outcome) throw outcome.error
    return outcome.value
  }
  const broken = `The contract was broken ${where}:\n${scope.violations.join('\n')}`
  if (!('error' in outcome)) throw new ContractBreach(broken)
  const { error } = outcome
  const reason = error instanceof Error ? error.message : String(error)
  const breach = new ContractBreach(`${broken}\n\nIt failed as well: ${reason}`)
  // The failure's own frames, so that jest points at the failing line, not at this one.
  const frames =
    error instanceof Error
      ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
      : []
  if (frames.length > 0) breach.stack = [`${breach.name}: ${breach.message}`, ...frames].join('\n')
  throw breach
}

/** What `judged` throws when a stand-in saw a breach: work nobody awaited still reports it. */
export class ContractBreach extends Error {
  override name = 'ContractBreach'
}

/** Checks an exchange with a stand-in and records the result; returns the problems. */
export function recordExchange(contract: Contract, exchange: Exchange): string[] {
  const record = contractRecord()
  const problems = contract.check(exchange)
  record.checked[contract.name] = (record.checked[contract.name] ?? 0) + 1
  if (exchange.faultInjection !== undefined) {
    const key = `${contract.name}: ${exchange.faultInjection}`
    record.faults[key] = (record.faults[key] ?? 0) + 1
  }
  recordViolations(problems)
  return problems
}

/** The violations recorded since the last call, and forgets them. */
export function takeViolations(): string[] {
  const record = contractRecord()
  return record.violations.splice(0)
}
