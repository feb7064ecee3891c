import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { ISO_UTC, UUID_V7, eventsPath } from '#tests/helpers/events'
import { EVENT_STATUSES, EVENT_TYPES } from '#types/event'

const FORBIDDEN = {
  errors: [
    {
      message: 'You do not have permission to create events in this organization',
      code: 'auth.forbidden',
    },
  ],
}

function fieldError(field: string, rule: string, message: string) {
  return { field, rule, message, code: `input.${field}.${rule}` }
}

test.group('Events create', (group) => {
  group.each.setup(() => resetDatabase())

  test('creates an event with the defaults and answers the full representation', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Launch party' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    assert.match(data.createdAt, ISO_UTC)
    assert.match(data.updatedAt, ISO_UTC)
    assert.deepEqual(data, {
      id: data.id,
      organizationId: organization.id,
      name: 'Launch party',
      description: null,
      targetDate: null,
      status: 'BACKLOG',
      eventType: 'ONE_OFF',
      metadata: {},
      address: null,
      createdAt: data.createdAt,
      updatedAt: data.updatedAt,
    })
    await database.assertHas('events', {
      id: data.id,
      organization_id: organization.id,
      status: 'BACKLOG',
      event_type: 'ONE_OFF',
    })
  })

  test('stores every supplied field, in UTC and upper case where the contract says', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({
        name: '  Ann & Bob wedding  ',
        description: 'Small ceremony',
        targetDate: '2027-06-12T15:00:00-04:00',
        status: 'PLANNING',
        eventType: 'RECURRING',
        metadata: {
          category: 'other',
          customCategory: 'Vow renewal',
          guestCount: { approximate: 120, min: 100, max: 150 },
          budgetRange: { min: 1000.5, max: 20000, currency: 'usd' },
        },
        address: {
          streetAddress: '1 Wellington St',
          streetAddress2: 'Suite 2',
          city: 'Ottawa',
          state: 'Ontario',
          postalCode: 'k1a 0b1',
          country: 'ca',
        },
      })

    response.assertStatus(201)
    const { data } = response.body()
    assert.containSubset(data, {
      name: 'Ann & Bob wedding',
      description: 'Small ceremony',
      targetDate: '2027-06-12T19:00:00.000Z',
      status: 'PLANNING',
      eventType: 'RECURRING',
      metadata: {
        category: 'other',
        customCategory: 'Vow renewal',
        guestCount: { approximate: 120, min: 100, max: 150 },
        budgetRange: { min: 1000.5, max: 20000, currency: 'USD' },
      },
      address: {
        streetAddress: '1 Wellington St',
        streetAddress2: 'Suite 2',
        city: 'Ottawa',
        state: 'Ontario',
        postalCode: 'K1A 0B1',
        country: 'CA',
      },
    })
    const row = await db.from('event_addresses').where('event_id', data.id).firstOrFail()
    assert.equal(row.postal_code, 'K1A 0B1')
    assert.equal(row.country, 'CA')
  })

  test('accepts the status {$self}')
    .with([...EVENT_STATUSES])
    .run(async ({ client, assert }, status) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', status })

      response.assertStatus(201)
      assert.equal(response.body().data.status, status)
    })

  test('accepts the event type {$self}')
    .with([...EVENT_TYPES])
    .run(async ({ client, assert }, eventType) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', eventType })

      response.assertStatus(201)
      assert.equal(response.body().data.eventType, eventType)
    })

  test('gives a budget range without a currency CAD', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Event', metadata: { budgetRange: { min: 0, max: 0 } } })

    response.assertStatus(201)
    assert.deepEqual(response.body().data.metadata, {
      budgetRange: { min: 0, max: 0, currency: 'CAD' },
    })
  })

  test('takes organizationId from the path only and drops unknown members', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const other = await OrganizationFactory.create()

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({
        name: 'Event',
        organizationId: other.id,
        id: '01900000-0000-7000-8000-000000000000',
        color: 'red',
        metadata: { category: 'birthday', mood: 'festive', guestCount: { exact: 3 } },
      })

    response.assertStatus(201)
    const { data } = response.body()
    assert.equal(data.organizationId, organization.id)
    assert.notEqual(data.id, '01900000-0000-7000-8000-000000000000')
    const row = await db.from('events').where('id', data.id).firstOrFail()
    assert.equal(row.organization_id, organization.id)
    assert.deepEqual(row.metadata, { category: 'birthday', guestCount: {} })
  })

  test('accepts the bounds: {case}')
    .with([
      { case: 'name of 1 character', body: { name: 'a' } },
      { case: 'name of 255 characters', body: { name: 'n'.repeat(255) } },
      { case: 'description of 5000 characters', body: { description: 'd'.repeat(5000) } },
      { case: 'customCategory of 100', body: { metadata: { customCategory: 'c'.repeat(100) } } },
      {
        case: 'guest counts of 0',
        body: { metadata: { guestCount: { approximate: 0, min: 0, max: 0 } } },
      },
      {
        case: 'guest counts of 99999',
        body: { metadata: { guestCount: { approximate: 99999, min: 99999, max: 99999 } } },
      },
      { case: 'budget of 0', body: { metadata: { budgetRange: { min: 0, max: 0 } } } },
      { case: 'city of 100', body: { address: { city: 'c'.repeat(100) } } },
      { case: 'state of 2', body: { address: { city: 'Ottawa', state: 'ON' } } },
      { case: 'state of 100', body: { address: { city: 'Ottawa', state: 's'.repeat(100) } } },
      {
        case: 'streets of 200',
        body: {
          address: { city: 'X', streetAddress: 's'.repeat(200), streetAddress2: 't'.repeat(200) },
        },
      },
      {
        case: 'a US ZIP code',
        body: { address: { city: 'NYC', country: 'US', postalCode: '10001' } },
      },
      { case: 'nulls for optional members', body: { description: null, targetDate: null } },
    ])
    .run(async ({ client }, { body }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', ...body })

      response.assertStatus(201)
    })

  test('answers 400 for {case}')
    .with([
      {
        case: 'a missing name',
        body: { name: undefined },
        error: fieldError('name', 'required', 'The name field is required'),
      },
      {
        case: 'an empty name',
        body: { name: '   ' },
        error: fieldError('name', 'minLength', 'The name field must have at least 1 characters'),
      },
      {
        case: 'a name of 256 characters',
        body: { name: 'n'.repeat(256) },
        error: fieldError(
          'name',
          'maxLength',
          'The name field must not be greater than 255 characters'
        ),
      },
      {
        case: 'a description of 5001 characters',
        body: { description: 'd'.repeat(5001) },
        error: fieldError(
          'description',
          'maxLength',
          'The description field must not be greater than 5000 characters'
        ),
      },
      {
        case: 'a date that is no ISO 8601',
        body: { targetDate: 'next friday' },
        error: fieldError(
          'targetDate',
          'iso8601',
          'The targetDate field must be an ISO 8601 date-time'
        ),
      },
      {
        case: 'an unknown status',
        body: { status: 'DONE' },
        error: { field: 'status', rule: 'enum', code: 'input.status.enum' },
      },
      {
        case: 'an unknown event type',
        body: { eventType: 'WEEKLY' },
        error: { field: 'eventType', rule: 'enum', code: 'input.eventType.enum' },
      },
      {
        case: 'an unknown category',
        body: { metadata: { category: 'funeral' } },
        error: { field: 'metadata.category', rule: 'enum', code: 'input.metadata.category.enum' },
      },
      {
        case: 'a customCategory of 101',
        body: { metadata: { customCategory: 'c'.repeat(101) } },
        error: {
          field: 'metadata.customCategory',
          rule: 'maxLength',
          code: 'input.metadata.customCategory.maxLength',
        },
      },
      {
        case: 'a guest count of 100000',
        body: { metadata: { guestCount: { min: 100000 } } },
        error: {
          field: 'metadata.guestCount.min',
          rule: 'max',
          code: 'input.metadata.guestCount.min.max',
        },
      },
      {
        case: 'a negative guest count',
        body: { metadata: { guestCount: { approximate: -1 } } },
        error: {
          field: 'metadata.guestCount.approximate',
          rule: 'min',
          code: 'input.metadata.guestCount.approximate.min',
        },
      },
      {
        case: 'a fractional guest count',
        body: { metadata: { guestCount: { max: 1.5 } } },
        error: {
          field: 'metadata.guestCount.max',
          rule: 'withoutDecimals',
          code: 'input.metadata.guestCount.max.withoutDecimals',
        },
      },
      {
        case: 'a guest count given as a string',
        body: { metadata: { guestCount: { max: '12' } } },
        error: {
          field: 'metadata.guestCount.max',
          rule: 'number',
          code: 'input.metadata.guestCount.max.number',
        },
      },
      {
        case: 'a negative budget',
        body: { metadata: { budgetRange: { min: -0.01 } } },
        error: {
          field: 'metadata.budgetRange.min',
          rule: 'min',
          code: 'input.metadata.budgetRange.min.min',
        },
      },
      {
        case: 'an unknown currency',
        body: { metadata: { budgetRange: { currency: 'ABC' } } },
        error: fieldError(
          'metadata.budgetRange.currency',
          'currency',
          'The currency field must be an ISO 4217 currency code'
        ),
      },
      {
        case: 'an address without a city',
        body: { address: { country: 'CA' } },
        error: fieldError('address.city', 'required', 'The city field is required'),
      },
      {
        case: 'a city of 101',
        body: { address: { city: 'c'.repeat(101) } },
        error: { field: 'address.city', rule: 'maxLength', code: 'input.address.city.maxLength' },
      },
      {
        case: 'a state of 1',
        body: { address: { city: 'Ottawa', state: 'O' } },
        error: { field: 'address.state', rule: 'minLength', code: 'input.address.state.minLength' },
      },
      {
        case: 'a state of 101',
        body: { address: { city: 'Ottawa', state: 's'.repeat(101) } },
        error: { field: 'address.state', rule: 'maxLength', code: 'input.address.state.maxLength' },
      },
      {
        case: 'a street of 201',
        body: { address: { city: 'Ottawa', streetAddress2: 's'.repeat(201) } },
        error: {
          field: 'address.streetAddress2',
          rule: 'maxLength',
          code: 'input.address.streetAddress2.maxLength',
        },
      },
      {
        case: 'an unknown country',
        body: { address: { city: 'Ottawa', country: 'ZZ' } },
        error: fieldError(
          'address.country',
          'country',
          'The country field must be an ISO 3166-1 alpha-2 country code'
        ),
      },
      {
        case: 'an alpha-3 country',
        body: { address: { city: 'Ottawa', country: 'CAN' } },
        error: { field: 'address.country', rule: 'country', code: 'input.address.country.country' },
      },
      {
        case: 'a Canadian postal code without its space',
        body: { address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A0B1' } },
        error: fieldError(
          'address.postalCode',
          'postal_code',
          'The postalCode field must be a valid postal code for CA'
        ),
      },
      {
        case: 'a US postal code of 4 digits',
        body: { address: { city: 'NYC', country: 'US', postalCode: '1001' } },
        error: fieldError(
          'address.postalCode',
          'postal_code',
          'The postalCode field must be a valid postal code for US'
        ),
      },
      {
        case: 'a NUL character',
        body: { name: 'Launch\u0000party' },
        error: fieldError('name', 'no_nul', 'The name field must not contain NUL characters'),
      },
    ])
    .run(async ({ client, assert, db: database }, { body, error }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', ...body })

      response.assertStatus(400)
      const { errors } = response.body()
      assert.lengthOf(errors, 1)
      assert.containSubset(errors[0], error)
      assert.isString(errors[0].message)
      await database.assertCount('events', 0)
      await database.assertCount('event_addresses', 0)
    })

  test('answers 400 when a range minimum exceeds its maximum: {$self}')
    .with(['guestCount', 'budgetRange'])
    .run(async ({ client, db: database }, range) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', metadata: { [range]: { min: 10, max: 9 } } })

      response.assertStatus(400)
      response.assertBody({
        errors: [
          fieldError(
            `metadata.${range}.min`,
            'range',
            'The min field must not be greater than max'
          ),
        ],
      })
      await database.assertCount('events', 0)
    })

  test('lists one entry per failing field', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ status: 'DONE', metadata: { guestCount: { min: -1 } }, address: {} })

    response.assertStatus(400)
    assert.sameMembers(
      response.body().errors.map((error: { code: string }) => error.code),
      [
        'input.name.required',
        'input.status.enum',
        'input.metadata.guestCount.min.min',
        'input.address.city.required',
      ]
    )
  })

  test('answers 400 for a body that is not a JSON object', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}${eventsPath(organization.id)}`,
      { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '["a"]' }
    )

    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      errors: [
        { message: 'The request body must be a JSON object', code: 'input.body.invalid_json' },
      ],
    })
  })

  test('answers 403 with the spec message to a non-member, and writes nothing', async ({
    client,
    db: database,
  }) => {
    const outsider = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    const cookie = await sessionCookieFor(client, outsider)

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Intrusion' })

    response.assertStatus(403)
    response.assertBody(FORBIDDEN)
    await database.assertCount('events', 0)
  })

  test('answers 403 for an organization that does not exist', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)
    const response = await client
      .post(eventsPath('01900000-0000-7000-8000-000000000000'))
      .header('cookie', cookie)
      .json({ name: 'Event' })

    response.assertStatus(403)
    response.assertBody(FORBIDDEN)
  })

  test('answers 400 for an organization id that is not a UUID', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)
    const response = await client
      .post(eventsPath('not-a-uuid'))
      .header('cookie', cookie)
      .json({ name: 'Event' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'organizationId',
          message: 'The organizationId field must be a valid UUID',
          rule: 'uuid',
          code: 'input.organizationId.uuid',
        },
      ],
    })
  })

  test('answers 401 without a session', async ({ client }) => {
    const organization = await OrganizationFactory.create()
    const response = await client.post(eventsPath(organization.id)).json({ name: 'Event' })

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })

  test('answers 500 "Failed to create event" when the database fails, and keeps nothing', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await db.rawQuery(
      `ALTER TABLE event_addresses ADD CONSTRAINT test_reject CHECK (city <> 'Atlantis')`
    )
    try {
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: 'Event', address: { city: 'Atlantis' } })

      response.assertStatus(500)
      response.assertBody({
        errors: [{ message: 'Failed to create event', code: 'common.server.internal' }],
      })
      await database.assertCount('events', 0)
    } finally {
      await db.rawQuery('ALTER TABLE event_addresses DROP CONSTRAINT test_reject')
    }
  })
})
