// How requests leave the machine: undici's EnvHttpProxyAgent honours HTTPS_PROXY, HTTP_PROXY
// and NO_PROXY (lower case first, as curl). NODE_EXTRA_CA_CERTS is Node's own affair.

import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici'

/** The first non-empty value among `names`. */
function variable(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  return names.map((name) => env[name]?.trim()).find((value) => value)
}

/** A proxy URL as users write it: `proxy:3128` means `http://proxy:3128`, as in curl. */
export function proxyUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`)
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
  return { httpProxy, httpsProxy, noProxy }
}

/** Whether NO_PROXY lets a request to `url` go direct, by EnvHttpProxyAgent's rules. */
function bypassesProxy(noProxy: string | undefined, url: URL): boolean {
  if (noProxy === '*') return true
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase()
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  return (noProxy ?? '')
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .some((entry) => {
      const [, named = entry, entryPort] = /^(.+):(\d+)$/.exec(entry) ?? []
      const host = named.toLowerCase()
      if (entryPort !== undefined && Number(entryPort) !== port) return false
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

export function createDispatcher(env: NodeJS.ProcessEnv): Dispatcher {
  const connect = { timeout: 10_000 }
  const { httpProxy = '', httpsProxy = '', noProxy = '' } = proxySettings(env)
  if (!httpProxy && !httpsProxy) return new Agent({ connect })
  // EnvHttpProxyAgent warns on stderr that it is experimental, which would only alarm users.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, below
  const emitWarning = process.emitWarning
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (!/EnvHttpProxyAgent is experimental/.test(text))
      Reflect.apply(emitWarning, process, [warning, ...rest])
  }
  try {
    // Explicit values ('' for none), so the agent follows `env` rather than process.env.
    return new EnvHttpProxyAgent({ connect, httpProxy, httpsProxy, noProxy })
  } finally {
    process.emitWarning = emitWarning
  }
}
