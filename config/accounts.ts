import env from '#start/env'
import { publicUrl } from '#config/app'

/**
 * Account emails (password reset, verification, invitations) link to the
 * frontend, which posts the token back to the API (contract, "Accounts
 * beyond signup and login").
 */
export const frontendUrl = env.get('FRONTEND_URL', publicUrl).replace(/\/+$/, '')

/** Lifetimes and limits of the account flows (contract). */
export const accountTokens = {
  passwordResetTtl: '60 minutes',
  emailVerificationTtl: '24 hours',
  emailChangeTtl: '24 hours',
  invitationTtl: '7 days',
  /** Random characters per token (base64url, 6 bits each): 192 bits. */
  secretLength: 32,
  /**
   * POST /auth/password/forgot answers no sooner than this, whether or not
   * the address has an account, so its timing says nothing about it.
   */
  forgotMinimumMs: 300,
}
