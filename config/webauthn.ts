import env from '#start/env'
import { frontendUrl } from '#config/accounts'

const frontend = new URL(frontendUrl)

/**
 * Passkeys (WebAuthn). The relying party is the frontend, whose pages run
 * the ceremonies: its host is the RP ID and its origin the one a response
 * must come from, unless WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS say otherwise
 * (contract, "Two factors, passkeys and re-authentication").
 */
export const webauthn = {
  rpId: env.get('WEBAUTHN_RP_ID') ?? frontend.hostname,
  rpName: env.get('WEBAUTHN_RP_NAME') || 'Events',
  origins: env.get('WEBAUTHN_ORIGINS').length ? env.get('WEBAUTHN_ORIGINS') : [frontend.origin],
  /** A challenge is good for one ceremony within this time; the browser's timeout is the same. */
  challengeTtlSeconds: 5 * 60,
  /**
   * EdDSA, ES256, RS256: what authenticators use. Named, because the
   * library's default adds ML-DSA on Node 24, an experimental API there.
   */
  algorithms: [-8, -7, -257],
}
