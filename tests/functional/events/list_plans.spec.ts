import { test } from '@japa/runner'
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath } from '#tests/helpers/events'
import { keepFigures, planReader, SIZES, withinBound } from '#tests/helpers/plans'
import {
  LIST_SCAN_BUDGET,
  pageStatement,
  SORT_KEYS,
  type PageRequest,
} from '#services/events/event_page_statement'
import { EVENT_SORTS, type EventSort } from '#types/event'

/**
 * `size` events of the organization, one a second from 2026; a tenth with
 * no target date, the others one an hour from 2027 in an order unrelated to
 * their creation (so a date range is spread over the whole created_at
 * order); statuses and types in turn; a fifth with an address. The same
 * density at every size: a date range matches as many events in a small
 * organization as in a large one.
 */
async function seedEvents(organizationId: string, size: number) {
  await db.rawQuery(
    `INSERT INTO events (id, organization_id, name, target_date, status, event_type, created_at, updated_at)
     SELECT gen_random_uuid(), :organizationId, 'e' || n,
            CASE WHEN n % 10 = 0 THEN NULL
                 ELSE timestamptz '2027-01-01' + ((n::bigint * 7919) % :size) * interval '1 hour' END,
            (enum_range(NULL::event_status))[1 + n % 6],
            (enum_range(NULL::event_type))[1 + (n / 7) % 2],
            timestamptz '2026-01-01' + n * interval '1 second',
            timestamptz '2026-01-01' + n * interval '1 second'
       FROM generate_series(1, :size) AS n`,
    { organizationId, size }
  )
  await db.rawQuery(
    `INSERT INTO event_addresses (event_id, city, created_at, updated_at)
     SELECT id, 'Ottawa', created_at, created_at FROM events
      WHERE organization_id = :organizationId AND substr(name, 2)::int % 5 = 0`,
    { organizationId }
  )
}

/**
 * Many small organizations beside the measured ones, as production has:
 * the plan PostgreSQL keeps for a statement prepared for any organization
 * (the generic plan) then expects a few dozen events per organization, and
 * must still walk the sort's index rather than sort a whole organization.
 */
