// How proxy variables are read (the proxied requests themselves are end to end, in
// test/e2e/faults-network.test.ts, through a real CONNECT proxy).

import { Agent, EnvHttpProxyAgent } from 'undici'
import { createDispatcher, proxySettings, proxyUrl } from '../../src/agent/dispatcher.js'

describe('proxySettings', () => {
  it('reads nothing when no proxy is set, or only blanks', () => {
    expect(proxySettings({})).toEqual({})
    expect(proxySettings({ HTTPS_PROXY: '  ', http_proxy: '' })).toEqual({})
  })

  it('prefers the lower-case variable, as curl does', () => {
    expect(
      proxySettings({
        https_proxy: 'http://lower:1',
        HTTPS_PROXY: 'http://upper:2',
        no_proxy: 'a.example',
        NO_PROXY: 'b.example'
      })
    ).toEqual({ httpsProxy: 'http://lower:1/', noProxy: 'a.example' })
  })

  it('uses the upper-case variable when the lower-case one is unset', () => {
    expect(proxySettings({ HTTPS_PROXY: 'http://upper:2', NO_PROXY: '*' })).toEqual({
      httpsProxy: 'http://upper:2/',
      noProxy: '*'
    })
  })

  it('sends https through HTTP_PROXY when HTTPS_PROXY is unset', () => {
    expect(proxySettings({ HTTP_PROXY: 'proxy.example:3128' })).toEqual({
      httpProxy: 'http://proxy.example:3128/',
      httpsProxy: 'http://proxy.example:3128/'
    })
  })
})

describe('proxyUrl', () => {
  it.each([
    ['proxy:3128', 'http://proxy:3128/'],
    ['http://user:pa%40ss@proxy:3128', 'http://user:pa%40ss@proxy:3128/'],
    ['https://proxy.example', 'https://proxy.example/'],
    ['HTTP://PROXY:8080', 'http://proxy:8080/']
  ])('reads %s as %s', (value, expected) => {
    expect(proxyUrl('HTTPS_PROXY', value)).toBe(expected)
  })

  it('passes an unset variable through', () => {
    expect(proxyUrl('HTTPS_PROXY', undefined)).toBeUndefined()
  })

  it('names the variable, never its value (it may hold a password), when it is not a URL', () => {
    const call = (): unknown => proxyUrl('HTTPS_PROXY', 'http://user:s3cret@[bad')
    expect(call).toThrow('HTTPS_PROXY is not a proxy URL such as http://proxy.example:3128.')
    expect(call).not.toThrow(/s3cret/)
  })

  it('refuses a proxy scheme undici cannot use', () => {
    expect(() => proxyUrl('HTTP_PROXY', 'socks5://proxy:1080')).toThrow(
      'HTTP_PROXY must be an http:// or https:// proxy URL; socks5: proxies are not supported.'
    )
  })
})

describe('createDispatcher', () => {
  it('connects directly without a proxy', async () => {
    const dispatcher = createDispatcher({})
    expect(dispatcher).toBeInstanceOf(Agent)
    await dispatcher.close()
  })

  it('goes through the proxy the environment names', async () => {
    const dispatcher = createDispatcher({ HTTPS_PROXY: 'http://127.0.0.1:9' })
    expect(dispatcher).toBeInstanceOf(EnvHttpProxyAgent)
    await dispatcher.close()
  })
  // undici warns once per process, so whether its experimental warning reaches the log is
  // checked where a process is fresh: test/e2e/faults-network.test.ts (stderr stays empty).
})
