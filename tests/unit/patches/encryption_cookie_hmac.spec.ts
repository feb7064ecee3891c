import crypto, { KeyObject } from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'
import { test } from '@japa/runner'
import encryption from '@adonisjs/core/services/encryption'

/**
 * patches/@boringnode+encryption+*.patch: verifying a signed value (every
 * signed cookie, on every request) computed three HMACs, each keyed by a raw
 * buffer: the signature's, then two more inside `safeEqual` to compare it.
 * The patch keys the HMAC with a key object made once and compares with
 * `timingSafeEqual` after a length check. It keeps no state.
 */
function hmacsMadeBy(work: () => void) {
  const createHmac = crypto.createHmac
  const keys: unknown[] = []
  crypto.createHmac = ((algorithm, key, options) => {
    keys.push(key)
    return createHmac(algorithm, key, options)
  }) as typeof createHmac
  syncBuiltinESMExports()
  try {
    work()
  } finally {
    crypto.createHmac = createHmac
    syncBuiltinESMExports()
  }
  return keys
}

test.group('Patches: a signed value is verified with one HMAC', () => {
  test('unsign computes one HMAC, keyed by a key object', ({ assert }) => {
    const verifier = encryption.getMessageVerifier()
    const signed = verifier.sign({ id: 'session' }, undefined, 'cookie')
    let value: unknown

    const keys = hmacsMadeBy(() => {
      value = verifier.unsign(signed, 'cookie')
    })

    assert.deepEqual(value, { id: 'session' })
    assert.lengthOf(keys, 1)
    assert.isTrue(keys[0] instanceof KeyObject, 'the HMAC key is a key object')
  })

  test('a signature altered, cut short or lengthened is refused', ({ assert }) => {
    const verifier = encryption.getMessageVerifier()
    const signed = verifier.sign('value', undefined, 'cookie')
    const flipped = signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A')

    assert.isNull(verifier.unsign(flipped, 'cookie'))
    assert.isNull(verifier.unsign(signed.slice(0, -1), 'cookie'))
    assert.isNull(verifier.unsign(`${signed}A`, 'cookie'))
    assert.isNull(verifier.unsign(signed, 'another purpose'))
    assert.equal(verifier.unsign(signed, 'cookie'), 'value')
  })
})
