import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import EventAddress from '#models/event_address'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { recordQueries } from '#tests/helpers/queries'
import { eventOf, eventsPath, fieldError, ISO_UTC } from '#tests/helpers/events'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

test.group('Events show', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 200 with the full representation, timestamps in UTC', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, {
      name: 'Gala',
      description: 'Black tie',
      targetDate: DateTime.fromISO('2027-03-01T18:30:00-05:00', { setZone: true }),
      status: 'PLANNED',
      eventType: 'RECURRING',
      metadata: {
        category: 'other',
        customCategory: 'Gala',
        guestCount: { approximate: 200 },
        budgetRange: { min: 0, max: 9999.99, currency: 'CAD' },
      },
    })
    await EventAddress.create({
      eventId: event.id,
      streetAddress: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      state: 'QC',
      postalCode: 'H2X 1K4',
      country: 'CA',
    })
    // Created a day ago and last changed an hour ago, in PostgreSQL's own words.
    await db.rawQuery(
      `UPDATE events SET created_at = now() - interval '1 day', updated_at = now() - interval '1 hour' WHERE id = ?`,
      [event.id]
    )
    const row = await db.from('events').where('id', event.id).firstOrFail()

    const response = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(200)
    const { data } = response.body()
    assert.match(data.createdAt, ISO_UTC)
    assert.match(data.updatedAt, ISO_UTC)
    response.assertBody({
      data: {
        id: event.id,
        organizationId: organization.id,
        name: 'Gala',
        description: 'Black tie',
        targetDate: '2027-03-01T23:30:00.000Z',
        status: 'PLANNED',
        eventType: 'RECURRING',
        metadata: {
          category: 'other',
          customCategory: 'Gala',
          guestCount: { approximate: 200 },
          budgetRange: { min: 0, max: 9999.99, currency: 'CAD' },
        },
        address: {
          streetAddress: '1 Rue Sainte-Catherine',
          streetAddress2: null,
          city: 'Montréal',
          state: 'QC',
          postalCode: 'H2X 1K4',
          country: 'CA',
        },
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      },
    })
    assert.isBelow(Date.parse(data.createdAt), Date.parse(data.updatedAt))
  })

  test('answers an event without address or metadata with null and {}', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { name: 'Plain' })

    const response = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: event.id,
        organizationId: organization.id,
        name: 'Plain',
        description: null,
        targetDate: null,
        status: 'BACKLOG',
        eventType: 'ONE_OFF',
        metadata: {},
        address: null,
        createdAt: event.createdAt.toUTC().toISO(),
        updatedAt: event.updatedAt.toUTC().toISO(),
      },
    })
  })

  test('answers the same representation as create and update did', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const created = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({
        name: 'Picnic',
        targetDate: '2027-07-01T12:00:00+02:00',
        metadata: { budgetRange: { max: 50 } },
        address: { city: 'Toronto', country: 'CA', postalCode: 'M5V 2T6' },
      })
    created.assertStatus(201)
    const path = eventsPath(organization.id, created.body().data.id)

    const afterCreate = await client.get(path).header('cookie', cookie)
    afterCreate.assertStatus(200)
    afterCreate.assertBody(created.body())

    const updated = await client
      .patch(path)
      .header('cookie', cookie)
      .json({ status: 'COMPLETED', metadata: { guestCount: { min: 4 } } })
    updated.assertStatus(200)

    const afterUpdate = await client.get(path).header('cookie', cookie)
    afterUpdate.assertStatus(200)
    afterUpdate.assertBody(updated.body())
    assert.deepEqual(afterUpdate.body().data.metadata, {
      budgetRange: { max: 50, currency: 'CAD' },
      guestCount: { min: 4 },
    })
  })

  test('answers 400 for an event id that is not a UUID: {$self}')
    .with(['abc', '42', `${UNKNOWN_ID}0`])
    .run(async ({ client }, id) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await client.get(eventsPath(organization.id, id)).header('cookie', cookie)

      response.assertStatus(400)
      response.assertBody({
        errors: [fieldError('id', 'uuid', 'The id field must be a valid UUID')],
      })
    })

  test('answers 400 for an organization id that is not a UUID', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)

    const response = await client.get(eventsPath('org-1', event.id)).header('cookie', cookie)

    response.assertStatus(400)
    response.assertBody({
      errors: [
        fieldError('organizationId', 'uuid', 'The organizationId field must be a valid UUID'),
      ],
    })
  })

  test('answers 404 for an unknown event', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await eventOf(organization)

    const response = await client
      .get(eventsPath(organization.id, UNKNOWN_ID))
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
  })

  test("answers 404 for another organization's event named under mine", async ({ client }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const theirs = await OrganizationFactory.create()
    const foreign = await eventOf(theirs)

    const response = await client
      .get(eventsPath(organization.id, foreign.id))
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)

    // Still 404 when I belong to both: the event is named under the wrong one.
    await addMember(theirs, user)
    const again = await client.get(eventsPath(organization.id, foreign.id)).header('cookie', cookie)
    again.assertStatus(404)
    again.assertBody(NOT_FOUND)
  })

  test('answers 403 to a non-member whether or not the event or organization exists', async ({
    client,
  }) => {
    const theirs = await OrganizationFactory.create()
    const event = await eventOf(theirs)
    const { cookie } = await signedIn(client)

    for (const path of [
      eventsPath(theirs.id, event.id),
      eventsPath(theirs.id, UNKNOWN_ID),
      eventsPath(UNKNOWN_ID, event.id),
    ]) {
      const response = await client.get(path).header('cookie', cookie)
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
  })

  test('answers 401 without a session or with a forged one', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    const event = await eventOf(organization)

    const anonymous = await client.get(eventsPath(organization.id, event.id))
    anonymous.assertStatus(401)
    anonymous.assertBody(UNAUTHENTICATED)

    const forged = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', 'session=s%3Anot-a-session.x')
    forged.assertStatus(401)
    forged.assertBody(UNAUTHENTICATED)
  })

  test('costs at most 2 SQL round trips; the rate-limit counter, consumed with the session read, is its only write', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const warmUp = await client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
    warmUp.assertStatus(200)

    using queries = recordQueries()
    const response = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(200)
    assert.equal(response.body().data.id, event.id)
    assert.isAtMost(queries.statements.length, 2, queries.statements.join('\n'))
    // The limiter's counter is the one write a read may make, in the session's statement.
    assert.lengthOf(queries.writes(), 1, queries.writes().join('\n'))
    assert.match(queries.writes()[0], /FROM sessions s/)
  })
})
