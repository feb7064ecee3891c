import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import encryption from '@adonisjs/core/services/encryption'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { appKeyring, blindIndexWith, type AppKey } from '#helpers/app_keyring'
import { keyRotation } from '#config/keys'

/** Encryption purposes: a value encrypted for one does not decrypt for another. */
const TOTP_PURPOSE = 'totp_secret'
const INDEX_KEY_PURPOSE = 'app-key-blind-index'
/** Below every uuid: where a walk through the rows by id starts. */
const BEFORE_ANY_ID = '00000000-0000-0000-0000-000000000000'

/** What one stored value is: which key reads it (its position), or -1 when none does. */
type Reading = { position: number; plain: string | null }

/** A previous key as `keys:status` reports it. */
export type PreviousKeyStatus = {
  /** Its place in APP_PREVIOUS_KEYS (1: the newest). */
  entry: number
  fingerprint: string
  /** Stored values only it reads: 0 once `keys:rotate` is done. */
  storedValues: number
  /** Whether its blind-index key is kept, so the recovery codes hashed under it outlive it. */
  blindIndexKept: boolean
  /** When it was first seen as a previous key. */
  retiredAt: Date
  /** The last moment a session or an expiring link signed with it can still arrive. */
  arrivalsUntil: Date
  /** Seconds until then: 0 when none can arrive any more. */
  arrivalsForSeconds: number
}

export type KeyStatus = {
  currentFingerprint: string
  previous: PreviousKeyStatus[]
  /** Stored values no configured key reads: their second factor is lost. */
  unreadable: number
}

/**
 * Re-encryption under the current app key (contract, "Secrets an operator
 * can change"). What the API stores under the app key:
 *
 * - `user_totp_secrets.encrypted_secret`: re-encrypted here, in batches of
 *   short transactions (`FOR UPDATE SKIP LOCKED`: a row a sign-in holds is
 *   left to the next pass, never waited for), so the job resumes anywhere
 *   and several instances never fight over a row;
 * - the recovery codes' keyed hashes cannot be re-made (only their hash is
 *   kept): instead each previous key's blind-index key is kept in
 *   `app_keys`, encrypted under the current key, and a code is looked up
 *   under it too (`blindIndexes`).
 *
 * Which key reads a value is found by trying each, current first. A value
 * none reads is counted and logged with its table and id, never thrown:
 * the TOTP then simply matches no code.
 */
export default class KeyRotation {
  #keyring: AppKey[]

  constructor(keyring: AppKey[] = appKeyring()) {
    this.#keyring = keyring
  }

  /**
   * Notes the configured keys in `app_keys`: each previous key's
   * retirement (the first time it is seen as one) and its blind-index key.
   */
  async record() {
    const [current, ...previous] = this.#keyring
    await db.rawQuery(
      `INSERT INTO app_keys (fingerprint) VALUES (?)
       ON CONFLICT (fingerprint) DO UPDATE SET retired_at = NULL`,
      [current.fingerprint]
    )
    for (const key of previous) {
      const wrapped = encryption.encrypt(key.blindIndexKey.toString('base64url'), {
        purpose: INDEX_KEY_PURPOSE,
      })
      await db.rawQuery(
        `INSERT INTO app_keys (fingerprint, blind_index_key, retired_at) VALUES (?, ?, now())
         ON CONFLICT (fingerprint) DO UPDATE
           SET retired_at = COALESCE(app_keys.retired_at, now()),
               blind_index_key = COALESCE(app_keys.blind_index_key, EXCLUDED.blind_index_key)`,
        [key.fingerprint, wrapped]
      )
    }
  }

  /**
   * The whole rotation (the `app-key-rotation` job): every stored value
   * under the current key. Stops at the end of a batch when `signal`
   * aborts (the job is retried and starts again where values remain).
   * Throws when rows were left locked, so the job is retried later.
   */
  async run(signal?: AbortSignal) {
    await this.record()
    let reencrypted = 0
    let unreadable = 0
    let after = BEFORE_ANY_ID
    for (;;) {
      signal?.throwIfAborted()
      const batch = await this.#reencryptBatch(after)
      reencrypted += batch.reencrypted
      unreadable += batch.unreadable
      if (!batch.last) break
      after = batch.last
    }
    await this.#rewrapIndexKeys()
    const readings = await this.#totpReadings()
    const left = readings.filter(({ position }) => position > 0).length
    logger.info({ reencrypted, unreadable, left }, 'app key rotation: pass done')
    if (left > 0) throw new Error(`app key rotation: ${left} values were busy, tried again later`)
    return { reencrypted, unreadable }
  }

