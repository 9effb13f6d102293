import {
  ApiError,
  BadResponseError,
  describeError,
  mayHaveReachedService,
  NetworkError,
  RetryWouldOutlastTimeoutError,
  type ErrorContext
} from '../../src/agent/http-errors.js'
import { CancelledError, DeadlineError } from '../../src/common/run-errors.js'

const CREATE_PATH = '/v2/agent/proj-1/job'
const JOB_PATH = '/v2/agent/proj-1/job/job_1'
const create: ErrorContext = { endpoint: 'create', projectId: 'proj-1', host: 'api.mintlify.com' }
const message: ErrorContext = {
  endpoint: 'message',
  projectId: 'proj-1',
  jobId: 'job_1',
  host: 'api.mintlify.com'
}
const get: ErrorContext = {
  endpoint: 'get',
  projectId: 'proj-1',
  jobId: 'job_1',
  host: 'api.mintlify.com'
}

const post = (status: number, serverMessage?: string, path = CREATE_PATH): ApiError =>
  new ApiError('POST', path, status, serverMessage, undefined)
const poll = (status: number, serverMessage?: string): ApiError =>
  new ApiError('GET', JOB_PATH, status, serverMessage, undefined)

// Either wording of "the job may exist even though the call failed".
const MAY_HAVE_CREATED = /created[^.]*anyway/

describe('describeError explains API answers', () => {
  it('names the call, the status and what the service said, then what to check (400)', () => {
    // The service's text names no input, so the advice must come from the action.
    const line = describeError(post(400, 'Validation failed'), create)
    expect(line).toBe(
      `The service rejected the request: POST ${CREATE_PATH} answered 400. The service said: "Validation failed". Check the prompt (it must not be empty).`
    )
  })

  it('says how a key looks and where keys are made when the key is refused (401)', () => {
    const line = describeError(post(401, 'Unauthorized'), create)
    expect(line).toMatch(/^The API key was not accepted: /)
    expect(line).toContain('"Unauthorized"')
    expect(line).toContain('admin API key (mint_<secret>) from a secret')
    expect(line).toContain('API keys page of the Mintlify dashboard')
  })

  it.each([
    ['create', create, post(403)],
    ['get', get, poll(403)]
  ])('gives both documented reasons for a 403 (%s)', (_, context, error) => {
    const line = describeError(error, context)
    expect(line).toMatch(/IP allowlist/)
    expect(line).toMatch(/read-only/)
    expect(line).toMatch(/write scope/)
  })

  it('blames the project for a 404 on create', () => {
    const line = describeError(post(404, 'Project not found'), create)
    expect(line).toContain("Project 'proj-1' was not found")
    expect(line).toContain('project-id')
    expect(line).not.toMatch(/Job 'job_1'/)
  })

  it.each([
    ['message', message, post(404, 'Agent job not found', `${JOB_PATH}/message`)],
    ['get', get, poll(404, 'Agent job not found')],
    ['get, without a server message', get, poll(404)]
  ])('blames the job for a 404 on %s', (_, context, error) => {
    const line = describeError(error, context)
    expect(line).toContain("Job 'job_1' was not found in project 'proj-1'")
    expect(line).toContain('job-id')
  })

  it('blames the project for a 404 on a job path when the service says so', () => {
    const line = describeError(poll(404, 'Project not found'), get)
    expect(line).toContain("Project 'proj-1' was not found")
  })

  it('explains the rate limit (429)', () => {
    const line = describeError(post(429, 'Too many requests'), create)
    expect(line).toMatch(/^Rate limited/)
    expect(line).toContain('100')
    expect(line).toMatch(/per project per hour/)
  })

  it('asks to poll less often when a poll is rate limited', () => {
    const line = describeError(poll(429, 'slow down'), get)
    expect(line).toMatch(/^Rate limited: GET /)
    expect(line).toContain('raise poll-interval and max-poll-interval')
    expect(line).not.toContain('100 jobs')
  })

  it('calls a status it has no advice for an unexpected answer', () => {
    expect(describeError(poll(418, 'teapot'), get)).toBe(
      `Unexpected answer: GET ${JOB_PATH} answered 418. The service said: "teapot".`
    )
  })

  it.each([500, 502, 503])('calls %d a service failure that is usually temporary', (status) => {
    expect(describeError(poll(status), get)).toMatch(/service failed.*temporary/)
  })
})

