// The start-up baseline: a bare Node script that sends one request with node:http
// and does nothing else. CommonJS, as the cheapest way to load node:http: an ES
// module `import` of it also evaluates its lazy WebSocket getters, which load
// Node's own copy of undici (bare-request-esm.mjs measures that).
'use strict'
const { request } = require('node:http')

const url = process.argv[2]
if (!url) throw new Error('usage: node bench/bare-request.cjs <url>')
request(url, (response) => response.resume()).end()
