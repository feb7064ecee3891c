import { test } from '@japa/runner'
import { negotiate } from '#helpers/languages'

test.group('Language negotiation', () => {
  test('"{header}" picks {expected}')
    .with([
      { header: 'fr-CA;q=0.9, en;q=0.8', expected: 'fr' },
      { header: 'fr-CA', expected: 'fr' },
      { header: 'FR', expected: 'fr' },
      { header: 'en;q=0.4, fr;q=0.8', expected: 'fr' },
      { header: 'fr;q=0.3, en', expected: 'en' },
      { header: 'de', expected: 'en' },
      { header: 'de, fr;q=0.1', expected: 'fr' },
      { header: 'fr;q=0', expected: 'en' },
      { header: '*', expected: 'en' },
      { header: '', expected: 'en' },
      { header: undefined, expected: 'en' },
    ])
    .run(({ assert }, { header, expected }) => {
      assert.equal(negotiate(header), expected)
    })

  test('the account’s locale wins; an unknown one is ignored', ({ assert }) => {
    assert.equal(negotiate('en', 'fr'), 'fr')
    assert.equal(negotiate('fr', 'en'), 'en')
    assert.equal(negotiate('fr', null), 'fr')
    assert.equal(negotiate('fr', 'de'), 'fr')
  })

  test('a hostile header is English, never an exception', ({ assert }) => {
    for (const header of [
      ';;;,,,q=',
      'fr;q=abc',
      '\u0000\uffff',
      'x'.repeat(8000),
      Array.from({ length: 2000 }, (_, index) => `l${index};q=0.${index % 10}`).join(','),
      '__proto__',
      'constructor;q=1',
    ]) {
      assert.equal(negotiate(header), 'en')
    }
  })
})
