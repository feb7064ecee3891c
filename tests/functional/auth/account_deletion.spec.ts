import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  addMember,
  authenticatesOn,
  secondInstance,
  sessionCookieFor,
  signedIn,
  signIn,
  signUp,
} from '#tests/helpers/accounts'
import { mailsTo } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { signupBody } from '#tests/helpers/builders'
import { runPurges } from '#tests/helpers/jobs'

const NOTICE_SUBJECT = 'Your account was deleted'

/**
 * Rows of every table whose text holds `needle` (any column), by table:
 * what "no row of the account remains" counts.
 */
async function rowsHolding(needle: string) {
  const { rows: tables } = await db.rawQuery<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'adonis_schema%'`
  )
  const found: Record<string, number> = {}
  for (const { tablename } of tables) {
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS total FROM "${tablename}" AS r WHERE position(? in lower(r::text)) > 0`,
      [needle.toLowerCase()]
    )
    if (rows[0].total > 0) found[tablename] = rows[0].total
  }
  return found
}

test.group('Auth account deletion', (group) => {
  let other: Awaited<ReturnType<typeof secondInstance>>
  group.setup(async () => {
    other = await secondInstance()
    return () => other.kill()
  })
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('no row of the account remains; its organizations alone go with it; every session ends everywhere', async ({
    client,
    assert,
  }) => {
    const ann = signupBody()
    const { id: annId, cookie } = await signUp(client, ann)
    const elsewhere = await signIn(client, ann)
    // Counters of its address: a failed login, a reset request.
    const failed = await client.post('/auth/login').json({ ...ann, password: 'not the password' })
    failed.assertStatus(400)
    const forgot = await client.post('/auth/password/forgot').json({ email: 'ann@example.com' })
    forgot.assertStatus(202)
    assert.property(await rowsHolding('ann@example.com'), 'rate_limits')

    // An organization of its own, with an event made with an Idempotency-Key.
    const solo = await client.post('/organizations').header('cookie', cookie).json({ name: 'Solo' })
    const soloId = solo.body().data.id
    const event = await client
      .post(`/organizations/${soloId}/events`)
      .header('cookie', cookie)
      .header('Idempotency-Key', 'key-1')
      .json({ name: 'Gala', status: 'PLANNED' })
    event.assertStatus(201)

    // An organization shared with another owner, where it added a member and sent an invitation.
    const bob = await UserFactory.merge({ email: 'bob@example.com' }).create()
    const carl = await UserFactory.merge({ email: 'carl@example.com' }).create()
    const shared = await client
      .post('/organizations')
      .header('cookie', cookie)
      .json({ name: 'Shared' })
    const sharedId = shared.body().data.id
    for (const [email, role] of [
      ['bob@example.com', 'owner'],
      ['carl@example.com', 'member'],
    ]) {
      const added = await client
        .post(`/organizations/${sharedId}/members`)
        .header('cookie', cookie)
        .json({ email, role })
      added.assertStatus(201)
    }
    const invitation = await client
      .post(`/organizations/${sharedId}/invitations`)
      .header('cookie', cookie)
      .json({ email: 'dana@example.com' })
    invitation.assertStatus(201)
    const change = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'ann@new.example.com', currentPassword: ann.password })
    change.assertStatus(202)
    assert.isAbove(Object.keys(await rowsHolding(annId)).length, 4)

    const response = await client
      .delete('/auth/account')
      .header('cookie', cookie)
      .json({ currentPassword: ann.password })

    response.assertStatus(204)
    // Its own organization is gone at once, and purged in the background.
    const gone = await db.from('organizations').where('id', soloId).firstOrFail()
    assert.isNotNull(gone.deleted_at)
    await runPurges()
    // Only the audit log of the organization that stays keeps the id, and nothing keeps the email.
    assert.deepEqual(Object.keys(await rowsHolding(annId)), ['organization_audit_entries'])
    assert.deepEqual(await rowsHolding('ann@example.com'), {})
    assert.deepEqual(await rowsHolding('ann@new.example.com'), {})
    const entries = await db.from('organization_audit_entries').where('actor_id', annId)
    assert.isAbove(entries.length, 0)
    assert.isTrue(entries.every((entry) => entry.organization_id === sharedId))
    assert.isTrue(entries.every((entry) => entry.actor_email === null))

    assert.lengthOf(await db.from('organizations').where('id', soloId), 0)
    assert.lengthOf(await db.from('events'), 0)
    assert.lengthOf(await db.from('organizations').where('id', sharedId), 1)
    const members = await db
      .from('organization_members')
      .where('organization_id', sharedId)
      .orderBy('role')
    assert.deepEqual(
      members.map((member) => [member.user_id, member.role]),
      [
        [bob.id, 'owner'],
        [carl.id, 'member'],
      ]
    )

    for (const sessionCookie of [cookie, elsewhere]) {
      const me = await client.get('/auth/me').header('cookie', sessionCookie)
      me.assertStatus(401)
      assert.isFalse(await authenticatesOn(other, sessionCookie))
    }
    assert.lengthOf(await mailsTo('ann@example.com', NOTICE_SUBJECT), 1)

    const again = await client
      .post('/auth/signup')
      .json({ email: 'ann@example.com', password: 'another password' })
    again.assertStatus(201)
    assert.notEqual(again.body().data.id, annId)
  }).timeout(60_000)

  test('refused while it is the last owner of organizations with other members', async ({
    client,
    assert,
  }) => {
    const ann = await UserFactory.create()
    const bob = await UserFactory.create()
    const [first, second, coOwned, solo] = await OrganizationFactory.createMany(4)
    await addMember(first, ann, 'owner')
    await addMember(first, bob, 'member')
    await addMember(second, ann, 'owner')
    await addMember(second, bob, 'admin')
    await addMember(coOwned, ann, 'owner')
    await addMember(coOwned, bob, 'owner')
    await addMember(solo, ann, 'owner')
    const cookie = await sessionCookieFor(client, ann)

    const response = await client
      .delete('/auth/account')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })

    response.assertStatus(409)
    const [error] = response.body().errors
    assert.equal(error.code, 'organization.last_owner')
    assert.isString(error.message)
    assert.sameMembers(error.meta.organizationIds, [first.id, second.id])
    assert.lengthOf(await db.from('users').where('id', ann.id), 1)
    assert.lengthOf(await db.from('organization_members').where('user_id', ann.id), 4)
    assert.lengthOf(await db.from('organizations').where('id', solo.id), 1)
    const me = await client.get('/auth/me').header('cookie', cookie)
    me.assertStatus(200)
    assert.lengthOf(await mailsTo(ann.email, NOTICE_SUBJECT), 0)
  })

  test('two owners of one organization deleting their accounts at once both go, and it with them', async ({
    client,
    assert,
  }) => {
    const ann = await UserFactory.create()
    const bob = await UserFactory.create()
    const organization = await OrganizationFactory.create()
    await addMember(organization, ann, 'owner')
    await addMember(organization, bob, 'owner')
    const cookies = [await sessionCookieFor(client, ann), await sessionCookieFor(client, bob)]

    const answers = await Promise.all(
      cookies.map((cookie) =>
        client
          .delete('/auth/account')
          .header('cookie', cookie)
          .json({ currentPassword: FACTORY_PASSWORD })
      )
    )

    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [204, 204]
    )
    assert.lengthOf(await db.from('users'), 0)
    assert.lengthOf(await db.from('organizations').whereNull('deleted_at'), 0)
    await runPurges()
    assert.lengthOf(await db.from('organizations'), 0)
  })

  test('a wrong current password is a 400, throttled like logins, and deletes nothing', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)

    const wrong = await client
      .delete('/auth/account')
      .header('cookie', cookie)
      .json({ currentPassword: 'not the password' })
    wrong.assertStatus(400)
    wrong.assertBody({
      errors: [
        {
          message: 'The current password is not correct',
          code: 'input.currentPassword.invalid',
          field: 'currentPassword',
        },
      ],
    })
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await client
        .delete('/auth/account')
        .header('cookie', cookie)
        .json({ currentPassword: `wrong ${attempt}` })
      response.assertStatus(400)
    }
    const refused = await client
      .delete('/auth/account')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    refused.assertStatus(429)
    assert.lengthOf(await db.from('users').where('id', user.id), 1)
  })

  test('needs a session and the current password', async ({ client }) => {
    const anonymous = await client.delete('/auth/account').json({ currentPassword: 'x' })
    anonymous.assertStatus(401)

    const { cookie } = await signedIn(client)
    const missing = await client.delete('/auth/account').header('cookie', cookie).json({})
    missing.assertStatus(400)
    missing.assertBodyContains({
      errors: [{ field: 'currentPassword', code: 'input.currentPassword.required' }],
    })
  })
})
