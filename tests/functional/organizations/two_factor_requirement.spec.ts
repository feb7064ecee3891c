import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { clearLimits, memberWithOrganization, sessionCookieFor } from '#tests/helpers/accounts'
import {
  insufficientRole,
  organizationRows,
  organizationWithRoles,
} from '#tests/helpers/organizations'
import { confirmedTotp, passkey, requireTwoFactorOf } from '#tests/helpers/second_factor_rows'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'

type Fixture = Awaited<ReturnType<typeof organizationWithRoles>>
type Caller = 'owner' | 'admin' | 'member'

const TWO_FACTOR_REQUIRED = {
  errors: [
    {
      message:
        'This organization requires two-factor authentication: turn on a second factor for your account to use it',
      code: 'organization.two_factor_required',
    },
  ],
}

const ACTOR_WITHOUT_FACTOR = {
  errors: [
    {
      message: 'Turn on a second factor for your own account before requiring one of the members',
      code: 'organization.two_factor_required_for_actor',
    },
  ],
}

const REQUIREMENT_CHANGED = 'organization.two_factor_requirement_changed'

/**
 * Every route of an organization but leaving, each as a request any role
 * would be let through by the requirement alone (the role decides after it).
 */
const ROUTES: {
  route: string
  send: (c: ApiClient, f: Fixture) => ReturnType<ApiClient['get']>
}[] = [
  { route: 'GET /organizations/:id', send: (c, f) => c.get(`/organizations/${f.organization.id}`) },
  {
    route: 'PATCH /organizations/:id',
    send: (c, f) => c.patch(`/organizations/${f.organization.id}`).json({ name: 'Renamed' }),
  },
  {
    route: 'DELETE /organizations/:id',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}`),
  },
  {
    route: 'GET …/members',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/members`),
  },
  {
    route: 'POST …/members',
    send: (c, f) =>
      c.post(`/organizations/${f.organization.id}/members`).json({ email: f.users.outsider.email }),
  },
  {
    route: 'PATCH …/members/:userId',
    send: (c, f) =>
      c
        .patch(`/organizations/${f.organization.id}/members/${f.users.target.id}`)
        .json({ role: 'admin' }),
  },
  {
    route: 'DELETE …/members/:userId',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}/members/${f.users.target.id}`),
  },
  {
    route: 'POST …/ownership-transfer',
    send: (c, f) =>
      c
        .post(`/organizations/${f.organization.id}/ownership-transfer`)
        .json({ userId: f.users.target.id }),
  },
  {
    route: 'POST …/invitations',
    send: (c, f) =>
      c
        .post(`/organizations/${f.organization.id}/invitations`)
        .json({ email: 'new-person@example.com' }),
  },
  {
    route: 'GET …/invitations',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/invitations`),
  },
  {
    route: 'DELETE …/invitations/:invitationId',
    send: (c, f) =>
      c.delete(`/organizations/${f.organization.id}/invitations/${f.memberInvitation.id}`),
  },
  {
    route: 'GET …/audit-log',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/audit-log`),
  },
  {
    route: 'GET …/events',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/events`),
  },
  {
    route: 'POST …/events',
    send: (c, f) => c.post(`/organizations/${f.organization.id}/events`).json({ name: 'Gala' }),
  },
  {
    route: 'GET …/events/:id',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/events/${f.event.id}`),
  },
  {
    route: 'PATCH …/events/:id',
    send: (c, f) =>
      c.patch(`/organizations/${f.organization.id}/events/${f.event.id}`).json({ name: 'Ball' }),
  },
  {
    route: 'DELETE …/events/:id',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}/events/${f.event.id}`),
  },
]

const CALLERS: Caller[] = ['owner', 'admin', 'member']

/** The organization's requirement audit entries, oldest first: who and what. */
async function requirementEntries(organizationId: string) {
  const rows = await db
    .from('organization_audit_entries')
    .where({ organization_id: organizationId, action: REQUIREMENT_CHANGED })
    .orderBy('occurred_at', 'asc')
    .select('actor_id', 'target_type', 'target_id', 'details')
  return rows.map((row) => ({
    actorId: row.actor_id,
    target: `${row.target_type}:${row.target_id}`,
    details: row.details,
  }))
}

async function storedRequirement(organizationId: string) {
  const row = await db.from('organizations').where('id', organizationId).firstOrFail()
  return row.require_two_factor as boolean
}

