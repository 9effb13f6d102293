// bare-request.cjs written as an ES module: the same request, with node:http
// loaded by `import`, which makes Node evaluate every export of node:http,
// including the lazy WebSocket getters that load Node's own undici.
import { request } from 'node:http'

const url = process.argv[2]
if (!url) throw new Error('usage: node bench/bare-request-esm.mjs <url>')
request(url, (response) => response.resume()).end()
