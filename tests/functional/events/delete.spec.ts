import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import EventAddress from '#models/event_address'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventOf, eventsPath, fieldError } from '#tests/helpers/events'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

async function rowsOf(eventId: string) {
  const events = await db.from('events').where('id', eventId).count('* as total')
  const addresses = await db.from('event_addresses').where('event_id', eventId).count('* as total')
  return { events: Number(events[0].total), addresses: Number(addresses[0].total) }
}

test.group('Events delete', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 204 and the event and its address are gone', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    await EventAddress.create({ eventId: event.id, city: 'Québec', country: 'CA' })
    const kept = await eventOf(organization)

    const response = await client
      .delete(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(204)
    assert.equal(response.text(), '')
    assert.deepEqual(await rowsOf(event.id), { events: 0, addresses: 0 })
    assert.deepEqual(await rowsOf(kept.id), { events: 1, addresses: 0 })

    const get = await client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
    get.assertStatus(404)
    get.assertBody(NOT_FOUND)

    const again = await client
      .delete(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
    again.assertStatus(404)
    again.assertBody(NOT_FOUND)
  })

  test('another organization’s event is not found and stays', async ({ client, assert }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const other = await OrganizationFactory.create()
    await addMember(other, user)
    const theirs = await eventOf(other)

    const response = await client
      .delete(eventsPath(organization.id, theirs.id))
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    assert.deepEqual(await rowsOf(theirs.id), { events: 1, addresses: 0 })

    const unknown = await client
      .delete(eventsPath(organization.id, UNKNOWN_ID))
      .header('cookie', cookie)
    unknown.assertStatus(404)
    unknown.assertBody(NOT_FOUND)
  })

  test('non-members get 403 and the event stays; no session 401', async ({ client, assert }) => {
    const organization = await OrganizationFactory.create()
    const event = await eventOf(organization)
    const { cookie } = await signedIn(client)

    const response = await client
      .delete(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
    response.assertStatus(403)
    response.assertBody(NOT_A_MEMBER)

    const anonymous = await client.delete(eventsPath(organization.id, event.id))
    anonymous.assertStatus(401)
    anonymous.assertBody(UNAUTHENTICATED)
    assert.deepEqual(await rowsOf(event.id), { events: 1, addresses: 0 })
  })

  test('ids that are not UUIDs are a 400', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await client
      .delete(eventsPath(organization.id, 'nope'))
      .header('cookie', cookie)
    response.assertStatus(400)
    response.assertBody({ errors: [fieldError('id', 'uuid', 'The id field must be a valid UUID')] })
  })
})
