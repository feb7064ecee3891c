import { test } from '@japa/runner'
import { parseHoneypotField, parseSubscribeLimit } from '#helpers/subscribe_form_settings'

test.group('Subscribe form settings', () => {
  test('a limit reads as requests per period: {value}')
    .with([
      { value: '3/day', limit: { requests: 3, duration: '1 day' } },
      { value: '200/hour', limit: { requests: 200, duration: '1 hour' } },
      { value: ' 20 / 10 minutes ', limit: { requests: 20, duration: '10 minutes' } },
      { value: '5/2 Days', limit: { requests: 5, duration: '2 days' } },
      { value: '1/minute', limit: { requests: 1, duration: '1 minute' } },
    ])
    .run(({ assert }, { value, limit }) => {
      assert.deepEqual(parseSubscribeLimit('NEWSLETTER_ADDRESS_LIMIT', value), limit)
    })

  test('unset or empty is no limit; anything else is refused, named', ({ assert }) => {
    assert.isUndefined(parseSubscribeLimit('NEWSLETTER_ADDRESS_LIMIT'))
    assert.isUndefined(parseSubscribeLimit('NEWSLETTER_ADDRESS_LIMIT', ''))
    for (const value of ['3', '3/week', '0/day', '3/0 days', '-1/day', '3 per day', 'day/3']) {
      assert.throws(
        () => parseSubscribeLimit('NEWSLETTER_DOMAIN_LIMIT', value),
        `Invalid env variable "NEWSLETTER_DOMAIN_LIMIT": "${value}" is not a limit`
      )
    }
  })

  test('a trap field is a plain name, never one the route reads', ({ assert }) => {
    assert.equal(parseHoneypotField('NEWSLETTER_HONEYPOT_FIELD', 'website'), 'website')
    assert.equal(parseHoneypotField('NEWSLETTER_HONEYPOT_FIELD', 'fax_number-2'), 'fax_number-2')
    assert.isUndefined(parseHoneypotField('NEWSLETTER_HONEYPOT_FIELD', ''))
    for (const value of ['email', 'Email', 'altcha', '1st', 'a b', '__proto__', 'x'.repeat(65)]) {
      assert.throws(
        () => parseHoneypotField('NEWSLETTER_HONEYPOT_FIELD', value),
        'Invalid env variable "NEWSLETTER_HONEYPOT_FIELD"'
      )
    }
  })
})
