import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Organization from '#models/organization'
import EventAddress from '#models/event_address'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { recordQueries } from '#tests/helpers/queries'
import { eventOf, eventsPath, fieldError, ISO_UTC, storedEvent } from '#tests/helpers/events'
import { EVENT_STATUSES } from '#types/event'

const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000'
const A_DAY_AGO = new Date(Date.now() - 24 * 60 * 60 * 1000)

function patchEvent(
  client: ApiClient,
  cookie: string,
  organizationId: string,
  eventId: string,
  body: object
) {
  return client.patch(eventsPath(organizationId, eventId)).header('cookie', cookie).json(body)
}

/**
 * An event of the organization (with an address when given), created and
 * last updated a day ago, returned as stored.
 */
async function existingEvent(
  organization: Organization,
  attributes: Record<string, unknown> = {},
  address?: Record<string, string>
) {
  const event = await eventOf(organization, attributes)
  if (address) await EventAddress.create({ eventId: event.id, ...address })
  await db
    .from('events')
    .where('id', event.id)
    .update({ created_at: A_DAY_AGO, updated_at: A_DAY_AGO })
  return storedEvent(event.id)
}

const FULL_EVENT = {
  name: 'Gala',
  description: 'Black tie',
  status: 'PLANNING',
  eventType: 'RECURRING',
  metadata: {
    category: 'wedding',
    customCategory: 'Garden',
    guestCount: { approximate: 100, min: 80, max: 120 },
    budgetRange: { min: 1000, max: 5000, currency: 'EUR' },
  },
}
const FULL_ADDRESS = {
  streetAddress: '1 Wellington St',
  streetAddress2: 'Suite 2',
  city: 'Ottawa',
  state: 'ON',
  postalCode: 'K1A 0B1',
  country: 'CA',
}

