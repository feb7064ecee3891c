import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import NewsletterErase from '#commands/newsletter_erase'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { subscribe, unsubscribePath } from '#tests/helpers/newsletter'

async function erase(email: string) {
  const command = await ace.create(NewsletterErase, [email])
  await command.exec()
  return command
}

async function erasureHashes() {
  const rows = await db.from('newsletter_erasures').select('email_hash')
  return rows.map((row) => row.email_hash as string)
}

test.group('Newsletter erase (node ace newsletter:erase)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.setup(() => ace.ui.switchMode('raw'))
  group.teardown(() => ace.ui.switchMode('normal'))

  test('removes the contact and its consent record, and keeps only a keyed one-way hash', async ({
    client,
    db: database,
    assert,
  }) => {
    const subscribed = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Mozilla/5.0')
      .json({ email: 'ann@example.com' })
    subscribed.assertStatus(201)
    await subscribe(client, 'bob@example.com')
    const link = unsubscribePath(smtpServer.received[0])

    const command = await erase('  Ann@Example.com ')

    command.assertSucceeded()
    command.assertLog(
      '[ green(success) ] Erased ann@example.com: contact and consent record removed, one-way hash kept'
    )
    await database.assertMissing('newsletter_contacts', { email: 'ann@example.com' })
    await database.assertHas('newsletter_contacts', { email: 'bob@example.com' })
    const hashes = await erasureHashes()
    assert.deepEqual(hashes, [encryption.blindIndex('ann@example.com', 'newsletter-erasure')])
    assert.notInclude(hashes[0], 'ann')

    // Its unsubscribe link now names no one.
    const response = await client.post(link)
    response.assertStatus(400)
    assert.equal(response.body().errors[0].code, 'input.token.invalid')
  })

  test('then the address can subscribe anew: 201, a new email, a new consent', async ({
    client,
    assert,
  }) => {
    await subscribe(client, 'ann@example.com')
    await erase('ann@example.com')

    const response = await client
      .post('/newsletter/subscribe')
      .header('referer', 'https://events.example/comeback')
      .json({ email: 'ann@example.com' })

    response.assertStatus(201)
    assert.lengthOf(smtpServer.received, 2)
    const contact = await db
      .from('newsletter_contacts')
      .where('email', 'ann@example.com')
      .firstOrFail()
    assert.equal(contact.status, 'subscribed')
    assert.equal(contact.consent_referer, 'https://events.example/comeback')
    // Erasing again replaces the hash; it never piles up.
    await erase('ann@example.com')
    assert.lengthOf(await erasureHashes(), 1)
  })

  test('keeps the hash of an address it does not know, so it is not mailed', async ({ assert }) => {
    const command = await erase('carol@example.com')

    command.assertSucceeded()
    command.assertLog(
      '[ green(success) ] No contact for carol@example.com; its one-way hash is kept so it is not mailed'
    )
    assert.deepEqual(await erasureHashes(), [
      encryption.blindIndex('carol@example.com', 'newsletter-erasure'),
    ])
  })

  test('refuses what is not an email address', async ({ assert }) => {
    const command = await erase('not-an-email')

    command.assertFailed()
    command.assertLog('[ red(error) ] Not an email address: not-an-email', 'stderr')
    assert.lengthOf(await erasureHashes(), 0)
  })
})
