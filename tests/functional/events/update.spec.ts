import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import EventAddress from '#models/event_address'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { ISO_UTC, eventOf, eventsPath } from '#tests/helpers/events'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

test.group('Events update', (group) => {
  group.each.setup(() => resetDatabase())

  test('changes only the supplied fields and answers the representation', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, {
      name: 'Before',
      description: 'Kept',
      status: 'PLANNING',
      eventType: 'RECURRING',
      metadata: { category: 'birthday' },
    })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ name: 'After', targetDate: '2027-01-01T10:00:00+01:00', eventType: 'ONE_OFF' })

    response.assertStatus(200)
    const { data } = response.body()
    assert.match(data.updatedAt, ISO_UTC)
    assert.isAbove(Date.parse(data.updatedAt), event.updatedAt.toMillis() - 1)
    assert.deepEqual(data, {
      id: event.id,
      organizationId: organization.id,
      name: 'After',
      description: 'Kept',
      targetDate: '2027-01-01T09:00:00.000Z',
      status: 'PLANNING',
      eventType: 'RECURRING',
      metadata: { category: 'birthday' },
      address: null,
      createdAt: event.createdAt.toUTC().toISO(),
      updatedAt: data.updatedAt,
    })
    const row = await db.from('events').where('id', event.id).firstOrFail()
    assert.equal(row.name, 'After')
    assert.equal(row.event_type, 'RECURRING')
  })

  test('clears description and targetDate with null', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { description: 'Old' })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ description: null, targetDate: null, status: 'CANCELLED' })

    response.assertStatus(200)
    assert.containSubset(response.body().data, {
      description: null,
      targetDate: null,
      status: 'CANCELLED',
    })
  })

  test('deep-merges metadata: keeps, merges member by member, removes nulls', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, {
      metadata: {
        category: 'wedding',
        customCategory: 'Garden',
        guestCount: { approximate: 100, min: 80 },
        budgetRange: { min: 1000, max: 5000, currency: 'EUR' },
      },
    })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({
        metadata: {
          customCategory: null,
          guestCount: { approximate: null, max: 120 },
          budgetRange: { max: 8000 },
        },
      })

    response.assertStatus(200)
    const expected = {
      category: 'wedding',
      guestCount: { min: 80, max: 120 },
      budgetRange: { min: 1000, max: 8000, currency: 'EUR' },
    }
    assert.deepEqual(response.body().data.metadata, expected)
    const row = await db.from('events').where('id', event.id).firstOrFail()
    assert.deepEqual(row.metadata, expected)
  })

  test('removes a whole nested object with null, and defaults a new budget range to CAD', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, {
      metadata: { guestCount: { min: 1 }, category: 'other' },
    })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ metadata: { guestCount: null, budgetRange: { min: 10 } } })

    response.assertStatus(200)
    assert.deepEqual(response.body().data.metadata, {
      category: 'other',
      budgetRange: { min: 10, currency: 'CAD' },
    })
  })

  test('creates the address when there is none', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ address: { city: 'Toronto', country: 'ca', postalCode: 'm5v 2t6' } })

    response.assertStatus(200)
    assert.deepEqual(response.body().data.address, {
      streetAddress: null,
      streetAddress2: null,
      city: 'Toronto',
      state: null,
      postalCode: 'M5V 2T6',
      country: 'CA',
    })
    const rows = await db.from('event_addresses').where('event_id', event.id)
    assert.lengthOf(rows, 1)
  })

  test('needs a city to create an address', async ({ client, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ name: 'Renamed', address: { country: 'CA' } })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'address.city',
          message: 'The city field is required',
          rule: 'required',
          code: 'input.address.city.required',
        },
      ],
    })
    await database.assertCount('event_addresses', 0)
    await database.assertHas('events', { id: event.id, name: event.name })
  })

  test('updates an existing address member by member', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    await EventAddress.create({
      eventId: event.id,
      streetAddress: '1 Main St',
      city: 'Ottawa',
      state: 'ON',
      postalCode: 'K1A 0B1',
      country: 'CA',
    })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ address: { streetAddress2: 'Floor 3', state: null } })

    response.assertStatus(200)
    assert.deepEqual(response.body().data.address, {
      streetAddress: '1 Main St',
      streetAddress2: 'Floor 3',
      city: 'Ottawa',
      state: null,
      postalCode: 'K1A 0B1',
      country: 'CA',
    })
    const rows = await db.from('event_addresses').where('event_id', event.id)
    assert.lengthOf(rows, 1)
  })

  test('checks a new postal code against the stored country, and changes nothing on failure', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { name: 'Original' })
    await EventAddress.create({ eventId: event.id, city: 'Ottawa', country: 'CA' })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({ name: 'Renamed', address: { postalCode: '12345' } })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'address.postalCode',
          message: 'The postalCode field must be a valid postal code for CA',
          rule: 'postal_code',
          code: 'input.address.postalCode.postal_code',
        },
      ],
    })
    const row = await db.from('events').where('id', event.id).firstOrFail()
    assert.equal(row.name, 'Original')
    const address = await db.from('event_addresses').where('event_id', event.id).firstOrFail()
    assert.isNull(address.postal_code)
  })

  test('judges a range on the merged metadata', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { metadata: { guestCount: { min: 50, max: 80 } } })
    const path = eventsPath(organization.id, event.id)

    const crossing = await client
      .patch(path)
      .header('cookie', cookie)
      .json({ metadata: { guestCount: { max: 40 } } })
    crossing.assertStatus(400)
    crossing.assertBody({
      errors: [
        {
          field: 'metadata.guestCount.min',
          message: 'The min field must not be greater than max',
          rule: 'range',
          code: 'input.metadata.guestCount.min.range',
        },
      ],
    })

    const moving = await client
      .patch(path)
      .header('cookie', cookie)
      .json({ metadata: { guestCount: { min: 10, max: 40 } } })
    moving.assertStatus(200)
    assert.deepEqual(moving.body().data.metadata, { guestCount: { min: 10, max: 40 } })
  })

  test('answers 400 for {case}')
    .with([
      { case: 'a null name', body: { name: null }, code: 'input.name.required' },
      { case: 'a name of 256', body: { name: 'n'.repeat(256) }, code: 'input.name.maxLength' },
      { case: 'an unknown status', body: { status: 'DONE' }, code: 'input.status.enum' },
      {
        case: 'a guest count of 100000',
        body: { metadata: { guestCount: { approximate: 100000 } } },
        code: 'input.metadata.guestCount.approximate.max',
      },
      {
        case: 'a null metadata',
        body: { metadata: null },
        code: 'input.metadata.required',
      },
      {
        case: 'a null city',
        body: { address: { city: null } },
        code: 'input.address.city.required',
      },
    ])
    .run(async ({ client, assert }, { body, code }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const event = await eventOf(organization)

      const response = await client
        .patch(eventsPath(organization.id, event.id))
        .header('cookie', cookie)
        .json(body)

      response.assertStatus(400)
      assert.deepEqual(
        response.body().errors.map((error: { code: string }) => error.code),
        [code]
      )
    })

  test('ignores __proto__, constructor and prototype members in metadata', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { metadata: { category: 'other' } })

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .header('cookie', cookie)
      .json({
        metadata: JSON.parse(
          '{"constructor":{"prototype":{"polluted":true}},"prototype":{"x":1},"guestCount":{"constructor":{"y":1},"min":2}}'
        ),
      })

    response.assertStatus(200)
    assert.deepEqual(response.body().data.metadata, { category: 'other', guestCount: { min: 2 } })
    assert.notProperty({}, 'polluted')
  })

  test('answers 404 for an unknown event of my organization', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .patch(eventsPath(organization.id, '01900000-0000-7000-8000-000000000000'))
      .header('cookie', cookie)
      .json({ name: 'Ghost' })

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
  })

  test("answers 404 for another organization's event named under mine, and leaves it alone", async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const foreign = await eventOf(await OrganizationFactory.create(), { name: 'Theirs' })

    const response = await client
      .patch(eventsPath(organization.id, foreign.id))
      .header('cookie', cookie)
      .json({ name: 'Mine now' })

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    await database.assertHas('events', { id: foreign.id, name: 'Theirs' })
  })

  test('answers 403 to a non-member whether or not the event exists', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    const event = await eventOf(organization)
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    for (const id of [event.id, '01900000-0000-7000-8000-000000000000']) {
      const response = await client
        .patch(eventsPath(organization.id, id))
        .header('cookie', cookie)
        .json({ name: 'Intrusion' })
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
  })

  test('answers 400 for an event id that is not a UUID', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .patch(eventsPath(organization.id, '42'))
      .header('cookie', cookie)
      .json({ name: 'x' })

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

  test('20 concurrent PATCHes of different metadata members lose nothing', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const patches = [
      ...['approximate', 'min', 'max'].map((member, index) => ({
        guestCount: { [member]: index + 1 },
      })),
      ...['min', 'max', 'currency'].map((member, index) => ({
        budgetRange: { [member]: member === 'currency' ? 'JPY' : (index + 1) * 100 },
      })),
      { category: 'graduation' },
      { customCategory: 'Class of 2027' },
    ]
    // 20 requests: every member above is written at least twice, by different requests.
    const bodies = Array.from({ length: 20 }, (_, index) => patches[index % patches.length])

    const responses = await Promise.all(
      bodies.map((metadata) =>
        client
          .patch(eventsPath(organization.id, event.id))
          .header('cookie', cookie)
          .json({ metadata })
      )
    )

    for (const response of responses) response.assertStatus(200)
    const row = await db.from('events').where('id', event.id).firstOrFail()
    assert.deepEqual(row.metadata, {
      guestCount: { approximate: 1, min: 2, max: 3 },
      budgetRange: { min: 100, max: 200, currency: 'JPY' },
      category: 'graduation',
      customCategory: 'Class of 2027',
    })
  })
})
