// Every endpoint the GitHub stand-in serves: one file a feature, one line each here.

import { checkRunRoutes } from './check-runs.ts'
import { commandRoutes } from './commands.ts'
import { commentRoutes } from './comments.ts'
import { commitRoutes } from './commits.ts'
import { graphqlRoutes } from './graphql.ts'
import { issueRoutes } from './issues.ts'
import { pullRequestRoutes } from './pull-requests.ts'
import { pullRoutes } from './pulls.ts'
import type { Route } from './types.ts'

export const ROUTES: Route[] = [
  ...pullRoutes,
  ...commentRoutes,
  ...pullRequestRoutes,
  ...checkRunRoutes,
  ...commandRoutes,
  ...issueRoutes,
  ...commitRoutes,
  ...graphqlRoutes
]
