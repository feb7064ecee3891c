import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { memberWithOrganization, signedIn, signedInMember } from '#tests/helpers/accounts'

const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

test.group('Organizations show', (group) => {
  group.each.setup(() => resetDatabase())

  test('answers the organization to a member, with their role', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client.get(`/organizations/${organization.id}`).header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: organization.id,
        name: organization.name,
        role: 'owner',
        requireTwoFactor: false,
        createdAt: organization.createdAt.toUTC().toISO(),
        updatedAt: organization.updatedAt.toUTC().toISO(),
      },
    })
  })

  test('answers it to every member alike', async ({ client }) => {
    const { organization } = await memberWithOrganization(client)
    const { cookie } = await signedInMember(client, organization)

    const response = await client.get(`/organizations/${organization.id}`).header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: organization.id,
        name: organization.name,
        role: 'member',
        requireTwoFactor: false,
        createdAt: organization.createdAt.toUTC().toISO(),
        updatedAt: organization.updatedAt.toUTC().toISO(),
      },
    })
  })

  test('answers the same 403 to a non-member for an existing and a missing organization', async ({
    client,
    assert,
  }) => {
    const { organization: existing } = await memberWithOrganization(client)
    const { cookie } = await signedIn(client)

    const forExisting = await client.get(`/organizations/${existing.id}`).header('cookie', cookie)
    const forMissing = await client.get(`/organizations/${randomUUID()}`).header('cookie', cookie)

    forExisting.assertStatus(403)
    forExisting.assertBody(NOT_A_MEMBER)
    forMissing.assertStatus(403)
    forMissing.assertBody(NOT_A_MEMBER)
    assert.equal(forExisting.text(), forMissing.text())
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

  test('answers 401 without a session', async ({ client }) => {
    const organization = await OrganizationFactory.create()

    const response = await client.get(`/organizations/${organization.id}`)

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
