import { test } from '@japa/runner'
import EventAddress from '#models/event_address'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { DateTime } from 'luxon'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }

test.group('Events show', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the event with its address and timestamps in UTC', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, {
      name: 'Gala',
      description: 'Black tie',
      targetDate: DateTime.fromISO('2027-03-01T18:30:00-05:00'),
      status: 'PLANNED',
      metadata: { category: 'other', customCategory: 'Gala' },
    })
    await EventAddress.create({ eventId: event.id, city: 'Montréal', country: 'CA' })

    const response = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: event.id,
        organizationId: organization.id,
        name: 'Gala',
        description: 'Black tie',
        targetDate: '2027-03-01T23:30:00.000Z',
        status: 'PLANNED',
        eventType: 'ONE_OFF',
        metadata: { category: 'other', customCategory: 'Gala' },
        address: {
          streetAddress: null,
          streetAddress2: null,
          city: 'Montréal',
          state: null,
          postalCode: null,
          country: 'CA',
        },
        createdAt: event.createdAt.toUTC().toISO(),
        updatedAt: event.updatedAt.toUTC().toISO(),
      },
    })
  })

  test('answers 400 for an event id that is not a UUID', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client.get(eventsPath(organization.id, 'abc')).header('cookie', cookie)

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'id',
          message: 'The id field must be a valid UUID',
          rule: 'uuid',
          code: 'input.id.uuid',
        },
      ],
    })
  })

  test('answers 404 for an unknown event', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .get(eventsPath(organization.id, '01900000-0000-7000-8000-000000000000'))
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
  })

  test("answers 404 for another organization's event named under mine", async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const foreign = await eventOf(await OrganizationFactory.create())

    const response = await client
      .get(eventsPath(organization.id, foreign.id))
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
  })

  test('answers 403 to a non-member', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    const event = await eventOf(organization)
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    const response = await client
      .get(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(403)
    response.assertBody({
      errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
    })
  })

  test('answers 401 without a session', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    const event = await eventOf(organization)

    const response = await client.get(eventsPath(organization.id, event.id))

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
