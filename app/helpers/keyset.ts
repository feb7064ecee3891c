import encryption from '@adonisjs/core/services/encryption'

/**
 * Keyset pagination, written once for every list of the API (the events,
 * the audit log): the cursor a page ends with, and the statement that
 * reads a page from an index in order, so a page deep in a large list
 * costs what the first page costs (contract, "Data that grows").
 */

/** Where a page ended: the sort key of its last row (as PostgreSQL wrote it, text) and its id. */
export type KeysetPosition = { key: string; id: string }

/**
 * What a cursor is bound to: its organization and, for a list with
 * several orders, the order it was issued for.
 */
export type CursorScope = { organizationId: string; sort?: string }

/** The signed payload: its members' names and order are those of every cursor ever issued. */
type CursorPayload = { o: string; s?: string; k: string; i: string }

/**
 * A cursor for the page after `position`: signed with the app key (HMAC,
 * AdonisJS's message verifier) for `purpose` (one per list) and bound to
 * `scope`, so a cursor the server did not issue, or one used in another
 * list, organization or order, is refused by readCursor.
 */
export function issueCursor(purpose: string, scope: CursorScope, position: KeysetPosition) {
  const { organizationId: o, sort: s } = scope
  const payload: CursorPayload =
    s === undefined
      ? { o, k: position.key, i: position.id }
      : { o, s, k: position.key, i: position.id }
  return encryption.getMessageVerifier().sign(payload, undefined, purpose)
}

/** The position `value` names; null for a cursor not issued for this list (a 400 for the caller). */
export function readCursor(
  purpose: string,
  value: string,
  scope: CursorScope
): KeysetPosition | null {
  const payload = encryption.getMessageVerifier().unsign<CursorPayload>(value, purpose)
  if (
    !payload ||
    payload.o !== scope.organizationId ||
    payload.s !== scope.sort ||
    typeof payload.k !== 'string' ||
    typeof payload.i !== 'string'
  ) {
    return null
  }
  return { key: payload.k, id: payload.i }
}

/** The values of a statement being written, each bound in turn to its placeholder ($1, $2…). */
export function bindings<Value>() {
  const values: Value[] = []
  return { values, bind: (value: Value) => `$${values.push(value)}` }
}

/**
 * The rows past a position in an order: one row comparison, which an
 * index on (…, key, id) starts its scan from. `after`: the position as a
 * row, `(key, id)`.
 */
export function pastBound(key: string, id: string, direction: 'ASC' | 'DESC', after: string) {
  return `(${key}, ${id}) ${direction === 'ASC' ? '>' : '<'} ${after}`
}

/** A position bound as a row of a timestamptz key and a uuid (the shape of every list's keys). */
export function positionRow(position: KeysetPosition, bind: (value: string) => string) {
  return `(${bind(position.key)}::timestamptz, ${bind(position.id)}::uuid)`
}

/**
 * The equality conditions of each scan: one scan per combination of the
 * values asked for, `columns` in the order the indexes lead with them.
 */
export function equalityPrefixes<Value>(
  columns: { column: string; values: readonly Value[] }[],
  bind: (value: Value) => string
): string[][] {
  const combinations = columns.reduce<Value[][]>(
    (heads, { values }) => heads.flatMap((head) => values.map((value) => [...head, value])),
    [[]]
  )
  return combinations.map((values) =>
    values.map((value, index) => `${columns[index].column} = ${bind(value)}`)
  )
}

/** One walk down an index in order, as keysetWalk writes it. */
export type IndexWalk = {
  /** Each scan's columns and table (`events e`). */
  select: string
  from: string
  /** The condition every scan leads with (the organization's), then each scan's equalities, then `bounds`. */
  scope: string
  prefixes: string[][]
  bounds: string[]
  /** The order: the sort key and the id as the scans read them, and their names among `select`. */
  key: string
  id: string
  direction: 'ASC' | 'DESC'
  keyColumn: string
  idColumn: string
  /** Placeholder of how many rows the walk reads at most. */
  limit: string
}

/**
 * The walk of a page: one index scan per equality prefix (an index led by
 * the scope's column and the prefix's serves each in order, from the
 * bounds), each stopped at `limit`; several are merged in order (a Merge
 * Append), so each is read only as far as the page takes from it.
 */
export function keysetWalk(walk: IndexWalk) {
  const scans = walk.prefixes.map(
    (prefix) => `
      SELECT ${walk.select} FROM ${walk.from}
       WHERE ${[walk.scope, ...prefix, ...walk.bounds].join(' AND ')}
       ORDER BY ${walk.key} ${walk.direction}, ${walk.id} ${walk.direction}
       LIMIT ${walk.limit}`
  )
  return scans.length === 1
    ? scans[0]
    : `SELECT * FROM (${scans.map((scan) => `(${scan})`).join(' UNION ALL ')}) AS scans
          ORDER BY ${walk.keyColumn} ${walk.direction}, ${walk.idColumn} ${walk.direction} LIMIT ${walk.limit}`
}
