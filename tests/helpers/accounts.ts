import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type Organization from '#models/organization'
import OrganizationMember from '#models/organization_member'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'

/**
 * Logs in over HTTP (POST /auth/login) and returns the `Cookie` header of
 * the session, as a browser would send it.
 */
export async function sessionCookieFor(client: ApiClient, user: User) {
  const response = await client.post('/auth/login').json({
    email: user.email,
    password: FACTORY_PASSWORD,
  })
  response.assertStatus(200)
  return sessionCookieOf(response.headers()['set-cookie'])
}

/** The `session=...` pair from a response's Set-Cookie headers. */
export function sessionCookieOf(setCookie: string | string[] | undefined) {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const session = cookies.find((cookie) => cookie.startsWith('session='))
  if (!session) throw new Error('the response set no session cookie')
  return session.split(';')[0]
}

/** A user, an organization they belong to, and their session cookie. */
export async function memberWithOrganization(client: ApiClient) {
  const user = await UserFactory.create()
  const organization = await OrganizationFactory.create()
  await addMember(organization, user)
  const cookie = await sessionCookieFor(client, user)
  return { user, organization, cookie }
}

export function addMember(organization: Organization, user: User) {
  return OrganizationMember.create({ organizationId: organization.id, userId: user.id })
}