/** Sends the request and asserts its status: the answer. */
async function answered(request: ReturnType<ApiClient['get']>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

test.group('Organizations two-factor requirement: setting it', (group) => {
  group.each.setup(() => resetDatabase())

  test('an owner without a second factor cannot turn it on: 409, nothing written', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const before = await organizationRows(organization.id)

    const response = await client
      .patch(`/organizations/${organization.id}`)
      .header('cookie', cookie)
      .json({ requireTwoFactor: true, name: 'Renamed' })

    response.assertStatus(409)
    response.assertBody(ACTOR_WITHOUT_FACTOR)
    assert.equal(await organizationRows(organization.id), before)
  })

  test('an owner with one turns it on and off, each change logged once', async ({
    client,
    assert,
  }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    // Added after signing in: the session is the one the owner already had.
    await confirmedTotp(user.id)
    const patch = (body: object) =>
      client.patch(`/organizations/${organization.id}`).header('cookie', cookie).json(body)

    const on = await patch({ requireTwoFactor: true })

    on.assertStatus(200)
    const { data } = on.body()
    on.assertBody({
      data: {
        id: organization.id,
        name: organization.name,
        role: 'owner',
        requireTwoFactor: true,
        createdAt: data.createdAt,
        updatedAt: data.updatedAt,
      },
    })
    assert.isTrue(await storedRequirement(organization.id))
    const shown = await client.get(`/organizations/${organization.id}`).header('cookie', cookie)
    assert.isTrue(shown.body().data.requireTwoFactor)
    const listed = await client.get('/organizations').header('cookie', cookie)
    assert.deepEqual(
      listed.body().data.map((item: { requireTwoFactor: boolean }) => item.requireTwoFactor),
      [true]
    )

    await answered(patch({ requireTwoFactor: true }), 200)
    const off = await patch({ requireTwoFactor: false, name: 'Acme' })
    off.assertStatus(200)
    assert.isFalse(off.body().data.requireTwoFactor)
    assert.equal(off.body().data.name, 'Acme')
    assert.isFalse(await storedRequirement(organization.id))

    const target = `organization:${organization.id}`
    assert.deepEqual(await requirementEntries(organization.id), [
      { actorId: user.id, target, details: { requireTwoFactor: true } },
      { actorId: user.id, target, details: { requireTwoFactor: false } },
    ])
    const renamed = await db
      .from('organization_audit_entries')
      .where({ organization_id: organization.id, action: 'organization.renamed' })
      .select('details')
    assert.deepEqual(renamed, [{ details: { name: 'Acme' } }])
  })

  test('an admin may rename but not change the requirement; a member neither', async ({
    client,
    assert,
  }) => {
    const fixture = await organizationWithRoles()
    const { organization, users } = fixture
    const adminCookie = await sessionCookieFor(client, users.admin)
    const memberCookie = await sessionCookieFor(client, users.member)
    await confirmedTotp(users.admin.id)
    await confirmedTotp(users.member.id)
    const before = await organizationRows(organization.id)

    for (const requireTwoFactor of [true, false]) {
      const response = await client
        .patch(`/organizations/${organization.id}`)
        .header('cookie', adminCookie)
        .json({ requireTwoFactor, name: 'Renamed' })
      response.assertStatus(403)
      response.assertBody(
        insufficientRole('Only owners can change whether members need two factors')
      )
    }
    const byMember = await client
      .patch(`/organizations/${organization.id}`)
      .header('cookie', memberCookie)
      .json({ requireTwoFactor: true })
    byMember.assertStatus(403)
    byMember.assertBody(insufficientRole('Only owners and admins can rename the organization'))
    assert.equal(await organizationRows(organization.id), before)

    const renamed = await client
      .patch(`/organizations/${organization.id}`)
      .header('cookie', adminCookie)
      .json({ name: 'Renamed' })
    renamed.assertStatus(200)
    assert.isFalse(renamed.body().data.requireTwoFactor)
  })

  test('the body: a boolean, and a name or the requirement', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const patch = (body: object) =>
      client.patch(`/organizations/${organization.id}`).header('cookie', cookie).json(body)

    const notBoolean = await patch({ requireTwoFactor: 'true' })
    notBoolean.assertStatus(400)
    notBoolean.assertBody({
      errors: [
        {
          message: 'The value must be a boolean',
          rule: 'boolean',
          field: 'requireTwoFactor',
          code: 'input.requireTwoFactor.boolean',
        },
      ],
    })
    const empty = await patch({})
    empty.assertStatus(400)
    empty.assertBody({
      errors: [
        {
          message: 'The name field is required',
          rule: 'required',
          field: 'name',
          code: 'input.name.required',
        },
      ],
    })
  })

  test('the audit log filters on the requirement changes', async ({ client, assert }) => {
    const { user, organization, cookie } = await memberWithOrganization(client)
    await confirmedTotp(user.id)
    for (const body of [
      { requireTwoFactor: true },
      { name: 'Other' },
      { requireTwoFactor: false },
    ]) {
      await answered(
        client.patch(`/organizations/${organization.id}`).header('cookie', cookie).json(body),
        200
      )
    }

    const response = await client
      .get(`/organizations/${organization.id}/audit-log`)
      .qs({ action: REQUIREMENT_CHANGED })
      .header('cookie', cookie)

    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.deepEqual(meta, { nextCursor: null })
    assert.deepEqual(
      data.map((entry: { action: string; details: object; actor: object; target: object }) => ({
        action: entry.action,
        details: entry.details,
        actor: entry.actor,
        target: entry.target,
      })),
      [false, true].map((requireTwoFactor) => ({
        action: REQUIREMENT_CHANGED,
        details: { requireTwoFactor },
        actor: { userId: user.id, email: user.email },
        target: { type: 'organization', id: organization.id },
      }))
    )
  })

  test('in French', async ({ client }) => {
    const { organization, cookie } = await memberWithOrganization(client)

    const response = await client
      .patch(`/organizations/${organization.id}`)
      .header('cookie', cookie)
      .header('accept-language', 'fr-CA')
      .json({ requireTwoFactor: true })

    response.assertStatus(409)
    response.assertBody({
      errors: [
        {
          message:
            'Activez un second facteur pour votre propre compte avant de l’exiger des membres',
          code: 'organization.two_factor_required_for_actor',
        },
      ],
    })
  })
})

