import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import UserRecoveryCode from '#models/user_recovery_code'
import { twoFactor } from '#config/accounts'
import KeyRotation from '#services/platform/key_rotation'

/** 32 letters and digits, without the look-alikes 0/o and 1/l: 5 random bits each. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** A code is 12 of them (60 random bits), shown in groups of four: `k7m2-x9qp-4tna`. */
const CODE_LENGTH = 12

const PURPOSE = 'recovery_code'

function newCode() {
  // 256 is a multiple of 32: `byte % 32` picks every letter equally.
  const letters = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length])
  return letters.join('').replace(/(.{4})(?=.)/g, '$1-')
}

/** The code as typed, without case, spaces or dashes; null when it cannot be one of ours. */
function normalized(code: string) {
  const plain = code.toLowerCase().replace(/[\s-]/g, '')
  return plain.length === CODE_LENGTH && [...plain].every((c) => ALPHABET.includes(c))
    ? plain
    : null
}

/**
 * Recovery codes are stored as a keyed hash (HMAC-SHA256 keyed from the
 * app key: the encryptor's blind index), not a password hash: each code
 * holds 60 random bits, which no one guesses online or offline, so a slow
 * hash would add nothing, and without the key a copy of the table is
 * useless. A code is looked up under every key of the encryptor's list
 * and every retired key's kept blind-index key, so codes outlive a key
 * rotation (app/services/platform/key_rotation.ts).
 */
@inject()
export default class RecoveryCodes {
  /**
   * Replaces the account's codes with new ones, in the caller's transaction
   * (old ones die with it); the codes themselves are only ever returned here.
   */
  async issue(userId: string, trx: QueryClientContract) {
    const codes = Array.from({ length: twoFactor.recoveryCodeCount }, newCode)
    await trx.from('user_recovery_codes').where('user_id', userId).delete()
    await UserRecoveryCode.createMany(
      codes.map((code) => ({
        userId,
        codeHash: encryption.blindIndex(normalized(code)!, PURPOSE),
      })),
      { client: trx }
    )
    return codes
  }

  /**
   * Spends `code` if it is one of the account's unused codes: one
   * conditional UPDATE, so two requests with the same code cannot both
   * spend it. Whether it was spent.
   */
  async spend(userId: string, code: string, client: QueryClientContract) {
    const plain = normalized(code)
    if (!plain) return false
    const { rows } = await client.rawQuery(
      `update user_recovery_codes set used_at = now()
        where user_id = ? and code_hash = any(?::text[]) and used_at is null
        returning id`,
      [userId, await KeyRotation.blindIndexes(plain, PURPOSE, client)]
    )
    return rows.length === 1
  }

  /** The account's codes not yet used. */
  async remaining(userId: string, client: QueryClientContract) {
    const row = await client
      .from('user_recovery_codes')
      .where('user_id', userId)
      .whereNull('used_at')
      .count('* as total')
      .first()
    return Number(row?.total ?? 0)
  }

  /** Removes every code of the account (TOTP turned off). */
  async removeAll(userId: string, trx: QueryClientContract) {
    await trx.from('user_recovery_codes').where('user_id', userId).delete()
  }
}
