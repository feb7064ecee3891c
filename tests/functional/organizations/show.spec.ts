import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'

const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

test.group('Organizations show', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the organization to a member', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client.get(`/organizations/${organization.id}`).header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: organization.id,
        name: organization.name,
        createdAt: organization.createdAt.toUTC().toISO(),
        updatedAt: organization.updatedAt.toUTC().toISO(),
      },
    })
  })

  test('answers the same 403 to a non-member for an existing and a missing organization', async ({
    client,
  }) => {
    const existing = await OrganizationFactory.create()
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    for (const id of [existing.id, '01900000-0000-7000-8000-000000000000']) {
      const response = await client.get(`/organizations/${id}`).header('cookie', cookie)
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
  })

  test('answers 400 for an id that is not a UUID', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)

    const response = await client.get('/organizations/acme').header('cookie', cookie)

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'organizationId',
          message: 'The organizationId field must be a valid UUID',
          rule: 'uuid',
          code: 'input.organizationId.uuid',
        },
      ],
    })
  })
})

test.group('Organizations index', (group) => {
  group.each.setup(() => resetDatabase())

  test('lists only the organizations I belong to', async ({ client, assert }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const second = await OrganizationFactory.create()
    await addMember(second, user)
    await OrganizationFactory.create()

    const response = await client.get('/organizations').header('cookie', cookie)

    response.assertStatus(200)
    assert.sameMembers(
      response.body().data.map((item: { id: string }) => item.id),
      [organization.id, second.id]
    )
    assert.containSubset(response.body().data, [{ id: organization.id, name: organization.name }])
  })

  test('answers an empty list to someone without organizations', async ({ client }) => {
    const cookie = await sessionCookieFor(client, await UserFactory.create())

    const response = await client.get('/organizations').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({ data: [] })
  })
})
