import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn, signIn, signUp } from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { subscribe } from '#tests/helpers/newsletter'
import { signupBody } from '#tests/helpers/builders'

test.group('Auth account export', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('holds every kind of record of the account, and no hash or secret', async ({
    client,
    assert,
  }) => {
    // The account, signed in twice, with a language and a verification link.
    const ann = signupBody()
    const { id: annId, cookie } = await signUp(client, { ...ann, fullName: 'Ann' })
    await signIn(client, ann)
    const [verification] = await mailsTo('ann@example.com', 'Confirm your email address')
    const locale = await client.patch('/auth/me').header('cookie', cookie).json({ locale: 'fr' })
    locale.assertStatus(200)

    // An organization it owns, a member it added, an invitation it sent.
    const bob = await UserFactory.merge({ email: 'bob@example.com' }).create()
    const acme = await client.post('/organizations').header('cookie', cookie).json({ name: 'Acme' })
    acme.assertStatus(201)
    const acmeId = acme.body().data.id
    const added = await client
      .post(`/organizations/${acmeId}/members`)
      .header('cookie', cookie)
      .json({ email: 'bob@example.com', role: 'admin' })
    added.assertStatus(201)
    const sent = await client
      .post(`/organizations/${acmeId}/invitations`)
      .header('cookie', cookie)
      .json({ email: 'carol@example.com' })
    sent.assertStatus(201)
    // In French, the account's language (contract, Languages).
    const [sentMail] = await mailsTo(
      'carol@example.com',
      'Vous êtes invité à vous joindre à une organisation'
    )

    // An invitation it received from another organization.
    const { cookie: daveCookie } = await signedIn(client)
    const other = await client
      .post('/organizations')
      .header('cookie', daveCookie)
      .json({ name: 'Other' })
    const received = await client
      .post(`/organizations/${other.body().data.id}/invitations`)
      .header('cookie', daveCookie)
      .json({ email: 'ann@example.com' })
    received.assertStatus(201)

    // A pending email change, and the newsletter consent of the same address.
    const change = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .json({ email: 'ann@new.example.com', currentPassword: ann.password })
    change.assertStatus(202)
    const [changeMail] = await mailsTo(
      'ann@new.example.com',
      'Confirmez votre nouvelle adresse courriel'
    )
    const subscribed = await subscribe(client, 'ann@example.com')
    subscribed.assertStatus(201)

    const response = await client.get('/auth/account/export').header('cookie', cookie)

    response.assertStatus(200)
    assert.match(
      String(response.header('content-disposition')),
      /^attachment; filename="account-.+\.json"$/
    )
    const { data } = response.body()
    assert.deepEqual(data.profile, {
      id: annId,
      email: 'ann@example.com',
      fullName: 'Ann',
      emailVerifiedAt: null,
      locale: 'fr',
    })
    assert.isString(data.signedUpAt)
    assert.equal(data.pendingEmailChange.email, 'ann@new.example.com')
    assert.lengthOf(data.sessions, 2)
    assert.deepEqual(data.sessions.map((s: { current: boolean }) => s.current).sort(), [
      false,
      true,
    ])
    assert.containSubset(data.memberships, [{ id: acmeId, name: 'Acme', role: 'owner' }])
    assert.lengthOf(data.memberships, 1)
    assert.containSubset(data.invitationsSent, [
      {
        organizationId: acmeId,
        invitation: { id: sent.body().data.id, email: 'carol@example.com' },
      },
    ])
    assert.containSubset(data.invitationsReceived, [
      {
        organizationId: other.body().data.id,
        invitation: { id: received.body().data.id, email: 'ann@example.com' },
      },
    ])
    const actions = data.auditLog.map((item: { entry: { action: string } }) => item.entry.action)
    assert.includeMembers(actions, ['organization.created', 'member.added', 'invitation.created'])
    assert.containSubset(data.auditLog, [
      {
        organizationId: acmeId,
        entry: {
          action: 'member.added',
          actor: { userId: annId, email: 'ann@example.com' },
          target: { type: 'user', id: bob.id },
        },
      },
    ])
    assert.equal(data.newsletter.email, 'ann@example.com')
    assert.isString(data.newsletter.consentedAt)

    // No hash and no secret: password, token and invitation hashes, the
    // secrets of every link sent, the session cookie.
    const text = JSON.stringify(response.body())
    const user = await db.from('users').where('id', annId).firstOrFail()
    const tokens = await db.from('account_tokens').select('hash')
    const invitations = await db.from('organization_invitations').select('hash')
    const secrets = [
      user.password,
      ...tokens.map((row) => row.hash),
      ...invitations.map((row) => row.hash),
      tokenLinkIn(verification).token,
      tokenLinkIn(changeMail).token,
      tokenLinkIn(sentMail).token,
      cookie.split('=')[1],
      decodeURIComponent(cookie.split('=')[1]),
    ]
    assert.isAbove(tokens.length, 1)
    for (const secret of secrets) assert.notInclude(text, secret)
    for (const secret of secrets) assert.notInclude(text, secret.split('.').at(-1)!)
    assert.notMatch(text, /\$scrypt|"password"|"hash"|"secret"|"token"/i)
  })

  test('an account with nothing else has empty lists', async ({ client }) => {
    const { user, cookie } = await signedIn(client, { email: 'zoe@example.com', fullName: 'Zoe' })

    const response = await client.get('/auth/account/export').header('cookie', cookie)

    response.assertStatus(200)
    response.assertBodyContains({
      data: {
        profile: { id: user.id, email: 'zoe@example.com', fullName: 'Zoe' },
        pendingEmailChange: null,
        memberships: [],
        invitationsSent: [],
        invitationsReceived: [],
        auditLog: [],
        newsletter: null,
      },
    })
  })

  test('a member of 1 200 organizations: every membership, invitation and entry, in order, deleted ones left out', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { email: 'many@example.com' })
    const owner = await UserFactory.create()
    // Joined one second apart, oldest first; an audit entry names it in each, an invitation
    // to it waits in half of them; one organization is deleted (its rows not purged yet).
    await db.rawQuery(
      `WITH orgs AS (
         INSERT INTO organizations (id, name, created_at, updated_at)
         SELECT gen_random_uuid(), 'Org ' || n, now(), now() FROM generate_series(1, 1201) n
         RETURNING id, name),
       numbered AS (SELECT id, substr(name, 5)::int AS n FROM orgs),
       members AS (
         INSERT INTO organization_members (organization_id, user_id, role, created_at)
         SELECT id, :user, 'member', now() - make_interval(secs => 10000 - n) FROM numbered),
       invitations AS (
         INSERT INTO organization_invitations
           (id, organization_id, email, hash, role, invited_by, expires_at, created_at)
         SELECT gen_random_uuid(), id, 'many@example.com', 'x', 'admin', :owner,
                now() + interval '7 days', now() - make_interval(secs => 10000 - n)
           FROM numbered WHERE n % 2 = 0)
       INSERT INTO organization_audit_entries
         (id, organization_id, action, actor_id, target_type, target_id, details, occurred_at)
       SELECT gen_random_uuid(), id, 'member.added', :owner, 'user', :user, '{"role":"member"}',
              now() - make_interval(secs => 10000 - n)
         FROM numbered`,
      { user: user.id, owner: owner.id }
    )
    await db.from('organizations').where('name', 'Org 1201').update({ deleted_at: new Date() })

    const response = await client.get('/auth/account/export').header('cookie', cookie)

    response.assertStatus(200)
    const { data } = response.body()
    const expected = Array.from({ length: 1200 }, (_, index) => `Org ${index + 1}`)
    assert.deepEqual(
      data.memberships.map((organization: { name: string }) => organization.name),
      expected
    )
    const orgName = new Map(
      data.memberships.map((organization: { id: string; name: string }) => [
        organization.id,
        organization.name,
      ])
    )
    assert.deepEqual(
      data.auditLog.map((item: { organizationId: string }) => orgName.get(item.organizationId)),
      expected
    )
    assert.deepEqual(
      data.invitationsReceived.map((item: { organizationId: string }) =>
        orgName.get(item.organizationId)
      ),
      expected.filter((_, index) => (index + 1) % 2 === 0)
    )
  }).timeout(30_000)

  test('needs a session', async ({ client }) => {
    const response = await client.get('/auth/account/export')

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
