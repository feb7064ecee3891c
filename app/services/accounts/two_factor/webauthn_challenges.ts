import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { v7 as uuidv7 } from 'uuid'
import { webauthn } from '#config/webauthn'

/** What a challenge was issued for: adding a passkey, or signing in with one. */
export type WebauthnPurpose = 'registration' | 'authentication'

/** Expired challenges removed each time one is issued: the table holds minutes of them. */
const PRUNED_PER_ISSUE = 100

/** The WebAuthn challenges the server issued, until spent or expired. */
@inject()
export default class WebauthnChallenges {
  /**
   * Keeps a challenge the server just put in WebAuthn options, for
   * `challengeTtlSeconds`; `userId` is the account it was issued to (null for
   * a sign-in, where the account is not known yet). Expired ones go first
   * (ids are UUID v7, so the oldest come first in the primary key).
   */
  async store(challenge: string, purpose: WebauthnPurpose, userId: string | null) {
    await db.rawQuery(
      `delete from webauthn_challenges where id in (
       select id from webauthn_challenges where expires_at <= now() order by id limit ${PRUNED_PER_ISSUE})`
    )
    await db.rawQuery(
      `insert into webauthn_challenges (id, user_id, purpose, challenge, expires_at, created_at)
     values (:id, :userId, :purpose, :challenge, now() + make_interval(secs => :ttl), now())`,
      { id: uuidv7(), userId, purpose, challenge, ttl: webauthn.challengeTtlSeconds }
    )
  }

  /**
   * Spends a challenge: true once for a challenge issued for `purpose` to
   * `userId` and not expired, false ever after. One statement, so two
   * requests with the same challenge get one success.
   */
  async consume(challenge: string, purpose: WebauthnPurpose, userId: string | null) {
    const { rows } = await db.rawQuery(
      `delete from webauthn_challenges
     where challenge = :challenge and purpose = :purpose and expires_at > now()
       and user_id is not distinct from :userId
     returning id`,
      { challenge, purpose, userId }
    )
    return rows.length === 1
  }
}
