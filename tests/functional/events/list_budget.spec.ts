import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import EventService from '#services/events/event_service'
import { SORT_KEYS } from '#services/events/event_page_statement'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { clearLimits, memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath } from '#tests/helpers/events'
import { EVENT_SORTS } from '#types/event'

/** A small scan budget, so that small organizations cross it on most pages. */
const BUDGET = 7

/**
 * 90 events: statuses and types in turn, a target date every other day in
 * an order unrelated to their creation, every ninth without one; some
 * sharing a creation time or a target date (the id breaks those ties).
 */
async function seedEvents(organizationId: string) {
  await db.rawQuery(
    `INSERT INTO events (id, organization_id, name, target_date, status, event_type, created_at, updated_at)
     SELECT gen_random_uuid(), :organizationId, 'e' || n,
            CASE WHEN n % 9 = 0 THEN NULL
                 ELSE timestamptz '2027-01-01' + ((n * 37) % 45) * interval '2 days' END,
            (enum_range(NULL::event_status))[1 + n % 6],
            (enum_range(NULL::event_type))[1 + (n / 4) % 2],
            timestamptz '2026-01-01' + (n / 3) * interval '1 minute', now()
       FROM generate_series(1, 90) AS n`,
    { organizationId }
  )
}

/** Query strings of every kind of filter, with the SQL condition each means. */
const FILTERS: [string, string][] = [
  ['', 'true'],
  ['status=PLANNED', `status = 'PLANNED'`],
  ['status=BACKLOG,COMPLETED,CANCELLED', `status IN ('BACKLOG', 'COMPLETED', 'CANCELLED')`],
  ['eventType=RECURRING', `event_type = 'RECURRING'`],
  [
    'eventType=ONE_OFF&status=IN_PROGRESS,PLANNING',
    `event_type = 'ONE_OFF' AND status IN ('IN_PROGRESS', 'PLANNING')`,
  ],
  ['targetDateFrom=2027-02-01T00:00:00Z', `target_date >= '2027-02-01T00:00:00Z'`],
  ['targetDateTo=2027-02-01T00:00:00Z', `target_date < '2027-02-01T00:00:00Z'`],
  [
    'targetDateFrom=2027-01-15T00:00:00Z&targetDateTo=2027-01-22T00:00:00Z',
    `target_date >= '2027-01-15T00:00:00Z' AND target_date < '2027-01-22T00:00:00Z'`,
  ],
  ['targetDateFrom=2031-01-01T00:00:00Z', `target_date >= '2031-01-01T00:00:00Z'`],
  [
    'eventType=RECURRING&status=BACKLOG,PLANNED&targetDateFrom=2027-01-09T00:00:00Z&targetDateTo=2027-02-20T00:00:00Z',
    `event_type = 'RECURRING' AND status IN ('BACKLOG', 'PLANNED')
     AND target_date >= '2027-01-09T00:00:00Z' AND target_date < '2027-02-20T00:00:00Z'`,
  ],
]

/** Every page of a walk, following nextCursor: the names in order, and each page's size and cursor. */
async function walk(client: ApiClient, cookie: string, organizationId: string, query: string) {
  const names: string[] = []
  const pages: { size: number; more: boolean }[] = []
  let cursor: string | null = null
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const response = await client
      .get(`${eventsPath(organizationId)}?${query}${suffix}`)
      .header('cookie', cookie)
    response.assertStatus(200)
    names.push(...response.body().data.map((event: { name: string }) => event.name))
    cursor = response.body().meta.nextCursor
    pages.push({ size: response.body().data.length, more: cursor !== null })
  } while (cursor && pages.length < 200)
  // Hundreds of pages in one test: the per-account request quota is not what is tested here.
  await clearLimits()
  return { names, pages }
}

test.group('Events list scan budget', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(async () => {
    // The container builds it as for any request; only its budget is lowered.
    const events = await app.container.make(EventService)
    events.listScanBudget = BUDGET
    app.container.swap(EventService, () => events)
    return () => app.container.restore(EventService)
  })

  test('walking every page of every filter and sort returns each matching event once, in order', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await seedEvents(organization.id)
    const neighbour = await OrganizationFactory.create()
    await seedEvents(neighbour.id)

    let shortPagesWithMore = 0
    for (const sort of EVENT_SORTS) {
      const { key, direction } = SORT_KEYS[sort]
      for (const [query, condition] of FILTERS) {
        const { rows } = await db.rawQuery(
          `SELECT name FROM events e WHERE organization_id = ? AND ${condition}
            ORDER BY ${key} ${direction}, e.id ${direction}`,
          [organization.id]
        )
        for (const limit of [3, 100]) {
          const walked = await walk(
            client,
            cookie,
            organization.id,
            `sort=${sort}&limit=${limit}&${query}`
          )
          assert.deepEqual(
            walked.names,
            rows.map((row: { name: string }) => row.name),
            `sort=${sort}&limit=${limit}&${query}`
          )
          assert.isFalse(walked.pages.at(-1)!.more)
          shortPagesWithMore += walked.pages.filter((page) => page.more && page.size < limit).length
        }
      }
    }
    // The budget cut walks short: pages with fewer events than asked (even none) and a cursor.
    assert.isAbove(shortPagesWithMore, 0)
  }).timeout(60_000)

  test('a page that ran out of budget holds what it found and a cursor; only the end has none', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await seedEvents(organization.id)

    // Nothing matches: each page walks 7 events, finds none, and says where it stopped.
    const nothing = await walk(
      client,
      cookie,
      organization.id,
      'targetDateFrom=2031-01-01T00:00:00Z'
    )
    assert.deepEqual(nothing.names, [])
    assert.lengthOf(nothing.pages, Math.ceil(90 / BUDGET))
    assert.deepEqual(
      nothing.pages.map((page) => page.size),
      Array(Math.ceil(90 / BUDGET)).fill(0)
    )
    assert.isTrue(nothing.pages.slice(0, -1).every((page) => page.more))
  })
})
