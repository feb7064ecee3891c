import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { eventOf, eventsPath } from '#tests/helpers/events'
import { smtpLimits } from '#config/mail'

const SUBSCRIBED = { messages: [{ title: 'Successfully subscribed to the newsletter.' }] }

/** How long a request took, and what it answered. */
async function timed<T>(request: () => Promise<T>) {
  const started = Date.now()
  const result = await request()
  return { result, ms: Date.now() - started }
}

test.group('Faults: a slow or silent SMTP server', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  test('40 concurrent subscribes on a slow SMTP server leave every other route unaffected', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const event = await eventOf(organization)
    // Each message takes 1.5 s (under SMTP_TIMEOUT_MS): a route that waited on SMTP (a held
    // connection) would take at least as long.
    smtpServer.replyAfter(1500)

    const subscribes = Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        timed(() =>
          client.post('/newsletter/subscribe').json({ email: `reader${index}@example.com` })
        )
      )
    )
    // Meanwhile, a member reads an event and the monitor polls, again and again.
    const others: { status: number; ms: number }[] = []
    for (let round = 0; round < 15; round++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const read = await timed(() =>
        client.get(eventsPath(organization.id, event.id)).header('cookie', cookie)
      )
      const health = await timed(() => client.get('/health'))
      others.push({ status: read.result.status(), ms: read.ms })
      others.push({ status: health.result.status(), ms: health.ms })
    }
    const outcomes = await subscribes

    assert.isAbove(others.length, 10)
    for (const other of others) {
      assert.equal(other.status, 200)
      assert.isBelow(other.ms, 1000)
    }
    // At most the configured number of SMTP sessions at once.
    assert.isAtMost(smtpServer.peakSessions, smtpLimits.maxConnections)

    // Each subscribe is whole or nothing: 201 with a contact and an email, or 500 with neither.
    const stored = await db.from('newsletter_contacts').select('email', 'status')
    const delivered = new Set(smtpServer.received.flatMap((mail) => mail.to))
    outcomes.forEach(({ result }, index) => {
      const email = `reader${index}@example.com`
      const contact = stored.find((row) => row.email === email)
      if (result.status() === 201) {
        assert.deepEqual(result.body(), SUBSCRIBED)
        assert.equal(contact?.status, 'subscribed')
        assert.isTrue(delivered.has(email))
      } else {
        assert.equal(result.status(), 500)
        assert.equal(result.body().errors[0].code, 'common.server.internal')
        assert.isUndefined(contact)
        assert.isFalse(delivered.has(email))
      }
    })
    assert.isAtLeast(outcomes.filter(({ result }) => result.status() === 201).length, 10)
  }).timeout(60_000)

  test('a silent SMTP server fails the subscribe with 500 after SMTP_TIMEOUT_MS, and a retry succeeds', async ({
    client,
    db: dbAssert,
    assert,
  }) => {
    smtpServer.silence()

    const { result, ms } = await timed(() =>
      client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })
    )

    result.assertStatus(500)
    assert.equal(result.body().errors[0].code, 'common.server.internal')
    assert.isAtLeast(ms, smtpLimits.timeoutMs - 100)
    assert.isBelow(ms, smtpLimits.timeoutMs + 2000)
    await dbAssert.assertCount('newsletter_contacts', 0)

    smtpServer.reset()
    const retry = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })
    retry.assertStatus(201)
    await dbAssert.assertHas('newsletter_contacts', {
      email: 'ann@example.com',
      status: 'subscribed',
    })
    assert.lengthOf(smtpServer.received, 1)
  }).timeout(30_000)

  test('a contact left pending by a crash does not block a later subscribe', async ({
    client,
    db: dbAssert,
    assert,
  }) => {
    // What a process that died between creating the contact and sending leaves behind.
    await db.table('newsletter_contacts').insert({
      id: '0193e3b4-1c2d-7a8b-9c0d-1e2f3a4b5c6d',
      email: 'ann@example.com',
      status: 'pending',
      created_at: db.raw(`now() - interval '1 hour'`),
    })

    const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    response.assertStatus(201)
    await dbAssert.assertCount('newsletter_contacts', 1)
    await dbAssert.assertHas('newsletter_contacts', {
      email: 'ann@example.com',
      status: 'subscribed',
    })
    await dbAssert.assertMissing('newsletter_contacts', {
      id: '0193e3b4-1c2d-7a8b-9c0d-1e2f3a4b5c6d',
    })
    assert.lengthOf(smtpServer.received, 1)
  })

  test('a subscribe still in flight is a 409 for the same address', async ({ client, assert }) => {
    smtpServer.replyAfter(1000)

    // The API client sends when awaited: start the first request now.
    const first = (async () =>
      client.post('/newsletter/subscribe').json({ email: 'ann@example.com' }))()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const second = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    second.assertStatus(409)
    second.assertBody({
      errors: [{ message: 'Subscriber already exists', code: 'common.resource.conflict' }],
    })
    const firstResponse = await first
    firstResponse.assertStatus(201)
    assert.lengthOf(smtpServer.received, 1)
  })
})
