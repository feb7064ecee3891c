/*
| What --scale asks: the routes measured at both sizes, every filter
| combination of the event list, and the cursors that reach deep pages.
*/

import { EVENT_SORTS } from './from_api.js'
import type { Setup } from './load.js'
import type { ScaleAccount } from './scale_seed.js'

/** A query string of the event list (without `?`), and how the output names it. */
export type ListQuery = string

/** The list's filters, each with its forms; `''` is the filter left out. */
const STATUS_FILTERS = ['', 'status=IN_PROGRESS', 'status=BACKLOG,PLANNING']
const TYPE_FILTERS = ['', 'eventType=RECURRING']
const DATE_FILTERS = [
  '',
  'targetDateFrom=2025-01-01T00:00:00Z',
  'targetDateTo=2024-01-01T00:00:00Z',
  // A week.
  'targetDateFrom=2025-03-03T00:00:00Z&targetDateTo=2025-03-10T00:00:00Z',
  // After every seeded date: matches nothing.
  'targetDateFrom=2031-01-01T00:00:00Z',
]

/** Every status × eventType × target-date range × sort the list accepts. */
export function filterCombinations(): ListQuery[] {
  const combinations: ListQuery[] = []
  for (const status of STATUS_FILTERS) {
    for (const type of TYPE_FILTERS) {
      for (const dates of DATE_FILTERS) {
        for (const sort of EVENT_SORTS) {
          combinations.push([status, type, dates, `sort=${sort}`].filter(Boolean).join('&'))
        }
      }
    }
  }
  return combinations
}

/** `path` with one more query parameter. */
export function withParameter(path: string, name: string, value: string) {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`
}

/** Paths of the measured routes, relative to the organization, that need a walked cursor. */
export type DeepCursors = { eventsPage50: string; auditPage50: string }

export type ScaleRoute = { name: string; setup: Setup }

const eventsOf = (a: ScaleAccount) => `/organizations/${a.organizationId}/events`
const auditOf = (a: ScaleAccount) => `/organizations/${a.organizationId}/audit-log`

/** A GET of `path(account)` by the n-th account, round robin (the rate limits are per user). */
export function getBy(accounts: ScaleAccount[], path: (account: ScaleAccount) => string): Setup {
  return (_, n) => {
    const account = accounts[n % accounts.length]
    return { method: 'GET', path: path(account), headers: { cookie: account.cookie } }
  }
}

/** The status filter with a sort of its own, as a planning board lists events. */
export const STATUS_WITH_SORT = 'status=PLANNED,IN_PROGRESS&sort=targetDate'
export const AUDIT_ACTION_FILTER = 'action=member.role_changed'

/** The routes of the table, in the order they run: the writes last, so reads see the seeded sizes. */
export function scaleRoutes(accounts: ScaleAccount[], cursors: DeepCursors): ScaleRoute[] {
  const json = { 'content-type': 'application/json' }
  return [
    { name: 'GET event', setup: getBy(accounts, (a) => `${eventsOf(a)}/${a.eventId}`) },
    { name: 'GET events, first page', setup: getBy(accounts, eventsOf) },
    {
      name: 'GET events, page 50',
      setup: getBy(accounts, (a) => withParameter(eventsOf(a), 'cursor', cursors.eventsPage50)),
    },
    {
      name: `GET events ?${STATUS_WITH_SORT}`,
      setup: getBy(accounts, (a) => `${eventsOf(a)}?${STATUS_WITH_SORT}`),
    },
    { name: 'GET audit-log, first page', setup: getBy(accounts, auditOf) },
    {
      name: 'GET audit-log, page 50',
      setup: getBy(accounts, (a) => withParameter(auditOf(a), 'cursor', cursors.auditPage50)),
    },
    {
      name: `GET audit-log ?${AUDIT_ACTION_FILTER}`,
      setup: getBy(accounts, (a) => `${auditOf(a)}?${AUDIT_ACTION_FILTER}`),
    },
    {
      name: 'PATCH event',
      setup: (_, n) => {
        const a = accounts[n % accounts.length]
        return {
          method: 'PATCH',
          path: `${eventsOf(a)}/${a.eventId}`,
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({ name: `Event ${n}`, metadata: { guestCount: { min: n % 50 } } }),
        }
      },
    },
    {
      name: 'POST event',
      setup: (_, n) => {
        const a = accounts[n % accounts.length]
        return {
          method: 'POST',
          path: eventsOf(a),
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({
            name: `New ${n}`,
            status: 'PLANNING',
            targetDate: '2026-06-20T18:00:00Z',
            metadata: { category: 'wedding', guestCount: { approximate: 120 } },
            address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
          }),
        }
      },
    },
  ]
}

/** The list with `query`, by every account in turn. */
export function listWith(accounts: ScaleAccount[], query: ListQuery): Setup {
  return getBy(accounts, (a) => `${eventsOf(a)}?${query}`)
}

/**
 * The cursor of page `page` of `path` (the pages before it fetched one by
 * one, by `nextCursor`, whatever their length): where the walk ended when
 * the list is shorter.
 */
export async function walkTo(
  port: number,
  accounts: ScaleAccount[],
  route: 'events' | 'audit-log',
  page: number
): Promise<{ cursor: string; page: number }> {
  let cursor: string | null = null
  let reached = 1
  for (let n = 1; n < page; n++) {
    const account = accounts[n % accounts.length]
    const base = `/organizations/${account.organizationId}/${route}`
    const path = cursor ? withParameter(base, 'cursor', cursor) : base
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { cookie: account.cookie },
    })
    const body = (await response.json()) as { meta?: { nextCursor?: string | null } }
    if (response.status !== 200) {
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`)
    }
    const next = body.meta?.nextCursor
    if (!next) break
    cursor = next
    reached = n + 1
  }
  if (!cursor) throw new Error(`${route} has a single page: no deep page to measure`)
  return { cursor, page: reached }
}
