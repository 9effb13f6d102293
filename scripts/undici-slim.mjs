// What the bundle gets for `undici` (bundle.ts): the dispatchers every run uses, without the
// package index, which loads fetch, WebSocket, the cache and the mocks at once; fetch
// (for @actions/github) loads the whole package on first use.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js'
import api from 'undici/lib/api/index.js'
import Agent from 'undici/lib/dispatcher/agent.js'
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js'
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js'
import DecoratorHandler from 'undici/lib/handler/decorator-handler.js'
import globals from 'undici/lib/global.js'

// As the index does: request() and the other calls on every dispatcher.
Object.assign(Dispatcher.prototype, api)

export const { getGlobalDispatcher, setGlobalDispatcher } = globals
export { Agent, DecoratorHandler, Dispatcher, EnvHttpProxyAgent, ProxyAgent }

export async function fetch(input, init) {
  const undici = await import('undici/index.js')
  return undici.fetch(input, init)
}
