import { appKey } from '#config/app'
import { appPreviousKeys } from '#start/env'
import { defineConfig, drivers } from '@adonisjs/core/encryption'

/**
 * The first key encrypts and signs; APP_PREVIOUS_KEYS after it only
 * decrypt and verify (cookies, links, cursors, stored secrets), and the
 * blind indexes are looked up under each (contract, "Secrets an operator
 * can change"). `node ace keys:rotate` moves what is stored to the first.
 */
export const appKeys = [appKey, ...appPreviousKeys]

/** The encryptor's id, written in every value it encrypts. */
export const ENCRYPTOR_ID = 'gcm'

const encryptionConfig = defineConfig({
  default: 'gcm',
  list: {
    gcm: drivers.aes256gcm({
      keys: appKeys.map((key) => key.release()),
      id: ENCRYPTOR_ID,
    }),
  },
})

export default encryptionConfig

/**
 * Inferring types for the list of encryptors you have configured
 * in your application.
 */
declare module '@adonisjs/core/types' {
  export interface EncryptorsList extends InferEncryptors<typeof encryptionConfig> {}
}
