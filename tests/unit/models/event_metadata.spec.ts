import { test } from '@japa/runner'
import Event from '#models/event'
import type { EventMetadata } from '#types/event'

const STORED: EventMetadata = {
  category: 'wedding',
  customCategory: 'Garden',
  guestCount: { approximate: 100, min: 80, max: 120 },
  budgetRange: { min: 1000, max: 5000, currency: 'EUR' },
}

test.group('Event metadata merge', () => {
  test('keeps members the patch does not mention', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, {}), STORED)
    assert.deepEqual(Event.mergeMetadata({ category: 'wedding' }, { customCategory: 'x' }), {
      category: 'wedding',
      customCategory: 'x',
    })
  })

  test('replaces a scalar member', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, { category: 'other', customCategory: 'Vows' }), {
      ...STORED,
      category: 'other',
      customCategory: 'Vows',
    })
  })

  test('merges nested objects member by member', ({ assert }) => {
    assert.deepEqual(
      Event.mergeMetadata(STORED, { guestCount: { max: 150 }, budgetRange: { min: 0 } }),
      {
        ...STORED,
        guestCount: { approximate: 100, min: 80, max: 150 },
        budgetRange: { min: 0, max: 5000, currency: 'EUR' },
      }
    )
  })

  test('adds a nested object that was not stored', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata({ category: 'other' }, { guestCount: { min: 3 } }), {
      category: 'other',
      guestCount: { min: 3 },
    })
  })

  test('removes a member set to null', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, { customCategory: null, category: null }), {
      guestCount: STORED.guestCount,
      budgetRange: STORED.budgetRange,
    })
  })

  test('removes a nested member set to null', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, { guestCount: { approximate: null } }), {
      ...STORED,
      guestCount: { min: 80, max: 120 },
    })
  })

  test('removes a whole nested object set to null', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, { guestCount: null, budgetRange: null }), {
      category: 'wedding',
      customCategory: 'Garden',
    })
  })

  test('ignores null and undefined for members that are not stored', ({ assert }) => {
    assert.deepEqual(
      Event.mergeMetadata({ category: 'other' }, { guestCount: null, customCategory: undefined }),
      { category: 'other' }
    )
  })

  test('gives a budget range without a currency CAD', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata({}, { budgetRange: { min: 5 } }), {
      budgetRange: { min: 5, currency: 'CAD' },
    })
    assert.deepEqual(Event.mergeMetadata({}, { budgetRange: {} }), {
      budgetRange: { currency: 'CAD' },
    })
  })

  test('keeps the stored currency when the patch omits it, and takes a new one', ({ assert }) => {
    assert.deepEqual(Event.mergeMetadata(STORED, { budgetRange: { max: 9000 } }).budgetRange, {
      min: 1000,
      max: 9000,
      currency: 'EUR',
    })
    assert.deepEqual(
      Event.mergeMetadata(STORED, { budgetRange: { currency: 'JPY' } }).budgetRange,
      { min: 1000, max: 5000, currency: 'JPY' }
    )
  })

  test('adds no budget range when there is none', ({ assert }) => {
    assert.notProperty(
      Event.mergeMetadata({ category: 'other' }, { category: 'proposal' }),
      'budgetRange'
    )
  })

  test('mutates neither the stored metadata nor the patch', ({ assert }) => {
    const stored = structuredClone(STORED)
    const patch = { guestCount: { min: 2, max: null }, budgetRange: { currency: 'USD' } }
    const patchCopy = structuredClone(patch)

    const merged = Event.mergeMetadata(stored, patch)
    merged.guestCount!.approximate = 1
    merged.budgetRange!.min = 1

    assert.deepEqual(stored, STORED)
    assert.deepEqual(patch, patchCopy)
  })

  test('cannot be steered by __proto__, constructor or prototype', ({ assert }) => {
    const patch = JSON.parse(`{
      "__proto__": { "polluted": true, "category": "wedding" },
      "constructor": { "prototype": { "polluted": true } },
      "prototype": { "polluted": true },
      "guestCount": { "__proto__": { "polluted": true }, "constructor": { "x": 1 }, "min": 3 },
      "budgetRange": { "prototype": { "polluted": true }, "max": 4 }
    }`)

    const merged = Event.mergeMetadata({}, patch)

    assert.deepEqual(merged, {
      guestCount: { min: 3 },
      budgetRange: { max: 4, currency: 'CAD' },
    })
    assert.equal(Object.getPrototypeOf(merged), Object.prototype)
    assert.equal(Object.getPrototypeOf(merged.guestCount), Object.prototype)
    assert.notProperty(merged, 'category')
    assert.deepEqual(Object.keys(merged).sort(), ['budgetRange', 'guestCount'])
    assert.deepEqual(Object.keys(merged.guestCount!), ['min'])
    assert.notProperty({}, 'polluted')
    assert.notProperty(Object.prototype, 'polluted')
    assert.isUndefined(({} as Record<string, unknown>).x)
  })

  test('cannot be steered by unsafe keys when the stored metadata already has members', ({
    assert,
  }) => {
    const patch = JSON.parse(
      '{"guestCount": {"__proto__": {"min": 999}}, "constructor": {"name": "Evil"}}'
    )

    const merged = Event.mergeMetadata(STORED, patch)

    assert.deepEqual(merged, STORED)
    assert.equal(merged.constructor, Object)
    assert.notProperty({}, 'min')
  })
})
