// Which proxy a request to the service goes through, as messages name it: the rules
// undici's EnvHttpProxyAgent applies (HTTPS_PROXY for https, HTTP_PROXY for http,
// NO_PROXY entries by exact host, `.suffix` or `*.suffix`, optional port, or `*`),
// and never the proxy's credentials.

import { proxyFor } from '../../src/agent/dispatcher.js'

const SERVICE = new URL('https://api.mintlify.com')

describe('proxyFor', () => {
  it.each<[string, NodeJS.ProcessEnv, URL, string | undefined]>([
    ['no proxy at all', {}, SERVICE, undefined],
    [
      'HTTPS_PROXY for an https service',
      { HTTPS_PROXY: 'http://proxy.corp:3128' },
      SERVICE,
      'proxy.corp:3128'
    ],
    ['lower case first', { https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2' }, SERVICE, 'a:1'],
    [
      'HTTP_PROXY when HTTPS_PROXY is not set',
      { HTTP_PROXY: 'proxy.corp:8080' },
      SERVICE,
      'proxy.corp:8080'
    ],
    [
      'the default port of an http proxy',
      { HTTPS_PROXY: 'http://proxy.corp' },
      SERVICE,
      'proxy.corp:80'
    ],
    [
      'never its credentials',
      { HTTPS_PROXY: 'http://user:s3cret@proxy.corp:3128' },
      SERVICE,
      'proxy.corp:3128'
    ],
    [
      'HTTP_PROXY for a plain-http loopback service',
      { HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://other:1' },
      new URL('http://127.0.0.1:4000'),
      '127.0.0.1:9'
    ],
    [
      'none when NO_PROXY names the host',
      { HTTPS_PROXY: 'p:1', NO_PROXY: 'api.mintlify.com' },
      SERVICE,
      undefined
    ],
    [
      'none for a .suffix',
      { HTTPS_PROXY: 'p:1', NO_PROXY: 'example.com, .mintlify.com' },
      SERVICE,
      undefined
    ],
    ['none for a *.suffix', { HTTPS_PROXY: 'p:1', no_proxy: '*.mintlify.com' }, SERVICE, undefined],
    ['none for *', { HTTPS_PROXY: 'p:1', NO_PROXY: '*' }, SERVICE, undefined],
    [
      'none when the port matches',
      { HTTPS_PROXY: 'p:1', NO_PROXY: 'api.mintlify.com:443' },
      SERVICE,
      undefined
    ],
    [
      'the proxy when the port differs',
      { HTTPS_PROXY: 'p:1', NO_PROXY: 'api.mintlify.com:8443' },
      SERVICE,
      'p:1'
    ],
    [
      'the proxy for another host',
      { HTTPS_PROXY: 'p:1', NO_PROXY: 'mintlify.com' },
      SERVICE,
      'p:1'
    ],
    [
      'the default port of an https proxy',
      { HTTPS_PROXY: 'https://proxy.corp' },
      SERVICE,
      'proxy.corp:443'
    ],
    [
      'none when NO_PROXY names port 80 of a plain-http service without a port',
      { HTTP_PROXY: 'http://p:1', NO_PROXY: 'localhost:80' },
      new URL('http://localhost'),
      undefined
    ],
    [
      'the proxy when NO_PROXY names another port of a plain-http service without a port',
      { HTTP_PROXY: 'http://p:1', NO_PROXY: 'localhost:443' },
      new URL('http://localhost'),
      'p:1'
    ]
  ])('%s', (_, env, url, expected) => {
    expect(proxyFor(env, url)).toBe(expected)
  })
})
