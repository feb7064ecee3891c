import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Infer } from '@vinejs/vine/types'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { DateTime } from 'luxon'
import type { Account } from '#types/account'
import User from '#models/user'
import UserPasskey from '#models/user_passkey'
import ConflictException from '#exceptions/conflict_exception'
import PasskeyInvalidException from '#exceptions/passkey_invalid_exception'
import { message } from '#exceptions/api_exception'
import { invalidField } from '#exceptions/validation_error_reporter'
import PasskeyAddedNotification from '#mails/passkey_added_notification'
import PasskeyRemovedNotification from '#mails/passkey_removed_notification'
import MailDelivery from '#services/platform/mail_delivery'
import SecondFactors from '#services/accounts/two_factor/second_factors'
import TwoFactorRequirement from '#services/organizations/two_factor_requirement'
import WebauthnChallenges, {
  type WebauthnPurpose,
} from '#services/accounts/two_factor/webauthn_challenges'
import { isUniqueViolation } from '#helpers/database_errors'
import { webauthn } from '#config/webauthn'
import type { Language } from '#helpers/languages'
import type { authenticationResponse, registrationResponse } from '#validators/passkeys'

/** WebAuthn responses as the validators pass them on (no extension results: none are asked for). */
export type RegistrationResponse = Infer<ReturnType<typeof registrationResponse>>
export type AuthenticationResponse = Infer<ReturnType<typeof authenticationResponse>>

/** The WebAuthn user handle of an account: its UUID's 16 bytes. */
function userHandleOf(userId: string) {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'))
}

/** The challenge a response signed, from its client data; null when it cannot be read. */
function signedChallenge(clientDataJSON: string) {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON)
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null
  } catch {
    return null
  }
}

/** The name a passkey gets when none is given: the day it was added (UTC). */
export function defaultPasskeyName(now = DateTime.utc()) {
  return `Passkey ${now.toISODate()}`
}

/**
 * Passkeys (WebAuthn, contract "Two factors, passkeys and re-authentication"):
 * discoverable credentials with user verification required, several per
 * account. The relying party is the frontend (config/webauthn.ts). Every
 * ceremony uses a challenge issued here, spent once, within 5 minutes.
 */
@inject()
export default class PasskeyService {
  constructor(
    private delivery: MailDelivery,
    private factors: SecondFactors,
    private twoFactorRequirement: TwoFactorRequirement,
    private challenges: WebauthnChallenges
  ) {}

  /** Options for `startRegistration` on the frontend; the account's passkeys are excluded. */
  async registrationOptions(user: Account) {
    const passkeys = await UserPasskey.query()
      .where('user_id', user.id)
      .select('credential_id', 'transports')
      .orderBy('created_at')
    const options = await generateRegistrationOptions({
      rpName: webauthn.rpName,
      rpID: webauthn.rpId,
      userName: user.email,
      userID: userHandleOf(user.id),
      userDisplayName: user.fullName ?? user.email,
      timeout: webauthn.challengeTtlSeconds * 1000,
      attestationType: 'none',
      excludeCredentials: passkeys.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
      supportedAlgorithmIDs: webauthn.algorithms,
    })
    await this.challenges.store(options.challenge, 'registration', user.id)
    return options
  }