  async #reencryptBatch(after: string) {
    return db.transaction(async (trx) => {
      const { rows } = await trx.rawQuery<{
        rows: { user_id: string; encrypted_secret: string }[]
      }>(
        `SELECT user_id, encrypted_secret FROM user_totp_secrets
          WHERE user_id > ? ORDER BY user_id LIMIT ? FOR UPDATE SKIP LOCKED`,
        [after, keyRotation.batchSize]
      )
      const ids: string[] = []
      const secrets: string[] = []
      let unreadable = 0
      for (const row of rows) {
        const { position, plain } = this.#read(row.encrypted_secret, TOTP_PURPOSE)
        if (position === 0) continue
        // Reported once, by the pass that counts what is left (#totpReadings).
        if (position < 0) {
          unreadable++
          continue
        }
        ids.push(row.user_id)
        secrets.push(encryption.encrypt(plain, { purpose: TOTP_PURPOSE }))
      }
      if (ids.length > 0) {
        await trx.rawQuery(
          `UPDATE user_totp_secrets t SET encrypted_secret = v.secret
             FROM unnest(?::uuid[], ?::text[]) AS v(id, secret)
            WHERE t.user_id = v.id`,
          [ids, secrets]
        )
      }
      return { reencrypted: ids.length, unreadable, last: rows.at(-1)?.user_id }
    })
  }

  /** The kept blind-index keys, each encrypted again under the current key. */
  async #rewrapIndexKeys() {
    await db.transaction(async (trx) => {
      const { rows } = await trx.rawQuery<{
        rows: { fingerprint: string; blind_index_key: string }[]
      }>(
        `SELECT fingerprint, blind_index_key FROM app_keys
          WHERE blind_index_key IS NOT NULL FOR UPDATE`
      )
      for (const row of rows) {
        const { position, plain } = this.#read(row.blind_index_key, INDEX_KEY_PURPOSE)
        if (position === 0) continue
        if (position < 0) {
          this.#reportUnreadable('app_keys', row.fingerprint)
          continue
        }
        await trx.rawQuery('UPDATE app_keys SET blind_index_key = ? WHERE fingerprint = ?', [
          encryption.encrypt(plain, { purpose: INDEX_KEY_PURPOSE }),
          row.fingerprint,
        ])
      }
    })
  }

  /** Per previous key: what still needs it, and until when something signed with it can arrive. */
  async status(): Promise<KeyStatus> {
    await this.record()
    const readings = await this.#totpReadings()
    const { rows } = await db.rawQuery<{
      rows: { fingerprint: string; blind_index_key: string | null; retired_at: Date }[]
    }>('SELECT fingerprint, blind_index_key, retired_at FROM app_keys')
    const known = new Map(rows.map((row) => [row.fingerprint, row]))
    const [current, ...previous] = this.#keyring
    return {
      currentFingerprint: current.fingerprint,
      unreadable: readings.filter(({ position }) => position < 0).length,
      previous: previous.map((key) => {
        const row = known.get(key.fingerprint)!
        const arrivalsUntil = new Date(row.retired_at.getTime() + keyRotation.longestArrivalMs)
        return {
          entry: key.position,
          fingerprint: key.fingerprint,
          storedValues: readings.filter(({ position }) => position === key.position).length,
          blindIndexKept: row.blind_index_key !== null,
          retiredAt: row.retired_at,
          arrivalsUntil,
          arrivalsForSeconds: Math.max(0, Math.ceil((arrivalsUntil.getTime() - Date.now()) / 1000)),
        }
      }),
    }
  }

  /** Which key reads each stored TOTP secret, in pages (no lock); each one none reads is logged. */
  async #totpReadings() {
    const readings: { position: number }[] = []
    let after = BEFORE_ANY_ID
    for (;;) {
      const { rows } = await db.rawQuery<{ rows: { user_id: string; encrypted_secret: string }[] }>(
        `SELECT user_id, encrypted_secret FROM user_totp_secrets
          WHERE user_id > ? ORDER BY user_id LIMIT ?`,
        [after, keyRotation.batchSize]
      )
      for (const row of rows) {
        const { position } = this.#read(row.encrypted_secret, TOTP_PURPOSE)
        if (position < 0) this.#reportUnreadable('user_totp_secrets', row.user_id)
        readings.push({ position })
      }
      if (rows.length < keyRotation.batchSize) return readings
      after = rows.at(-1)!.user_id
    }
  }

  #read(value: string, purpose: string): Reading {
    for (const key of this.#keyring) {
      const plain = key.encryption.decrypt<string>(value, purpose)
      if (plain !== null) return { position: key.position, plain }
    }
    return { position: -1, plain: null }
  }

  #reportUnreadable(table: string, id: string) {
    logger.warn({ table, id }, 'a stored value no app key reads: it is treated as lost')
  }

  /**
   * The blind indexes of `payload` to look a stored keyed hash up by: under
   * every configured key, and under each retired key's kept blind-index key.
   */
  static async blindIndexes(payload: unknown, purpose: string, client: QueryClientContract) {
    const indexes = new Set(encryption.blindIndexes(payload, purpose))
    const { rows } = await client.rawQuery<{ rows: { blind_index_key: string }[] }>(
      'SELECT blind_index_key FROM app_keys WHERE blind_index_key IS NOT NULL'
    )
    for (const row of rows) {
      const key = encryption.decrypt<string>(row.blind_index_key, INDEX_KEY_PURPOSE)
      if (key) indexes.add(blindIndexWith(Buffer.from(key, 'base64url'), payload, purpose))
    }
    return [...indexes]
  }
}
