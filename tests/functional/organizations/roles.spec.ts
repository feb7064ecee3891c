import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  addMember,
  memberWithOrganization,
  sessionCookieFor,
  signedInMember,
} from '#tests/helpers/accounts'
import {
  LAST_OWNER,
  NOT_A_MEMBER,
  insufficientRole,
  organizationRows,
  organizationWithRoles,
  ownersOf,
} from '#tests/helpers/organizations'

const ACT_ON_OWNER = insufficientRole('Only owners can change or remove an owner')
const GRANT_OWNER = insufficientRole('Only owners can grant the owner role')
const CONFLICT = (message: string) => ({
  errors: [{ message, code: 'common.resource.conflict' }],
})

const path = (organizationId: string, tail = '') => `/organizations/${organizationId}${tail}`

test.group('Organizations roles: rules on the target', (group) => {
  group.each.setup(() => resetDatabase())

  test('an admin may not act on an owner, grant owner, or raise their own role', async ({
    client,
    assert,
  }) => {
    const f = await organizationWithRoles()
    const { owner, admin, target } = f.users
    const cookie = await sessionCookieFor(client, admin)
    const before = await organizationRows(f.organization.id)
    const id = f.organization.id

    const refusals = [
      [client.patch(path(id, `/members/${owner.id}`)).json({ role: 'member' }), ACT_ON_OWNER],
      [client.delete(path(id, `/members/${owner.id}`)), ACT_ON_OWNER],
      [client.patch(path(id, `/members/${target.id}`)).json({ role: 'owner' }), GRANT_OWNER],
      [client.patch(path(id, `/members/${admin.id}`)).json({ role: 'owner' }), GRANT_OWNER],
      [
        client.post(path(id, '/members')).json({ email: f.users.outsider.email, role: 'owner' }),
        GRANT_OWNER,
      ],
      [
        client.post(path(id, '/invitations')).json({ email: 'x@example.com', role: 'owner' }),
        insufficientRole('Only owners can invite owners'),
      ],
      [
        client.delete(path(id, `/invitations/${f.ownerInvitation.id}`)),
        insufficientRole('Only owners can revoke an invitation to become owner'),
      ],
    ] as const
    for (const [request, body] of refusals) {
      const response = await request.header('cookie', cookie)
      response.assertStatus(403)
      response.assertBody(body)
    }
    assert.equal(await organizationRows(id), before)
  })

  test('an admin may act on admins and members, to admin or member', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.admin)
    const id = f.organization.id

    const promoted = await client
      .patch(path(id, `/members/${f.users.target.id}`))
      .header('cookie', cookie)
      .json({ role: 'admin' })
    promoted.assertStatus(200)
    promoted.assertBodyContains({ data: { userId: f.users.target.id, role: 'admin' } })
    const demoted = await client
      .patch(path(id, `/members/${f.users.target.id}`))
      .header('cookie', cookie)
      .json({ role: 'member' })
    demoted.assertStatus(200)
    const removed = await client
      .delete(path(id, `/members/${f.users.member.id}`))
      .header('cookie', cookie)
    removed.assertStatus(204)
  })

  test('an owner may grant owner, demote and remove another owner', async ({ client, assert }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.owner)
    const id = f.organization.id

    const granted = await client
      .patch(path(id, `/members/${f.users.target.id}`))
      .header('cookie', cookie)
      .json({ role: 'owner' })
    granted.assertStatus(200)
    const demoted = await client
      .patch(path(id, `/members/${f.users.coOwner.id}`))
      .header('cookie', cookie)
      .json({ role: 'admin' })
    demoted.assertStatus(200)
    const removed = await client
      .delete(path(id, `/members/${f.users.target.id}`))
      .header('cookie', cookie)
    removed.assertStatus(204)
    assert.deepEqual(await ownersOf(id), [f.users.owner.id])
  })

  test('the same role answers 200 and logs nothing', async ({ client, db: database }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.owner)

    const response = await client
      .patch(path(f.organization.id, `/members/${f.users.admin.id}`))
      .header('cookie', cookie)
      .json({ role: 'admin' })

    response.assertStatus(200)
    response.assertBodyContains({ data: { userId: f.users.admin.id, role: 'admin' } })
    await database.assertCount('organization_audit_entries', 0)
  })

  test('a member may remove only themselves', async ({ client, db: database }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.member)

    const other = await client
      .delete(path(f.organization.id, `/members/${f.users.target.id}`))
      .header('cookie', cookie)
    other.assertStatus(403)
    other.assertBody(insufficientRole('Members can only remove themselves'))
    const self = await client
      .delete(path(f.organization.id, `/members/${f.users.member.id}`))
      .header('cookie', cookie)
    self.assertStatus(204)
    await database.assertMissing('organization_members', { user_id: f.users.member.id })
    await database.assertHas('organization_audit_entries', {
      action: 'member.left',
      actor_id: f.users.member.id,
    })
  })

  test('members and invitations carry their role; an invitation its sender', async ({
    client,
    assert,
  }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.member)

    const members = await client.get(path(f.organization.id, '/members')).header('cookie', cookie)
    const roles = Object.fromEntries(
      members.body().data.map((m: { userId: string; role: string }) => [m.userId, m.role])
    )
    assert.deepEqual(roles, {
      [f.users.owner.id]: 'owner',
      [f.users.coOwner.id]: 'owner',
      [f.users.admin.id]: 'admin',
      [f.users.member.id]: 'member',
      [f.users.target.id]: 'member',
    })
    const invitations = await client
      .get(path(f.organization.id, '/invitations'))
      .header('cookie', cookie)
    assert.sameDeepMembers(
      invitations
        .body()
        .data.map((i: { role: string; invitedBy: unknown }) => [i.role, i.invitedBy]),
      [
        ['member', { userId: f.users.owner.id, email: f.users.owner.email }],
        ['owner', { userId: f.users.owner.id, email: f.users.owner.email }],
      ]
    )
  })

  test('a direct add and an invitation carry the role given', async ({ client, assert }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.owner)

    const added = await client
      .post(path(f.organization.id, '/members'))
      .header('cookie', cookie)
      .json({ email: f.users.outsider.email, role: 'admin' })
    added.assertStatus(201)
    assert.equal(added.body().data.role, 'admin')
    const invited = await client
      .post(path(f.organization.id, '/invitations'))
      .header('cookie', cookie)
      .json({ email: 'boss@example.com', role: 'owner' })
    invited.assertStatus(201)
    assert.equal(invited.body().data.role, 'owner')
  })
})

