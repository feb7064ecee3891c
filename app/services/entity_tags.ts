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
 * any version; weak tags (W/"...") compare by their value (RFC 9110 weak
 * comparison is what If-None-Match uses; If-Match callers send our strong tags).
 */
export function namesVersion(header: string | undefined, version: string) {
  if (header === undefined) return false
  const current = entityTag(version)
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === current)
}
