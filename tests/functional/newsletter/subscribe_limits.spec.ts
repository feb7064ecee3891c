import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { subscribeOn } from '#tests/helpers/newsletter'
import { smtpServer } from '#tests/helpers/smtp_server'
import { parseMetrics } from '#tests/helpers/metrics'

const SUBSCRIBED = { messages: [{ title: 'Successfully subscribed to the newsletter.' }] }
const CONFIRMATION_SENT = {
  messages: [{ title: 'Check your inbox to confirm your subscription.' }],
}
const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

async function contactEmails() {
  const rows = await db.from('newsletter_contacts').orderBy('email').select('email')
  return rows.map(({ email }) => email as string)
}

/**
 * An instance with 3 attempts a day per address and 5 an hour per domain
 * (and the trap field `website`), in the limiter's PostgreSQL store.
 */
test.group('Newsletter subscribe limits per address and per domain', (group) => {
  let api: AppProcess
  group.setup(async () => {
    api = await AppProcess.production({
      NODE_ENV: 'test',
      NEWSLETTER_ADDRESS_LIMIT: '3/day',
      NEWSLETTER_DOMAIN_LIMIT: '5/hour',
      NEWSLETTER_HONEYPOT_FIELD: 'website',
    })
    await api.start()
    return () => api.kill()
  })
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  const mailedTo = () => smtpServer.received.flatMap((mail) => mail.to).sort()

  async function rejections(limiter: string) {
    const response = await api.fetch('/metrics', {
      headers: { authorization: 'Bearer production-monitoring-secret' },
    })
    const sample = parseMetrics(await response.text()).find(
      ({ name, labels }) => name === 'rate_limit_rejections_total' && labels.limiter === limiter
    )
    return sample?.value ?? 0
  }

  test('past 3 attempts for one address: 429 with the limit’s headers, nothing stored or sent', async ({
    assert,
  }) => {
    const rejectedBefore = await rejections('newsletter_address_limit')
    // Subaddresses reach the same mailbox: they count as the address.
    for (const email of ['ann@example.com', 'ann+news@example.com', 'ann+deals@example.com']) {
      const answer = await subscribeOn(api, { email })
      assert.equal(answer.status, 201, email)
      assert.deepEqual(answer.body, SUBSCRIBED)
    }

    for (const email of ['ann+more@example.com', 'ANN@Example.com', 'ann@example.com']) {
      const answer = await subscribeOn(api, { email })
      assert.equal(answer.status, 429, email)
      assert.deepEqual(answer.body, TOO_MANY)
      assert.equal(answer.headers.get('x-ratelimit-limit'), '3')
      assert.equal(answer.headers.get('x-ratelimit-remaining'), '0')
      const retryAfter = Number(answer.headers.get('retry-after'))
      assert.isAbove(retryAfter, 86_000)
      assert.isAtMost(retryAfter, 86_400)
    }

    assert.deepEqual(await contactEmails(), [
      'ann+deals@example.com',
      'ann+news@example.com',
      'ann@example.com',
    ])
    assert.deepEqual(mailedTo(), await contactEmails())
    assert.equal(await rejections('newsletter_address_limit'), rejectedBefore + 3)
    // Another address of the domain is not limited.
    const other = await subscribeOn(api, { email: 'bob@example.com' })
    assert.equal(other.status, 201)
  })

  test('a subscribed address counts too: 409, 409, then 429', async ({ assert }) => {
    const statuses = []
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await subscribeOn(api, { email: 'ann@example.com' })
      statuses.push(answer.status)
    }

    assert.deepEqual(statuses, [201, 409, 409, 429])
    assert.lengthOf(smtpServer.received, 1)
  })

  test('past 5 attempts for one domain (any case): 429, nothing stored or sent', async ({
    assert,
  }) => {
    for (let reader = 1; reader <= 5; reader++) {
      const answer = await subscribeOn(api, { email: `reader${reader}@example.org` })
      assert.equal(answer.status, 201)
    }

    const answer = await subscribeOn(api, { email: 'reader6@EXAMPLE.org' })

    assert.equal(answer.status, 429)
    assert.deepEqual(answer.body, TOO_MANY)
    assert.equal(answer.headers.get('x-ratelimit-limit'), '5')
    assert.equal(answer.headers.get('x-ratelimit-remaining'), '0')
    assert.isAtMost(Number(answer.headers.get('retry-after')), 3600)
    assert.notInclude(await contactEmails(), 'reader6@example.org')
    assert.lengthOf(smtpServer.received, 5)
    // Another domain is not limited.
    const elsewhere = await subscribeOn(api, { email: 'reader6@example.net' })
    assert.equal(elsewhere.status, 201)
  })

  test('an address refused by its own limit spends nothing of its domain’s', async ({ assert }) => {
    for (let attempt = 1; attempt <= 10; attempt++)
      await subscribeOn(api, { email: 'ann@example.org' })

    const statuses = []
    for (let reader = 1; reader <= 4; reader++) {
      const answer = await subscribeOn(api, { email: `reader${reader}@example.org` })
      statuses.push(answer.status)
    }

    // ann's three counted attempts and two readers make the domain's five.
    assert.deepEqual(statuses, [201, 201, 429, 429])
  })

  test('dropped requests (the trap) and bad emails spend no budget', async ({ assert }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await subscribeOn(api, { email: 'ann@example.com', website: 'https://spam.example' })
      await subscribeOn(api, { email: 'ann@' })
    }

    const answer = await subscribeOn(api, { email: 'ann@example.com' })

    assert.equal(answer.status, 201)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('the limiter’s store holds no address and no domain, only keyed hashes', async ({
    assert,
  }) => {
    for (const email of ['ann@example.com', 'ann+news@example.com', 'bob@example.org']) {
      await subscribeOn(api, { email })
    }

    const rows = await db.from('rate_limits').select('key')
    const keys = rows.map(({ key }) => key as string)

    assert.lengthOf(keys, 4)
    for (const key of keys) {
      // A fixed name and an HMAC in base64url: no room for an `@` or a domain's dot.
      assert.match(key, /^rlflx:newsletter_(address|domain)_[\w-]{43}$/)
      assert.notInclude(key, 'example.')
    }
    // One key per mailbox (the subaddress is the address), one per domain.
    assert.lengthOf(
      keys.filter((key) => key.includes('newsletter_address_')),
      2
    )
    assert.lengthOf(
      keys.filter((key) => key.includes('newsletter_domain_')),
      2
    )
  })
})

