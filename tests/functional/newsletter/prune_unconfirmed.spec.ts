import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import { v7 as uuidv7 } from 'uuid'
import NewsletterPruneUnconfirmed from '#commands/newsletter_prune_unconfirmed'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { withTestClock } from '#tests/helpers/two_factor'
import { confirmationTokenOf, unsubscribePath, withDoubleOptIn } from '#tests/helpers/newsletter'

async function prune() {
  const command = await ace.create(NewsletterPruneUnconfirmed, [])
  await command.exec()
  return command
}

/** Subscribes `email` (double opt-in) and answers its confirmation link's token. */
async function requested(client: ApiClient, email: string) {
  const response = await client.post('/newsletter/subscribe').json({ email })
  response.assertStatus(202)
  return confirmationTokenOf(smtpServer.received.at(-1)!)
}

async function statuses() {
  const rows = await db.from('newsletter_contacts').select('email', 'status').orderBy('email')
  return Object.fromEntries(rows.map((row) => [row.email, row.status]))
}

test.group('Newsletter prune unconfirmed (node ace newsletter:prune-unconfirmed)', (group) => {
  const time = withTestClock(group)
  const doubleOptIn = withDoubleOptIn(group)
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.setup(() => ace.ui.switchMode('raw'))
  group.teardown(() => ace.ui.switchMode('normal'))

  test('removes only the unconfirmed contacts whose last link has expired', async ({
    client,
    assert,
  }) => {
    // Day 0: one never confirmed, one confirmed, one that left, one that left and was re-submitted.
    const stale = await requested(client, 'stale@example.com')
    const token = await requested(client, 'reader@example.com')
    await client.post('/newsletter/confirm').json({ token })
    await client
      .post('/newsletter/confirm')
      .json({ token: await requested(client, 'left@example.com') })
    await client.post(unsubscribePath(smtpServer.received.at(-1)!))
    await client
      .post('/newsletter/confirm')
      .json({ token: await requested(client, 'comeback@example.com') })
    await client.post(unsubscribePath(smtpServer.received.at(-1)!))
    time.clock.advance(600)
    await requested(client, 'comeback@example.com')
    const comebackBefore = await db
      .from('newsletter_contacts')
      .where('email', 'comeback@example.com')
      .firstOrFail()
    await requested(client, 'resent@example.com')
    // A single opt-in sign-up under way (or abandoned) is not double opt-in's to prune.
    await db.table('newsletter_contacts').insert({
      id: uuidv7(),
      email: 'pending@example.com',
      status: 'pending',
      created_at: new Date(Date.now() - 30 * 86_400_000),
    })
    // Day 3: a second link for one; day 6: a new one.
    time.clock.advance(3 * 86_400)
    await requested(client, 'resent@example.com')
    time.clock.advance(3 * 86_400)
    await requested(client, 'fresh@example.com')
    // Seven days and a second after day 0's last links (10 minutes in).
    time.clock.advance(86_400 + 1)

    const command = await prune()

    command.assertSucceeded()
    command.assertLog(
      "[ green(success) ] Removed 1 unconfirmed contact past the confirmation link's lifetime; 1 that had unsubscribed before is unsubscribed again"
    )
    assert.deepEqual(await statuses(), {
      'comeback@example.com': 'unsubscribed',
      'fresh@example.com': 'unconfirmed',
      'left@example.com': 'unsubscribed',
      'pending@example.com': 'pending',
      'reader@example.com': 'subscribed',
      'resent@example.com': 'unconfirmed',
    })
    // The one that came back keeps the record of its consent and of its opt-out.
    const comeback = await db
      .from('newsletter_contacts')
      .where('email', 'comeback@example.com')
      .firstOrFail()
    assert.isNull(comeback.confirmation_request)
    for (const column of ['consented_at', 'consent_method', 'confirmed_at', 'unsubscribed_at']) {
      assert.deepEqual(comeback[column], comebackBefore[column], column)
    }
    // A pruned contact's link names no one.
    const response = await client.post('/newsletter/confirm').json({ token: stale })
    response.assertStatus(400)

    const again = await prune()
    again.assertLog(
      "[ green(success) ] Removed 0 unconfirmed contacts past the confirmation link's lifetime"
    )
    assert.lengthOf(await db.from('newsletter_contacts'), 6)
  })

  test('a shorter lifetime prunes sooner', async ({ client, assert }) => {
    await requested(client, 'ann@example.com')
    time.clock.advance(3 * 3600)
    const kept = await prune()
    kept.assertLog(
      "[ green(success) ] Removed 0 unconfirmed contacts past the confirmation link's lifetime"
    )

    doubleOptIn.lifetime(2 * 3600_000)
    const removed = await prune()

    removed.assertLog(
      "[ green(success) ] Removed 1 unconfirmed contact past the confirmation link's lifetime"
    )
    assert.lengthOf(await db.from('newsletter_contacts'), 0)
  })
})
