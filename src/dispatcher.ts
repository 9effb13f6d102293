// How requests leave the machine. Self-hosted runners often sit behind a proxy;
// undici's EnvHttpProxyAgent reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either
// case). Certificates from NODE_EXTRA_CA_CERTS are trusted by Node itself.

import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici'

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']

export function usesProxy(env: NodeJS.ProcessEnv): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '') !== '')
}

export function createDispatcher(env: NodeJS.ProcessEnv): Dispatcher {
  const connect = { timeout: 10_000 }
  return usesProxy(env) ? new EnvHttpProxyAgent({ connect }) : new Agent({ connect })
}
