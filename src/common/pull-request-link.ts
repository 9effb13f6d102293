// The one reader of a pull request link from the service. A link that is not exactly a pull
// request's counts as none, so nothing a shell, `${{ }}` or Markdown would act on reaches any
// output.

/** `link` rebuilt from the parts (query and fragment dropped); `repository` is `owner/repo`. */
export type PullRequestRef = { link: string; number: number; repository: string }

// Host names as DNS writes them (dot-separated labels), with an optional port.
const LABEL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`
const HOST = String.raw`${LABEL}(?:\.${LABEL})*(?::\d{1,5})?`
// Owners and repositories as GitHub allows them.
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
  const match = PULL_REQUEST_LINK.exec(typeof link === 'string' ? link : '')
  if (!match) {
    return undefined
  }
  const [, host = '', owner, repo = '', number] = match
  const port = Number(/:(\d+)$/.exec(host)?.[1] ?? 443)
  const stepsUp = repo === '.' || repo === '..'
  if (stepsUp || port < 1 || port > 65535) {
    return undefined
  }
  return {
    link: `https://${host}/${owner}/${repo}/pull/${number}`,
    number: Number(number),
    repository: `${owner}/${repo}`
  }
}
