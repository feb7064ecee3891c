import { createHmac, randomInt } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { Secret } from '@adonisjs/core/helpers'
import { captcha } from '#config/newsletter_protection'

/** The widget's payload is a few hundred characters of base64; anything far longer is not one. */
const PAYLOAD_MAX_LENGTH = 4096

/**
 * Takes a solution's challenge for good, unless it was taken before (by
 * this instance or another, now or in a race): one row per challenge.
 * The same statement prunes a few rows whose challenge has expired, so the
 * table holds about the challenges of the last `expiresInSeconds`.
 */
const SPEND = `
  WITH pruned AS (
    DELETE FROM newsletter_captcha_solutions
     WHERE signature IN (
       SELECT signature FROM newsletter_captcha_solutions
        WHERE expires_at < now() LIMIT 20 FOR UPDATE SKIP LOCKED)
  )
  INSERT INTO newsletter_captcha_solutions (signature, expires_at)
  VALUES (?, to_timestamp(?))
  ON CONFLICT (signature) DO NOTHING
  RETURNING signature`

type Payload = { challenge: Challenge; solution: Solution }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The widget's `altcha` field: base64 of `{ challenge, solution }` (ALTCHA
 * PoW v2). Null for anything else, including ALTCHA Sentinel's server
 * payloads, which a self-hosted form never receives.
 */
function decode(field: unknown): Payload | null {
  if (typeof field !== 'string' || field.length > PAYLOAD_MAX_LENGTH) return null
  let payload: unknown
  try {
    payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8'))
  } catch {
    return null
  }
  if (!isObject(payload) || !isObject(payload.challenge) || !isObject(payload.solution)) return null
  const { parameters, signature } = payload.challenge
  if (!isObject(parameters) || typeof signature !== 'string') return null
  // Our challenges always expire: one that does not was not signed by us.
  if (typeof parameters.expiresAt !== 'number') return null
  return payload as unknown as Payload
}

/**
 * The self-hosted proof of work on the subscribe form (ALTCHA), when
 * NEWSLETTER_CAPTCHA=altcha. Challenges are signed with
 * NEWSLETTER_ALTCHA_HMAC_KEY, so any instance verifies what another issued;
 * a solution is accepted once, which PostgreSQL decides (`SPEND`).
 */
export default class AltchaCaptcha {
  static get enabled() {
    return captcha !== null
  }

  /**
   * The secrets of a key: the challenge's signature, and (deterministic
   * mode) the expected key's, which lets a solution be checked with one
   * HMAC instead of a key derivation. Both come from the one shared key.
   */
  #secrets(hmacKey: Secret<string> = captcha!.hmacKey) {
    const key = hmacKey.release()
    return {
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: createHmac('sha256', key)
        .update('altcha-key-signature')
        .digest('hex'),
    }
  }

  /** A new challenge, as the widget reads it: `{ parameters, signature }`. */
  challenge(): Promise<Challenge> {
    const { algorithm, cost, maxCounter, expiresInSeconds } = captcha!
    return createChallenge({
      algorithm,
      cost,
      counter: randomInt(Math.ceil(maxCounter / 2), maxCounter + 1),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
      ...this.#secrets(),
    })
  }

  /**
   * Whether `field` is a solution of a challenge we signed, not expired,
   * and not accepted before; accepting it spends it.
   */
  async accept(field: unknown): Promise<boolean> {
    const payload = decode(field)
    if (!payload || !(await this.#verified(payload))) return false
    const { signature, parameters } = payload.challenge
    const spent = await db.rawQuery<{ rows: unknown[] }>(SPEND, [signature, parameters.expiresAt!])
    return spent.rows.length === 1
  }

  /** Verified under the key, or one of NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS (a rotation). */
  async #verified({ challenge, solution }: Payload) {
    for (const key of [captcha!.hmacKey, ...captcha!.previousHmacKeys]) {
      try {
        const secrets = this.#secrets(key)
        const result = await verifySolution({ challenge, solution, deriveKey, ...secrets })
        if (result.verified) return true
        // Signed with this key (or expired): another key would not change the answer.
        if (result.invalidSignature === false || result.expired) return false
      } catch {
        // Values of the wrong type deep in a hostile payload: not a solution.
        return false
      }
    }
    return false
  }
}
