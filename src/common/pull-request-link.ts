// The one reader of a pull request link from the service: one that is not exactly a pull
// request is none, so nothing a shell, `${{ }}` or Markdown would act on reaches any output.

export interface PullRequestRef {
  /** Rebuilt from the parts (query and fragment dropped). */
  link: string
  number: number
  /** `owner/repo` */
  repository: string
}

// Host names as DNS writes them, an optional port; owners and repositories as GitHub allows.
const HOST = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\d{1,5})?`
const OWNER = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?`
const REPO = String.raw`[A-Za-z0-9._-]{1,100}`
const NUMBER = String.raw`[1-9]\d{0,9}`
// A query or fragment, dropped, in visible ASCII only.
const TAIL = String.raw`(?:[?#][\x21-\x7e]*)?`

// Matched as it came: no percent-decoding, so `%24` stays refused rather than becoming `$`.
const PULL_REQUEST_LINK = new RegExp(
  `^https://(${HOST})/(${OWNER})/(${REPO})/pull/(${NUMBER})${TAIL}$`
)

export function parsePullRequestLink(link: string | null | undefined): PullRequestRef | undefined {
  if (typeof link !== 'string') return undefined
  const match = PULL_REQUEST_LINK.exec(link)
  if (!match) return undefined
  const [, host, owner, repo, number] = match as unknown as [string, string, string, string, string]
  if (repo === '.' || repo === '..') return undefined
  const port = /:(\d+)$/.exec(host)?.[1]
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined
  return {
    link: `https://${host}/${owner}/${repo}/pull/${number}`,
    number: Number(number),
    repository: `${owner}/${repo}`
  }
}
