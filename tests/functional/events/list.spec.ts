import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import EventAddress from '#models/event_address'
import type Organization from '#models/organization'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { recordQueries } from '#tests/helpers/queries'
import { eventOf, eventsPath, fieldError } from '#tests/helpers/events'

const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}
const INVALID_CURSOR = {
  errors: [fieldError('cursor', 'invalid', 'The cursor field is not a cursor this server issued')],
}

/** Events created one millisecond apart, oldest first, named e0, e1, ... */
async function eventsIn(organization: Organization, count: number, attributes = {}) {
  const start = DateTime.fromISO('2026-01-01T00:00:00Z')
  const events = []
  for (let index = 0; index < count; index++) {
    const createdAt = start.plus({ milliseconds: index })
    events.push(
      await eventOf(organization, {
        name: `e${index}`,
        createdAt,
        updatedAt: createdAt,
        ...attributes,
      })
    )
  }
  return events
}

function list(client: ApiClient, cookie: string, organizationId: string, query = '') {
  return client.get(`${eventsPath(organizationId)}${query}`).header('cookie', cookie)
}

/** Every page of a walk, following nextCursor; `between` runs after each page. */
async function walk(
  client: ApiClient,
  cookie: string,
  organizationId: string,
  query: string,
  between: () => Promise<unknown> = async () => {}
) {
  const names: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const response = await list(client, cookie, organizationId, `?${query}${suffix}`)
    response.assertStatus(200)
    names.push(...response.body().data.map((event: { name: string }) => event.name))
    cursor = response.body().meta.nextCursor
    pages++
    await between()
  } while (cursor)
  return { names, pages }
}

