// Compiles the contracts' validators of what the stand-ins serve into their cache
// (seconds on a fresh clone, nothing after), so that no jest worker compiles one while
// its stand-ins are timing a test. global-setup calls it, beside the bundling when
// that has work to do (build-bundle.ts runs in a process of its own).

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