test.group('Organizations two-factor requirement: members without a second factor', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await clearLimits()
  })

  test('{$self} without one gets 403 on every route of the organization, nothing changes')
    .with(CALLERS)
    .run(async ({ client, assert }, caller) => {
      const fixture = await organizationWithRoles()
      await requireTwoFactorOf(fixture.organization.id)
      const cookie = await sessionCookieFor(client, fixture.users[caller])
      const before = await organizationRows(fixture.organization.id)

      for (const { route, send } of ROUTES) {
        const response = await send(client, fixture).header('cookie', cookie)
        assert.equal(response.status(), 403, route)
        assert.deepEqual(response.body(), TWO_FACTOR_REQUIRED, route)
      }
      assert.equal(await organizationRows(fixture.organization.id), before)
    })

  test('a member without one still lists their organizations, and may leave', async ({
    client,
    assert,
    db: database,
  }) => {
    const { organization, users } = await organizationWithRoles()
    await requireTwoFactorOf(organization.id)
    const cookie = await sessionCookieFor(client, users.member)
    const targetCookie = await sessionCookieFor(client, users.target)

    const listed = await client.get('/organizations').header('cookie', cookie)
    listed.assertStatus(200)
    assert.deepEqual(
      listed
        .body()
        .data.map((item: { id: string; requireTwoFactor: boolean }) => [
          item.id,
          item.requireTwoFactor,
        ]),
      [[organization.id, true]]
    )

    const left = await client
      .post(`/organizations/${organization.id}/leave`)
      .header('cookie', cookie)
    left.assertStatus(204)
    const removedThemselves = await client
      .delete(`/organizations/${organization.id}/members/${users.target.id}`)
      .header('cookie', targetCookie)
    removedThemselves.assertStatus(204)
    for (const user of [users.member, users.target]) {
      await database.assertMissing('organization_members', {
        organization_id: organization.id,
        user_id: user.id,
      })
    }
  })

  test('once the account has one, its existing sessions get in at once', async ({ client }) => {
    const fixture = await organizationWithRoles()
    const { organization, event, users } = fixture
    await requireTwoFactorOf(organization.id)
    const memberCookie = await sessionCookieFor(client, users.member)
    const otherSession = await sessionCookieFor(client, users.member)
    const adminCookie = await sessionCookieFor(client, users.admin)
    const eventPath = `/organizations/${organization.id}/events/${event.id}`

    await answered(client.get(eventPath).header('cookie', memberCookie), 403)
    await answered(client.get(eventPath).header('cookie', otherSession), 403)
    await passkey(users.member.id)
    await confirmedTotp(users.admin.id)

    for (const cookie of [memberCookie, otherSession]) {
      await answered(client.get(eventPath).header('cookie', cookie), 200)
    }
    const patched = await client
      .patch(eventPath)
      .header('cookie', memberCookie)
      .json({ name: 'Ball' })
    patched.assertStatus(200)
    patched.assertBodyContains({ data: { name: 'Ball' } })
    for (const path of ['', '/members', '/events', '/invitations']) {
      await answered(
        client.get(`/organizations/${organization.id}${path}`).header('cookie', memberCookie),
        200
      )
    }
    await answered(
      client.get(`/organizations/${organization.id}/audit-log`).header('cookie', adminCookie),
      200
    )
    // The role still decides after the requirement: a member reads no audit log.
    const auditLog = await client
      .get(`/organizations/${organization.id}/audit-log`)
      .header('cookie', memberCookie)
    auditLog.assertStatus(403)
    auditLog.assertBody(insufficientRole('Only owners and admins can read the audit log'))
  })

  test('an organization without the requirement lets them in', async ({ client }) => {
    const { organization, event, users } = await organizationWithRoles()
    const cookie = await sessionCookieFor(client, users.member)

    const response = await client
      .get(`/organizations/${organization.id}/events/${event.id}`)
      .header('cookie', cookie)

    response.assertStatus(200)
  })

  test('a non-member still gets auth.forbidden, whether or not the organization requires two factors', async ({
    client,
  }) => {
    const { organization, event, users } = await organizationWithRoles()
    await requireTwoFactorOf(organization.id)
    const cookie = await sessionCookieFor(client, users.outsider)

    for (const path of ['', `/events/${event.id}`, '/members']) {
      const response = await client
        .get(`/organizations/${organization.id}${path}`)
        .header('cookie', cookie)
      response.assertStatus(403)
      response.assertBody({
        errors: [{ message: 'You are not a member of this organization', code: 'auth.forbidden' }],
      })
    }
  })

  test('in French', async ({ client }) => {
    const { organization, event, users } = await organizationWithRoles()
    await requireTwoFactorOf(organization.id)
    const cookie = await sessionCookieFor(client, users.member)

    const response = await client
      .get(`/organizations/${organization.id}/events/${event.id}`)
      .header('cookie', cookie)
      .header('accept-language', 'fr')

    response.assertStatus(403)
    response.assertBody({
      errors: [
        {
          message:
            'Cette organisation exige l’authentification à deux facteurs : activez un second facteur pour votre compte pour y accéder',
          code: 'organization.two_factor_required',
        },
      ],
    })
  })
})

