// The one rule for every job id, wherever it comes from: the `job-id` input, the
// service's answer, or what the action left on GitHub earlier (a pull request's
// record, a back-link, a check run's external_id), which anyone may have edited.

/**
 * Letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most 128
 * characters. Nothing in it can end a path segment, a log line or a shell word, so
 * it can go into URLs, outputs and messages as it is.
 */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

export const PLAIN_ID_FORM =
  'a plain identifier (letters, digits, -, _ and ., starting with a letter or digit, at most 128 characters)'

export function isPlainId(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_ID.test(value)
}
