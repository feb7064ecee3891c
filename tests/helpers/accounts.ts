import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type { ModelAttributes } from '@adonisjs/lucid/types/model'
import { appKey } from '#config/app'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'
import type User from '#models/user'
import type Organization from '#models/organization'
import OrganizationMember from '#models/organization_member'
import type { OrganizationRole } from '#types/organization'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { loginBody, signupBody } from '#tests/helpers/builders'

/**
 * Logs a factory user in over HTTP (POST /auth/login) and returns the
 * `Cookie` header of the session, as a browser would send it.
 */
export function sessionCookieFor(client: ApiClient, user: User) {
  return signIn(client, loginBody(user))
}

/** POST /auth/login with `credentials`: 200, and the new session's `Cookie` header. */
export async function signIn(client: ApiClient, credentials: { email: string; password: string }) {
  const response = await client.post('/auth/login').json(credentials)
  response.assertStatus(200)
  return sessionCookieOf(response.headers()['set-cookie'])
}

/**
 * POST /auth/signup with `body` (Ann's unless given): 201, the new account's
 * id, its session's `Cookie` header (sign-up signs in) and the answer.
 */
export async function signUp(client: ApiClient, body: object = signupBody()) {
  const response = await client.post('/auth/signup').json(body)
  response.assertStatus(201)
  const cookie = sessionCookieOf(response.headers()['set-cookie'])
  return { id: response.body().data.id as string, cookie, response }
}

/**
 * POST /auth/signup on a server process (Ann's body unless given): the new
 * account's id and session cookie; throws with the process's output unless 201.
 */
export async function signUpOn(api: AppProcess, body: object = signupBody()) {
  const response = await api.fetch('/auth/signup', jsonRequest('POST', body))
  if (response.status !== 201) {
    throw new Error(`signup answered ${response.status}: ${await response.text()}\n${api.output}`)
  }
  const { data } = (await response.json()) as { data: { id: string } }
  return { id: data.id, cookie: sessionCookieOf(response.headers.getSetCookie()) }
}

/** The `session=...` pair (`__Host-session=...` in production) from a response's Set-Cookie headers. */
export function sessionCookieOf(setCookie: string | string[] | undefined) {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const session = cookies.find((cookie) => /^(__Host-)?session=/.test(cookie))
  if (!session) throw new Error('the response set no session cookie')
  return session.split(';')[0]
}

/**
 * Sign-up → verify → sign-in in one step: an account as POST /auth/signup
 * leaves it (from the factory; unverified unless `emailVerifiedAt` is
 * given), signed in over HTTP. Returns the user and the session's `Cookie`.
 */
export async function signedIn(client: ApiClient, attributes: Partial<ModelAttributes<User>> = {}) {
  const user = await UserFactory.merge(attributes).create()
  return { user, cookie: await sessionCookieFor(client, user) }
}

/** A new user with `role` in the organization, signed in: the user and the session's `Cookie`. */
export async function signedInMember(
  client: ApiClient,
  organization: Organization,
  role: OrganizationRole = 'member'
) {
  const user = await UserFactory.create()
  await addMember(organization, user, role)
  return { user, cookie: await sessionCookieFor(client, user) }
}

/** A user, an organization they own (as its creator would), and their session cookie. */
export async function memberWithOrganization(client: ApiClient) {
  const user = await UserFactory.create()
  const organization = await OrganizationFactory.create()
  await addMember(organization, user, 'owner')
  const cookie = await sessionCookieFor(client, user)
  return { user, organization, cookie }
}

export function addMember(
  organization: Organization,
  user: User,
  role: OrganizationRole = 'member'
) {
  return OrganizationMember.create({ organizationId: organization.id, userId: user.id, role })
}

/** Empties the rate-limit counters: the limiter's and the signed-in users' quotas (a test that makes many requests). */
export async function clearLimits() {
  await db.from('rate_limits').delete()
  await db.from('user_request_quotas').delete()
}

/**
 * Another instance of the API (its own process) sharing this one's
 * database, session store and APP_KEY: what a load balancer's next node
 * would do with the same cookie. It runs with this instance's environment
 * (test), so it reads the same cookie name (`__Host-session` in production).
 */
export async function secondInstance() {
  const instance = await AppProcess.production({ APP_KEY: appKey.release(), NODE_ENV: 'test' })
  await instance.start()
  return instance
}

/** Whether `cookie` authenticates on `instance` (GET /auth/me). */
export async function authenticatesOn(instance: AppProcess, cookie: string) {
  const status = await instance.status('/auth/me', { headers: { cookie } })
  if (status !== 200 && status !== 401) throw new Error(`GET /auth/me answered ${status}`)
  return status === 200
}