async function seedNeighbours(count: number, eventsEach: number) {
  await db.rawQuery(
    `WITH neighbours AS (
       INSERT INTO organizations (id, name, created_at, updated_at)
       SELECT gen_random_uuid(), 'neighbour ' || n, now(), now() FROM generate_series(1, :count) AS n
       RETURNING id)
     INSERT INTO events (id, organization_id, name, target_date, status, event_type, created_at, updated_at)
     SELECT gen_random_uuid(), o.id, 'n' || n, timestamptz '2027-01-01' + n * interval '1 day',
            (enum_range(NULL::event_status))[1 + n % 6], (enum_range(NULL::event_type))[1 + n % 2],
            now(), now()
       FROM neighbours o CROSS JOIN generate_series(1, :eventsEach) AS n`,
    { count, eventsEach }
  )
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** Every kind of filter the contract accepts, alone and together. */
const FILTERS: Record<string, Omit<PageRequest, 'organizationId' | 'sort' | 'limit' | 'budget'>> = {
  'none': {},
  'one status': { status: ['PLANNED'] },
  'three statuses': { status: ['BACKLOG', 'PLANNED', 'COMPLETED'] },
  'every status': {
    status: ['BACKLOG', 'PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
  },
  'event type': { eventType: 'RECURRING' },
  'event type and status': { eventType: 'ONE_OFF', status: ['IN_PROGRESS'] },
  'one day': { targetDateFrom: day('2027-01-20'), targetDateTo: day('2027-01-21') },
  '200 days': { targetDateFrom: day('2027-01-01'), targetDateTo: day('2027-07-20') },
  'from a date': { targetDateFrom: day('2027-03-01') },
  'until a date': { targetDateTo: day('2027-03-01') },
  'a range matching nothing': {
    targetDateFrom: day('2099-01-01'),
    targetDateTo: day('2099-02-01'),
  },
  'event type and a week': {
    eventType: 'RECURRING',
    targetDateFrom: day('2027-02-01'),
    targetDateTo: day('2027-02-08'),
  },
  'two statuses and 200 days': {
    status: ['BACKLOG', 'CANCELLED'],
    targetDateFrom: day('2027-01-01'),
    targetDateTo: day('2027-07-20'),
  },
}

/** The cursor the server issues halfway through the organization's events in `sort`. */
async function deepCursor(organizationId: string, sort: EventSort, size: number) {
  const { key, direction } = SORT_KEYS[sort]
  const { rows } = await db.rawQuery(
    `SELECT (${key})::text AS key, e.id FROM events e WHERE organization_id = ?
      ORDER BY ${key} ${direction}, e.id ${direction} OFFSET ? LIMIT 1`,
    [organizationId, size / 2]
  )
  return { key: rows[0].key as string, id: rows[0].id as string }
}

/** Every statement sent to PostgreSQL while in scope, with its values. */
function recordStatements() {
  const statements: { text: string; values: unknown[] }[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text: string; values?: unknown[] }]
    if (typeof config === 'object')
      statements.push({ text: config.text, values: config.values ?? [] })
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  return {
    statements,
    [Symbol.dispose]() {
      pg.Client.prototype.query = original
    },
  }
}

test.group('Events list plans', (group) => {
  group.each.setup(() => resetDatabase())

  test('the route runs the statement pageStatement builds', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    using recorded = recordStatements()
    const response = await client
      .get(
        `${eventsPath(organization.id)}?sort=-targetDate&limit=7&status=PLANNED,BACKLOG` +
          `&eventType=RECURRING&targetDateFrom=2027-01-01T00:00:00Z`
      )
      .header('cookie', cookie)
    response.assertStatus(200)

    const expected = pageStatement({
      organizationId: organization.id,
      sort: '-targetDate',
      limit: 7,
      budget: LIST_SCAN_BUDGET,
      status: ['PLANNED', 'BACKLOG'],
      eventType: 'RECURRING',
      targetDateFrom: day('2027-01-01'),
    })
    const ran = recorded.statements.find(({ text }) => text === expected.text)
    assert.exists(ran, 'the route ran another statement')
    assert.deepEqual(ran!.values, expected.values)
  })

  test('every filter and sort, first page and deep, reads what the page costs at 20 000 events as at 200 000', async ({
    assert,
  }) => {
    const [small, large] = await OrganizationFactory.createMany(2)
    const organizations = { small: small.id, large: large.id }
    await seedEvents(organizations.small, SIZES.small)
    await seedEvents(organizations.large, SIZES.large)
    await seedNeighbours(5_000, 10)
    // As autovacuum leaves a table: statistics, and the visibility map index-only scans read.
    await db.rawQuery('VACUUM ANALYZE events, event_addresses')

    const reader = await planReader()
    const figures: Record<string, Record<string, number>> = {}
    const failures: string[] = []
    try {
      for (const sort of EVENT_SORTS) {
        const cursors = {
          small: await deepCursor(organizations.small, sort, SIZES.small),
          large: await deepCursor(organizations.large, sort, SIZES.large),
        }
        for (const [filterName, filter] of Object.entries(FILTERS)) {
          for (const page of ['first', 'deep'] as const) {
            for (const mode of ['custom', 'generic'] as const) {
              const measured: Record<string, number> = {}
              for (const size of ['small', 'large'] as const) {
                const { text, values } = pageStatement({
                  organizationId: organizations[size],
                  sort,
                  limit: 100,
                  budget: LIST_SCAN_BUDGET,
                  ...filter,
                  after: page === 'deep' ? cursors[size] : undefined,
                })
                const { buffers, plan } = await reader.explain(text, values, mode)
                measured[size] = buffers
                if (plan.includes('"Seq Scan"')) failures.push(`${sort} ${filterName}: ${plan}`)
              }
              const where = `sort=${sort}, ${filterName}, ${page} page, ${mode} plan`
              figures[where] = measured
              if (!withinBound(measured.small, measured.large, 1200)) {
                failures.push(`${where}: ${measured.small} then ${measured.large} buffers`)
              }
            }
          }
        }
      }
    } finally {
      await reader.end()
    }
    await keepFigures('events_list', figures)
    assert.deepEqual(failures, [])
    // Every combination was measured, at both sizes.
    assert.lengthOf(Object.keys(figures), EVENT_SORTS.length * Object.keys(FILTERS).length * 4)
  }).timeout(120_000)
})
