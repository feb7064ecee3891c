import { inject } from '@adonisjs/core'
import type { Account } from '#types/account'
import User from '#models/user'
import ConflictException from '#exceptions/conflict_exception'
import { isUniqueViolation } from '#helpers/database_errors'
import { message } from '#exceptions/api_exception'
import EmailVerificationService from '#services/accounts/email_verification_service'
import type { Language } from '#helpers/languages'

@inject()
export default class AccountService {
  constructor(private verifications: EmailVerificationService) {}

  /**
   * Creates an account and sends its first verification link, in `language`.
   * The unique index on the (lower-cased) email decides whether it is taken,
   * also between concurrent signups.
   */
  async create(
    payload: { email: string; password: string; fullName?: string | null },
    language: Language
  ) {
    let user: User
    try {
      user = await User.create({ ...payload, fullName: payload.fullName ?? null })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(message('errors.accounts.email_taken'), { cause: error })
      }
      throw error
    }
    await this.verifications.send(user, language)
    return user
  }

  /** Changes the name and the language; a member left out stays as it is. */
  async updateProfile(
    account: Account,
    changes: { fullName?: string | null; locale?: string | null }
  ) {
    const user = await User.findOrFail(account.id)
    if (changes.fullName !== undefined) user.fullName = changes.fullName
    if (changes.locale !== undefined) user.locale = changes.locale
    await user.save()
    return user
  }
}
