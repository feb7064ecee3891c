import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import OrganizationMember from '#models/organization_member'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'

/** An organization with two members, Ann's membership loaded as a model. */
async function twoMembers() {
  const organization = await OrganizationFactory.create()
  const [ann, bob] = await UserFactory.createMany(2)
  await addMember(organization, ann)
  await addMember(organization, bob)
  const membership = await OrganizationMember.query()
    .where('organizationId', organization.id)
    .where('userId', ann.id)
    .firstOrFail()
  return { organization, ann, bob, membership }
}

test.group('OrganizationMember model', (group) => {
  group.each.setup(() => resetDatabase())

  test('delete() removes that membership only, not every member of the organization', async ({
    db,
  }) => {
    const { organization, ann, bob, membership } = await twoMembers()

    await membership.delete()

    await db.assertMissing('organization_members', {
      organization_id: organization.id,
      user_id: ann.id,
    })
    await db.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
  })

  test('save() changes that membership only', async ({ assert }) => {
    const { organization, bob, membership } = await twoMembers()
    const bobBefore = await OrganizationMember.query().where('userId', bob.id).firstOrFail()

    membership.createdAt = DateTime.fromISO('2020-01-01T00:00:00Z')
    await membership.save()

    const rows = await OrganizationMember.query()
      .where('organizationId', organization.id)
      .orderBy('createdAt', 'asc')
    assert.deepEqual(
      rows.map((row) => [row.userId, row.createdAt.toUTC().toISO()]),
      [
        [membership.userId, '2020-01-01T00:00:00.000Z'],
        [bob.id, bobBefore.createdAt.toUTC().toISO()],
      ]
    )
  })
})
