import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { recordQueries } from '#tests/helpers/queries'
import { eventOf, eventsPath, storedEvent } from '#tests/helpers/events'

const PRECONDITION_FAILED = {
  errors: [
    {
      message: 'The resource has changed since the version named in If-Match',
      code: 'common.resource.precondition_failed',
    },
  ],
}
const ENTITY_TAG = /^"\d+"$/

async function etagOf(request: PromiseLike<{ header: (name: string) => string | undefined }>) {
  const response = await request
  return response.header('etag') as string
}

async function storedName(eventId: string) {
  const stored = await storedEvent(eventId)
  return stored.name
}

test.group('Events versions (ETag, If-Match, If-None-Match)', (group) => {
  group.each.setup(() => resetDatabase())

  test('create, get and patch carry an ETag that changes whenever the event changes', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const created = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Gala' })
    created.assertStatus(201)
    const path = eventsPath(organization.id, created.body().data.id)
    const createdTag = created.header('etag') as string
    assert.match(createdTag, ENTITY_TAG)

    const read = await client.get(path).header('cookie', cookie)
    read.assertStatus(200)
    assert.equal(read.header('etag'), createdTag)

    const patched = await client.patch(path).header('cookie', cookie).json({ name: 'Ball' })
    patched.assertStatus(200)
    const patchedTag = patched.header('etag') as string
    assert.match(patchedTag, ENTITY_TAG)
    assert.notEqual(patchedTag, createdTag)

    // An address-only change is a change of the event.
    const moved = await client
      .patch(path)
      .header('cookie', cookie)
      .json({ address: { city: 'Laval' } })
    moved.assertStatus(200)
    assert.notEqual(moved.header('etag'), patchedTag)

    const reread = await client.get(path).header('cookie', cookie)
    assert.equal(reread.header('etag'), moved.header('etag'))
  })

  test('GET with a matching If-None-Match answers 304 without a body', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const path = eventsPath(organization.id, event.id)
    const etag = await etagOf(client.get(path).header('cookie', cookie))

    for (const header of [etag, `W/${etag}`, `"0", ${etag}`, '*']) {
      const response = await client
        .get(path)
        .header('cookie', cookie)
        .header('if-none-match', header)
      response.assertStatus(304)
      assert.equal(response.text(), '')
      assert.equal(response.header('etag'), etag)
    }

    await client.patch(path).header('cookie', cookie).json({ name: 'Changed' })
    const stale = await client.get(path).header('cookie', cookie).header('if-none-match', etag)
    stale.assertStatus(200)
    assert.equal(stale.body().data.name, 'Changed')
    assert.notEqual(stale.header('etag'), etag)
  })

  test('PATCH with a stale If-Match is a 412 and changes nothing', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { name: 'Original' })
    const path = eventsPath(organization.id, event.id)
    const etag = await etagOf(client.get(path).header('cookie', cookie))
    await db.from('events').where('id', event.id).update({ description: 'changed by someone else' })
    const before = await storedEvent(event.id)

    for (const header of [etag, '"0"', 'not-a-tag']) {
      const response = await client
        .patch(path)
        .header('cookie', cookie)
        .header('if-match', header)
        .json({ name: 'Mine', address: { city: 'Laval' } })
      response.assertStatus(412)
      response.assertBody(PRECONDITION_FAILED)
    }
    assert.deepEqual(await storedEvent(event.id), before)
  })

  test('PATCH with the current If-Match (or *) applies', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const path = eventsPath(organization.id, event.id)
    const etag = await etagOf(client.get(path).header('cookie', cookie))

    // If-Match compares strongly: the weak form of the current tag does not match.
    const weak = await client
      .patch(path)
      .header('cookie', cookie)
      .header('if-match', `W/${etag}`)
      .json({ name: 'Weak' })
    weak.assertStatus(412)
    weak.assertBody(PRECONDITION_FAILED)

    using queries = recordQueries()
    const response = await client
      .patch(path)
      .header('cookie', cookie)
      .header('if-match', etag)
      .json({ name: 'Mine' })
    response.assertStatus(200)
    assert.isAtMost(queries.statements.length, 5, queries.statements.join('\n'))
    assert.equal(await storedName(event.id), 'Mine')

    const any = await client
      .patch(path)
      .header('cookie', cookie)
      .header('if-match', '*')
      .json({ name: 'Any' })
    any.assertStatus(200)
    assert.equal(await storedName(event.id), 'Any')
  })

  test('two concurrent PATCHes with one ETag: one 200, one 412, one change stored', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { name: 'Original' })
    const path = eventsPath(organization.id, event.id)

    for (let round = 0; round < 5; round++) {
      const etag = await etagOf(client.get(path).header('cookie', cookie))
      const responses = await Promise.all(
        ['Alice', 'Bob'].map((name) =>
          client.patch(path).header('cookie', cookie).header('if-match', etag).json({ name })
        )
      )
      const statuses = responses.map((response) => response.status()).sort()
      assert.deepEqual(statuses, [200, 412])
      const winner = responses.find((response) => response.status() === 200)!
      const loser = responses.find((response) => response.status() === 412)!
      loser.assertBody(PRECONDITION_FAILED)
      assert.equal(await storedName(event.id), winner.body().data.name)
      const current = await etagOf(client.get(path).header('cookie', cookie))
      assert.equal(current, winner.header('etag'))
    }
  })

  test('GET and PATCH keep their round-trip budgets with the conditional headers', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    const path = eventsPath(organization.id, event.id)
    const etag = await etagOf(client.get(path).header('cookie', cookie))

    {
      using queries = recordQueries()
      const response = await client.get(path).header('cookie', cookie).header('if-none-match', etag)
      response.assertStatus(304)
      assert.isAtMost(queries.statements.length, 3, queries.statements.join('\n'))
    }
    {
      using queries = recordQueries()
      const response = await client
        .patch(path)
        .header('cookie', cookie)
        .header('if-match', '"0"')
        .json({ name: 'x' })
      response.assertStatus(412)
      assert.isAtMost(queries.statements.length, 5, queries.statements.join('\n'))
    }
  })
})
