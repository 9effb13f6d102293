// How requests leave the machine. undici's EnvHttpProxyAgent honours HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY; as in curl, the lower-case name is read first. NODE_EXTRA_CA_CERTS is Node's own
// affair.

import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici'

/** A proxy URL as users write it: `proxy:3128` means `http://proxy:3128`, as in curl. */
export function proxyUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
  const url = URL.parse(hasScheme ? value : `http://${value}`)
  // The message names the variable, not its value: the value may carry a password.
  if (!url) {
    throw new Error(`${name} is not a proxy URL such as http://proxy.example:3128.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(
      `${name} must be an http:// or https:// proxy URL; ${url.protocol} proxies are not supported.`
    )
  }
  return url.href
}

export function proxySettings(env: NodeJS.ProcessEnv) {
  const read = (name: string): string | undefined => {
    const values = [env[name.toLowerCase()], env[name]].map((value) => value?.trim())
    return values.find(Boolean)
  }
  const httpProxy = proxyUrl('HTTP_PROXY', read('HTTP_PROXY'))
  const httpsProxy = proxyUrl('HTTPS_PROXY', read('HTTPS_PROXY')) ?? httpProxy
  return { httpProxy, httpsProxy, noProxy: read('NO_PROXY') }
}

/** The proxy a request to `url` goes through, as `host:port` (never its credentials), if any. */
export function proxyFor(env: NodeJS.ProcessEnv, url: URL): string | undefined {
  const { httpProxy, httpsProxy, noProxy = '' } = proxySettings(env)
  const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy
  const port = Number(url.port) || defaultPort(url)
  // NO_PROXY by EnvHttpProxyAgent's rules: `*`, or entries that are a host, `.suffix` or
  // `*.suffix`, each with an optional port.
  const direct = (entry: string): boolean => {
    const [, named = entry, entryPort = port] = /^(.+):(\d+)$/.exec(entry) ?? []
    const host = named.toLowerCase()
    if (Number(entryPort) !== port) {
      return false
    }
    const isSuffix = /^[.*]/.test(host)
    if (isSuffix) {
      return url.hostname.endsWith(host.replace(/^\*/, ''))
    }
    return url.hostname === host
  }
  const entries = noProxy.split(/[,\s]/).filter((entry) => entry !== '')
  if (!proxy || noProxy === '*' || entries.some(direct)) {
    return undefined
  }
  const via = new URL(proxy)
  if (via.port) {
    return via.host
  }
  return `${via.host}:${defaultPort(via)}`
}

const defaultPort = (url: URL): number => (url.protocol === 'https:' ? 443 : 80)

export function createDispatcher(env: NodeJS.ProcessEnv): Dispatcher {
  const connect = { timeout: 10_000 }
  // HTTPS_PROXY falls back on HTTP_PROXY: without it there is no proxy at all.
  const { httpProxy = '', httpsProxy, noProxy = '' } = proxySettings(env)
  if (!httpsProxy) {
    return new Agent({ connect })
  }
  // Its constructor warns on stderr that it is experimental, which would only alarm users.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, below
  const emitWarning = process.emitWarning
  process.emitWarning = () => undefined
  try {
    // Explicit values ('' for none), so the agent follows `env` rather than process.env.
    return new EnvHttpProxyAgent({ connect, httpProxy, httpsProxy, noProxy })
  } finally {
    process.emitWarning = emitWarning
  }
}
