import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'
import { resetDatabase } from '#tests/helpers/database'

type Mistake = { case: string; environment: Record<string, string>; says: string }

const MISTAKES: Mistake[] = [
  {
    case: 'NEWSLETTER_CAPTCHA=altcha without a key',
    environment: { NEWSLETTER_CAPTCHA: 'altcha' },
    says: 'NEWSLETTER_ALTCHA_HMAC_KEY must be set',
  },
  {
    case: 'a key shorter than 32 characters',
    environment: { NEWSLETTER_CAPTCHA: 'altcha', NEWSLETTER_ALTCHA_HMAC_KEY: 'short-key' },
    says: 'NEWSLETTER_ALTCHA_HMAC_KEY must be set, at least 32 characters',
  },
  {
    case: 'an unknown captcha',
    environment: { NEWSLETTER_CAPTCHA: 'recaptcha' },
    says: 'NEWSLETTER_CAPTCHA',
  },
  {
    case: 'a difficulty of 0',
    environment: {
      NEWSLETTER_CAPTCHA: 'altcha',
      NEWSLETTER_ALTCHA_HMAC_KEY: 'a-key-of-at-least-thirty-two-characters',
      NEWSLETTER_ALTCHA_COST: '0',
    },
    says: 'NEWSLETTER_ALTCHA_COST must be a whole number from 1 to 2147483647',
  },
  {
    case: 'an address limit that is not one',
    environment: { NEWSLETTER_ADDRESS_LIMIT: '3 per day' },
    says: 'Invalid env variable "NEWSLETTER_ADDRESS_LIMIT": "3 per day" is not a limit',
  },
  {
    case: 'a domain limit of 0',
    environment: { NEWSLETTER_DOMAIN_LIMIT: '0/hour' },
    says: 'Invalid env variable "NEWSLETTER_DOMAIN_LIMIT": "0/hour" is not a limit',
  },
  {
    case: 'a trap named like the email',
    environment: { NEWSLETTER_HONEYPOT_FIELD: 'email' },
    says: 'Invalid env variable "NEWSLETTER_HONEYPOT_FIELD": "email"',
  },
]

/**
 * The subscribe form's switches are checked at boot (start/env.ts): a
 * mistake stops the server with one line naming the variable, instead of
 * a form that refuses everyone or protects nothing.
 */
test.group('Newsletter protections: the settings at boot', (group) => {
  let api: AppProcess | undefined
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  async function refusal(environment: Record<string, string>) {
    api = await AppProcess.production(environment)
    await api.start({ waitFor: 'nothing' })
    const code = await api.exited()
    return { code, output: api.output }
  }

  test('{case} stops the server, named')
    .with(MISTAKES)
    .run(async ({ assert }, { environment, says }) => {
      const { code, output } = await refusal(environment)

      assert.notEqual(code, 0)
      assert.include(output, says)
    })
    .timeout(60_000)

  test('the limits read as requests per period: 20/10 minutes, 3/day', async ({ assert }) => {
    api = await AppProcess.production({
      NEWSLETTER_ADDRESS_LIMIT: '3/day',
      NEWSLETTER_DOMAIN_LIMIT: '20/10 minutes',
      NEWSLETTER_HONEYPOT_FIELD: 'website',
    })
    await api.start()

    assert.isTrue(await api.answers('/health/ready'))
  }).timeout(60_000)

  test('a trap named like an inherited member (constructor) catches only bodies that fill it', async ({
    assert,
  }) => {
    await resetDatabase()
    api = await AppProcess.production({ NEWSLETTER_HONEYPOT_FIELD: 'constructor' })
    await api.start()

    const person = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'ann@example.com' })
    )
    const bot = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'bob@example.com', constructor: 'x' })
    )

    assert.equal(person.status, 201)
    assert.equal(bot.status, 201)
    const stored = await db.from('newsletter_contacts').select('email')
    assert.deepEqual(
      stored.map(({ email }) => email),
      ['ann@example.com']
    )
  }).timeout(60_000)
})
