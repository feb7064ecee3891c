import { test } from '@japa/runner'
import { parseDuration } from '#helpers/durations'

test.group('parseDuration (NEWSLETTER_CONFIRM_TTL)', () => {
  test('reads {$self}')
    .with([
      { value: '7d', ms: 7 * 86_400_000 },
      { value: '12h', ms: 12 * 3_600_000 },
      { value: '30m', ms: 30 * 60_000 },
      { value: '45s', ms: 45_000 },
      { value: '3600', ms: 3_600_000 },
      { value: ' 2D ', ms: 2 * 86_400_000 },
    ])
    .run(({ assert }, { value, ms }) => {
      assert.equal(parseDuration('NEWSLETTER_CONFIRM_TTL', value), ms)
    })

  test('unset is the default', ({ assert }) => {
    assert.isUndefined(parseDuration('NEWSLETTER_CONFIRM_TTL', undefined))
    assert.isUndefined(parseDuration('NEWSLETTER_CONFIRM_TTL', ''))
  })

  test('refuses {$self}, naming the variable')
    .with(['0', '0d', '7 days', '1w', '-1h', '1.5h', 'soon'])
    .run(({ assert }, value) => {
      assert.throws(
        () => parseDuration('NEWSLETTER_CONFIRM_TTL', value),
        `Invalid env variable "NEWSLETTER_CONFIRM_TTL": "${value}" is not a duration (e.g. 7d, 12h, 30m, 45s, or seconds)`
      )
    })
})
