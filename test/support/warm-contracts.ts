// Compiles the contracts' validators of what the stand-ins serve into their cache
// (seconds on a fresh clone, nothing after), so that no jest worker compiles one while
// its stand-ins are timing a test. global-setup calls it, or runs this file as a
// process of its own beside the bundling when both have work to do.

import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  agentJobsContract,
  gitHubContract,
  gitHubGraphqlContract,
  warmWebhooks
} from './contracts.ts'
import { ROUTES } from './github-routes/index.ts'

export function warmContracts(): void {
  agentJobsContract.warm(() => true)
  gitHubContract.warm((method, path) =>
    ROUTES.some((route) => route.method === method && route.path.test(path))
  )
  gitHubGraphqlContract.warm(() => true)
  warmWebhooks()
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) warmContracts()
