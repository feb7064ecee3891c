/**
 * Entity tags of an event: its row version (PostgreSQL's xmin, which
 * changes with every write of the row, address changes included since
 * they always rewrite the event), quoted as HTTP wants. Opaque to clients.
 */
export function entityTag(version: string) {
  return `"${version}"`
}

/**
 * Whether an If-Match / If-None-Match header names `version`: `*` names
 * any version. If-None-Match compares weakly (W/"x" names "x"); If-Match
 * strongly, so a weak tag never matches there (RFC 9110, 13.1).
 */
export function namesVersion(
  header: string | undefined,
  version: string,
  comparison: 'weak' | 'strong' = 'weak'
) {
  if (header === undefined) return false
  const current = entityTag(version)
  return header
    .split(',')
    .map((tag) => tag.trim())
    .map((tag) => (comparison === 'weak' ? tag.replace(/^W\//, '') : tag))
    .some((tag) => tag === '*' || tag === current)
}