/**
 * With double opt-in on, a limited address gets the same 202 as any other
 * and nothing is stored or sent (contract: the answer tells nothing).
 */
test.group('Newsletter subscribe limits in double opt-in', (group) => {
  let api: AppProcess
  group.setup(async () => {
    api = await AppProcess.production({
      NODE_ENV: 'test',
      NEWSLETTER_DOUBLE_OPT_IN: 'true',
      NEWSLETTER_ADDRESS_LIMIT: '2/day',
    })
    await api.start()
    return () => api.kill()
  })
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  async function dropped(reason: string) {
    const response = await api.fetch('/metrics', {
      headers: { authorization: 'Bearer production-monitoring-secret' },
    })
    const sample = parseMetrics(await response.text()).find(
      ({ name, labels }) => name === 'newsletter_dropped_total' && labels.reason === reason
    )
    return sample?.value ?? 0
  }

  test('past the limit: the same 202, no contact, no email, counted as dropped', async ({
    assert,
  }) => {
    const droppedBefore = await dropped('address_limit')
    const answers = []
    for (const email of ['ann+one@example.com', 'ann+two@example.com', 'ann+three@example.com']) {
      answers.push(await subscribeOn(api, { email }))
    }
    const bodies = answers.map((answer) => [answer.status, answer.body])
    assert.deepEqual(bodies, [
      [202, CONFIRMATION_SENT],
      [202, CONFIRMATION_SENT],
      [202, CONFIRMATION_SENT],
    ])
    assert.deepEqual(await contactEmails(), ['ann+one@example.com', 'ann+two@example.com'])
    assert.deepEqual(smtpServer.received.flatMap((mail) => mail.to).sort(), [
      'ann+one@example.com',
      'ann+two@example.com',
    ])
    assert.equal(await dropped('address_limit'), droppedBefore + 1)
  })
})
