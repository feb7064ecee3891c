import { test } from '@japa/runner'
import encryption from '@adonisjs/core/services/encryption'
import { appKey } from '#config/app'
import { appKeyOf, appKeyring, blindIndexKeyOf, blindIndexWith } from '#helpers/app_keyring'

/*
 * The kept blind-index key of a retired app key must give the very index
 * the encryptor gave under that key: a recovery code hashed before the
 * rotation is found after the key is gone. This pins the derivation to
 * the installed @boringnode/encryption.
 */
test.group('App keyring', () => {
  test('a blind-index key gives the encryptor’s own blind index under its key', ({ assert }) => {
    for (const key of [appKey.release(), 'another-app-key-of-at-least-32-chars']) {
      const single = appKeyOf(key)
      for (const payload of ['k7m2x9qp4tna', 'ann@example.com', 'é ü 🙂']) {
        for (const purpose of ['recovery_code', 'newsletter-erasure']) {
          assert.equal(
            blindIndexWith(blindIndexKeyOf(key), payload, purpose),
            single.encryption.blindIndex(payload, purpose)
          )
        }
      }
    }
    assert.equal(
      blindIndexWith(blindIndexKeyOf(appKey.release()), 'k7m2x9qp4tna', 'recovery_code'),
      encryption.blindIndex('k7m2x9qp4tna', 'recovery_code')
    )
  })

  test('each key reads only what it encrypted; fingerprints differ and never hold the key', ({
    assert,
  }) => {
    const [current] = appKeyring()
    const other = appKeyOf('another-app-key-of-at-least-32-chars', 1)
    const sealed = encryption.encrypt('secret', { purpose: 'totp_secret' })
    assert.equal(current.encryption.decrypt(sealed, 'totp_secret'), 'secret')
    assert.isNull(other.encryption.decrypt(sealed, 'totp_secret'))
    assert.notEqual(current.fingerprint, other.fingerprint)
    assert.match(current.fingerprint, /^[0-9a-f]{16}$/)
    assert.notInclude(appKey.release(), current.fingerprint)
  })
})
