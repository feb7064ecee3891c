import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import OrganizationMember from '#models/organization_member'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  addMember,
  memberWithOrganization,
  signedIn,
  signedInMember,
} from '#tests/helpers/accounts'
import { ISO_UTC } from '#tests/helpers/events'

const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

const LAST_OWNER = {
  errors: [
    { message: 'An organization must keep at least one owner', code: 'organization.last_owner' },
  ],
}

/** A membership as the API lists it to an owner or an admin. */
function shown(user: User, membership: OrganizationMember) {
  return {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    role: membership.role,
    joinedAt: membership.createdAt.toUTC().toISO(),
    twoFactorEnabled: false,
  }
}

const membersPath = (organizationId: string, userId?: string) =>
  `/organizations/${organizationId}/members${userId ? `/${userId}` : ''}`

test.group('Organizations members', (group) => {
  group.each.setup(() => resetDatabase())

  test('lists the members with their accounts', async ({ client, assert }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.merge({ fullName: null }).create()
    const bobMembership = await addMember(organization, bob)
    const annMembership = await OrganizationMember.query()
      .where('organizationId', organization.id)
      .where('userId', user.id)
      .firstOrFail()

    const response = await client.get(membersPath(organization.id)).header('cookie', cookie)

    response.assertStatus(200)
    const expected = [shown(user, annMembership), shown(bob, bobMembership)]
    const byUser = (left: { userId: string }, right: { userId: string }) =>
      left.userId.localeCompare(right.userId)
    assert.deepEqual(Object.keys(response.body()), ['data'])
    assert.deepEqual([...response.body().data].sort(byUser), expected.sort(byUser))
    for (const member of response.body().data) assert.match(member.joinedAt, ISO_UTC)
  })

  test('adds an existing account by email, in any case', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.merge({ email: 'bob@example.com', fullName: 'Bob' }).create()

    const response = await client
      .post(membersPath(organization.id))
      .header('cookie', cookie)
      .json({ email: ' BOB@Example.com ' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.joinedAt, ISO_UTC)
    response.assertBody({
      data: {
        userId: bob.id,
        email: 'bob@example.com',
        fullName: 'Bob',
        role: 'member',
        joinedAt: data.joinedAt,
      },
    })
    await database.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
    await database.assertCount('organization_members', 2)
    const row = await db
      .from('organization_members')
      .where({ organization_id: organization.id, user_id: bob.id })
      .firstOrFail()
    assert.equal(row.created_at.toISOString(), data.joinedAt)
  })

  test('the added member gets access to the organization', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const { user: bob, cookie: bobCookie } = await signedIn(client)
    const before = await client.get(`/organizations/${organization.id}`).header('cookie', bobCookie)
    before.assertStatus(403)

    const added = await client
      .post(membersPath(organization.id))
      .header('cookie', cookie)
      .json({ email: bob.email })
    added.assertStatus(201)

    const after = await client.get(`/organizations/${organization.id}`).header('cookie', bobCookie)
    after.assertStatus(200)
    after.assertBody({
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

  test('answers 404 for an email without an account', async ({ client, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(membersPath(organization.id))
      .header('cookie', cookie)
      .json({ email: 'nobody@example.com' })

    response.assertStatus(404)
    response.assertBody({
      errors: [{ message: 'No account with this email', code: 'common.resource.not_found' }],
    })
    await database.assertCount('organization_members', 1)
  })

  test('answers 409 for someone who is already a member, in any case', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.merge({ email: 'bob@example.com' }).create()
    await addMember(organization, bob)

    const response = await client
      .post(membersPath(organization.id))
      .header('cookie', cookie)
      .json({ email: 'Bob@Example.com' })

    response.assertStatus(409)
    response.assertBody({
      errors: [{ message: 'This account is already a member', code: 'common.resource.conflict' }],
    })
    await database.assertCount('organization_members', 2)
  })

  test('answers 409 to a member adding themselves', async ({ client, db: database }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(membersPath(organization.id))
      .header('cookie', cookie)
      .json({ email: user.email })

    response.assertStatus(409)
    response.assertBody({
      errors: [{ message: 'This account is already a member', code: 'common.resource.conflict' }],
    })
    await database.assertCount('organization_members', 1)
  })

  test('answers 400 for {case}')
    .with([
      {
        case: 'an invalid email',
        body: { email: 'bob' },
        error: {
          field: 'email',
          message: 'The email field must be a valid email address',
          rule: 'email',
          code: 'input.email.email',
        },
      },
      {
        case: 'a missing email',
        body: {},
        error: {
          field: 'email',
          message: 'The email field is required',
          rule: 'required',
          code: 'input.email.required',
        },
      },
    ])
    .run(async ({ client, db: database }, { body, error }) => {
      const { organization, cookie } = await memberWithOrganization(client)

      const response = await client
        .post(membersPath(organization.id))
        .header('cookie', cookie)
        .json(body)

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await database.assertCount('organization_members', 1)
    })

  test('removes a member, who loses access', async ({ client, assert, db: database }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    const { user: bob, cookie: bobCookie } = await signedInMember(client, organization)

    const response = await client
      .delete(membersPath(organization.id, bob.id))
      .header('cookie', cookie)

    response.assertStatus(204)
    assert.equal(response.text(), '')
    await database.assertMissing('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
    await database.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: user.id,
    })
    await database.assertHas('users', { id: bob.id })
    const show = await client.get(`/organizations/${organization.id}`).header('cookie', bobCookie)
    show.assertStatus(403)
    show.assertBody(NOT_A_MEMBER)
  })

  test('a member may leave while others remain', async ({ client, assert, db: database }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    await addMember(organization, await UserFactory.create(), 'owner')

    const response = await client
      .delete(membersPath(organization.id, user.id))
      .header('cookie', cookie)

    response.assertStatus(204)
    assert.equal(response.text(), '')
    await database.assertMissing('organization_members', {
      organization_id: organization.id,
      user_id: user.id,
    })
    await database.assertCount('organization_members', 1)
  })

  test('never removes the last member, its last owner', async ({ client, db: database }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .delete(membersPath(organization.id, user.id))
      .header('cookie', cookie)

    response.assertStatus(409)
    response.assertBody(LAST_OWNER)
    await database.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: user.id,
    })
    await database.assertCount('organization_members', 1)
  })

  test('two owners removing each other at once leave one owner', async ({
    client,
    db: database,
    assert,
  }) => {
    const { user: ann, organization, cookie: annCookie } = await memberWithOrganization(client)
    const { user: bob, cookie: bobCookie } = await signedInMember(client, organization, 'owner')

    const responses = await Promise.all([
      client.delete(membersPath(organization.id, bob.id)).header('cookie', annCookie),
      client.delete(membersPath(organization.id, ann.id)).header('cookie', bobCookie),
    ])

    const [first, second] = [...responses].sort((left, right) => left.status() - right.status())
    first.assertStatus(204)
    // The other finds the last owner (409) or, its author being gone, is refused (403): as a
    // non-member when it started after the removal, or for want of the owner role it had when
    // it started, re-read under the organization's lock.
    assert.oneOf(second.status(), [403, 409])
    if (second.status() === 409) second.assertBody(LAST_OWNER)
    else assert.oneOf(second.body().errors[0].code, ['auth.forbidden', 'auth.insufficient_role'])
    await database.assertCount('organization_members', 1)
  })

  test('answers 404 for removing an account that is not a member', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const stranger = await UserFactory.create()

    for (const userId of [stranger.id, randomUUID()]) {
      const response = await client
        .delete(membersPath(organization.id, userId))
        .header('cookie', cookie)

      response.assertStatus(404)
      response.assertBody({
        errors: [{ message: 'This account is not a member', code: 'common.resource.not_found' }],
      })
    }
    await database.assertCount('organization_members', 1)
  })

  test('answers 400 for a userId that is not a UUID', async ({ client, db: database }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .delete(membersPath(organization.id, 'bob'))
      .header('cookie', cookie)

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'userId',
          message: 'The userId field must be a valid UUID',
          rule: 'uuid',
          code: 'input.userId.uuid',
        },
      ],
    })
    await database.assertCount('organization_members', 1)
  })

  test('answers 400 for an organizationId that is not a UUID', async ({ client }) => {
    const { cookie } = await memberWithOrganization(client)

    const response = await client.get(membersPath('acme')).header('cookie', cookie)

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

  test('answers 403 to a non-member on every members route', async ({ client, db: database }) => {
    const organization = await OrganizationFactory.create()
    const member = await UserFactory.create()
    await addMember(organization, member)
    const { user: outsider, cookie } = await signedIn(client)

    const responses = [
      await client.get(membersPath(organization.id)).header('cookie', cookie),
      await client
        .post(membersPath(organization.id))
        .header('cookie', cookie)
        .json({ email: outsider.email }),
      await client.delete(membersPath(organization.id, member.id)).header('cookie', cookie),
    ]

    for (const response of responses) {
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
    await database.assertCount('organization_members', 1)
    await database.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: member.id,
    })
  })

  test('answers the same 403 for an organization that does not exist', async ({
    client,
    db: database,
  }) => {
    const { user: outsider, cookie } = await signedIn(client)
    const organizationId = randomUUID()

    const responses = [
      await client.get(membersPath(organizationId)).header('cookie', cookie),
      await client
        .post(membersPath(organizationId))
        .header('cookie', cookie)
        .json({ email: outsider.email }),
      await client.delete(membersPath(organizationId, outsider.id)).header('cookie', cookie),
    ]

    for (const response of responses) {
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
    await database.assertCount('organization_members', 0)
  })

  test('answers 401 without a session on every members route', async ({ client, db: database }) => {
    const { organization } = await memberWithOrganization(client)
    const stranger = await UserFactory.create()

    const responses = [
      await client.get(membersPath(organization.id)),
      await client.post(membersPath(organization.id)).json({ email: stranger.email }),
      await client.delete(membersPath(organization.id, stranger.id)),
    ]

    for (const response of responses) {
      response.assertStatus(401)
      response.assertBody({
        errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
      })
    }
    await database.assertCount('organization_members', 1)
  })
})