describe('describeError warns when a failed write may still have happened', () => {
  it.each<[string, unknown]>([
    ['a 500', post(500, 'Internal error')],
    ['a 503', post(503)],
    ['a connection reset after sending', new NetworkError('POST', CREATE_PATH, 'ECONNRESET', true)],
    ['no answer in time', new NetworkError('POST', CREATE_PATH, 'TIMEOUT', true)],
    [
      'a 2xx that is not a job',
      new BadResponseError('POST', CREATE_PATH, 201, 'a body that is not JSON', '<html>')
    ],
    ['the deadline after the request went out', new DeadlineError(true)],
    ['a cancel after the request went out', new CancelledError(true)],
    ['retries given up after a 502', new RetryWouldOutlastTimeoutError(post(502), 60_000)]
  ])('on create after %s: the job may have been created', (_, error) => {
    expect(mayHaveReachedService(error)).toBe(true)
    expect(describeError(error, create)).toMatch(MAY_HAVE_CREATED)
  })

  it.each<[string, unknown]>([
    ['a refused connection', new NetworkError('POST', CREATE_PATH, 'ECONNREFUSED', false)],
    ['an unknown host', new NetworkError('POST', CREATE_PATH, 'ENOTFOUND', false)],
    ['a 400', post(400)],
    ['a 401', post(401)],
    ['a 403', post(403)],
    ['a 404', post(404)],
    ['a 429', post(429)],
    [
      'retries given up after a 429',
      new RetryWouldOutlastTimeoutError(post(429, undefined), 60_000)
    ],
    ['the deadline before the request went out', new DeadlineError(false)],
    ['a cancel before the request went out (or during a wait)', new CancelledError()],
    [
      'a failure before sending, whatever its code',
      new NetworkError('POST', CREATE_PATH, 'UND_ERR_INVALID_ARG', false)
    ],
    ['an unexpected error', new Error('bug')]
  ])('on create after %s: no such warning', (_, error) => {
    expect(mayHaveReachedService(error)).toBe(false)
    expect(describeError(error, create)).not.toMatch(MAY_HAVE_CREATED)
  })

  it('on message after a 5xx: the message may have reached the job', () => {
    const line = describeError(post(502, undefined, `${JOB_PATH}/message`), message)
    expect(line).toMatch(/message may have reached job 'job_1'/)
    expect(line).not.toMatch(MAY_HAVE_CREATED)
  })

  it('on a poll: never a warning, since a GET changes nothing', () => {
    const line = describeError(poll(503), get)
    expect(line).not.toMatch(MAY_HAVE_CREATED)
    expect(line).not.toMatch(/may have reached/)
  })
})

