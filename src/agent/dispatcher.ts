// How requests leave the machine. Self-hosted runners often sit behind a proxy;
// undici's EnvHttpProxyAgent honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either
// case, lower case first, as curl does). Certificates from NODE_EXTRA_CA_CERTS are
// trusted by Node itself, for the service and for a TLS-inspecting proxy alike.

import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici'

const CONNECT_TIMEOUT_MS = 10_000

/** The first non-empty value among `names` (lower case first). */
function variable(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value) return value
  }
  return undefined
}

/** A proxy URL as users write it: `proxy:3128` means `http://proxy:3128`, as in curl. */
export function proxyUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    // Not the value itself: it may carry a password.
    throw new Error(`${name} is not a proxy URL such as http://proxy.example:3128.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(
      `${name} must be an http:// or https:// proxy URL; ${url.protocol} proxies are not supported.`
    )
  }
  return url.href
}

export interface ProxySettings {
  httpProxy?: string
  httpsProxy?: string
  noProxy?: string
}

export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  const httpProxy = proxyUrl('HTTP_PROXY', variable(env, 'http_proxy', 'HTTP_PROXY'))
  const httpsProxy =
    proxyUrl('HTTPS_PROXY', variable(env, 'https_proxy', 'HTTPS_PROXY')) ?? httpProxy
  const noProxy = variable(env, 'no_proxy', 'NO_PROXY')
  return {
    ...(httpProxy === undefined ? {} : { httpProxy }),
    ...(httpsProxy === undefined ? {} : { httpsProxy }),
    ...(noProxy === undefined ? {} : { noProxy })
  }
}

/** Whether NO_PROXY lets a request to `url` go direct: the rules EnvHttpProxyAgent applies. */
function bypassesProxy(noProxy: string | undefined, url: URL): boolean {
  if (noProxy === undefined) return false
  if (noProxy === '*') return true
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase()
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  return noProxy
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry)
      const host = (parsed ? (parsed[1] as string) : entry).toLowerCase()
      if (parsed && Number(parsed[2]) !== port) return false
      return /^[.*]/.test(host) ? hostname.endsWith(host.replace(/^\*/, '')) : hostname === host
    })
}

/** The proxy a request to `url` goes through, as `host:port` (never its credentials), if any. */
export function proxyFor(env: NodeJS.ProcessEnv, url: URL): string | undefined {
  const settings = proxySettings(env)
  const proxy = url.protocol === 'https:' ? settings.httpsProxy : settings.httpProxy
  if (!proxy || bypassesProxy(settings.noProxy, url)) return undefined
  const parsed = new URL(proxy)
  return parsed.port ? parsed.host : `${parsed.host}:${parsed.protocol === 'https:' ? 443 : 80}`
}

/** EnvHttpProxyAgent warns on stderr that it is experimental; that line would only alarm users. */
function quietly<T>(make: () => T): T {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, below
  const emitWarning = process.emitWarning
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (/EnvHttpProxyAgent is experimental/.test(text)) return
    Reflect.apply(emitWarning, process, [warning, ...rest])
  }
  try {
    return make()
  } finally {
    process.emitWarning = emitWarning
  }
}

export function createDispatcher(env: NodeJS.ProcessEnv): Dispatcher {
  const connect = { timeout: CONNECT_TIMEOUT_MS }
  const settings = proxySettings(env)
  if (settings.httpProxy === undefined && settings.httpsProxy === undefined)
    return new Agent({ connect })
  // Explicit values (empty for "none"), so the agent follows `env` rather than
  // reading process.env again.
  const explicit = {
    httpProxy: settings.httpProxy ?? '',
    httpsProxy: settings.httpsProxy ?? '',
    noProxy: settings.noProxy ?? ''
  }
  return quietly(() => new EnvHttpProxyAgent({ connect, ...explicit }))
}
