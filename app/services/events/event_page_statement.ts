import { createHash } from 'node:crypto'
import {
  bindings,
  equalityPrefixes as keysetEqualities,
  keysetWalk,
  pastBound,
  positionRow,
  type KeysetPosition,
} from '#helpers/keyset'
import { ADDRESS_COLUMNS } from '#services/events/event_statements'
import { EVENT_STATUSES, EVENT_TYPES } from '#types/event'
import type { EventSort, EventStatus, EventType } from '#types/event'

/**
 * How many index entries one page of the list walks at most. A filter the
 * sort's index cannot serve (a target-date range under a created_at sort)
 * is checked on the entries walked; once this many are walked the page
 * ends, full or not, and its cursor points at the last entry walked
 * (contract, "Data that grows": a page's cost is bounded by the page).
 * Ten times the largest page: with 2000, such a page cost what 2.4 first
 * pages cost (`npm run bench -- --scale`, 2026-11-29).
 */
export const LIST_SCAN_BUDGET = 1000

/**
 * The sort key of each order, written exactly as the indexes of migrations
 * 1763800000030 and 1763800001600 are, so a page is an index range scan:
 * events without a target date sort last both ways (infinity after every
 * date ascending, -infinity before every date descending); `dated` is the
 * bound that leaves them out.
 */
export const SORT_KEYS: Record<
  EventSort,
  { key: string; direction: 'ASC' | 'DESC'; dated?: string }
> = {
  'createdAt': { key: 'e.created_at', direction: 'ASC' },
  '-createdAt': { key: 'e.created_at', direction: 'DESC' },
  'targetDate': {
    key: `COALESCE(e.target_date, 'infinity'::timestamptz)`,
    direction: 'ASC',
    dated: `< 'infinity'::timestamptz`,
  },
  '-targetDate': {
    key: `COALESCE(e.target_date, '-infinity'::timestamptz)`,
    direction: 'DESC',
    dated: `> '-infinity'::timestamptz`,
  },
}

/** What a page of the list is asked for: the filters, the order, where the last page ended. */
export type PageRequest = {
  organizationId: string
  sort: EventSort
  limit: number
  status?: EventStatus[]
  eventType?: EventType
  targetDateFrom?: Date
  targetDateTo?: Date
  after?: KeysetPosition
  /** Index entries walked at most (LIST_SCAN_BUDGET). */
  budget: number
}

type Value = string | number | Date

const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/**
 * One page of events, in one statement. The walk reads the sort's index in
 * order from the cursor: with status or event type, one scan per type and
 * status (their indexes lead with both), merged in order (a Merge Append),
 * so those filters and a target-date range under a target-date sort are
 * index bounds. A target-date range under a created_at sort is checked on
 * the entries walked (`hit`), read from the index itself (INCLUDE
 * target_date). The walk stops at `limit + 1` hits or `budget` entries,
 * whichever comes first; the rows are the hits, numbered in the walk's
 * order (`n`), and the entry at `n = budget` whether it is a hit or not,
 * which says where an unfinished walk stopped. Each row carries its sort
 * key as text (`sort_key`, written for the rows kept only: written for
 * every entry walked, it was a sixth of the walk's time), with its event
 * and address joined. Named by its shape: one prepared statement each, a
 * few dozen at most.
 */
export function pageStatement(page: PageRequest) {
  const { key, direction, dated } = SORT_KEYS[page.sort]
  const { values, bind } = bindings<Value>()
  const organization = bind(page.organizationId)
  const budget = bind(page.budget)

  const bounds: string[] = []
  const checked: string[] = []
  const byTargetDate = dated !== undefined
  const ascending = direction === 'ASC'
  const from = page.targetDateFrom && bind(page.targetDateFrom)
  const to = page.targetDateTo && bind(page.targetDateTo)
  // Under a target-date sort, the bound the walk starts from and the cursor are one row
  // comparison (PostgreSQL starts an index scan from one of two bounds it cannot compare).
  const start = ascending ? from : to
  const merged = byTargetDate && page.after && start
  if (byTargetDate) {
    if (from && !(merged && ascending)) bounds.push(`${key} >= ${from}`)
    if (to && !(merged && !ascending)) bounds.push(`${key} < ${to}`)
    if (from || to) bounds.push(`${key} ${dated}`)
  } else {
    if (from) checked.push(`e.target_date >= ${from}`)
    if (to) checked.push(`e.target_date < ${to}`)
  }
  if (page.after && merged) {
    const [nearest, further] = ascending ? ['GREATEST', '>='] : ['LEAST', '<']
    const afterKey = `${bind(page.after.key)}::timestamptz`
    const afterId = `${bind(page.after.id)}::uuid`
    // Past the cursor and within the range: from the cursor, or from the range's edge
    // (no event has the nil UUID: past (from, nil) is from `from` on, before (to, nil) before `to`).
    const after = `(${nearest}(${afterKey}, ${start}), CASE WHEN ${afterKey} ${further} ${start} THEN ${afterId} ELSE '${NIL_UUID}'::uuid END)`
    bounds.push(pastBound(key, 'e.id', direction, after))
  } else if (page.after) {
    bounds.push(pastBound(key, 'e.id', direction, positionRow(page.after, bind)))
  }
  const hit = checked.length ? `(${checked.join(' AND ')})` : 'true'
  const order = (prefix: string) => `${prefix}k ${direction}, ${prefix}id ${direction}`

  const walk = keysetWalk({
    select: `e.id, ${key} AS k, ${hit} AS hit`,
    from: 'events e',
    scope: `e.organization_id = ${organization}`,
    prefixes: equalityPrefixes(page, bind),
    bounds,
    key,
    id: 'e.id',
    direction,
    keyColumn: 'k',
    idColumn: 'id',
    limit: budget,
  })

  const text = `
    SELECT e.*, w.k::text AS sort_key, w.hit, w.n::int AS n, ${ADDRESS_COLUMNS}
      FROM (SELECT * FROM (SELECT walk.id, walk.k, walk.hit,
                                  row_number() OVER (ORDER BY ${order('walk.')}) AS n
                             FROM (${walk}) AS walk) AS numbered
             WHERE numbered.hit OR numbered.n = ${budget}
             LIMIT ${bind(page.limit + 1)}) AS w
      JOIN events e ON e.id = w.id
      LEFT JOIN event_addresses a ON a.event_id = e.id
     ORDER BY w.n`
  const name = `list_events_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
  return { name, text, values }
}

/**
 * The equality conditions of each index scan: none without status or event
 * type (the organization's own sort index); otherwise one per event type
 * and status asked for (all of a kind when it is not filtered on).
 */
function equalityPrefixes(page: PageRequest, bind: (value: Value) => string): string[][] {
  if (!page.status?.length && !page.eventType) return [[]]
  return keysetEqualities(
    [
      { column: 'e.event_type', values: page.eventType ? [page.eventType] : EVENT_TYPES },
      {
        column: 'e.status',
        values: page.status?.length ? [...new Set(page.status)] : EVENT_STATUSES,
      },
    ],
    bind
  )
}