describe('describeError explains failures without an answer', () => {
  it('names the host and the code for a refused connection, and where to look', () => {
    const line = describeError(new NetworkError('POST', CREATE_PATH, 'ECONNREFUSED', false), create)
    expect(line).toContain('api.mintlify.com')
    expect(line).toContain('ECONNREFUSED')
    expect(line).toMatch(/HTTPS_PROXY/)
    expect(line).toMatch(/base-url/)
  })

  it.each([
    ['PROXY_407', 'it wants credentials', /user:password in the proxy URL/],
    ['PROXY_502', 'it answered 502', /NO_PROXY/]
  ])('says the proxy refused the tunnel (%s)', (code, what, advice) => {
    const line = describeError(new NetworkError('GET', JOB_PATH, code, false), get)
    expect(line).toContain(
      `The proxy would not open a tunnel to api.mintlify.com for GET ${JOB_PATH}: ${what}.`
    )
    expect(line).toMatch(advice)
  })

  it('names the proxy that refused the tunnel when it is known', () => {
    const line = describeError(new NetworkError('GET', JOB_PATH, 'PROXY_403', false), {
      ...get,
      proxy: 'proxy.corp:3128'
    })
    expect(line).toMatch(
      /^The proxy proxy\.corp:3128 would not open a tunnel to api\.mintlify\.com for GET [^:]+: it answered 403\./
    )
  })

  it('names the proxy, not the service, when the proxy cannot be reached', () => {
    const line = describeError(new NetworkError('POST', CREATE_PATH, 'ECONNREFUSED', false), {
      ...create,
      proxy: 'proxy.corp:3128'
    })
    expect(line).toBe(
      `Could not reach the proxy proxy.corp:3128 (ECONNREFUSED) for POST ${CREATE_PATH} to api.mintlify.com. Check HTTPS_PROXY / HTTP_PROXY, or list the host in NO_PROXY.`
    )
  })

  it('says no connection was made in time when a request timed out before it was sent', () => {
    const line = describeError(new NetworkError('POST', CREATE_PATH, 'TIMEOUT', false), create)
    expect(line).toBe(
      `Could not reach api.mintlify.com (no connection in time) for POST ${CREATE_PATH}. Check the network, proxy settings (HTTPS_PROXY, NO_PROXY) and base-url.`
    )
    expect(line).not.toMatch(MAY_HAVE_CREATED)
  })

  it('points at NODE_EXTRA_CA_CERTS for a certificate that is not trusted', () => {
    const line = describeError(
      new NetworkError('GET', JOB_PATH, 'SELF_SIGNED_CERT_IN_CHAIN', false),
      get
    )
    expect(line).toMatch(
      /^The TLS certificate of api\.mintlify\.com is not trusted \(SELF_SIGNED_CERT_IN_CHAIN\)/
    )
    expect(line).toContain('NODE_EXTRA_CA_CERTS')
  })

  it('says a timed-out request got no answer in time', () => {
    const line = describeError(new NetworkError('GET', JOB_PATH, 'TIMEOUT', true), get)
    expect(line).toMatch(/no answer in time/)
    expect(line).toContain(`GET ${JOB_PATH}`)
  })

  it('quotes the start of a body that is not a job and points at base-url', () => {
    const error = new BadResponseError(
      'GET',
      JOB_PATH,
      200,
      'a body that is not JSON',
      '<html>Login</html>'
    )
    const line = describeError(error, get)
    expect(line).toContain('"<html>Login</html>"')
    expect(line).toMatch(/base-url/)
  })

  it('quotes nothing when the body was empty', () => {
    const error = new BadResponseError('GET', JOB_PATH, 204, 'an empty body', '')
    expect(describeError(error, get)).toBe(
      `GET ${JOB_PATH} answered 204 with an empty body. Is base-url pointing at the Agent Jobs API?`
    )
  })

  it('says how long a rate limit asked to wait when that outlasts the timeout', () => {
    const last = new ApiError('POST', CREATE_PATH, 429, 'slow down', 120_000)
    const line = describeError(new RetryWouldOutlastTimeoutError(last, 120_000), create)
    expect(line).toMatch(/^Rate limited/)
    expect(line).toContain('2m')
    expect(line).toMatch(/timeout/)
  })

  it('explains the last error when retries stop before the timeout', () => {
    const last = new NetworkError('GET', JOB_PATH, 'ECONNRESET', true)
    const line = describeError(new RetryWouldOutlastTimeoutError(last, 30_000), get)
    expect(line).toMatch(/timeout/)
    expect(line).toContain('ECONNRESET')
  })

  it.each<[string, unknown, RegExp]>([
    ['a cancel', new CancelledError(), /cancelled/],
    ['the deadline', new DeadlineError(), /timeout passed/],
    [
      'an unexpected error',
      new TypeError('x is not a function'),
      /Unexpected error: x is not a function/
    ],
    ['a thrown string', 'boom', /Unexpected error: boom/],
    ['a thrown undefined', undefined, /Unexpected error: undefined/]
  ])('describes %s', (_, error, expected) => {
    expect(describeError(error, get)).toMatch(expected)
  })
})
