import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'

const NOT_A_MEMBER = {
  errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
}

test.group('Organizations members', (group) => {
  group.each.setup(() => resetDatabase())

  test('lists the members with their accounts', async ({ client }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .get(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)

    response.assertStatus(200)
    const membership = await organization.related('members').query().firstOrFail()
    response.assertBody({
      data: [
        {
          userId: user.id,
          email: user.email,
          fullName: user.fullName,
          joinedAt: membership.createdAt.toUTC().toISO(),
        },
      ],
    })
  })

  test('adds an existing account by email, in any case', async ({ client, assert, db }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.merge({ email: 'bob@example.com', fullName: 'Bob' }).create()

    const response = await client
      .post(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)
      .json({ email: 'BOB@example.com' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.deepEqual(data, {
      userId: bob.id,
      email: 'bob@example.com',
      fullName: 'Bob',
      joinedAt: data.joinedAt,
    })
    await db.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
  })

  test('answers 404 for an email without an account', async ({ client, db }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)
      .json({ email: 'nobody@example.com' })

    response.assertStatus(404)
    response.assertBody({
      errors: [{ message: 'No account with this email', code: 'common.resource.not_found' }],
    })
    await db.assertCount('organization_members', 1)
  })

  test('answers 409 for someone who is already a member', async ({ client, db }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)
      .json({ email: user.email })

    response.assertStatus(409)
    response.assertBody({
      errors: [{ message: 'This account is already a member', code: 'common.resource.conflict' }],
    })
    await db.assertCount('organization_members', 1)
  })

  test('answers 400 for an invalid email', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .post(`/organizations/${organization.id}/members`)
      .header('cookie', cookie)
      .json({ email: 'bob' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'email',
          message: 'The email field must be a valid email address',
          rule: 'email',
          code: 'input.email.email',
        },
      ],
    })
  })

  test('removes a member', async ({ client, db }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()
    await addMember(organization, bob)

    const response = await client
      .delete(`/organizations/${organization.id}/members/${bob.id}`)
      .header('cookie', cookie)

    response.assertStatus(204)
    await db.assertMissing('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
  })

  test('never removes the last member', async ({ client, db }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .delete(`/organizations/${organization.id}/members/${user.id}`)
      .header('cookie', cookie)

    response.assertStatus(409)
    response.assertBody({
      errors: [
        {
          message: 'The last member of an organization cannot be removed',
          code: 'common.resource.conflict',
        },
      ],
    })
    await db.assertCount('organization_members', 1)
  })

  test('two members removing each other at once leave one member', async ({
    client,
    db,
    assert,
  }) => {
    const { user: ann, organization, cookie: annCookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()
    await addMember(organization, bob)
    const bobCookie = await sessionCookieFor(client, bob)

    const responses = await Promise.all([
      client
        .delete(`/organizations/${organization.id}/members/${bob.id}`)
        .header('cookie', annCookie),
      client
        .delete(`/organizations/${organization.id}/members/${ann.id}`)
        .header('cookie', bobCookie),
    ])

    const [first, second] = responses.map((response) => response.status()).sort()
    assert.equal(first, 204)
    // The other finds the last member (409) or, its author being gone, a non-member (403).
    assert.oneOf(second, [403, 409])
    await db.assertCount('organization_members', 1)
  })

  test('answers 404 for removing someone who is not a member', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const stranger = await UserFactory.create()

    const response = await client
      .delete(`/organizations/${organization.id}/members/${stranger.id}`)
      .header('cookie', cookie)

    response.assertStatus(404)
    response.assertBody({
      errors: [{ message: 'This account is not a member', code: 'common.resource.not_found' }],
    })
  })

  test('answers 403 to a non-member on every members route', async ({ client, db }) => {
    const organization = await OrganizationFactory.create()
    const member = await UserFactory.create()
    await addMember(organization, member)
    const outsider = await UserFactory.create()
    const cookie = await sessionCookieFor(client, outsider)
    const base = `/organizations/${organization.id}/members`

    const responses = [
      await client.get(base).header('cookie', cookie),
      await client.post(base).header('cookie', cookie).json({ email: outsider.email }),
      await client.delete(`${base}/${member.id}`).header('cookie', cookie),
    ]

    for (const response of responses) {
      response.assertStatus(403)
      response.assertBody(NOT_A_MEMBER)
    }
    await db.assertCount('organization_members', 1)
  })
})
