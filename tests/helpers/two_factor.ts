import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { generate } from 'otplib'
import type User from '#models/user'
import { Clock } from '#helpers/clock'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { sessionCookieOf, signedIn } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'

/**
 * The server's clock, moved by hand: codes are computed for the time the
 * server reads, and a window is left by moving it, not by waiting.
 */
export class TestClock extends Clock {
  #now = Date.now()

  now() {
    return this.#now
  }

  /** Moves the clock `seconds` forward (or back, when negative). */
  advance(seconds: number) {
    this.#now += seconds * 1000
  }
}

/** A fresh test clock for every test of `group`, swapped into the container. */
export function withTestClock(group: Group) {
  const state = { clock: new TestClock() }
  group.each.setup(() => {
    state.clock = new TestClock()
    app.container.swap(Clock, () => state.clock)
    return () => app.container.restore(Clock)
  })
  return state
}

/** The authenticator app's code for `secret` at the clock's time, `steps` time steps away. */
export function totpCode(secret: string, clock: Clock, steps = 0) {
  return generate({ secret, epoch: Math.floor(clock.now() / 1000) + steps * 30 })
}

/**
 * Sets up and confirms an authenticator app on the signed-in session
 * `cookie`, then moves the clock to the next time step (the confirming
 * code's step is spent). The secret and the recovery codes.
 */
export async function enableTotp(client: ApiClient, cookie: string, clock: TestClock) {
  const setup = await client
    .post('/auth/two-factor/totp')
    .header('cookie', cookie)
    .json({ currentPassword: FACTORY_PASSWORD })
  setup.assertStatus(201)
  const secret = setup.body().data.secret as string
  const confirm = await client
    .post('/auth/two-factor/totp/confirm')
    .header('cookie', cookie)
    .json({ code: await totpCode(secret, clock) })
  confirm.assertStatus(200)
  clock.advance(30)
  return { secret, recoveryCodes: confirm.body().data.recoveryCodes as string[] }
}

/** A factory account with an authenticator app, and the session that turned it on. */
export async function userWithTotp(
  client: ApiClient,
  clock: TestClock,
  attributes: Parameters<typeof signedIn>[1] = {}
) {
  const { user, cookie } = await signedIn(client, attributes)
  return { user, cookie, ...(await enableTotp(client, cookie, clock)) }
}

/** POST /auth/login for an account with a second factor: 401, and the pending login's cookie. */
export async function startLogin(client: ApiClient, user: User) {
  const response = await client.post('/auth/login').json(loginBody(user))
  response.assertStatus(401)
  return sessionCookieOf(response.headers()['set-cookie'])
}

/** POST /auth/login/second-factor on the pending login `cookie`. */
export function finishLogin(client: ApiClient, cookie: string, body: object) {
  return client.post('/auth/login/second-factor').header('cookie', cookie).json(body)
}

/**
 * Both steps, with a code of the next time step (the clock moves there
 * first, so a code used before never collides): the signed-in session's
 * cookie, signed in at the clock's time.
 */
export async function signInWithTotp(
  client: ApiClient,
  user: User,
  secret: string,
  clock: TestClock
) {
  clock.advance(30)
  const pending = await startLogin(client, user)
  const response = await finishLogin(client, pending, { code: await totpCode(secret, clock) })
  response.assertStatus(200)
  return sessionCookieOf(response.headers()['set-cookie'])
}
