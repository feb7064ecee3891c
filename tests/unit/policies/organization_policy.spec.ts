import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import OrganizationPolicy from '#policies/organization_policy'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { confirmedTotp, requireTwoFactorOf } from '#tests/helpers/second_factor_rows'

const ACTIONS = ['view', 'listEvents', 'createEvent'] as const

test.group('Organization policy', (group) => {
  group.each.setup(() => resetDatabase())

  test('allows a member every action, with no roles involved', async ({ assert }) => {
    const user = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    await addMember(organization, user)
    const policy = await app.container.make(OrganizationPolicy)

    for (const action of ACTIONS) {
      const response = await policy[action](user, organization.id)
      assert.isTrue(response.authorized, action)
    }
  })

  test('denies a non-member every action with 403', async ({ assert }) => {
    const user = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    await addMember(organization, await UserFactory.create())
    const policy = await app.container.make(OrganizationPolicy)

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

    const policy = await app.container.make(OrganizationPolicy)
    const response = await policy.createEvent(user, other.id)

    assert.isFalse(response.authorized)
    assert.equal(
      response.message,
      'You do not have permission to create events in this organization'
    )
  })

  test('denies a member without a second factor while the organization requires two', async ({
    assert,
  }) => {
    const organization = await OrganizationFactory.create()
    const [without, withFactor] = await UserFactory.createMany(2)
    await addMember(organization, without, 'owner')
    await addMember(organization, withFactor)
    await confirmedTotp(withFactor.id)
    await requireTwoFactorOf(organization.id)
    await without.refresh()
    await withFactor.refresh()
    const policy = await app.container.make(OrganizationPolicy)

    for (const action of ACTIONS) {
      const denied = await policy[action](without, organization.id)
      assert.isFalse(denied.authorized, action)
      assert.equal(denied.status, 403)
      assert.equal((denied as unknown as { code: string }).code, 'organization.two_factor_required')
      const allowed = await policy[action](withFactor, organization.id)
      assert.isTrue(allowed.authorized, action)
    }
  })
})