/** Every leaf of an object, as a dotted path. */
function leafPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, member]) =>
    typeof member === 'object' && member !== null
      ? leafPaths(member as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`]
  )
}

test.group('Events update', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers 200 with the full representation and changes only the supplied field', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, FULL_EVENT, FULL_ADDRESS)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      name: 'Renamed gala',
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.match(data.updatedAt, ISO_UTC)
    response.assertBody({
      data: { ...before, name: 'Renamed gala', updatedAt: data.updatedAt },
    })
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('changes only {case}')
    .with([
      {
        case: 'the name, trimmed',
        body: { name: '  Winter gala ' },
        change: { name: 'Winter gala' },
      },
      {
        case: 'the description',
        body: { description: 'Casual' },
        change: { description: 'Casual' },
      },
      {
        case: 'the description to null',
        body: { description: null },
        change: { description: null },
      },
      {
        case: 'the targetDate, converted to UTC',
        body: { targetDate: '2027-01-01T10:00:00+01:00' },
        change: { targetDate: '2027-01-01T09:00:00.000Z' },
      },
      {
        case: 'the targetDate to null',
        body: { targetDate: null },
        change: { targetDate: null },
      },
      ...EVENT_STATUSES.map((status) => ({
        case: `the status to ${status}`,
        body: { status },
        change: { status },
      })),
    ])
    .run(async ({ client, assert }, { body, change }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const before = await existingEvent(
        organization,
        { ...FULL_EVENT, targetDate: DateTime.fromISO('2026-12-24T18:00:00.000Z') },
        FULL_ADDRESS
      )

      const response = await patchEvent(client, cookie, organization.id, before.id, body)

      response.assertStatus(200)
      const { data } = response.body()
      assert.deepEqual(data, { ...before, ...change, updatedAt: data.updatedAt })
      assert.deepEqual(await storedEvent(before.id), data)
    })

  test('ignores eventType in the body', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, { eventType: 'RECURRING' })

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      name: 'After',
      eventType: 'ONE_OFF',
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, { ...before, name: 'After', updatedAt: data.updatedAt })
    const saved = await storedEvent(before.id)
    assert.equal(saved.eventType, 'RECURRING')
  })

  test('advances updatedAt and keeps createdAt', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)
    const sent = Date.now()

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      status: 'PLANNED',
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.match(data.updatedAt, ISO_UTC)
    assert.isAtLeast(Date.parse(data.updatedAt), sent)
    assert.isAbove(Date.parse(data.updatedAt), Date.parse(before.updatedAt))
    assert.equal(data.createdAt, before.createdAt)
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('advances updatedAt for an address-only change', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: { city: 'Ottawa' },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.isAbove(Date.parse(data.updatedAt), Date.parse(before.updatedAt))
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('deep-merges metadata: keeps, merges member by member, removes nulls', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, FULL_EVENT)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      metadata: {
        customCategory: null,
        guestCount: { approximate: null, max: 150 },
        budgetRange: { max: 8000 },
      },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, {
      ...before,
      metadata: {
        category: 'wedding',
        guestCount: { min: 80, max: 150 },
        budgetRange: { min: 1000, max: 8000, currency: 'EUR' },
      },
      updatedAt: data.updatedAt,
    })
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('removes a whole nested object with null', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, FULL_EVENT)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      metadata: { guestCount: null, budgetRange: null, category: null },
    })

    response.assertStatus(200)
    const expected = { customCategory: 'Garden' }
    assert.deepEqual(response.body().data.metadata, expected)
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.metadata, expected)
  })

  test('adds new metadata members, a new budget range getting CAD', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, { metadata: { category: 'other' } })

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      metadata: { customCategory: 'Reunion', budgetRange: { min: 10 }, guestCount: { max: 0 } },
    })

    response.assertStatus(200)
    const expected = {
      category: 'other',
      customCategory: 'Reunion',
      budgetRange: { min: 10, currency: 'CAD' },
      guestCount: { max: 0 },
    }
    assert.deepEqual(response.body().data.metadata, expected)
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.metadata, expected)
  })

  test('keeps the stored currency when the PATCH omits it, and upper-cases a new one', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, FULL_EVENT)
    const path = [client, cookie, organization.id, before.id] as const

    const kept = await patchEvent(...path, { metadata: { budgetRange: { min: 2000 } } })
    kept.assertStatus(200)
    assert.deepEqual(kept.body().data.metadata.budgetRange, {
      min: 2000,
      max: 5000,
      currency: 'EUR',
    })

    const changed = await patchEvent(...path, { metadata: { budgetRange: { currency: 'usd' } } })
    changed.assertStatus(200)
    assert.deepEqual(changed.body().data.metadata.budgetRange, {
      min: 2000,
      max: 5000,
      currency: 'USD',
    })
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.metadata.budgetRange, {
      min: 2000,
      max: 5000,
      currency: 'USD',
    })
  })

  test('changes nothing but updatedAt for an empty metadata object', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, FULL_EVENT)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      metadata: {},
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, { ...before, updatedAt: data.updatedAt })
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('creates the address when there is none', async ({ client, assert, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: {
        streetAddress: '1 King St W',
        city: 'Toronto',
        country: 'ca',
        postalCode: 'm5v 2t6',
      },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, {
      ...before,
      address: {
        streetAddress: '1 King St W',
        streetAddress2: null,
        city: 'Toronto',
        state: null,
        postalCode: 'M5V 2T6',
        country: 'CA',
      },
      updatedAt: data.updatedAt,
    })
    assert.deepEqual(await storedEvent(before.id), data)
    await database.assertCount('event_addresses', 1)
  })

  test('needs a city to create an address, and changes nothing without one', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      name: 'Renamed',
      address: { country: 'CA', postalCode: 'K1A 0B1' },
    })

    response.assertStatus(400)
    response.assertBody({
      errors: [fieldError('address.city', 'required', 'The city field is required')],
    })
    assert.deepEqual(await storedEvent(before.id), before)
    await database.assertCount('event_addresses', 0)
  })

  test('updates an existing address member by member', async ({ client, assert, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, {}, FULL_ADDRESS)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: { streetAddress2: 'Floor 3', state: null, city: 'Gatineau' },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, {
      ...before,
      address: { ...FULL_ADDRESS, streetAddress2: 'Floor 3', state: null, city: 'Gatineau' },
      updatedAt: data.updatedAt,
    })
    assert.deepEqual(await storedEvent(before.id), data)
    await database.assertCount('event_addresses', 1)
  })

  test('checks a PATCHed postal code against the stored country', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, {}, { city: 'Ottawa', country: 'CA' })

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: { postalCode: 'k1a 0b1' },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data.address, {
      streetAddress: null,
      streetAddress2: null,
      city: 'Ottawa',
      state: null,
      postalCode: 'K1A 0B1',
      country: 'CA',
    })
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('rejects a PATCHed postal code that does not fit the stored country: {$self}')
    .with(['12345', 'K1A0B1'])
    .run(async ({ client, assert }, postalCode) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const before = await existingEvent(
        organization,
        { name: 'Original' },
        {
          city: 'Ottawa',
          country: 'CA',
        }
      )

      const response = await patchEvent(client, cookie, organization.id, before.id, {
        name: 'Renamed',
        address: { postalCode },
      })

      response.assertStatus(400)
      response.assertBody({
        errors: [
          fieldError(
            'address.postalCode',
            'postal_code',
            'The postalCode field must be a valid postal code for CA'
          ),
        ],
      })
      assert.deepEqual(await storedEvent(before.id), before)
    })

  test('checks a postal code against the country supplied with it', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, {}, FULL_ADDRESS)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: { country: 'us', postalCode: '12345', state: 'NY', city: 'Schenectady' },
    })

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data.address, {
      ...FULL_ADDRESS,
      country: 'US',
      postalCode: '12345',
      state: 'NY',
      city: 'Schenectady',
    })
    assert.deepEqual(await storedEvent(before.id), data)
  })

  test('rejects a new country that the stored postal code does not fit', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, {}, FULL_ADDRESS)

    const response = await patchEvent(client, cookie, organization.id, before.id, {
      address: { country: 'US' },
    })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        fieldError(
          'address.postalCode',
          'postal_code',
          'The postalCode field must be a valid postal code for US'
        ),
      ],
    })
    assert.deepEqual(await storedEvent(before.id), before)
  })

  test('judges a range on the merged metadata', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, {
      metadata: { guestCount: { min: 50, max: 80 } },
    })
    const path = [client, cookie, organization.id, before.id] as const

    const crossing = await patchEvent(...path, { metadata: { guestCount: { max: 40 } } })
    crossing.assertStatus(400)
    crossing.assertBody({
      errors: [
        fieldError(
          'metadata.guestCount.min',
          'range',
          'The min field must not be greater than max'
        ),
      ],
    })
    assert.deepEqual(await storedEvent(before.id), before)

    const moving = await patchEvent(...path, { metadata: { guestCount: { min: 10, max: 40 } } })
    moving.assertStatus(200)
    assert.deepEqual(moving.body().data.metadata, { guestCount: { min: 10, max: 40 } })
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.metadata, { guestCount: { min: 10, max: 40 } })
  })

  test('answers 400 and changes nothing for {case}')
    .with([
      {
        case: 'a null name',
        body: { name: null },
        error: fieldError('name', 'required', 'The name field is required'),
      },
      {
        case: 'a blank name',
        body: { name: '  ' },
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
        case: 'a NUL character in the name',
        body: { name: 'a\u0000b' },
        error: fieldError('name', 'no_nul', 'The name field must not contain NUL characters'),
      },
      {
        case: 'a description of 5001 characters',
        body: { name: 'Renamed', description: 'd'.repeat(5001) },
        error: fieldError(
          'description',
          'maxLength',
          'The description field must not be greater than 5000 characters'
        ),
      },
      {
        case: 'an invalid targetDate',
        body: { name: 'Renamed', targetDate: '2027-02-30T10:00:00Z' },
        error: fieldError(
          'targetDate',
          'iso8601',
          'The targetDate field must be an ISO 8601 date-time'
        ),
      },
      {
        case: 'an unknown status',
        body: { name: 'Renamed', status: 'DONE' },
        error: fieldError('status', 'enum', 'The selected status is invalid'),
      },
      {
        case: 'a null status',
        body: { name: 'Renamed', status: null },
        error: fieldError('status', 'required', 'The status field is required'),
      },
      {
        case: 'a null metadata',
        body: { name: 'Renamed', metadata: null },
        error: fieldError('metadata', 'required', 'The metadata field is required'),
      },
      {
        case: 'an unknown category',
        body: { name: 'Renamed', metadata: { category: 'funeral' } },
        error: fieldError('metadata.category', 'enum', 'The selected category is invalid'),
      },
      {
        case: 'a customCategory of 101 characters',
        body: { name: 'Renamed', metadata: { customCategory: 'c'.repeat(101) } },
        error: fieldError(
          'metadata.customCategory',
          'maxLength',
          'The customCategory field must not be greater than 100 characters'
        ),
      },
      {
        case: 'a guest count of 100000',
        body: { name: 'Renamed', metadata: { guestCount: { approximate: 100000 } } },
        error: fieldError(
          'metadata.guestCount.approximate',
          'max',
          'The approximate field must not be greater than 99999'
        ),
      },
      {
        case: 'a guest count of -1',
        body: { name: 'Renamed', metadata: { guestCount: { min: -1 } } },
        error: fieldError('metadata.guestCount.min', 'min', 'The min field must be at least 0'),
      },
      {
        case: 'a fractional guest count',
        body: { name: 'Renamed', metadata: { guestCount: { max: 1.5 } } },
        error: fieldError(
          'metadata.guestCount.max',
          'withoutDecimals',
          'The max field must be an integer'
        ),
      },
      {
        case: 'a negative budget',
        body: { name: 'Renamed', metadata: { budgetRange: { max: -0.01 } } },
        error: fieldError('metadata.budgetRange.max', 'min', 'The max field must be at least 0'),
      },
      {
        case: 'an unknown currency',
        body: { name: 'Renamed', metadata: { budgetRange: { currency: 'ABC' } } },
        error: fieldError(
          'metadata.budgetRange.currency',
          'currency',
          'The currency field must be an ISO 4217 currency code'
        ),
      },
      {
        case: 'a null address',
        body: { name: 'Renamed', address: null },
        error: fieldError('address', 'required', 'The address field is required'),
      },
      {
        case: 'a null city',
        body: { name: 'Renamed', address: { city: null } },
        error: fieldError('address.city', 'required', 'The city field is required'),
      },
      {
        case: 'a city of 101 characters',
        body: { name: 'Renamed', address: { city: 'c'.repeat(101) } },
        error: fieldError(
          'address.city',
          'maxLength',
          'The city field must not be greater than 100 characters'
        ),
      },
      {
        case: 'a state of 1 character',
        body: { name: 'Renamed', address: { state: 'O' } },
        error: fieldError(
          'address.state',
          'minLength',
          'The state field must have at least 2 characters'
        ),
      },
      {
        case: 'a streetAddress of 201 characters',
        body: { name: 'Renamed', address: { streetAddress: 's'.repeat(201) } },
        error: fieldError(
          'address.streetAddress',
          'maxLength',
          'The streetAddress field must not be greater than 200 characters'
        ),
      },
      {
        case: 'an alpha-3 country',
        body: { name: 'Renamed', address: { country: 'CAN' } },
        error: fieldError(
          'address.country',
          'country',
          'The country field must be an ISO 3166-1 alpha-2 country code'
        ),
      },
    ])
    .run(async ({ client, assert }, { body, error }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      const before = await existingEvent(organization, FULL_EVENT, FULL_ADDRESS)

      const response = await patchEvent(client, cookie, organization.id, before.id, body)

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      assert.deepEqual(await storedEvent(before.id), before)
    })

  test('ignores __proto__, constructor and prototype members, and pollutes nothing', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization, { metadata: { category: 'other' } })
    const body = JSON.parse(`{
      "__proto__": { "polluted": true },
      "constructor": { "prototype": { "polluted": true } },
      "name": "Safe",
      "metadata": {
        "__proto__": { "polluted": true, "category": "wedding" },
        "constructor": { "prototype": { "polluted": true } },
        "prototype": { "polluted": true },
        "guestCount": { "__proto__": { "polluted": true }, "constructor": { "y": 1 }, "min": 2 }
      },
      "address": { "city": "Ottawa", "__proto__": { "polluted": true } }
    }`)

    const response = await patchEvent(client, cookie, organization.id, before.id, body)

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data, {
      ...before,
      name: 'Safe',
      metadata: { category: 'other', guestCount: { min: 2 } },
      address: {
        streetAddress: null,
        streetAddress2: null,
        city: 'Ottawa',
        state: null,
        postalCode: null,
        country: null,
      },
      updatedAt: data.updatedAt,
    })
    assert.deepEqual(await storedEvent(before.id), data)
    assert.notProperty({}, 'polluted')
    assert.notProperty(Object.prototype, 'polluted')
    assert.isUndefined(({} as Record<string, unknown>).category)
    const [row] = await db
      .rawQuery(`SELECT metadata::text AS text FROM events WHERE id = ?`, [before.id])
      .then((result) => result.rows)
    assert.notInclude(row.text, 'polluted')
    assert.notInclude(row.text, '__proto__')
    assert.notInclude(row.text, 'constructor')
  })

  test('answers 404 for an unknown event of my organization', async ({ client, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await patchEvent(client, cookie, organization.id, UNKNOWN_ID, {
      name: 'Ghost',
    })

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    await database.assertCount('events', 0)
  })

  test("answers 404 for another organization's event named under mine, and leaves it alone", async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const theirs = await OrganizationFactory.create()
    const foreign = await existingEvent(theirs, { name: 'Theirs' })

    const response = await patchEvent(client, cookie, organization.id, foreign.id, {
      name: 'Mine now',
    })

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    assert.deepEqual(await storedEvent(foreign.id), foreign)

    // Still 404 when I belong to both: the event is named under the wrong one.
    await addMember(theirs, user)
    const again = await patchEvent(client, cookie, organization.id, foreign.id, {
      name: 'Mine now',
    })
    again.assertStatus(404)
    again.assertBody(NOT_FOUND)
    assert.deepEqual(await storedEvent(foreign.id), foreign)
  })

  test('answers 403 to a non-member whether or not the event exists', async ({
    client,
    assert,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const theirs = await OrganizationFactory.create()
    const event = await existingEvent(theirs, { name: 'Theirs' })

    for (const id of [event.id, UNKNOWN_ID]) {
      const response = await patchEvent(client, cookie, theirs.id, id, { name: 'Intrusion' })
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
    const response = await patchEvent(client, cookie, UNKNOWN_ID, event.id, { name: 'Intrusion' })
    response.assertStatus(403)
    response.assertBody(NOT_A_MEMBER)
    assert.deepEqual(await storedEvent(event.id), event)
  })

  test('answers 401 without a session', async ({ client, assert }) => {
    const organization = await OrganizationFactory.create()
    const event = await existingEvent(organization)

    const response = await client
      .patch(eventsPath(organization.id, event.id))
      .json({ name: 'Anonymous' })

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
    assert.deepEqual(await storedEvent(event.id), event)
  })

  test('answers 400 for an event id that is not a UUID', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await patchEvent(client, cookie, organization.id, '42', { name: 'x' })

    response.assertStatus(400)
    response.assertBody({
      errors: [fieldError('id', 'uuid', 'The id field must be a valid UUID')],
    })
  })

  test('answers 400 for an organization id that is not a UUID', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await existingEvent(organization)

    const response = await patchEvent(client, cookie, 'my-org', event.id, { name: 'x' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        fieldError('organizationId', 'uuid', 'The organizationId field must be a valid UUID'),
      ],
    })
    assert.deepEqual(await storedEvent(event.id), event)
  })

  test('20 concurrent PATCHes of metadata members lose none of their changes', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)
    const changes = [
      { category: 'graduation' },
      { customCategory: 'Class of 2027' },
      { guestCount: { approximate: 150 } },
      { guestCount: { min: 100 } },
      { guestCount: { max: 200 } },
      { budgetRange: { min: 1000 } },
      { budgetRange: { max: 5000 } },
      { budgetRange: { currency: 'JPY' } },
    ]
    // 8 requests of one member each, then 12 of two members each (same values).
    const bodies = [
      ...changes,
      ...Array.from({ length: 12 }, (_, index) => ({
        ...changes[index % 8],
        ...changes[(index + 3) % 8],
      })),
    ]

    const responses = await Promise.all(
      bodies.map((metadata) => patchEvent(client, cookie, organization.id, before.id, { metadata }))
    )

    const expected = {
      category: 'graduation',
      customCategory: 'Class of 2027',
      guestCount: { approximate: 150, min: 100, max: 200 },
      budgetRange: { min: 1000, max: 5000, currency: 'JPY' },
    }
    for (const [index, response] of responses.entries()) {
      response.assertStatus(200)
      // Each answer holds its own change ...
      assert.containSubset(response.body().data.metadata, bodies[index])
    }
    // ... and, the PATCHes having run one after the other, each answer holds
    // every change of the answers before it: their member sets form a chain.
    const states = responses
      .map((response) => leafPaths(response.body().data.metadata))
      .sort((a, b) => a.length - b.length)
    for (let index = 1; index < states.length; index++) {
      assert.includeMembers(states[index], states[index - 1])
    }
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.metadata, expected)
    const final = await client.get(eventsPath(organization.id, before.id)).header('cookie', cookie)
    assert.deepEqual(final.body().data.metadata, expected)
  })

  test('concurrent PATCHes creating an address make one address with every member', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await existingEvent(organization)
    const members = [
      { streetAddress: '1 Wellington St' },
      { streetAddress2: 'Suite 2' },
      { state: 'ON' },
      { postalCode: 'K1A 0B1' },
      { country: 'CA' },
    ]

    const responses = await Promise.all(
      [...members, ...members].map((member) =>
        patchEvent(client, cookie, organization.id, before.id, {
          address: { city: 'Ottawa', ...member },
        })
      )
    )

    for (const response of responses) response.assertStatus(200)
    await database.assertCount('event_addresses', 1)
    const saved = await storedEvent(before.id)
    assert.deepEqual(saved.address, FULL_ADDRESS)
  })

  test('costs at most 3 SQL round trips, also when it creates the address', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const path = eventsPath(organization.id, event.id)
    const warmUp = await client.patch(path).header('cookie', cookie).json({ name: 'Warm-up' })
    warmUp.assertStatus(200)

    using queries = recordQueries()
    const response = await client
      .patch(path)
      .header('cookie', cookie)
      .json({ name: 'Counted', metadata: { guestCount: { min: 10 } }, address: { city: 'Ottawa' } })

    response.assertStatus(200)
    assert.equal(response.body().data.name, 'Counted')
    assert.equal(response.body().data.address.city, 'Ottawa')
    assert.isAtMost(queries.statements.length, 3, queries.statements.join('\n'))
  })
})