test.group('Organizations two-factor requirement: the list of members', (group) => {
  group.each.setup(() => resetDatabase())

  test('owners and admins see who has a second factor; members do not', async ({
    client,
    assert,
  }) => {
    const { organization, users } = await organizationWithRoles()
    // Signed in first: a password login of an account with a factor takes a second step.
    const cookies = {
      owner: await sessionCookieFor(client, users.owner),
      admin: await sessionCookieFor(client, users.admin),
      member: await sessionCookieFor(client, users.member),
    }
    await confirmedTotp(users.coOwner.id)
    await passkey(users.member.id)
    const withFactor = new Set([users.coOwner.id, users.member.id])

    for (const caller of ['owner', 'admin'] as const) {
      const cookie = cookies[caller]
      const response = await client
        .get(`/organizations/${organization.id}/members`)
        .header('cookie', cookie)
      response.assertStatus(200)
      const members: { userId: string; twoFactorEnabled: boolean }[] = response.body().data
      assert.lengthOf(members, 5)
      for (const member of members) {
        assert.equal(member.twoFactorEnabled, withFactor.has(member.userId), caller)
      }
    }

    const response = await client
      .get(`/organizations/${organization.id}/members`)
      .header('cookie', cookies.member)
    response.assertStatus(200)
    for (const member of response.body().data) {
      assert.deepEqual(Object.keys(member), ['userId', 'email', 'fullName', 'role', 'joinedAt'])
    }
  })
})

test.group('Organizations two-factor requirement: invitations', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('an account without a second factor cannot accept; once it has one, it can', async ({
    client,
    assert,
    db: database,
  }) => {
    const { user: owner, organization, cookie } = await memberWithOrganization(client)
    await confirmedTotp(owner.id)
    await answered(
      client
        .patch(`/organizations/${organization.id}`)
        .header('cookie', cookie)
        .json({ requireTwoFactor: true }),
      200
    )
    const bob = await UserFactory.create()
    const bobCookie = await sessionCookieFor(client, bob)
    await answered(
      client
        .post(`/organizations/${organization.id}/invitations`)
        .header('cookie', cookie)
        .json({ email: bob.email, role: 'admin' }),
      201
    )
    const [mail] = await mailsTo(bob.email, 'You are invited to join an organization')
    const { token } = tokenLinkIn(mail)
    const accept = () =>
      client.post('/invitations/accept').header('cookie', bobCookie).json({ token })

    const refused = await accept()

    refused.assertStatus(403)
    refused.assertBody(TWO_FACTOR_REQUIRED)
    await database.assertMissing('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
    })
    await database.assertHas('organization_invitations', { organization_id: organization.id })

    await passkey(bob.id)
    const accepted = await accept()

    accepted.assertStatus(200)
    assert.deepInclude(accepted.body().data, {
      id: organization.id,
      role: 'admin',
      requireTwoFactor: true,
    })
    await database.assertHas('organization_members', {
      organization_id: organization.id,
      user_id: bob.id,
      role: 'admin',
    })
  })
})
