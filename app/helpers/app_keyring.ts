import { createHash, createHmac, hkdfSync } from 'node:crypto'
import { Encryption } from '@adonisjs/core/encryption'
import { AES256GCM } from '@adonisjs/core/encryption/drivers/aes_256_gcm'
import { MessageBuilder, type Secret } from '@adonisjs/core/helpers'
import { appKeys, ENCRYPTOR_ID } from '#config/encryption'

/**
 * One app key of the list (config/encryption.ts) on its own: which key
 * reads a stored value, and the key's blind-index key, for the key
 * rotation (app/services/platform/key_rotation.ts).
 */
export type AppKey = {
  /** 0: the current key (APP_KEY); n: APP_PREVIOUS_KEYS entry n. */
  position: number
  fingerprint: string
  encryption: Encryption
  blindIndexKey: Buffer
}

/** A one-way hash of a key that names it in the database and in `keys:status`, never the key. */
export function keyFingerprint(key: string) {
  const inner = createHash('sha256').update(key).digest()
  return createHash('sha256')
    .update('app-key-fingerprint:')
    .update(inner)
    .digest('hex')
    .slice(0, 16)
}

/**
 * The key the encryptor derives for its blind indexes (HMAC-SHA256) from
 * an app key, as @boringnode/encryption's drivers do: one-way, so keeping
 * it neither decrypts nor signs anything.
 */
export function blindIndexKeyOf(key: string) {
  const cryptoKey = createHash('sha256').update(key).digest()
  const derived = hkdfSync('sha256', cryptoKey, Buffer.alloc(0), `blind-index:${ENCRYPTOR_ID}`, 32)
  return Buffer.from(derived)
}

/** The blind index of `payload` under a blind-index key: the same value `encryption.blindIndex` gives. */
export function blindIndexWith(blindIndexKey: Buffer, payload: unknown, purpose: string) {
  const message = Buffer.from(new MessageBuilder().build(payload))
  return createHmac('sha256', blindIndexKey)
    .update(Buffer.concat([Buffer.from(purpose), Buffer.from('.'), message]))
    .digest('base64url')
}

/** One key on its own; `position` its place in the list. */
export function appKeyOf(key: Secret<string> | string, position = 0): AppKey {
  const value = typeof key === 'string' ? key : key.release()
  return {
    position,
    fingerprint: keyFingerprint(value),
    encryption: new Encryption({
      driver: (secret) => new AES256GCM({ id: ENCRYPTOR_ID, key: secret }),
      keys: [value],
    }),
    blindIndexKey: blindIndexKeyOf(value),
  }
}

/** Every configured app key, the current one first. */
export function appKeyring(): AppKey[] {
  return appKeys.map((key, position) => appKeyOf(key, position))
}
