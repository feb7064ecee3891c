import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { ContactProvider } from '#services/newsletter/contact_provider'
import { NewsletterLimitSwitch } from '#services/platform/rate_limits'
import { resetDatabase } from '#tests/helpers/database'
import { rawRequest } from '#tests/helpers/raw_request'
import { smtpServer } from '#tests/helpers/smtp_server'

const INVALID_EMAIL = {
  errors: [
    {
      field: 'email',
      message: 'The email field must be a valid email address',
      rule: 'email',
      code: 'input.email.email',
    },
  ],
}

class FailingContactProvider extends ContactProvider {
  constructor(private failure: unknown) {
    super()
  }
  async create(): Promise<string | null> {
    throw this.failure
  }
  async confirm() {}
  async remove() {}
  async find() {
    return null
  }
  async unsubscribe() {
    return false
  }
  async erase() {
    return false
  }
}

test.group('Newsletter subscribe', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => app.container.restoreAll())

  test('creates the contact and delivers the welcome email over SMTP', async ({
    client,
    db,
    assert,
  }) => {
    const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    response.assertStatus(201)
    response.assertBody({ messages: [{ title: 'Successfully subscribed to the newsletter.' }] })
    await db.assertHas('newsletter_contacts', { email: 'ann@example.com' })
    assert.lengthOf(smtpServer.received, 1)
    const [mail] = smtpServer.received
    assert.deepEqual(mail.to, ['ann@example.com'])
    assert.equal(mail.from, 'hello@events.test')
    assert.equal(mail.subject, 'Welcome to our newsletter')
    assert.include(mail.raw, 'Content-Type: text/plain')
    assert.include(mail.raw, 'Content-Type: text/html')
  })

  test('trims and lower-cases the email', async ({ client, db, assert }) => {
    const response = await client
      .post('/newsletter/subscribe')
      .json({ email: '  Ann@Example.COM ' })

    response.assertStatus(201)
    await db.assertHas('newsletter_contacts', { email: 'ann@example.com' })
    assert.deepEqual(smtpServer.received[0].to, ['ann@example.com'])
  })

  test('answers 409 for a subscriber who already exists, in any case', async ({
    client,
    db,
    assert,
  }) => {
    await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })
    const response = await client.post('/newsletter/subscribe').json({ email: 'Ann@Example.com' })

    response.assertStatus(409)
    response.assertBody({
      errors: [{ message: 'Subscriber already exists', code: 'common.resource.conflict' }],
    })
    await db.assertCount('newsletter_contacts', 1)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('answers 422 for {case}')
    .with([
      { case: 'a string that is no email', body: { email: 'not-an-email' } },
      { case: 'a domain-less email', body: { email: 'ann@' } },
      { case: 'an empty string', body: { email: '' } },
      { case: 'a number', body: { email: 42 } },
      { case: 'null', body: { email: null } },
      { case: 'an array', body: { email: ['ann@example.com'] } },
      { case: 'an empty object', body: {} },
      { case: 'another field', body: { mail: 'ann@example.com' } },
    ])
    .run(async ({ client, db }, { body }) => {
      const response = await client.post('/newsletter/subscribe').json(body)

      response.assertStatus(422)
      response.assertBody(INVALID_EMAIL)
      await db.assertCount('newsletter_contacts', 0)
    })

  test('answers 422 for a JSON body that is not an object: {$self}')
    .with(['[]', '"ann@example.com"', '42', 'null', 'true'])
    .run(async ({ assert }, raw) => {
      const response = await rawRequest('POST', '/newsletter/subscribe', raw)

      assert.equal(response.status, 422)
      assert.deepEqual(response.body, INVALID_EMAIL)
    })

  test('answers 400 for malformed JSON', async ({ assert }) => {
    const response = await rawRequest('POST', '/newsletter/subscribe', '{"email": ')

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [{ message: 'The request body is not valid JSON', code: 'input.body.invalid_json' }],
    })
  })

  test('answers 415 for a body that is not JSON', async ({ client }) => {
    const response = await client.post('/newsletter/subscribe').form({ email: 'ann@example.com' })

    response.assertStatus(415)
    response.assertBody({
      errors: [
        {
          message: 'Content-Type must be application/json',
          code: 'input.body.unsupported_media_type',
        },
      ],
    })
  })

  test('answers 413 for a body over the limit', async ({ client, db }) => {
    const response = await client
      .post('/newsletter/subscribe')
      .json({ email: 'ann@example.com', padding: 'x'.repeat(1024 * 1024 + 1) })

    response.assertStatus(413)
    response.assertBody({
      errors: [{ message: 'The request body is too large', code: 'input.body.too_large' }],
    })
    await db.assertCount('newsletter_contacts', 0)
  })

  test('answers 500 with the SMTP error and keeps no contact when delivery fails', async ({
    client,
    db,
    assert,
  }) => {
    smtpServer.rejectWith('Mailbox unavailable')

    const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    response.assertStatus(500)
    const [error] = response.body().errors
    assert.equal(error.code, 'common.server.internal')
    assert.include(error.message, 'Mailbox unavailable')
    assert.lengthOf(response.body().errors, 1)
    await db.assertCount('newsletter_contacts', 0)

    smtpServer.reset()
    const retry = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })
    retry.assertStatus(201)
    await db.assertCount('newsletter_contacts', 1)
  })

  test('answers 500 with the provider message when creating the contact throws an Error', async ({
    client,
    db,
    assert,
  }) => {
    app.container.swap(
      ContactProvider,
      () => new FailingContactProvider(new Error('Audience unavailable'))
    )

    const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    response.assertStatus(500)
    response.assertBody({
      errors: [{ message: 'Audience unavailable', code: 'common.server.internal' }],
    })
    await db.assertCount('newsletter_contacts', 0)
    assert.lengthOf(smtpServer.received, 0)
  })

  test('answers 500 with the constant message when the provider throws something else', async ({
    client,
  }) => {
    app.container.swap(ContactProvider, () => new FailingContactProvider('timeout'))

    const response = await client.post('/newsletter/subscribe').json({ email: 'ann@example.com' })

    response.assertStatus(500)
    response.assertBody({
      errors: [
        { message: 'Failed to subscribe to the newsletter.', code: 'common.server.internal' },
      ],
    })
  })

  test('20 concurrent subscriptions of one email give one 201, one contact, one email', async ({
    client,
    db,
    assert,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/newsletter/subscribe').json({ email: 'race@example.com' })
      )
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, ...Array(19).fill(409)])
    await db.assertCount('newsletter_contacts', 1)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('allows 30 requests per IP per minute, then answers 429', async ({ client, assert }) => {
    app.container.swap(NewsletterLimitSwitch, () => new NewsletterLimitSwitch(true))
    try {
      for (let attempt = 1; attempt <= 30; attempt++) {
        const response = await client
          .post('/newsletter/subscribe')
          .json({ email: `reader${attempt}@example.com` })
        response.assertStatus(201)
      }
      const response = await client
        .post('/newsletter/subscribe')
        .json({ email: 'late@example.com' })

      response.assertStatus(429)
      response.assertBody({
        errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
      })
      response.assertHeader('x-ratelimit-limit', '30')
      response.assertHeader('x-ratelimit-remaining', '0')
      assert.isAbove(Number(response.header('retry-after')), 0)
    } finally {
      app.container.restore(NewsletterLimitSwitch)
    }
  })

  test('is not throttled in tests', async ({ client }) => {
    for (let attempt = 1; attempt <= 35; attempt++) {
      const response = await client.post('/newsletter/subscribe').json({ email: 'nope' })
      response.assertStatus(422)
    }
  })
})
