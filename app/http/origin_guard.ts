import type { HttpContext } from '@adonisjs/core/http'
import ApiException, { message } from '#exceptions/api_exception'
import { publicUrl } from '#config/app'
import { trustedOrigins } from '#config/cors'

class CrossOriginRequestException extends ApiException {
  static status = 403
  static code = 'auth.cross_origin_request'
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ownOrigin = new URL(publicUrl).origin
const trusted = new Set(trustedOrigins)

/**
 * Why a request may not act with the session, or null when it may
 * (contract, "Browser clients"). SameSite=Lax lets a sibling site's form
 * posts carry the cookie, so the browser's own word decides: first
 * `Sec-Fetch-Site`, else `Origin`. A caller sending neither is not a
 * browser page (curl, a server, the monitor) and is let through.
 */
export function crossOriginRefusal(site: string | undefined, origin: string | undefined) {
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return null
    return origin !== undefined && trusted.has(origin) ? null : `Sec-Fetch-Site: ${site}`
  }
  if (origin === undefined) return null
  if (origin === 'null') return 'Origin: null'
  return trusted.has(origin) || origin === ownOrigin ? null : 'Origin not trusted'
}

/**
 * The first step of every session route (session_area_middleware.ts),
 * before the session is read: a refused request never loads, creates or
 * renews a session, so it gets no cookie.
 */
export function guardOrigin({ request, response, logger }: HttpContext) {
  // The answer depends on these headers: a cache must not share it across them.
  response.append('Vary', 'Origin, Sec-Fetch-Site')
  if (SAFE_METHODS.has(request.method())) return

  const site = request.header('sec-fetch-site')
  const origin = request.header('origin')
  const refusal = crossOriginRefusal(site, origin)
  if (refusal === null) return

  logger.warn({ origin, sec_fetch_site: site }, `cross-origin request refused (${refusal})`)
  throw new CrossOriginRequestException(message('errors.auth.cross_origin_request'))
}
