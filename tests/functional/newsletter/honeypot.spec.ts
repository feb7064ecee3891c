import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { subscribeOn } from '#tests/helpers/newsletter'
import { smtpServer } from '#tests/helpers/smtp_server'
import { parseMetrics } from '#tests/helpers/metrics'
import { ALTCHA_ENV, solvedBy } from '#tests/helpers/altcha'

const SUBSCRIBED = { messages: [{ title: 'Successfully subscribed to the newsletter.' }] }

async function contacts() {
  const [{ n }] = await db.from('newsletter_contacts').count('* as n')
  return Number(n)
}

/**
 * An instance with the trap field `website` and the proof of work on: the
 * trap is checked first, so a bot that fills it learns nothing, not even
 * that a proof was due.
 */
test.group('Newsletter subscribe with a honeypot field', (group) => {
  let api: AppProcess
  group.setup(async () => {
    api = await AppProcess.production({
      NODE_ENV: 'test',
      NEWSLETTER_HONEYPOT_FIELD: 'website',
      ...ALTCHA_ENV,
    })
    await api.start()
    return () => api.kill()
  })
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  async function drops() {
    const response = await api.fetch('/metrics', {
      headers: { authorization: 'Bearer production-monitoring-secret' },
    })
    const sample = parseMetrics(await response.text()).find(
      ({ name, labels }) => name === 'newsletter_dropped_total' && labels.reason === 'honeypot'
    )
    return sample?.value ?? 0
  }

  test('a filled trap ({case}): the success answer, nothing stored, nothing sent, counted')
    .with([
      { case: 'a URL', website: 'https://spam.example' },
      { case: 'one letter', website: 'a' },
      { case: 'a number', website: 0 },
      { case: 'true', website: true },
      { case: 'an object', website: { url: 'x' } },
    ])
    .run(async ({ assert }, { website }) => {
      const before = await drops()

      // No proof of work either: the trap answers first.
      const answer = await subscribeOn(api, { email: 'ann@example.com', website })

      assert.equal(answer.status, 201)
      assert.deepEqual(answer.body, SUBSCRIBED)
      assert.equal(await contacts(), 0)
      assert.lengthOf(smtpServer.received, 0)
      assert.equal(await drops(), before + 1)
    })

  test('an empty trap ({case}) is a person: subscribed and welcomed')
    .with([
      { case: 'absent', website: undefined },
      { case: 'an empty string', website: '' },
      { case: 'null', website: null },
      { case: 'an empty list', website: [] },
    ])
    .run(async ({ assert }, { website }) => {
      const before = await drops()

      const answer = await subscribeOn(api, {
        email: 'ann@example.com',
        website,
        altcha: await solvedBy(api),
      })

      assert.equal(answer.status, 201)
      assert.deepEqual(answer.body, SUBSCRIBED)
      assert.equal(await contacts(), 1)
      assert.lengthOf(smtpServer.received, 1)
      assert.equal(await drops(), before)
    })

  test('the trap field keeps its exact name: another case is no trap', async ({ assert }) => {
    const answer = await subscribeOn(api, {
      email: 'ann@example.com',
      Website: 'https://spam.example',
    })

    assert.equal(answer.status, 403)
    assert.equal(answer.body.errors[0].code, 'input.captcha.invalid')
  })

  test('a bad email with a filled trap is still the spec’s 422', async ({ assert }) => {
    const answer = await subscribeOn(api, { email: 'ann@', website: 'https://spam.example' })

    assert.equal(answer.status, 422)
    assert.equal(answer.body.errors[0].code, 'input.email.email')
  })
})
