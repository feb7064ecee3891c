import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import EventAddress from '#models/event_address'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventOf, eventsPath, fieldError } from '#tests/helpers/events'
import { recordQueries } from '#tests/helpers/queries'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

async function auditEntriesAbout(eventId: string) {
  const [{ total }] = await db
    .from('organization_audit_entries')
    .where({ target_type: 'event', target_id: eventId })
    .count('* as total')
  return Number(total)
}

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

  test('a non-member’s DELETE of an existing event is refused before anything is deleted', async ({
    client,
    assert,
  }) => {
    const organization = await OrganizationFactory.create()
    const { user: member } = await memberWithOrganization(client)
    await addMember(organization, member)
    const event = await eventOf(organization)
    await EventAddress.create({ eventId: event.id, city: 'Québec', country: 'CA' })
    // A member of another organization: signed in, with organizations of their own.
    const { cookie } = await memberWithOrganization(client)

    using queries = recordQueries()
    const response = await client
      .delete(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(403)
    response.assertBody(NOT_A_MEMBER)
    const deletes = queries.statements.filter((text) => /DELETE\s+FROM\s+events/i.test(text))
    assert.deepEqual(deletes, [], 'no DELETE of an event was sent')
    assert.deepEqual(await rowsOf(event.id), { events: 1, addresses: 1 })
    assert.equal(await auditEntriesAbout(event.id), 0)
  })

  test('a member’s DELETE reads the membership with the event: one read, then the transaction', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const [warmUp, event] = [await eventOf(organization), await eventOf(organization)]
    const first = await client
      .delete(eventsPath(organization.id, warmUp.id))
      .header('cookie', cookie)
    first.assertStatus(204)

    using queries = recordQueries()
    const response = await client
      .delete(eventsPath(organization.id, event.id))
      .header('cookie', cookie)

    response.assertStatus(204)
    // After the session's own read: the event with the membership (in place of a membership
    // check of its own, so no round trip more), then BEGIN, DELETE, the audit entry, COMMIT.
    const kinds = queries.statements.map((text) =>
      /AS is_member/.test(text)
        ? 'event with membership'
        : (/^\s*(BEGIN|COMMIT|DELETE FROM events|INSERT INTO organization_audit_entries)/.exec(
            text
          )?.[1] ?? 'other')
    )
    assert.deepEqual(kinds.slice(-5), [
      'event with membership',
      'BEGIN',
      'DELETE FROM events',
      'INSERT INTO organization_audit_entries',
      'COMMIT',
    ])
    assert.isFalse(
      queries.statements.some((text) =>
        /FROM organization_members m JOIN organizations/.test(text)
      ),
      'no membership check of its own'
    )
    assert.equal(await auditEntriesAbout(event.id), 1)
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
