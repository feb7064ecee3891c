import { test } from '@japa/runner'
import type Organization from '#models/organization'
import type { OrganizationRole } from '#types/organization'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  addMember,
  memberWithOrganization,
  signedIn,
  signedInMember,
} from '#tests/helpers/accounts'

/** An organization as the API answers it. */
function shown(organization: Organization, role: OrganizationRole) {
  return {
    id: organization.id,
    name: organization.name,
    role,
    requireTwoFactor: false,
    createdAt: organization.createdAt.toUTC().toISO(),
    updatedAt: organization.updatedAt.toUTC().toISO(),
  }
}

const byId = (left: { id: string }, right: { id: string }) => left.id.localeCompare(right.id)

test.group('Organizations index', (group) => {
  group.each.setup(() => resetDatabase())

  test('lists only the organizations I belong to', async ({ client, assert }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const second = await OrganizationFactory.create()
    await addMember(second, user)
    const foreign = await OrganizationFactory.create()
    await addMember(foreign, await UserFactory.create())

    const response = await client.get('/organizations').header('cookie', cookie)

    response.assertStatus(200)
    assert.deepEqual(Object.keys(response.body()), ['data'])
    assert.deepEqual(
      [...response.body().data].sort(byId),
      [shown(organization, 'owner'), shown(second, 'member')].sort(byId)
    )
  })

  test('each member sees the organizations they share', async ({ client }) => {
    const { organization } = await memberWithOrganization(client)
    const { cookie } = await signedInMember(client, organization)

    const response = await client.get('/organizations').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({ data: [shown(organization, 'member')] })
  })

  test('answers an empty list to someone without organizations', async ({ client }) => {
    await memberWithOrganization(client)
    const { cookie } = await signedIn(client)

    const response = await client.get('/organizations').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({ data: [] })
  })

  test('answers 401 without a session', async ({ client }) => {
    await OrganizationFactory.create()

    const response = await client.get('/organizations')

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
