import { test } from '@japa/runner'
import OrganizationPolicy from '#policies/organization_policy'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'

const ACTIONS = ['view', 'listEvents', 'createEvent'] as const

test.group('Organization policy', (group) => {
  group.each.setup(() => resetDatabase())

  test('allows a member every action, with no roles involved', async ({ assert }) => {
    const user = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    await addMember(organization, user)
    const policy = new OrganizationPolicy()

    for (const action of ACTIONS) {
      const response = await policy[action](user, organization.id)
      assert.isTrue(response.authorized, action)
    }
  })

  test('denies a non-member every action with 403', async ({ assert }) => {
    const user = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    await addMember(organization, await UserFactory.create())
    const policy = new OrganizationPolicy()

    for (const action of ACTIONS) {
      const response = await policy[action](user, organization.id)
      assert.isFalse(response.authorized, action)
      assert.equal(response.status, 403)
    }
  })

  test('denies membership of another organization', async ({ assert }) => {
    const user = await UserFactory.create()
    await addMember(await OrganizationFactory.create(), user)
    const other = await OrganizationFactory.create()

    const response = await new OrganizationPolicy().createEvent(user, other.id)

    assert.isFalse(response.authorized)
    assert.equal(
      response.message,
      'You do not have permission to create events in this organization'
    )
  })
})