test.group('Organizations roles: order of refusals', (group) => {
  group.each.setup(() => resetDatabase())

  test('401 before a bad path id', async ({ client }) => {
    const response = await client.patch('/organizations/nope/members/nope').json({ role: 'x' })
    response.assertStatus(401)
  })

  test('a bad path id (400) before 403 for a non-member', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.outsider)
    const response = await client
      .patch(path(f.organization.id, '/members/nope'))
      .header('cookie', cookie)
      .json({ role: 'x' })
    response.assertStatus(400)
    response.assertBodyContains({ errors: [{ code: 'input.userId.uuid' }] })
  })

  test('403 for a non-member before a bad body', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.outsider)
    const response = await client
      .patch(path(f.organization.id, `/members/${randomUUID()}`))
      .header('cookie', cookie)
      .json({ role: 'king' })
    response.assertStatus(403)
    response.assertBody(NOT_A_MEMBER)
  })

  test('403 insufficient_role for the route before a bad body', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.member)
    for (const request of [
      client.patch(path(f.organization.id)).json({ name: '' }),
      client.patch(path(f.organization.id, `/members/${f.users.target.id}`)).json({ role: 'x' }),
      client.post(path(f.organization.id, '/ownership-transfer')).json({ userId: 'x' }),
    ]) {
      const response = await request.header('cookie', cookie)
      response.assertStatus(403)
      response.assertBodyContains({ errors: [{ code: 'auth.insufficient_role' }] })
    }
  })

  test('a bad body (400) before an unknown target (404)', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.admin)
    const response = await client
      .patch(path(f.organization.id, `/members/${randomUUID()}`))
      .header('cookie', cookie)
      .json({ role: 'king' })
    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'role',
          rule: 'enum',
          code: 'input.role.enum',
          message: 'The selected role is invalid',
        },
      ],
    })
  })

  test('404 for the target before 403 insufficient_role for the target', async ({ client }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.admin)
    const response = await client
      .patch(path(f.organization.id, `/members/${f.users.outsider.id}`))
      .header('cookie', cookie)
      .json({ role: 'owner' })
    response.assertStatus(404)
    response.assertBody({
      errors: [{ message: 'This account is not a member', code: 'common.resource.not_found' }],
    })
    const invitation = await client
      .delete(path(f.organization.id, `/invitations/${randomUUID()}`))
      .header('cookie', cookie)
    invitation.assertStatus(404)
  })

  test('403 insufficient_role for the target before 409', async ({ client, assert }) => {
    const { user: owner, organization } = await memberWithOrganization(client)
    const { cookie } = await signedInMember(client, organization, 'admin')
    // Demoting the only owner would also be a 409: the role refusal comes first.
    const response = await client
      .patch(path(organization.id, `/members/${owner.id}`))
      .header('cookie', cookie)
      .json({ role: 'admin' })
    response.assertStatus(403)
    response.assertBody(ACT_ON_OWNER)
    assert.deepEqual(await ownersOf(organization.id), [owner.id])
  })
})

