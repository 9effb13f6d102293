// GraphQL: the one query the action sends, `query { viewer { login } }`, answered with
// the account the request's token writes as. Judged by test/contracts/github-graphql-openapi.json.

import type { Route } from './types.ts'

const VIEWER_LOGIN = 'query { viewer { login } }'

export const graphqlRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/graphql$/,
    handle: ({ state, json }) => {
      const query = json()?.query
      if (typeof query === 'string' && query.replace(/\s+/g, ' ').trim() === VIEWER_LOGIN) {
        return { status: 200, body: { data: { viewer: { login: state.actor.login } } } }
      }
      // GitHub answers a query it cannot run with 200 and its errors.
      return {
        status: 200,
        body: { errors: [{ message: `The stand-in answers only ${VIEWER_LOGIN}.` }] }
      }
    }
  }
]
