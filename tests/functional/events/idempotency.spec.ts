import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { memberWithOrganization, signedInMember } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath, fieldError } from '#tests/helpers/events'
import { fingerprintOf } from '#services/platform/idempotency_service'

const IN_PROGRESS = {
  errors: [
    {
      message: 'A request with this Idempotency-Key is still being processed',
      code: 'common.idempotency.in_progress',
    },
  ],
}
const REUSED = {
  errors: [
    fieldError(
      'idempotency_key',
      'reused',
      'The Idempotency-Key was already used for another request'
    ),
  ],
}

function create(
  client: ApiClient,
  cookie: string,
  organizationId: string,
  key: string,
  body: object
) {
  return client
    .post(eventsPath(organizationId))
    .header('cookie', cookie)
    .header('idempotency-key', key)
    .json(body)
}

async function eventCount(organizationId: string) {
  const rows = await db.from('events').where('organization_id', organizationId).count('* as total')
  return Number(rows[0].total)
}

test.group('Events create with Idempotency-Key', (group) => {
  group.each.setup(() => resetDatabase())

  test('a retry with the same key and body gets the first answer; one event', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const body = { name: 'Gala', status: 'PLANNED', address: { city: 'Laval', country: 'CA' } }

    const first = await create(client, cookie, organization.id, 'key-1', body)
    first.assertStatus(201)
    // Renamed since: the retry still gets the first answer.
    await db.from('events').update({ name: 'Renamed' })

    // The same body, its members in another order.
    const retry = await create(client, cookie, organization.id, 'key-1', {
      address: { country: 'CA', city: 'Laval' },
      status: 'PLANNED',
      name: 'Gala',
    })
    retry.assertStatus(201)
    retry.assertBody(first.body())
    assert.equal(retry.header('etag'), first.header('etag'))
    assert.equal(await eventCount(organization.id), 1)

    // Another key is another request.
    const other = await create(client, cookie, organization.id, 'key-2', body)
    other.assertStatus(201)
    assert.notEqual(other.body().data.id, first.body().data.id)
    assert.equal(await eventCount(organization.id), 2)
  })

  test('the same key with another body is a 422 and creates nothing', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const first = await create(client, cookie, organization.id, 'key', { name: 'Gala' })
    first.assertStatus(201)

    for (const body of [{ name: 'Ball' }, { name: 'Gala', description: 'x' }]) {
      const response = await create(client, cookie, organization.id, 'key', body)
      response.assertStatus(422)
      response.assertBody(REUSED)
    }
    assert.equal(await eventCount(organization.id), 1)
  })

  test('keys belong to their caller', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const { cookie: colleagueCookie } = await signedInMember(client, organization)

    const mine = await create(client, cookie, organization.id, 'shared', { name: 'Gala' })
    const theirs = await create(client, colleagueCookie, organization.id, 'shared', {
      name: 'Gala',
    })
    mine.assertStatus(201)
    theirs.assertStatus(201)
    assert.notEqual(mine.body().data.id, theirs.body().data.id)
    assert.equal(await eventCount(organization.id), 2)
  })

  test('a retry while the first request runs is a 409; an abandoned one is taken over', async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const body = { name: 'Gala' }
    // The first request has claimed the key and not answered yet.
    await db.table('idempotency_keys').insert({
      user_id: user.id,
      key: 'running',
      request_hash: fingerprintOf(eventsPath(organization.id), body),
      claim: '01900000-0000-7000-8000-000000000001',
    })

    const response = await create(client, cookie, organization.id, 'running', body)
    response.assertStatus(409)
    response.assertBody(IN_PROGRESS)
    assert.equal(await eventCount(organization.id), 0)

    // Another body is still a reuse of the key.
    const reused = await create(client, cookie, organization.id, 'running', { name: 'Ball' })
    reused.assertStatus(422)
    reused.assertBody(REUSED)

    // A claim a minute old was left by a process that died mid-request.
    await db
      .from('idempotency_keys')
      .update({ created_at: db.raw(`now() - interval '61 seconds'`) })
    const retaken = await create(client, cookie, organization.id, 'running', body)
    retaken.assertStatus(201)
    assert.equal(await eventCount(organization.id), 1)
  })

  test('after 24 hours a key may be used again', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const first = await create(client, cookie, organization.id, 'daily', { name: 'Gala' })
    first.assertStatus(201)
    await db
      .from('idempotency_keys')
      .update({ created_at: db.raw(`now() - interval '24 hours 1 second'`) })

    const again = await create(client, cookie, organization.id, 'daily', { name: 'Other' })
    again.assertStatus(201)
    assert.notEqual(again.body().data.id, first.body().data.id)
    assert.equal(await eventCount(organization.id), 2)

    // The caller's expired keys are dropped when they next use a key.
    await db.from('idempotency_keys').update({ created_at: db.raw(`now() - interval '25 hours'`) })
    const next = await create(client, cookie, organization.id, 'next', { name: 'Next' })
    next.assertStatus(201)
    const keys = await db.from('idempotency_keys').select('key')
    assert.deepEqual(keys, [{ key: 'next' }])
  })

  test('a request that fails keeps no key, so its corrected retry can run', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    // Fails in the service, after the key was claimed: the postal code does not fit Canada.
    const failed = await create(client, cookie, organization.id, 'fix-me', {
      name: 'Gala',
      address: { city: 'Laval', country: 'CA', postalCode: '12345' },
    })
    failed.assertStatus(400)
    const keys = await db.from('idempotency_keys').count('* as total')
    assert.equal(Number(keys[0].total), 0)

    const fixed = await create(client, cookie, organization.id, 'fix-me', {
      name: 'Gala',
      address: { city: 'Laval', country: 'CA', postalCode: 'H7N 1A1' },
    })
    fixed.assertStatus(201)
    assert.equal(await eventCount(organization.id), 1)
  })

  test('a key must be 1-255 printable characters', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const cases: [string, object][] = [
      [
        'x'.repeat(256),
        fieldError(
          'idempotency_key',
          'maxLength',
          'The idempotency_key field must not be greater than 255 characters'
        ),
      ],
      [
        'tab\there',
        fieldError('idempotency_key', 'regex', 'The idempotency_key field format is invalid'),
      ],
    ]
    for (const [key, error] of cases) {
      const response = await create(client, cookie, organization.id, key, { name: 'Gala' })
      response.assertStatus(400)
      response.assertBody({ errors: [error] })
    }
    const longest = await create(client, cookie, organization.id, `${'~'.repeat(254)} `, {
      name: 'Gala',
    })
    longest.assertStatus(201)
    assert.equal(await eventCount(organization.id), 1)
  })

  test('two concurrent requests with one key create one event', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        [0, 1, 2].map(() =>
          create(client, cookie, organization.id, `together-${round}`, { name: `Gala ${round}` })
        )
      )
      const created = responses.filter((response) => response.status() === 201)
      assert.isAtLeast(created.length, 1)
      for (const response of responses) {
        if (response.status() === 201) {
          assert.equal(response.body().data.id, created[0].body().data.id)
        } else {
          response.assertStatus(409)
          response.assertBody(IN_PROGRESS)
        }
      }
      assert.equal(await eventCount(organization.id), round + 1)
    }
  })
})
