// The one rule for every job id, wherever it comes from: an input, the service, or GitHub (where
// anyone may have edited it). Nothing in a plain id can end a path segment, a line or a word.
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

export const PLAIN_ID_FORM =
  'a plain identifier (letters, digits, -, _ and ., ' +
  'starting with a letter or digit, at most 128 characters)'

export function isPlainId(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_ID.test(value)
}