  /**
   * Adds the passkey a registration response carries, once its challenge is
   * spent and it verifies (origin, RP ID, user verification, algorithm);
   * otherwise 400 for `response`. The account's two-factor flag moves in
   * the same transaction; the account is emailed after the commit.
   */
  async register(
    user: Account,
    response: RegistrationResponse,
    name: string | null | undefined,
    requestLanguage: Language
  ) {
    const refused = () =>
      invalidField('response', 'invalid', message('errors.passkeys.response_invalid'))
    const challenge = signedChallenge(response.response.clientDataJSON)
    if (!challenge || !(await this.challenges.consume(challenge, 'registration', user.id))) {
      throw refused()
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: { ...response, clientExtensionResults: {} },
        expectedChallenge: challenge,
        expectedOrigin: webauthn.origins,
        expectedRPID: webauthn.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: webauthn.algorithms,
      })
    } catch (error) {
      throw Object.assign(refused(), { cause: error })
    }
    if (!verified.verified) throw refused()
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo

    const passkey = await db.transaction(async (trx) => {
      try {
        const created = await UserPasskey.create(
          {
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey),
            signCount: credential.counter,
            transports: credential.transports ?? [],
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            name: name ?? defaultPasskeyName(),
          },
          { client: trx }
        )
        await this.factors.refreshEnabled(user.id, trx)
        return created
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictException(message('errors.passkeys.already_registered'), {
            cause: error,
          })
        }
        throw error
      }
    })
    this.delivery.sendInBackground(
      new PasskeyAddedNotification(user.email, user.locale ?? requestLanguage, passkey.name)
    )
    return passkey
  }

  /** The account's passkeys, oldest first. */
  list(userId: string) {
    return UserPasskey.query().where('user_id', userId).orderBy('created_at').orderBy('id')
  }

  /** Renames one of the account's passkeys; another account's is not found (404). */
  async rename(userId: string, id: string, name: string) {
    const passkey = await UserPasskey.query().where('id', id).where('user_id', userId).firstOrFail()
    passkey.name = name
    await passkey.save()
    return passkey
  }

  /**
   * Removes one of the account's passkeys (another account's is not found)
   * and recomputes the two-factor flag in the same transaction; the account
   * is emailed after the commit.
   */
  async remove(user: Account, id: string, requestLanguage: Language) {
    const passkey = await db.transaction(async (trx) => {
      const found = await UserPasskey.query({ client: trx })
        .where('id', id)
        .where('user_id', user.id)
        .forUpdate()
        .firstOrFail()
      await found.delete()
      // Not the last factor while an organization of the account requires two (409).
      await this.twoFactorRequirement.assertFactorRemovable(user.id, trx)
      await this.factors.refreshEnabled(user.id, trx)
      return found
    })
    this.delivery.sendInBackground(
      new PasskeyRemovedNotification(user.email, user.locale ?? requestLanguage, passkey.name)
    )
  }

  /**
   * Options for `startAuthentication`: no allowCredentials, so the browser
   * offers the passkeys it holds for the relying party (discoverable).
   */
  async authenticationOptions() {
    const options = await generateAuthenticationOptions({
      rpID: webauthn.rpId,
      allowCredentials: [],
      userVerification: 'required',
      timeout: webauthn.challengeTtlSeconds * 1000,
    })
    await this.challenges.store(options.challenge, 'authentication', null)
    return options
  }

  /**
   * Verifies a passkey authentication response: its challenge (issued for
   * `purpose`, default a sign-in) is spent, the credential is known (and
   * belongs to `userId` when given: re-authentication, or finishing a
   * pending login of that account), its signature verifies with the user
   * verified, and its counter moved forward. Returns the account and its
   * passkey, whose counter and last use are stored; anything else is 401
   * `auth.passkey_invalid`. With the user verified this is two factors.
   */
  async verifyAuthentication(
    response: AuthenticationResponse,
    { purpose = 'authentication', userId }: { purpose?: WebauthnPurpose; userId?: string } = {}
  ): Promise<{ user: User; passkey: UserPasskey }> {
    const challenge = signedChallenge(response.response.clientDataJSON)
    if (!challenge || !(await this.challenges.consume(challenge, purpose, null))) {
      throw new PasskeyInvalidException()
    }
    const query = UserPasskey.query().where('credential_id', response.id)
    if (userId) query.where('user_id', userId)
    const passkey = await query.first()
    if (!passkey) throw new PasskeyInvalidException()

    const handle = response.response.userHandle
    if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId))) {
      throw new PasskeyInvalidException()
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response: {
          ...response,
          response: { ...response.response, userHandle: handle ?? undefined },
          clientExtensionResults: {},
        },
        expectedChallenge: challenge,
        expectedOrigin: webauthn.origins,
        expectedRPID: webauthn.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      })
    } catch (error) {
      throw new PasskeyInvalidException(undefined, { cause: error })
    }
    const { newCounter, userVerified, credentialBackedUp } = verified.authenticationInfo
    if (!verified.verified || !userVerified) throw new PasskeyInvalidException()

    // Conditional: of two uses in parallel, the one with the lower counter loses.
    const { rows } = await db.rawQuery(
      `update user_passkeys
       set sign_count = :counter, backed_up = :backedUp, last_used_at = now()
       where id = :id and (sign_count < :counter or (sign_count = 0 and :counter = 0))
       returning id`,
      { id: passkey.id, counter: newCounter, backedUp: credentialBackedUp }
    )
    if (rows.length !== 1) throw new PasskeyInvalidException()
    await passkey.refresh()
    const user = await User.findOrFail(passkey.userId)
    return { user, passkey }
  }
}
