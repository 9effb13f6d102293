// A pull request's state (open, closed, merged), as `GET /pulls/{number}` answers it.
// A pull request the test did not declare is 404, as one the token cannot see would be.

import { key, notFound, type Route } from './types.ts'

export const pullStateRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/,
    handle: ({ params: [repository = '', number = ''], state }) => {
      const pull = state.pulls.get(key(repository, number))
      if (!pull) return notFound
      return {
        status: 200,
        body: {
          number: Number(number),
          state: pull.state,
          merged: pull.merged,
          merged_at: pull.merged ? new Date().toISOString() : null,
          html_url: `https://github.com/${repository}/pull/${number}`
        }
      }
    }
  }
]
