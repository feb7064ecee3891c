import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { rawRequest } from '#tests/helpers/raw_request'
import { recordQueries } from '#tests/helpers/queries'
import { eventsPath, fieldError, ISO_UTC, storedEvent, UUID_V7 } from '#tests/helpers/events'
import { EVENT_STATUSES, EVENT_TYPES } from '#types/event'
import { eventBody } from '#tests/helpers/builders'

const FORBIDDEN = {
  errors: [
    {
      message: 'You do not have permission to create events in this organization',
      code: 'auth.forbidden',
    },
  ],
}
const UNAUTHENTICATED = {
  errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
}
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'

function createEvent(client: ApiClient, cookie: string, organizationId: string, body: object) {
  return client.post(eventsPath(organizationId)).header('cookie', cookie).json(body)
}

const NO_ADDRESS_MEMBERS = {
  streetAddress: null,
  streetAddress2: null,
  state: null,
  postalCode: null,
  country: null,
}

test.group('Events create', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 201 with the full representation and the defaults', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, organization.id, { name: 'Launch party' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    assert.match(data.createdAt, ISO_UTC)
    assert.match(data.updatedAt, ISO_UTC)
    response.assertBody({
      data: {
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
      },
    })
    assert.deepEqual(await storedEvent(data.id), data)
    await database.assertCount('events', 1)
    await database.assertCount('event_addresses', 0)
  })

  test('stores every supplied field, trimmed, in UTC and upper case', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, organization.id, {
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
    assert.deepEqual(data, {
      id: data.id,
      organizationId: organization.id,
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
      createdAt: data.createdAt,
      updatedAt: data.updatedAt,
    })
    assert.deepEqual(await storedEvent(data.id), data)
  })

  test('converts the targetDate {$self.input} to UTC')
    .with([
      { input: '2027-06-12T15:00:00-04:00', utc: '2027-06-12T19:00:00.000Z' },
      { input: '2027-06-12T00:30:00+05:30', utc: '2027-06-11T19:00:00.000Z' },
      { input: '2027-12-31T23:30:00-01:00', utc: '2028-01-01T00:30:00.000Z' },
      { input: '2027-06-12T19:00:00.123Z', utc: '2027-06-12T19:00:00.123Z' },
      // A bare date or a time without an offset is UTC, never the server's zone.
      { input: '2027-06-12', utc: '2027-06-12T00:00:00.000Z' },
      { input: '2027-06-12T15:00:00', utc: '2027-06-12T15:00:00.000Z' },
    ])
    .run(async ({ client, assert }, { input, utc }) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        targetDate: input,
      })

      response.assertStatus(201)
      assert.equal(response.body().data.targetDate, utc)
      const saved = await storedEvent(response.body().data.id)
      assert.equal(saved.targetDate, utc)
    })

  test('runs in a time zone far from UTC, so the dates above prove zone independence', ({
    assert,
  }) => {
    assert.equal(process.env.TZ, 'Asia/Tokyo')
    assert.equal(new Date('2027-06-12T00:00:00Z').getTimezoneOffset(), -540)
  })

  test('accepts the {field} {value}')
    .with([
      ...EVENT_STATUSES.map((value) => ({ field: 'status' as const, value })),
      ...EVENT_TYPES.map((value) => ({ field: 'eventType' as const, value })),
    ])
    .run(async ({ client, assert }, { field, value }) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        [field]: value,
      })

      response.assertStatus(201)
      assert.equal(response.body().data[field], value)
      const saved = await storedEvent(response.body().data.id)
      assert.equal(saved[field], value)
    })

  test('takes organizationId from the path only, never from the body', async ({
    client,
    assert,
    db: database,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const elsewhere = await OrganizationFactory.create()
    const alsoMine = await OrganizationFactory.create()
    await addMember(alsoMine, user)

    for (const other of [elsewhere, alsoMine]) {
      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        organizationId: other.id,
      })

      response.assertStatus(201)
      assert.equal(response.body().data.organizationId, organization.id)
      const saved = await storedEvent(response.body().data.id)
      assert.equal(saved.organizationId, organization.id)
    }
    await database.assertCount('events', 2)
    await database.assertMissing('events', { organization_id: elsewhere.id })
    await database.assertMissing('events', { organization_id: alsoMine.id })
  })

  test('drops unknown members of the body, the metadata and the address', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, organization.id, {
      name: 'Event',
      id: UNKNOWN_ID,
      createdAt: '2000-01-01T00:00:00.000Z',
      color: 'red',
      metadata: {
        category: 'birthday',
        mood: 'festive',
        guestCount: { approximate: 3, exact: 3 },
        budgetRange: { min: 1, tip: 2 },
      },
      address: { city: 'Ottawa', planet: 'Mars' },
    })

    response.assertStatus(201)
    const { data } = response.body()
    assert.notEqual(data.id, UNKNOWN_ID)
    assert.notEqual(data.createdAt, '2000-01-01T00:00:00.000Z')
    assert.notProperty(data, 'color')
    assert.deepEqual(data.metadata, {
      category: 'birthday',
      guestCount: { approximate: 3 },
      budgetRange: { min: 1, currency: 'CAD' },
    })
    assert.deepEqual(data.address, { ...NO_ADDRESS_MEMBERS, city: 'Ottawa' })
    assert.deepEqual(await storedEvent(data.id), data)
    const [row] = await db.from('events').where('id', data.id)
    assert.notProperty(row, 'color')
  })

  test('accepts {case}')
    .with([
      { case: 'a name of 1 character', body: { name: 'a' }, stored: { name: 'a' } },
      {
        case: 'a name of 255 characters',
        body: { name: 'n'.repeat(255) },
        stored: { name: 'n'.repeat(255) },
      },
      {
        case: 'a description of 5000 characters',
        body: { description: 'd'.repeat(5000) },
        stored: { description: 'd'.repeat(5000) },
      },
      {
        case: 'a customCategory of 100 characters',
        body: { metadata: { category: 'other', customCategory: 'c'.repeat(100) } },
        stored: { metadata: { category: 'other', customCategory: 'c'.repeat(100) } },
      },
      ...['wedding', 'birthday', 'graduation', 'proposal', 'other'].map((category) => ({
        case: `the category ${category}`,
        body: { metadata: { category } },
        stored: { metadata: { category } },
      })),
      {
        case: 'guest counts of 0',
        body: { metadata: { guestCount: { approximate: 0, min: 0, max: 0 } } },
        stored: { metadata: { guestCount: { approximate: 0, min: 0, max: 0 } } },
      },
      {
        case: 'guest counts of 99999',
        body: { metadata: { guestCount: { approximate: 99999, min: 99999, max: 99999 } } },
        stored: { metadata: { guestCount: { approximate: 99999, min: 99999, max: 99999 } } },
      },
      {
        case: 'a budget range of 0',
        body: { metadata: { budgetRange: { min: 0, max: 0, currency: 'EUR' } } },
        stored: { metadata: { budgetRange: { min: 0, max: 0, currency: 'EUR' } } },
      },
      {
        case: 'a budget range in cents',
        body: { metadata: { budgetRange: { min: 0.01, max: 1234567.89, currency: 'JPY' } } },
        stored: { metadata: { budgetRange: { min: 0.01, max: 1234567.89, currency: 'JPY' } } },
      },
      {
        case: 'a lower-case currency',
        body: { metadata: { budgetRange: { max: 500, currency: 'usd' } } },
        stored: { metadata: { budgetRange: { max: 500, currency: 'USD' } } },
      },
      {
        case: 'a budget range without a currency',
        body: { metadata: { budgetRange: { min: 10, max: 20 } } },
        stored: { metadata: { budgetRange: { min: 10, max: 20, currency: 'CAD' } } },
      },
      {
        case: 'null metadata members',
        body: {
          metadata: { category: null, customCategory: null, guestCount: null, budgetRange: null },
        },
        stored: { metadata: {} },
      },
      {
        case: 'null for description and targetDate',
        body: { description: null, targetDate: null },
        stored: { description: null, targetDate: null },
      },
      {
        case: 'a city of 1 character',
        body: { address: { city: 'Y' } },
        stored: { address: { ...NO_ADDRESS_MEMBERS, city: 'Y' } },
      },
      {
        case: 'a city of 100 characters',
        body: { address: { city: 'c'.repeat(100) } },
        stored: { address: { ...NO_ADDRESS_MEMBERS, city: 'c'.repeat(100) } },
      },
      {
        case: 'a state of 2 characters',
        body: { address: { city: 'Ottawa', state: 'ON' } },
        stored: { address: { ...NO_ADDRESS_MEMBERS, city: 'Ottawa', state: 'ON' } },
      },
      {
        case: 'a state of 100 characters',
        body: { address: { city: 'Ottawa', state: 's'.repeat(100) } },
        stored: { address: { ...NO_ADDRESS_MEMBERS, city: 'Ottawa', state: 's'.repeat(100) } },
      },
      {
        case: 'street addresses of 200 characters',
        body: {
          address: { city: 'X', streetAddress: 's'.repeat(200), streetAddress2: 't'.repeat(200) },
        },
        stored: {
          address: {
            ...NO_ADDRESS_MEMBERS,
            city: 'X',
            streetAddress: 's'.repeat(200),
            streetAddress2: 't'.repeat(200),
          },
        },
      },
      {
        case: 'a lower-case country',
        body: { address: { city: 'Ottawa', country: 'ca' } },
        stored: { address: { ...NO_ADDRESS_MEMBERS, city: 'Ottawa', country: 'CA' } },
      },
      {
        case: 'the Canadian postal code K1A 0B1',
        body: { address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' } },
        stored: {
          address: { ...NO_ADDRESS_MEMBERS, city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
        },
      },
      {
        case: 'a lower-case Canadian postal code',
        body: { address: { city: 'Ottawa', country: 'CA', postalCode: 'k1a 0b1' } },
        stored: {
          address: { ...NO_ADDRESS_MEMBERS, city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
        },
      },
      {
        case: 'the US ZIP code 12345',
        body: { address: { city: 'Schenectady', country: 'US', postalCode: '12345' } },
        stored: {
          address: {
            ...NO_ADDRESS_MEMBERS,
            city: 'Schenectady',
            country: 'US',
            postalCode: '12345',
          },
        },
      },
    ])
    .run(async ({ client, assert, db: database }, { body, stored }) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        ...body,
      })

      response.assertStatus(201)
      const { data } = response.body()
      assert.containSubset(data, stored)
      assert.deepEqual(await storedEvent(data.id), data)
      await database.assertCount('events', 1)
    })

  test('counts the name in characters: 255 characters outside the BMP are accepted', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const name = '🎉'.repeat(255)

    const response = await createEvent(client, cookie, organization.id, { name })

    response.assertStatus(201)
    assert.equal(response.body().data.name, name)
    const saved = await storedEvent(response.body().data.id)
    assert.equal(saved.name, name)
  })

  test('answers 400 and writes nothing for {case}')
    .with([
      {
        case: 'a missing name',
        body: { name: undefined },
        error: fieldError('name', 'required', 'The name field is required'),
      },
      {
        case: 'a null name',
        body: { name: null },
        error: fieldError('name', 'required', 'The name field is required'),
      },
      {
        case: 'a blank name',
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
        case: 'a name of 256 characters outside the BMP',
        body: { name: '🎉'.repeat(256) },
        error: fieldError(
          'name',
          'maxLength',
          'The name field must not be greater than 255 characters'
        ),
      },
      {
        case: 'a name that is a number',
        body: { name: 42 },
        error: fieldError('name', 'string', 'The name field must be a string'),
      },
      {
        case: 'a NUL character in the name',
        body: { name: 'Launch\u0000party' },
        error: fieldError('name', 'no_nul', 'The name field must not contain NUL characters'),
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
        case: 'a NUL character in the description',
        body: { description: '\u0000' },
        error: fieldError(
          'description',
          'no_nul',
          'The description field must not contain NUL characters'
        ),
      },
      {
        case: 'a lone surrogate in the name',
        body: { name: 'a\ud800b' },
        error: fieldError('name', 'unicode', 'The name field must be valid Unicode text'),
      },
      {
        case: 'a range minimum above its maximum',
        body: { metadata: { guestCount: { min: 10, max: 9 } } },
        error: fieldError(
          'metadata.guestCount.min',
          'range',
          'The min field must not be greater than max'
        ),
      },
      ...[
        'next friday',
        '2027-02-30T10:00:00Z',
        '2027-13-01T00:00:00Z',
        '10:00',
        '1030',
        '-010000-01-01T00:00:00Z',
      ].map((targetDate) => ({
        case: `the targetDate ${targetDate}`,
        body: { targetDate },
        error: fieldError(
          'targetDate',
          'iso8601',
          'The targetDate field must be an ISO 8601 date-time'
        ),
      })),
      ...['DONE', 'backlog'].map((status) => ({
        case: `the status ${status}`,
        body: { status },
        error: fieldError('status', 'enum', 'The selected status is invalid'),
      })),
      ...['WEEKLY', 'one_off'].map((eventType) => ({
        case: `the event type ${eventType}`,
        body: { eventType },
        error: fieldError('eventType', 'enum', 'The selected eventType is invalid'),
      })),
      {
        case: 'metadata that is not an object',
        body: { metadata: 'wedding' },
        error: fieldError('metadata', 'object', 'The metadata field must be an object'),
      },
      {
        case: 'an unknown category',
        body: { metadata: { category: 'funeral' } },
        error: fieldError('metadata.category', 'enum', 'The selected category is invalid'),
      },
      {
        case: 'a customCategory of 101 characters',
        body: { metadata: { customCategory: 'c'.repeat(101) } },
        error: fieldError(
          'metadata.customCategory',
          'maxLength',
          'The customCategory field must not be greater than 100 characters'
        ),
      },
      {
        case: 'a NUL character in the customCategory',
        body: { metadata: { customCategory: 'a\u0000b' } },
        error: fieldError(
          'metadata.customCategory',
          'no_nul',
          'The customCategory field must not contain NUL characters'
        ),
      },
      ...['approximate', 'min', 'max'].flatMap((member) => [
        {
          case: `a guestCount.${member} of -1`,
          body: { metadata: { guestCount: { [member]: -1 } } },
          error: fieldError(
            `metadata.guestCount.${member}`,
            'min',
            `The ${member} field must be at least 0`
          ),
        },
        {
          case: `a guestCount.${member} of 100000`,
          body: { metadata: { guestCount: { [member]: 100000 } } },
          error: fieldError(
            `metadata.guestCount.${member}`,
            'max',
            `The ${member} field must not be greater than 99999`
          ),
        },
        {
          case: `a guestCount.${member} of 1.5`,
          body: { metadata: { guestCount: { [member]: 1.5 } } },
          error: fieldError(
            `metadata.guestCount.${member}`,
            'withoutDecimals',
            `The ${member} field must be an integer`
          ),
        },
      ]),
      {
        case: 'a guest count given as a string',
        body: { metadata: { guestCount: { max: '12' } } },
        error: fieldError('metadata.guestCount.max', 'number', 'The max field must be a number'),
      },
      ...['min', 'max'].map((member) => ({
        case: `a budgetRange.${member} of -0.01`,
        body: { metadata: { budgetRange: { [member]: -0.01 } } },
        error: fieldError(
          `metadata.budgetRange.${member}`,
          'min',
          `The ${member} field must be at least 0`
        ),
      })),
      ...['ABC', 'US', 'dollars'].map((currency) => ({
        case: `the currency ${currency}`,
        body: { metadata: { budgetRange: { min: 1, currency } } },
        error: fieldError(
          'metadata.budgetRange.currency',
          'currency',
          'The currency field must be an ISO 4217 currency code'
        ),
      })),
      {
        case: 'an address without a city',
        body: { address: { country: 'CA', postalCode: 'K1A 0B1' } },
        error: fieldError('address.city', 'required', 'The city field is required'),
      },
      {
        case: 'an empty address',
        body: { address: {} },
        error: fieldError('address.city', 'required', 'The city field is required'),
      },
      {
        case: 'a blank city',
        body: { address: { city: '  ' } },
        error: fieldError(
          'address.city',
          'minLength',
          'The city field must have at least 1 characters'
        ),
      },
      {
        case: 'a city of 101 characters',
        body: { address: { city: 'c'.repeat(101) } },
        error: fieldError(
          'address.city',
          'maxLength',
          'The city field must not be greater than 100 characters'
        ),
      },
      {
        case: 'a NUL character in the city',
        body: { address: { city: 'Ott\u0000awa' } },
        error: fieldError(
          'address.city',
          'no_nul',
          'The city field must not contain NUL characters'
        ),
      },
      {
        case: 'a state of 1 character',
        body: { address: { city: 'Ottawa', state: 'O' } },
        error: fieldError(
          'address.state',
          'minLength',
          'The state field must have at least 2 characters'
        ),
      },
      {
        case: 'a state of 101 characters',
        body: { address: { city: 'Ottawa', state: 's'.repeat(101) } },
        error: fieldError(
          'address.state',
          'maxLength',
          'The state field must not be greater than 100 characters'
        ),
      },
      ...['streetAddress', 'streetAddress2'].map((member) => ({
        case: `a ${member} of 201 characters`,
        body: { address: { city: 'Ottawa', [member]: 's'.repeat(201) } },
        error: fieldError(
          `address.${member}`,
          'maxLength',
          `The ${member} field must not be greater than 200 characters`
        ),
      })),
      ...['ZZ', 'CAN', 'C'].map((country) => ({
        case: `the country ${country}`,
        body: { address: { city: 'Ottawa', country } },
        error: fieldError(
          'address.country',
          'country',
          'The country field must be an ISO 3166-1 alpha-2 country code'
        ),
      })),
      ...['K1A0B1', 'K1A-0B1', '12345'].map((postalCode) => ({
        case: `the Canadian postal code ${postalCode}`,
        body: { address: { city: 'Ottawa', country: 'CA', postalCode } },
        error: fieldError(
          'address.postalCode',
          'postal_code',
          'The postalCode field must be a valid postal code for CA'
        ),
      })),
      ...['1234', 'K1A 0B1'].map((postalCode) => ({
        case: `the US postal code ${postalCode}`,
        body: { address: { city: 'Schenectady', country: 'US', postalCode } },
        error: fieldError(
          'address.postalCode',
          'postal_code',
          'The postalCode field must be a valid postal code for US'
        ),
      })),
    ])
    .run(async ({ client, db: database }, { body, error }) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        ...body,
      })

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await database.assertCount('events', 0)
      await database.assertCount('event_addresses', 0)
    })

  test('lists one entry per failing field in one 400', async ({ client, assert, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, organization.id, {
      description: 'd'.repeat(5001),
      status: 'DONE',
      metadata: { guestCount: { min: -1, max: 100000 }, budgetRange: { currency: 'ABC' } },
      address: { state: 'O' },
    })

    response.assertStatus(400)
    assert.sameDeepMembers(response.body().errors, [
      fieldError('name', 'required', 'The name field is required'),
      fieldError(
        'description',
        'maxLength',
        'The description field must not be greater than 5000 characters'
      ),
      fieldError('status', 'enum', 'The selected status is invalid'),
      fieldError('metadata.guestCount.min', 'min', 'The min field must be at least 0'),
      fieldError('metadata.guestCount.max', 'max', 'The max field must not be greater than 99999'),
      fieldError(
        'metadata.budgetRange.currency',
        'currency',
        'The currency field must be an ISO 4217 currency code'
      ),
      fieldError('address.city', 'required', 'The city field is required'),
      fieldError('address.state', 'minLength', 'The state field must have at least 2 characters'),
    ])
    assert.lengthOf(response.body().errors, 8)
    await database.assertCount('events', 0)
  })

  test('answers 400 for a body that is not a JSON object', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await rawRequest('POST', eventsPath(organization.id), '["Event"]', {
      'content-type': 'application/json',
      cookie,
    })

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [
        { message: 'The request body must be a JSON object', code: 'input.body.invalid_json' },
      ],
    })
    assert.lengthOf(await db.from('events'), 0)
  })

  test('answers 403 with the spec message to a non-member, and writes nothing', async ({
    client,
    db: database,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const theirs = await OrganizationFactory.create()
    await addMember(theirs, await UserFactory.create())

    const response = await createEvent(client, cookie, theirs.id, eventBody({ name: 'Intrusion' }))

    response.assertStatus(403)
    response.assertBody(FORBIDDEN)
    await database.assertCount('events', 0)
    await database.assertCount('event_addresses', 0)
  })

  test('answers 403 for an organization that does not exist', async ({ client, db: database }) => {
    const { cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, UNKNOWN_ID, { name: 'Event' })

    response.assertStatus(403)
    response.assertBody(FORBIDDEN)
    await database.assertCount('events', 0)
  })

  test('answers 401 without a session, and writes nothing', async ({ client, db: database }) => {
    const organization = await OrganizationFactory.create()

    const response = await client.post(eventsPath(organization.id)).json({ name: 'Event' })

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
    await database.assertCount('events', 0)
  })

  test('answers 401 for a forged session cookie', async ({ client, db: database }) => {
    const organization = await OrganizationFactory.create()

    const response = await client
      .post(eventsPath(organization.id))
      .header('cookie', 'session=s%3Anot-a-session.x')
      .json({ name: 'Event' })

    response.assertStatus(401)
    response.assertBody(UNAUTHENTICATED)
    await database.assertCount('events', 0)
  })

  test('answers 400 for an organizationId that is not a UUID', async ({ client, db: database }) => {
    const { cookie } = await memberWithOrganization(client)

    const response = await createEvent(client, cookie, 'not-a-uuid', { name: 'Event' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        fieldError('organizationId', 'uuid', 'The organizationId field must be a valid UUID'),
      ],
    })
    await database.assertCount('events', 0)
  })

  test('answers 500 "Failed to create event" when the database rejects the event', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await db.rawQuery(`ALTER TABLE events ADD CONSTRAINT test_reject CHECK (name <> 'explode')`)
    try {
      const response = await createEvent(client, cookie, organization.id, {
        name: 'explode',
        address: { city: 'Ottawa' },
      })

      response.assertStatus(500)
      response.assertBody({
        errors: [{ message: 'Failed to create event', code: 'common.server.internal' }],
      })
      await database.assertCount('events', 0)
      await database.assertCount('event_addresses', 0)
    } finally {
      await db.rawQuery('ALTER TABLE events DROP CONSTRAINT test_reject')
    }
  })

  test('answers 500 and keeps no event when the database rejects its address', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    await db.rawQuery(
      `ALTER TABLE event_addresses ADD CONSTRAINT test_reject CHECK (city <> 'Atlantis')`
    )
    try {
      const response = await createEvent(client, cookie, organization.id, {
        name: 'Event',
        address: { city: 'Atlantis' },
      })

      response.assertStatus(500)
      response.assertBody({
        errors: [{ message: 'Failed to create event', code: 'common.server.internal' }],
      })
      await database.assertCount('events', 0)
      await database.assertCount('event_addresses', 0)
    } finally {
      await db.rawQuery('ALTER TABLE event_addresses DROP CONSTRAINT test_reject')
    }
  })

  test('costs at most 3 SQL round trips, the event and its address written in one statement', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const body = {
      name: 'Counted',
      address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
    }
    const warmUp = await createEvent(client, cookie, organization.id, body)
    warmUp.assertStatus(201)

    using queries = recordQueries()
    const response = await createEvent(client, cookie, organization.id, body)

    response.assertStatus(201)
    assert.equal(response.body().data.address.city, 'Ottawa')
    assert.isAtMost(queries.statements.length, 3, queries.statements.join('\n'))
    const eventWrites = queries.statements.filter((text) => /INSERT INTO events/i.test(text))
    assert.lengthOf(eventWrites, 1)
    assert.match(eventWrites[0], /INSERT INTO event_addresses/i)
    await database.assertCount('event_addresses', 2)
  })
})