test.group('Organizations roles: at least one owner', (group) => {
  group.each.setup(() => resetDatabase())

  test('the only owner cannot demote themselves, leave or remove themselves', async ({
    client,
    assert,
  }) => {
    const { user: owner, organization, cookie } = await memberWithOrganization(client)
    await addMember(organization, await UserFactory.create(), 'admin')
    const before = await organizationRows(organization.id)

    for (const request of [
      client.patch(path(organization.id, `/members/${owner.id}`)).json({ role: 'admin' }),
      client.post(path(organization.id, '/leave')),
      client.delete(path(organization.id, `/members/${owner.id}`)),
    ]) {
      const response = await request.header('cookie', cookie)
      response.assertStatus(409)
      response.assertBody(LAST_OWNER)
    }
    assert.equal(await organizationRows(organization.id), before)
  })

  test('the last member cannot leave either (delete the organization instead)', async ({
    client,
    db: database,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const response = await client.post(path(organization.id, '/leave')).header('cookie', cookie)
    response.assertStatus(409)
    response.assertBody(LAST_OWNER)
    await database.assertCount('organization_members', 1)
  })

  test('an owner demotes another owner, then cannot demote the last one', async ({
    client,
    assert,
  }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.owner)
    const first = await client
      .patch(path(f.organization.id, `/members/${f.users.coOwner.id}`))
      .header('cookie', cookie)
      .json({ role: 'member' })
    first.assertStatus(200)
    const self = await client
      .patch(path(f.organization.id, `/members/${f.users.owner.id}`))
      .header('cookie', cookie)
      .json({ role: 'member' })
    self.assertStatus(409)
    self.assertBody(LAST_OWNER)
    assert.deepEqual(await ownersOf(f.organization.id), [f.users.owner.id])
  })

  test('transfer: to a member makes them owner and the caller admin', async ({
    client,
    assert,
    db: database,
  }) => {
    const { user: owner, organization, cookie } = await memberWithOrganization(client)
    const bob = await UserFactory.create()
    await addMember(organization, bob, 'member')

    const response = await client
      .post(path(organization.id, '/ownership-transfer'))
      .header('cookie', cookie)
      .json({ userId: bob.id })

    response.assertStatus(200)
    response.assertBodyContains({
      data: {
        from: { userId: owner.id, email: owner.email, role: 'admin' },
        to: { userId: bob.id, email: bob.email, role: 'owner' },
      },
    })
    assert.deepEqual(await ownersOf(organization.id), [bob.id])
    await database.assertHas('organization_audit_entries', {
      action: 'ownership.transferred',
      actor_id: owner.id,
      target_id: bob.id,
    })
  })

  test('transfer: to oneself or to an owner is a 409, to a non-member a 404', async ({
    client,
    assert,
  }) => {
    const f = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, f.users.owner)
    const before = await organizationRows(f.organization.id)
    const transfer = (userId: string) =>
      client
        .post(path(f.organization.id, '/ownership-transfer'))
        .header('cookie', cookie)
        .json({ userId })

    const self = await transfer(f.users.owner.id)
    self.assertStatus(409)
    self.assertBody(CONFLICT('You cannot transfer to yourself'))
    const toOwner = await transfer(f.users.coOwner.id)
    toOwner.assertStatus(409)
    toOwner.assertBody(CONFLICT('This member is already an owner'))
    const stranger = await transfer(f.users.outsider.id)
    stranger.assertStatus(404)
    const invalid = await transfer('bob')
    invalid.assertStatus(400)
    invalid.assertBodyContains({ errors: [{ code: 'input.userId.uuid' }] })
    assert.equal(await organizationRows(f.organization.id), before)
  })
})

