// Pull request files, paginated with Link headers as GitHub does.

import { key, type Route } from './types.ts'

export const pullRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/files$/,
    handle: ({ params: [repository = '', number = ''], state, page }) =>
      page(state.files.get(key(repository, number)) ?? [])
  }
]
