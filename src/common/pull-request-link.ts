// A pull request link, as the service returns it, read into its repository and number.

export interface PullRequestRef {
  number: number
  /** `owner/repo` */
  repository: string
}

/**
 * The pull request a `prLink` points at: `https://<host>/<owner>/<repo>/pull/<n>`,
 * on github.com or a GitHub Enterprise host (which may serve under a path prefix).
 */
export function parsePullRequestLink(link: string | null): PullRequestRef | undefined {
  if (!link) return undefined
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return undefined
  }
  const match = /\/([^/]+)\/([^/]+)\/pull\/(\d+)(?:\/|$)/.exec(url.pathname)
  if (!match) return undefined
  const [, owner, repo, number] = match as unknown as [string, string, string, string]
  return {
    number: Number(number),
    repository: `${decodeURIComponent(owner)}/${decodeURIComponent(repo)}`
  }
}
