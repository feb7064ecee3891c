import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, sessionCookieOf, signedIn } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'
import { addPasskey, loginOptions, SoftAuthenticator } from '#tests/helpers/passkeys'
import { requireTwoFactorOf } from '#tests/helpers/second_factor_rows'
import { withTestClock } from '#tests/helpers/two_factor'
import { smtpServer } from '#tests/helpers/smtp_server'

/*
 * Passkeys as a second factor: the password login they require, the
 * re-authentication they give and guard, and the organizations' requirement.
 */

/** An account with a passkey held by a new software authenticator, signed in. */
async function withPasskey(client: Parameters<typeof signedIn>[0]) {
  const authenticator = new SoftAuthenticator()
  const { user, cookie } = await signedIn(client)
  const { passkey, credentialId } = await addPasskey(client, cookie, authenticator)
  return { user, cookie, authenticator, passkey, credentialId }
}

test.group('Auth passkeys as a second factor', (group) => {
  const time = withTestClock(group)
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('a password login asks for the passkey, and a passkey sign-in finishes it', async ({
    client,
    assert,
  }) => {
    const { user, authenticator, credentialId } = await withPasskey(client)

    const login = await client.post('/auth/login').json(loginBody(user))
    login.assertStatus(401)
    login.assertBodyContains({
      errors: [{ code: 'auth.second_factor_required', meta: { methods: ['passkey'] } }],
    })
    const pending = sessionCookieOf(login.headers()['set-cookie'])
    const me = await client.get('/auth/me').header('cookie', pending)
    me.assertStatus(401)

    const options = await loginOptions(client)
    const finished = await client
      .post('/auth/login/passkey')
      .header('cookie', pending)
      .json({ response: authenticator.authenticate(credentialId, options) })
    finished.assertStatus(200)
    finished.assertBodyContains({ data: { id: user.id } })
    const cookie = sessionCookieOf(finished.headers()['set-cookie'])
    assert.notEqual(cookie, pending)
    const signedInMe = await client.get('/auth/me').header('cookie', cookie)
    signedInMe.assertBodyContains({ data: { id: user.id } })

    // The pending login is spent: a code can no longer finish it.
    const again = await client
      .post('/auth/login/second-factor')
      .header('cookie', cookie)
      .json({ code: '123456' })
    again.assertStatus(401)
    again.assertBodyContains({ errors: [{ code: 'auth.second_factor_expired' }] })
  })

  test('adding and removing a passkey need a recent sign-in; a passkey re-authenticates', async ({
    client,
    assert,
  }) => {
    const { user, cookie, authenticator, passkey, credentialId } = await withPasskey(client)
    time.clock.advance(601)

    const required = {
      errors: [
        {
          code: 'auth.reauthentication_required',
          meta: { methods: ['password', 'passkey'], maxAgeSeconds: 600 },
        },
      ],
    }
    const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
    options.assertStatus(403)
    options.assertBodyContains(required)
    const add = await client.post('/auth/passkeys').header('cookie', cookie).json({})
    add.assertStatus(403)
    const remove = await client.delete(`/auth/passkeys/${passkey.id}`).header('cookie', cookie)
    remove.assertStatus(403)
    remove.assertBodyContains(required)

    // Another account's passkey does not re-authenticate this one.
    const stranger = await withPasskey(client)
    const wrong = await client
      .post('/auth/reauthenticate')
      .header('cookie', cookie)
      .json({
        passkeyResponse: stranger.authenticator.authenticate(
          stranger.credentialId,
          await loginOptions(client)
        ),
      })
    wrong.assertStatus(401)
    wrong.assertBodyContains({ errors: [{ code: 'auth.reauthentication_failed' }] })

    const proof = authenticator.authenticate(credentialId, await loginOptions(client))
    const reauthenticated = await client
      .post('/auth/reauthenticate')
      .header('cookie', cookie)
      .json({ passkeyResponse: proof })
    reauthenticated.assertStatus(204)

    // The same assertion twice: its challenge is spent.
    const replayed = await client
      .post('/auth/reauthenticate')
      .header('cookie', cookie)
      .json({ passkeyResponse: proof })
    replayed.assertStatus(401)

    const removed = await client.delete(`/auth/passkeys/${passkey.id}`).header('cookie', cookie)
    removed.assertStatus(204)
    const left = await db.from('user_passkeys').where('user_id', user.id)
    assert.lengthOf(left, 0)
  })

  test('the last passkey of a member of an organization that requires two factors stays', async ({
    client,
    assert,
  }) => {
    const { user, cookie, authenticator, passkey } = await withPasskey(client)
    const organization = await OrganizationFactory.create()
    await addMember(organization, user)
    await requireTwoFactorOf(organization.id)

    const second = await addPasskey(client, cookie, authenticator, 'Phone')
    const first = await client.delete(`/auth/passkeys/${passkey.id}`).header('cookie', cookie)
    first.assertStatus(204)

    const last = await client.delete(`/auth/passkeys/${second.passkey.id}`).header('cookie', cookie)
    last.assertStatus(409)
    last.assertBodyContains({ errors: [{ code: 'organization.two_factor_required' }] })
    const kept = await db.from('user_passkeys').where('user_id', user.id)
    assert.lengthOf(kept, 1)
  })
})
