import app from '@adonisjs/core/services/app'
import { defineConfig, drivers } from '@adonisjs/core/hash'

/**
 * scrypt at OWASP's minimum (Password Storage cheat sheet): N=2^14, r=8,
 * p=5, 16 MiB per hash. Of OWASP's scrypt settings it needs the least
 * memory per login (N=2^17, p=1 takes 128 MiB); argon2id, OWASP's first
 * choice, exists for Node only as a native addon. Hashes made with other
 * settings are upgraded at the next successful login (needsReHash).
 */
export const passwordHashing = {
  cost: 2 ** 14,
  blockSize: 8,
  parallelization: 5,
  maxMemory: 32 * 1024 * 1024,
}

/**
 * The test suite makes hundreds of accounts: it hashes with the same r and
 * p at a lower N (2 MiB, an eighth of the work), so the upgrade at
 * login and every other rule are tested as they run in production.
 */
const testHashing = { ...passwordHashing, cost: 2 ** 11 }

const hashConfig = defineConfig({
  default: 'scrypt',

  list: {
    scrypt: drivers.scrypt(app.inTest ? testHashing : passwordHashing),
  },
})

export default hashConfig

/**
 * Inferring types for the list of hashers you have configured
 * in your application.
 */
declare module '@adonisjs/core/types' {
  export interface HashersList extends InferHashers<typeof hashConfig> {}
}
