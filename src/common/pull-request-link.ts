// A pull request link, as the service returns it, read into its parts. The one
// parser every caller goes through: a link that is not exactly a pull request on a
// GitHub host is no link at all, so nothing a shell, a `${{ }}` expression or
// Markdown would act on can reach an output, the log, the summary or a comment.

export interface PullRequestRef {
  /** `https://<host>/<owner>/<repo>/pull/<number>`, rebuilt from the parts (query and fragment dropped). */
  link: string
  number: number
  /** `owner/repo` */
  repository: string
}

// Host names as DNS writes them (letters, digits, hyphens, dots), an optional port.
const HOST = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\d{1,5})?`
// Owners as GitHub allows them: letters, digits and inner hyphens, at most 39.
const OWNER = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?`
// Repositories: letters, digits, `.`, `_`, `-`, at most 100 (`.` and `..` are refused below).
const REPO = String.raw`[A-Za-z0-9._-]{1,100}`
// A number GitHub could have given: no leading zero, well within a safe integer.
const NUMBER = String.raw`[1-9]\d{0,9}`
// A query or fragment is allowed (and dropped), in visible ASCII only.
const TAIL = String.raw`(?:[?#][\x21-\x7e]*)?`

// Matched against the text as it came: no percent-decoding, so `%24` stays refused
// rather than becoming `$`.
const PULL_REQUEST_LINK = new RegExp(
  `^https://(${HOST})/(${OWNER})/(${REPO})/pull/(${NUMBER})${TAIL}$`
)

/** The pull request `link` points at, or undefined when it is not exactly a pull request link. */
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
