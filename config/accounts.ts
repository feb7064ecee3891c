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

/**
 * Second factors and re-authentication (contract, "Two factors, passkeys
 * and re-authentication").
 */
export const twoFactor = {
  /** How long a sign-in or a re-authentication covers sensitive actions. */
  reauthMaxAgeSeconds: env.get('REAUTH_MAX_AGE_SECONDS', 600),
  /** The name authenticator apps show beside the account: the frontend's host. */
  totpIssuer: new URL(frontendUrl).host,
  /** Recovery codes issued at once (confirming TOTP, regenerating). */
  recoveryCodeCount: 10,
  /** A password login waits this long for its second factor. */
  loginChallengeTtlSeconds: 10 * 60,
  /** Wrong codes that kill one pending login. */
  challengeAttempts: 5,
  /** Wrong codes in a row that lock the account's second-factor attempts... */
  accountFailures: 10,
  /** ...for this long. */
  lockoutSeconds: 15 * 60,
}