test.group('Events list', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the newest 20 first, in the full representation, with a cursor', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const events = await eventsIn(organization, 21)
    await EventAddress.create({ eventId: events[20].id, city: 'Montréal', country: 'CA' })
    const other = await OrganizationFactory.create()
    await eventOf(other, { name: 'not mine' })

    const response = await list(client, cookie, organization.id)

    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(
      data.map((event: { name: string }) => event.name),
      events
        .slice(1)
        .reverse()
        .map((event) => event.name)
    )
    assert.deepEqual(data[0], {
      id: events[20].id,
      organizationId: organization.id,
      name: 'e20',
      description: null,
      targetDate: null,
      status: 'BACKLOG',
      eventType: 'ONE_OFF',
      metadata: {},
      address: {
        streetAddress: null,
        streetAddress2: null,
        city: 'Montréal',
        state: null,
        postalCode: null,
        country: 'CA',
      },
      createdAt: '2026-01-01T00:00:00.020Z',
      updatedAt: '2026-01-01T00:00:00.020Z',
    })
    assert.isString(meta.nextCursor)

    const last = await list(
      client,
      cookie,
      organization.id,
      `?cursor=${encodeURIComponent(meta.nextCursor)}`
    )
    last.assertStatus(200)
    assert.deepEqual(
      last.body().data.map((event: { name: string }) => event.name),
      ['e0']
    )
    assert.deepEqual(last.body().meta, { nextCursor: null })
  })

  test('a page costs 3 SQL round trips: session with the limit, membership, the page', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await eventsIn(organization, 3)
    const warmUp = await list(client, cookie, organization.id)
    warmUp.assertStatus(200)

    using queries = recordQueries()
    const response = await list(client, cookie, organization.id, '?limit=2&status=BACKLOG')
    response.assertStatus(200)
    assert.lengthOf(response.body().data, 2)
    assert.isAtMost(queries.statements.length, 3, queries.statements.join('\n'))
  })

  test('an organization without events answers an empty page', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await list(client, cookie, organization.id)
    response.assertStatus(200)
    response.assertBody({ data: [], meta: { nextCursor: null } })
  })

  test('walks every page once in each order', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const events = await eventsIn(organization, 7)
    // Target dates: e0 and e1 share one (the id breaks the tie), e2 and e5 have none.
    const dates: Record<string, string | null> = {
      e0: '2027-05-01T10:00:00Z',
      e1: '2027-05-01T10:00:00Z',
      e2: null,
      e3: '2027-01-01T00:00:00Z',
      e4: '2028-01-01T00:00:00Z',
      e5: null,
      e6: '2026-06-01T00:00:00Z',
    }
    for (const event of events) {
      const date = dates[event.name]
      await db
        .from('events')
        .where('id', event.id)
        .update({ target_date: date ? new Date(date) : null })
    }
    const byId = (a: string, b: string) =>
      events.find((e) => e.name === a)!.id < events.find((e) => e.name === b)!.id ? [a, b] : [b, a]
    const [first, second] = byId('e0', 'e1')
    const [nullFirst, nullSecond] = byId('e2', 'e5')

    const ascending = await walk(client, cookie, organization.id, 'sort=createdAt&limit=3')
    assert.deepEqual(ascending, { names: ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6'], pages: 3 })

    const descending = await walk(client, cookie, organization.id, 'sort=-createdAt&limit=2')
    assert.deepEqual(descending.names, ['e6', 'e5', 'e4', 'e3', 'e2', 'e1', 'e0'])
    assert.equal(descending.pages, 4)

    const byDate = await walk(client, cookie, organization.id, 'sort=targetDate&limit=2')
    assert.deepEqual(byDate.names, ['e6', 'e3', first, second, 'e4', nullFirst, nullSecond])

    const byDateDescending = await walk(client, cookie, organization.id, 'sort=-targetDate&limit=2')
    assert.deepEqual(byDateDescending.names, [
      'e4',
      second,
      first,
      'e3',
      'e6',
      nullSecond,
      nullFirst,
    ])

    const exact = await list(client, cookie, organization.id, '?limit=7')
    assert.lengthOf(exact.body().data, 7)
    assert.isNull(exact.body().meta.nextCursor)
  })

  test('filters by statuses, event type and a target-date range', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const at = (iso: string) => DateTime.fromISO(iso)
    await eventOf(organization, {
      name: 'a',
      status: 'PLANNED',
      targetDate: at('2027-01-01T00:00:00Z'),
    })
    await eventOf(organization, {
      name: 'b',
      status: 'IN_PROGRESS',
      targetDate: at('2027-01-31T23:59:59.999Z'),
    })
    await eventOf(organization, {
      name: 'c',
      status: 'BACKLOG',
      eventType: 'RECURRING',
      targetDate: at('2027-02-01T00:00:00Z'),
    })
    await eventOf(organization, { name: 'd', status: 'PLANNED', eventType: 'RECURRING' })

    const names = async (query: string) => {
      const response = await list(client, cookie, organization.id, `?sort=targetDate&${query}`)
      response.assertStatus(200)
      return response.body().data.map((event: { name: string }) => event.name)
    }

    assert.deepEqual(await names('status=PLANNED,IN_PROGRESS'), ['a', 'b', 'd'])
    assert.deepEqual(await names('status=BACKLOG'), ['c'])
    // Every form a client sends a list in: encoded comma (URLSearchParams), repeated keys, mixed.
    assert.deepEqual(await names('status=PLANNED%2CIN_PROGRESS'), ['a', 'b', 'd'])
    assert.deepEqual(
      await names(new URLSearchParams({ status: 'PLANNED,IN_PROGRESS' }).toString()),
      ['a', 'b', 'd']
    )
    assert.deepEqual(await names('status=PLANNED&status=IN_PROGRESS'), ['a', 'b', 'd'])
    assert.deepEqual(await names('status=PLANNED%2CBACKLOG&status=IN_PROGRESS'), [
      'a',
      'b',
      'c',
      'd',
    ])
    assert.deepEqual(await names('eventType=RECURRING'), ['c', 'd'])
    assert.deepEqual(await names('eventType=RECURRING&status=PLANNED'), ['d'])
    // From is inclusive, to exclusive; an event without a date is in no range.
    assert.deepEqual(await names('targetDateFrom=2027-01-01&targetDateTo=2027-02-01T00:00:00Z'), [
      'a',
      'b',
    ])
    assert.deepEqual(await names('targetDateFrom=2027-01-01T00:00:00.001Z'), ['b', 'c'])
    // The same instant in another offset.
    assert.deepEqual(await names('targetDateTo=2027-01-31T18:59:59.999-05:00'), ['a'])
  })

  test('a bad parameter is a 400 naming it and its rule', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const cases: [string, object][] = [
      ['limit=0', fieldError('limit', 'range', 'The limit field must be between 1 and 100')],
      ['limit=101', fieldError('limit', 'range', 'The limit field must be between 1 and 100')],
      ['limit=ten', fieldError('limit', 'number', 'The limit field must be a number')],
      ['limit=2.5', fieldError('limit', 'withoutDecimals', 'The limit field must be an integer')],
      ['sort=name', fieldError('sort', 'enum', 'The selected sort is invalid')],
      [
        'status=PLANNED,DONE',
        fieldError(
          'status',
          'enum',
          'The status field must be a comma-separated list of BACKLOG, PLANNING, PLANNED, IN_PROGRESS, COMPLETED, CANCELLED'
        ),
      ],
      ...['status=PLANNED%2CDONE', 'status=PLANNED&status=DONE', 'status=PLANNED,'].map(
        (query): [string, object] => [
          query,
          fieldError(
            'status',
            'enum',
            'The status field must be a comma-separated list of BACKLOG, PLANNING, PLANNED, IN_PROGRESS, COMPLETED, CANCELLED'
          ),
        ]
      ),
      ['eventType=DAILY', fieldError('eventType', 'enum', 'The selected eventType is invalid')],
      [
        'targetDateFrom=tomorrow',
        fieldError(
          'targetDateFrom',
          'iso8601',
          'The targetDateFrom field must be an ISO 8601 date-time'
        ),
      ],
      [
        'targetDateTo=2027-13-01',
        fieldError(
          'targetDateTo',
          'iso8601',
          'The targetDateTo field must be an ISO 8601 date-time'
        ),
      ],
    ]
    for (const [query, error] of cases) {
      const response = await list(client, cookie, organization.id, `?${query}`)
      response.assertStatus(400)
      response.assertBody({ errors: [error] })
    }
    const badId = await list(client, cookie, 'not-a-uuid')
    badId.assertStatus(400)
    badId.assertBody({
      errors: [
        fieldError('organizationId', 'uuid', 'The organizationId field must be a valid UUID'),
      ],
    })
  })

  test('a cursor the server did not issue, or issued for another list, is a 400', async ({
    client,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    await eventsIn(organization, 3)
    const first = await list(client, cookie, organization.id, '?limit=1')
    const cursor: string = first.body().meta.nextCursor
    const other = await OrganizationFactory.create()
    await addMember(other, user)
    await eventsIn(other, 3)

    const [payload, signature] = cursor.split('.')
    const decoded = Buffer.from(payload, 'base64url').toString()
    const tampered = `${Buffer.from(decoded.replace(/"i":"[^"]+"/, '"i":"00000000-0000-7000-8000-000000000000"')).toString('base64url')}.${signature}`
    const attempts = [
      'not-a-cursor',
      tampered,
      `${cursor}x`,
      // Another sort, or another organization, than the one it was issued for.
    ]
    for (const attempt of attempts) {
      const response = await list(
        client,
        cookie,
        organization.id,
        `?cursor=${encodeURIComponent(attempt)}`
      )
      response.assertStatus(400)
      response.assertBody(INVALID_CURSOR)
    }
    const otherSort = await list(
      client,
      cookie,
      organization.id,
      `?sort=createdAt&cursor=${encodeURIComponent(cursor)}`
    )
    otherSort.assertStatus(400)
    otherSort.assertBody(INVALID_CURSOR)
    const otherOrganization = await list(
      client,
      cookie,
      other.id,
      `?cursor=${encodeURIComponent(cursor)}`
    )
    otherOrganization.assertStatus(400)
    otherOrganization.assertBody(INVALID_CURSOR)
  })

  test('non-members get 403 and no session 401', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    await eventOf(organization)
    const { cookie } = await signedIn(client)

    const response = await list(client, cookie, organization.id)
    response.assertStatus(403)
    response.assertBody(NOT_A_MEMBER)

    const unknown = await list(client, cookie, '01900000-0000-7000-8000-000000000000')
    unknown.assertStatus(403)
    unknown.assertBody(NOT_A_MEMBER)

    const anonymous = await client.get(eventsPath(organization.id))
    anonymous.assertStatus(401)
    anonymous.assertBody(UNAUTHENTICATED)
  })

  test('walking every page while events are created returns no event twice', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await eventsIn(organization, 12)
    let added = 0
    // Between pages, and while a page is being read, other members add events.
    const addEvents = () =>
      Promise.all([
        client
          .post(eventsPath(organization.id))
          .header('cookie', cookie)
          .json({ name: `new${added++}` }),
        client
          .post(eventsPath(organization.id))
          .header('cookie', cookie)
          .json({ name: `new${added++}` }),
      ])

    for (const sort of ['-createdAt', 'createdAt', 'targetDate', '-targetDate']) {
      const walked = await walk(client, cookie, organization.id, `sort=${sort}&limit=5`, addEvents)
      assert.equal(new Set(walked.names).size, walked.names.length, walked.names.join(','))
      for (let index = 0; index < 12; index++) assert.include(walked.names, `e${index}`)
    }
  })
})