test.group('Organizations roles: member limit', (group) => {
  group.each.setup(() => resetDatabase())

  test('members plus pending invitations stop at ORGANIZATION_MEMBER_LIMIT (100)', async ({
    client,
    assert,
  }) => {
    const { user: owner, organization, cookie } = await memberWithOrganization(client)
    // 98 more members and one pending invitation: 100 taken.
    await db.rawQuery(
      `WITH u AS (
         INSERT INTO users (id, email, password, created_at, updated_at)
         SELECT gen_random_uuid(), 'filler' || n || '@example.com', 'x', now(), now()
           FROM generate_series(1, 98) n RETURNING id)
       INSERT INTO organization_members (organization_id, user_id, role, created_at)
       SELECT ?, id, 'member', now() FROM u`,
      [organization.id]
    )
    const invited = await client
      .post(path(organization.id, '/invitations'))
      .header('cookie', cookie)
      .json({ email: 'last-seat@example.com' })
    invited.assertStatus(201)
    const candidate = await UserFactory.create()
    const before = await organizationRows(organization.id)

    const LIMIT = {
      errors: [
        {
          message: 'An organization has at most 100 members and pending invitations',
          code: 'organization.member_limit',
        },
      ],
    }
    const add = await client
      .post(path(organization.id, '/members'))
      .header('cookie', cookie)
      .json({ email: candidate.email })
    add.assertStatus(409)
    add.assertBody(LIMIT)
    const invite = await client
      .post(path(organization.id, '/invitations'))
      .header('cookie', cookie)
      .json({ email: 'one-too-many@example.com' })
    invite.assertStatus(409)
    invite.assertBody(LIMIT)
    assert.equal(await organizationRows(organization.id), before)

    // Revoking the pending invitation frees its seat.
    const revoke = await client
      .delete(path(organization.id, `/invitations/${invited.body().data.id}`))
      .header('cookie', cookie)
    revoke.assertStatus(204)
    const retry = await client
      .post(path(organization.id, '/members'))
      .header('cookie', cookie)
      .json({ email: candidate.email })
    retry.assertStatus(201)
    assert.isString(owner.id)
  })
})

test.group('Organizations roles: read on every request', (group) => {
  group.each.setup(() => resetDatabase())

  test('a demotion takes effect on the very next request of another session', async ({
    client,
  }) => {
    const f = await organizationWithRoles()
    const ownerCookie = await sessionCookieFor(client, f.users.owner)
    const adminSession = await sessionCookieFor(client, f.users.admin)
    const adminOtherSession = await sessionCookieFor(client, f.users.admin)

    const allowed = await client
      .patch(path(f.organization.id))
      .header('cookie', adminOtherSession)
      .json({ name: 'Before' })
    allowed.assertStatus(200)
    allowed.assertBodyContains({ data: { role: 'admin' } })

    const demoted = await client
      .patch(path(f.organization.id, `/members/${f.users.admin.id}`))
      .header('cookie', ownerCookie)
      .json({ role: 'member' })
    demoted.assertStatus(200)

    for (const cookie of [adminOtherSession, adminSession]) {
      const refused = await client
        .patch(path(f.organization.id))
        .header('cookie', cookie)
        .json({ name: 'After' })
      refused.assertStatus(403)
      refused.assertBody(insufficientRole('Only owners and admins can rename the organization'))
      const shown = await client.get(path(f.organization.id)).header('cookie', cookie)
      shown.assertBodyContains({ data: { name: 'Before', role: 'member' } })
    }
  })
})
