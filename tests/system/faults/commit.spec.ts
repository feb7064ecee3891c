import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { eventOf, eventsPath, storedEvent } from '#tests/helpers/events'

const DOOMED = 'refused at commit'

/**
 * A deferred constraint trigger on `table`: statements succeed, then COMMIT
 * fails for every row written that matches `condition` (SQL on NEW), as a
 * deferred constraint or a connection lost at commit would. Returns the cleanup.
 */
async function failCommitsOf(table: string, condition = `NEW.name = '${DOOMED}'`) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION refuse_at_commit() RETURNS trigger AS $$
    BEGIN
      IF ${condition} THEN
        RAISE EXCEPTION 'commit refused by a deferred constraint';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await db.rawQuery(`
    CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT OR UPDATE ON ${table}
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`)
  return async () => {
    await db.rawQuery(`DROP TRIGGER IF EXISTS refuse_at_commit ON ${table}`)
    await db.rawQuery('DROP FUNCTION IF EXISTS refuse_at_commit()')
  }
}

test.group('Faults: a COMMIT that fails', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('creating an event answers 500 and stores nothing', async ({ client, db: dbAssert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const cleanup = await failCommitsOf('events')
    try {
      const response = await client
        .post(eventsPath(organization.id))
        .header('cookie', cookie)
        .json({ name: DOOMED, address: { city: 'Ottawa' } })

      response.assertStatus(500)
      response.assertBody({
        errors: [{ message: 'Failed to create event', code: 'common.server.internal' }],
      })
      await dbAssert.assertCount('events', 0)
      await dbAssert.assertCount('event_addresses', 0)
    } finally {
      await cleanup()
    }
  })

  test('updating an event answers 500 and changes nothing', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization, { name: 'Before' })
    const before = await storedEvent(event.id)
    const cleanup = await failCommitsOf('events')
    try {
      const response = await client
        .patch(eventsPath(organization.id, event.id))
        .header('cookie', cookie)
        .json({ name: DOOMED, metadata: { category: 'wedding' } })

      response.assertStatus(500)
      assert.equal(response.body().errors[0].code, 'common.server.internal')
      assert.deepEqual(await storedEvent(event.id), before)
    } finally {
      await cleanup()
    }
  })

  test('creating an organization answers 500 and stores nothing', async ({
    client,
    db: dbAssert,
  }) => {
    const { cookie } = await memberWithOrganization(client)
    const cleanup = await failCommitsOf('organizations')
    try {
      const response = await client.post('/organizations').header('cookie', cookie).json({
        name: DOOMED,
      })

      response.assertStatus(500)
      await dbAssert.assertMissing('organizations', { name: DOOMED })
    } finally {
      await cleanup()
    }
  })

  test('a subscribe whose contact is not committed answers 500 and sends nothing', async ({
    client,
    db: dbAssert,
    assert,
  }) => {
    const cleanup = await failCommitsOf('newsletter_contacts', 'true')
    try {
      const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

      response.assertStatus(500)
      assert.equal(response.body().errors[0].code, 'common.server.internal')
      await dbAssert.assertCount('newsletter_contacts', 0)
      assert.lengthOf(smtpServer.received, 0)
    } finally {
      await cleanup()
    }
  })
})
