import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { v7 as uuidv7 } from 'uuid'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  mailBody,
  mailHeaders,
  subscribe,
  unsubscribePath,
  unsubscribeUrl,
} from '#tests/helpers/newsletter'

const UNSUBSCRIBED = { messages: [{ title: 'You have been unsubscribed from the newsletter.' }] }
const INVALID_TOKEN = {
  errors: [
    {
      field: 'token',
      message: 'The unsubscribe link is invalid',
      rule: 'invalid',
      code: 'input.token.invalid',
    },
  ],
}

function contactOf(email: string) {
  return db.from('newsletter_contacts').where('email', email).firstOrFail()
}

async function statusOf(email: string) {
  const contact = await contactOf(email)
  return contact.status as string
}

/** Subscribes `email` and answers its welcome email's unsubscribe path. */
async function subscribed(client: Parameters<typeof subscribe>[0], email = 'ann@example.com') {
  const response = await subscribe(client, email)
  response.assertStatus(201)
  return unsubscribePath(smtpServer.received.at(-1)!)
}

test.group('Newsletter unsubscribe', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  test('the welcome email carries RFC 8058 one-click unsubscribe and shows the link', async ({
    client,
    assert,
  }) => {
    await subscribed(client)

    const [mail] = smtpServer.received
    const headers = mailHeaders(mail)
    const url = unsubscribeUrl(mail)
    assert.equal(
      `${url.origin}${url.pathname}`,
      `http://localhost:${process.env.PORT}/newsletter/unsubscribe`
    )
    assert.deepEqual([...url.searchParams.keys()], ['token'])
    assert.equal(headers.get('list-unsubscribe'), `<${url.href}>`)
    assert.equal(headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click')
    const token = url.searchParams.get('token')!
    assert.isAbove(token.length, 40)
    assert.notInclude(token, 'ann')
    assert.notInclude(Buffer.from(token, 'base64url').toString('latin1'), 'ann@example.com')

    const body = mailBody(mail)
    const [text, html] = body.split(/Content-Type: text\/html/)
    assert.include(text, `To unsubscribe, open this link: ${url.href}`)
    assert.include(html, `<a href="${url.href}">Unsubscribe</a>`)
  })

  test('POST with the one-click body unsubscribes, and again answers the same 200', async ({
    client,
    assert,
  }) => {
    const path = await subscribed(client)

    const response = await client.post(path).form({ 'List-Unsubscribe': 'One-Click' })

    response.assertStatus(200)
    response.assertBody(UNSUBSCRIBED)
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'unsubscribed')
    assert.equal(contact.unsubscribed_via, 'one_click')
    assert.instanceOf(contact.unsubscribed_at, Date)

    const again = await client.post(path).form({ 'List-Unsubscribe': 'One-Click' })
    again.assertStatus(200)
    again.assertBody(UNSUBSCRIBED)
    const after = await contactOf('ann@example.com')
    assert.equal(after.status, 'unsubscribed')
    assert.deepEqual(after.unsubscribed_at, contact.unsubscribed_at)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('POST without a body unsubscribes through the link', async ({ client, assert }) => {
    const path = await subscribed(client)

    const response = await client.post(path)

    response.assertStatus(200)
    response.assertBody(UNSUBSCRIBED)
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'unsubscribed')
    assert.equal(contact.unsubscribed_via, 'link')
  })

  test('POST with the one-click body as multipart/form-data unsubscribes too', async ({
    client,
    assert,
  }) => {
    const path = await subscribed(client)

    const response = await client.post(path).field('List-Unsubscribe', 'One-Click')

    response.assertStatus(200)
    response.assertBody(UNSUBSCRIBED)
    assert.equal(await statusOf('ann@example.com'), 'unsubscribed')
  })

  test('GET answers a self-contained page whose button posts the form, and changes nothing', async ({
    client,
    assert,
  }) => {
    const path = await subscribed(client)

    const response = await client.get(path).header('accept', 'text/html,*/*;q=0.8')

    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/html; charset=utf-8/)
    const page = response.text()
    assert.include(page, '<p>Unsubscribe a***@example.com from the newsletter?</p>')
    assert.match(page, /<form method="post">\s*<button type="submit">Unsubscribe<\/button>/)
    assert.notMatch(page, /<script|<link|<img|style=|src=|https?:/i)
    assert.notInclude(page, 'ann@example.com')
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
  })

  test('GET answers JSON when asked for JSON: the masked email and whether subscribed', async ({
    client,
  }) => {
    const path = await subscribed(client)

    const before = await client.get(path).header('accept', 'application/json')
    before.assertStatus(200)
    before.assertBody({ data: { email: 'a***@example.com', subscribed: true } })

    await client.post(path)
    const after = await client.get(path).header('accept', 'application/json')
    after.assertStatus(200)
    after.assertBody({ data: { email: 'a***@example.com', subscribed: false } })
  })

  test('answers 400 for a {case} token, on GET and POST, and changes nothing')
    .with([
      {
        case: 'tampered',
        token: (valid: string) => `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
      },
      { case: 'truncated', token: (valid: string) => valid.slice(0, -10) },
      // Well formed and authentic, but naming no contact (never issued, or erased since).
      {
        case: 'unknown',
        token: () => encryption.encrypt(uuidv7(), undefined, 'newsletter-unsubscribe'),
      },
      // Another purpose's ciphertext for the same contact.
      { case: 'foreign', token: () => encryption.encrypt('x', undefined, 'other') },
      { case: 'garbage', token: () => 'not-a-token' },
      { case: 'empty', token: () => '' },
    ])
    .run(async ({ client, assert }, { token }) => {
      const path = await subscribed(client)
      const valid = new URLSearchParams(path.split('?')[1]).get('token')!
      const bad = `/newsletter/unsubscribe?token=${encodeURIComponent(token(valid))}`

      const post = await client.post(bad).form({ 'List-Unsubscribe': 'One-Click' })
      post.assertStatus(400)
      post.assertBody(INVALID_TOKEN)
      const get = await client.get(bad).header('accept', 'application/json')
      get.assertStatus(400)
      get.assertBody(INVALID_TOKEN)
      assert.equal(await statusOf('ann@example.com'), 'subscribed')
    })

  test('answers 400 without a token', async ({ client }) => {
    const post = await client.post('/newsletter/unsubscribe')
    post.assertStatus(400)
    post.assertBody(INVALID_TOKEN)
    const get = await client.get('/newsletter/unsubscribe?token=a&token=b')
    get.assertStatus(400)
    get.assertBody(INVALID_TOKEN)
  })

  test('two concurrent unsubscribes both answer 200 and record one unsubscribe', async ({
    client,
    assert,
  }) => {
    const path = await subscribed(client)

    const responses = await Promise.all([
      client.post(path).form({ 'List-Unsubscribe': 'One-Click' }),
      client.post(path),
    ])

    for (const response of responses) {
      response.assertStatus(200)
      response.assertBody(UNSUBSCRIBED)
    }
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'unsubscribed')
    assert.oneOf(contact.unsubscribed_via, ['one_click', 'link'])
    await db
      .from('newsletter_contacts')
      .count('* as total')
      .then(([{ total }]) => {
        assert.equal(Number(total), 1)
      })
  })

  test('has its own generous limit per IP, apart from the subscribe limit', async ({ client }) => {
    const path = await subscribed(client)

    const response = await client.get(path).header('accept', 'application/json')

    response.assertStatus(200)
    response.assertHeader('x-ratelimit-limit', '300')
    response.assertHeader('x-ratelimit-remaining', '299')
  })

  test('accepts any body: only the token matters', async ({ client }) => {
    const path = await subscribed(client)

    const response = await client.post(path).json({ anything: true })

    response.assertStatus(200)
    response.assertBody(UNSUBSCRIBED)
  })
})

test.group('Newsletter re-subscribe and consent', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  test('records the consent: when, IP, user agent, Origin and Referer, and how it left', async ({
    client,
    assert,
  }) => {
    const before = new Date()
    const response = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Mozilla/5.0 (consent test)')
      .header('origin', 'https://events.example')
      .header('referer', 'https://events.example/blog/launch')
      .json({ email: 'ann@example.com' })
    response.assertStatus(201)

    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'subscribed')
    assert.equal(contact.consent_ip, '127.0.0.1')
    assert.equal(contact.consent_user_agent, 'Mozilla/5.0 (consent test)')
    assert.equal(contact.consent_origin, 'https://events.example')
    assert.equal(contact.consent_referer, 'https://events.example/blog/launch')
    assert.isAtLeast(contact.consented_at.getTime(), before.getTime() - 1000)
    assert.isNull(contact.unsubscribed_at)
    assert.isNull(contact.unsubscribed_via)

    await client
      .post(unsubscribePath(smtpServer.received[0]))
      .form({ 'List-Unsubscribe': 'One-Click' })

    // The consent record outlives the unsubscribe.
    const after = await contactOf('ann@example.com')
    assert.equal(after.status, 'unsubscribed')
    assert.equal(after.unsubscribed_via, 'one_click')
    assert.isAtLeast(after.unsubscribed_at.getTime(), contact.consented_at.getTime())
    assert.deepEqual(after.consented_at, contact.consented_at)
    assert.equal(after.consent_user_agent, 'Mozilla/5.0 (consent test)')
    assert.equal(after.consent_referer, 'https://events.example/blog/launch')
  })

  test('keeps an over-long user agent to its column instead of refusing the subscriber', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'x'.repeat(5000))
      .json({ email: 'ann@example.com' })

    response.assertStatus(201)
    const contact = await contactOf('ann@example.com')
    assert.lengthOf(contact.consent_user_agent, 512)
  })

  test('after an unsubscribe the address subscribes again: 201, a new email, a new consent', async ({
    client,
    assert,
  }) => {
    const firstLink = await subscribed(client)
    const first = await contactOf('ann@example.com')
    const left = await client.post(firstLink)
    left.assertStatus(200)

    const again = await client
      .post('/newsletter/subscribe')
      .header('referer', 'https://events.example/again')
      .json({ email: 'Ann@Example.com' })

    again.assertStatus(201)
    again.assertBody({ messages: [{ title: 'Successfully subscribed to the newsletter.' }] })
    assert.lengthOf(smtpServer.received, 2)
    assert.deepEqual(smtpServer.received[1].to, ['ann@example.com'])
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.id, first.id)
    assert.equal(contact.status, 'subscribed')
    assert.equal(contact.consent_referer, 'https://events.example/again')
    assert.isAbove(contact.consented_at.getTime(), first.consented_at.getTime())
    assert.isNull(contact.unsubscribed_at)

    // 409 only while subscribed.
    const duplicate = await subscribe(client, 'ann@example.com')
    duplicate.assertStatus(409)
    assert.lengthOf(smtpServer.received, 2)

    // The new email has its own link; the old one still unsubscribes the same contact.
    assert.notEqual(unsubscribePath(smtpServer.received[1]), firstLink)
    const oldLink = await client.post(firstLink)
    oldLink.assertBody(UNSUBSCRIBED)
    assert.equal(await statusOf('ann@example.com'), 'unsubscribed')
  })

  test('a re-subscribe whose email fails answers 500 and leaves the contact unsubscribed as it was', async ({
    client,
    assert,
  }) => {
    const link = await subscribed(client)
    await client.post(link).form({ 'List-Unsubscribe': 'One-Click' })
    const unsubscribed = await contactOf('ann@example.com')
    smtpServer.rejectWith('Mailbox unavailable')

    const response = await subscribe(client, 'ann@example.com')

    response.assertStatus(500)
    // created_at is the pending attempt's clock (crash takeover); the rest is as it was.
    const after = await contactOf('ann@example.com')
    assert.deepEqual({ ...after, created_at: null }, { ...unsubscribed, created_at: null })

    smtpServer.reset()
    const retry = await subscribe(client, 'ann@example.com')
    retry.assertStatus(201)
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
  })

  test('concurrent re-subscribes give one 201 and one email', async ({ client, assert }) => {
    const link = await subscribed(client)
    await client.post(link)
    smtpServer.reset()

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => subscribe(client, 'ann@example.com'))
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, ...Array(9).fill(409)])
    assert.lengthOf(smtpServer.received, 1)
  })
})
