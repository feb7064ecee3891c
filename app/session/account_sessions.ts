import type { HttpContext } from '@adonisjs/core/http'
import type { Account } from '#types/account'
import { DEVICE_KEY, type SessionDevice } from '#helpers/session_devices'
import { Clock } from '#helpers/clock'

/**
 * When this session last proved who it is (a sign-in or POST
 * /auth/reauthenticate), in ms: what the re-authentication window of
 * sensitive actions is measured from (app/session/reauthentication.ts).
 */
export const AUTHENTICATED_AT_KEY = 'authenticated_at'

/**
 * The id of the password login this session started and that waits for
 * its second factor (app/session/pending_login.ts); its state is in the
 * database, never here.
 */
export const PENDING_LOGIN_KEY = 'pending_login'

/** `lastSeenAt` is written at most this often (contract: it may lag by up to 5 min). */
const SEEN_EVERY_MS = 5 * 60 * 1000

/**
 * Signs `user` in under a new session id, records the device and tags the
 * session with the user, so it can be listed and ended from anywhere.
 * `keepCreatedAt`: the same session continues under a new id (password
 * change), with its time of sign-in. A pending login of this session ends.
 *
 * The one way a session is created: for an account with a second factor
 * only after it (POST /auth/login/second-factor, or a passkey).
 */
export async function signIn(ctx: HttpContext, user: Account, { keepCreatedAt = false } = {}) {
  const previous = ctx.session.get(DEVICE_KEY) as SessionDevice | undefined
  const authenticatedAt = ctx.session.get(AUTHENTICATED_AT_KEY) as number | undefined
  await ctx.auth.use('web').login(user)
  ctx.session.forget(PENDING_LOGIN_KEY)
  const clock = await ctx.containerResolver.make(Clock)
  ctx.session.put(
    AUTHENTICATED_AT_KEY,
    keepCreatedAt && authenticatedAt !== undefined ? authenticatedAt : clock.now()
  )
  const now = new Date().toISOString()
  ctx.session.put(DEVICE_KEY, {
    createdAt: (keepCreatedAt && previous?.createdAt) || now,
    lastSeenAt: now,
    ipAddress: ctx.request.ip() ?? null,
    userAgent: ctx.request.header('user-agent')?.slice(0, 512) ?? null,
  } satisfies SessionDevice)
  if (ctx.session.supportsTagging()) await ctx.session.tag(user.id)
}

/**
 * Notes that a signed-in session was used. The session is only written
 * when `lastSeenAt` is more than 5 minutes old: no query per request.
 */
export function noteActivity(ctx: HttpContext) {
  const device = ctx.session.get(DEVICE_KEY) as SessionDevice | undefined
  if (!device || Date.now() - Date.parse(device.lastSeenAt) < SEEN_EVERY_MS) return
  ctx.session.put(DEVICE_KEY, { ...device, lastSeenAt: new Date().toISOString() })
}
