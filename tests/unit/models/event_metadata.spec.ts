import { test } from '@japa/runner'
import Event from '#models/event'

test.group('Event metadata merge', () => {
  test('keeps members the patch does not mention', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata({ category: 'wedding' }, { customCategory: 'x' }), {
      category: 'wedding',
      customCategory: 'x',
    })
  })

  test('merges nested objects member by member', ({ assert }) => {
    assert.deepEqual(
      Event.mergeMetadata({ guestCount: { min: 1, max: 5 } }, { guestCount: { max: 9 } }),
      { guestCount: { min: 1, max: 9 } }
    )
  })

  test('removes a member set to null, nested or whole', ({ assert }) => {
    assert.deepEqual(
      Event.mergeMetadata(
        { category: 'other', guestCount: { min: 1, max: 5 }, customCategory: 'x' },
        { guestCount: { min: null }, customCategory: null }
      ),
      { category: 'other', guestCount: { max: 5 } }
    )
    assert.deepEqual(Event.mergeMetadata({ guestCount: { min: 1 } }, { guestCount: null }), {})
  })

  test('gives a budget range without currency CAD and keeps a stored currency', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata({}, { budgetRange: { min: 5 } }), {
      budgetRange: { min: 5, currency: 'CAD' },
    })
    assert.deepEqual(
      Event.mergeMetadata(
        { budgetRange: { min: 5, currency: 'EUR' } },
        { budgetRange: { max: 9 } }
      ),
      { budgetRange: { min: 5, max: 9, currency: 'EUR' } }
    )
  })

  test('does not mutate the stored metadata', ({ assert }) => {
    const stored = { guestCount: { min: 1 } }
    Event.mergeMetadata(stored, { guestCount: { min: 2 } })
    assert.deepEqual(stored, { guestCount: { min: 1 } })
  })

  test('cannot be steered by __proto__, constructor or prototype', ({ assert }) => {
    const patch = JSON.parse(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},"guestCount":{"__proto__":{"polluted":true},"min":3}}'
    )

    const merged = Event.mergeMetadata({}, patch)

    assert.deepEqual(merged, { guestCount: { min: 3 } })
    assert.notProperty({}, 'polluted')
    assert.equal(Object.getPrototypeOf(merged), Object.prototype)
  })
})
