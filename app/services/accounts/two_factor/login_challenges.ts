import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { LimiterResponse, errors as limiterErrors } from '@adonisjs/limiter'
import { DateTime } from 'luxon'
import LoginChallenge from '#models/login_challenge'
import SecondFactorExpiredException from '#exceptions/second_factor_expired_exception'
import SecondFactorInvalidException from '#exceptions/second_factor_invalid_exception'
import { countRejection } from '#services/platform/metrics'
import { twoFactor } from '#config/accounts'

/** A pending login that can still be finished: its id and whose it is. */
export type PendingLogin = { id: string; userId: string }

/**
 * Checks a second factor of `userId` inside the transaction that finishes
 * the login (a TOTP code, a recovery code, a passkey's assertion): true
 * when it holds. Whatever it spends is kept only if the login finishes.
 */
export type SecondFactorCheck = (userId: string, trx: TransactionClientContract) => Promise<boolean>

type ChallengeRow = {
  user_id: string
  failed_attempts: number
  completed: boolean
  expires_in: string | number
  locked_for: string | number | null
}

/** A refusal of the contract's 429, with its Retry-After and X-RateLimit-* headers. */
function tooMany(limit: number, seconds: number) {
  const response = new LimiterResponse({
    limit,
    remaining: 0,
    consumed: limit,
    availableIn: Math.max(1, Math.ceil(seconds)),
  })
  return countRejection('second_factor', new limiterErrors.E_TOO_MANY_REQUESTS(response))
}

/**
 * Why a challenge cannot be finished, or null when it can:
 * - unknown, finished or past its 10 minutes: 401 `auth.second_factor_expired`;
 * - the account locked (10 wrong codes in a row): 429 until the lock ends;
 * - 5 wrong codes on it: 429 for the rest of its life (then it is expired:
 *   the client starts again with the password).
 */
function refusalOf(row: ChallengeRow | undefined) {
  if (!row || row.completed || Number(row.expires_in) <= 0) {
    return new SecondFactorExpiredException()
  }
  if (row.locked_for !== null && Number(row.locked_for) > 0) {
    return tooMany(twoFactor.accountFailures, Number(row.locked_for))
  }
  if (row.failed_attempts >= twoFactor.challengeAttempts) {
    return tooMany(twoFactor.challengeAttempts, Number(row.expires_in))
  }
  return null
}

/**
 * Password logins waiting for their second factor. Their state lives in
 * `login_challenges` and every change to it is one conditional statement,
 * so two parallel requests never both see a challenge unspent; the
 * session only remembers the id (app/session/pending_login.ts).
 *
 * Wrong codes count on the challenge (5 kill it) and on the account: 10 in
 * a row lock its second-factor attempts for 15 minutes. Attempts during
 * the lock are refused unchecked and uncounted, and the count starts again
 * from zero when the lock is set, so the lock always ends: at most 10
 * guesses per 15 minutes, never a lock an attacker can prolong.
 */
@inject()
export default class LoginChallenges {
  /** A new challenge for `userId`, valid 10 minutes. */
  async open(userId: string) {
    const challenge = await LoginChallenge.create({
      userId,
      failedAttempts: 0,
      expiresAt: DateTime.now().plus({ seconds: twoFactor.loginChallengeTtlSeconds }),
    })
    return challenge.id
  }

  /** The challenge `id` if it can still be finished; else the refusal (see `refusalOf`). */
  async live(id: unknown): Promise<PendingLogin> {
    if (typeof id !== 'string') throw new SecondFactorExpiredException()
    const { rows } = await db.rawQuery<{ rows: ChallengeRow[] }>(
      `select c.user_id, c.failed_attempts, c.completed_at is not null as completed,
              extract(epoch from c.expires_at - now()) as expires_in,
              extract(epoch from u.second_factor_locked_until - now()) as locked_for
         from login_challenges c join users u on u.id = c.user_id
        where c.id = ?`,
      [id]
    )
    const refusal = refusalOf(rows[0])
    if (refusal) throw refusal
    return { id, userId: rows[0].user_id }
  }

  /**
   * Finishes `challenge` when `check` holds, in one transaction: the
   * challenge is claimed first (a conditional UPDATE that also holds its
   * row, so parallel attempts on it run one after the other), the
   * account's failures are reset, then the factor is checked and spent.
   * A factor that does not hold rolls all of it back and counts a wrong
   * attempt (401 `auth.second_factor_invalid`). Returns the account's id.
   */
  async complete(challenge: PendingLogin, check: SecondFactorCheck) {
    const trx = await db.transaction()
    let outcome: 'finished' | 'refused' | 'wrong'
    try {
      outcome = await this.#finish(trx, challenge, check)
      if (outcome === 'finished') await trx.commit()
      else await trx.rollback()
    } catch (error) {
      if (!trx.isCompleted) await trx.rollback()
      throw error
    }
    if (outcome === 'finished') return challenge.userId
    if (outcome === 'refused') {
      await this.live(challenge.id)
      throw new SecondFactorExpiredException()
    }
    await this.#countFailure(challenge.id)
    throw new SecondFactorInvalidException()
  }

  async #finish(trx: TransactionClientContract, challenge: PendingLogin, check: SecondFactorCheck) {
    const { rows } = await trx.rawQuery(
      `update login_challenges c set completed_at = now()
       from users u
      where c.id = :id and u.id = c.user_id and c.completed_at is null
        and c.expires_at > now() and c.failed_attempts < :attempts
        and (u.second_factor_locked_until is null or u.second_factor_locked_until <= now())
      returning c.user_id`,
      { id: challenge.id, attempts: twoFactor.challengeAttempts }
    )
    if (rows.length === 0) return 'refused'
    // The account's row before the factor's: the order every change of a factor takes.
    await trx.rawQuery('update users set second_factor_failures = 0 where id = ?', [
      challenge.userId,
    ])
    return (await check(challenge.userId, trx)) ? 'finished' : 'wrong'
  }

  /** One wrong attempt on the challenge and on its account (the 10th in a row locks it). */
  async #countFailure(challengeId: string) {
    await db.rawQuery(
      `with c as (
       update login_challenges set failed_attempts = failed_attempts + 1
        where id = :id returning user_id)
     update users u set
       second_factor_failures =
         case when u.second_factor_failures + 1 >= :failures then 0
              else u.second_factor_failures + 1 end,
       second_factor_locked_until =
         case when u.second_factor_failures + 1 >= :failures
              then now() + make_interval(secs => :lockout)
              else u.second_factor_locked_until end
      from c where u.id = c.user_id`,
      { id: challengeId, failures: twoFactor.accountFailures, lockout: twoFactor.lockoutSeconds }
    )
  }
}
