import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { clearLimits, sessionCookieOf, signedIn } from '#tests/helpers/accounts'
import { addPasskey, loginOptions, SoftAuthenticator } from '#tests/helpers/passkeys'
import PasskeyService from '#services/accounts/two_factor/passkey_service'
import PasskeyInvalidException from '#exceptions/passkey_invalid_exception'
import { webauthn } from '#config/webauthn'

const INVALID = {
  errors: [
    {
      message: 'The passkey could not be verified: ask for new options and try again',
      code: 'auth.passkey_invalid',
    },
  ],
}

/** An account with a passkey held by `authenticator`: the user, its cookie and the credential id. */
async function withPasskey(client: Parameters<typeof signedIn>[0]) {
  const authenticator = new SoftAuthenticator()
  const { user, cookie } = await signedIn(client)
  const { passkey, credentialId } = await addPasskey(client, cookie, authenticator)
  return { user, cookie, authenticator, passkey, credentialId }
}

async function signCount(credentialId: string) {
  const row = await db.from('user_passkeys').where('credential_id', credentialId).firstOrFail()
  return Number(row.sign_count)
}

test.group('Auth passkey login', (group) => {
  group.each.setup(() => resetDatabase())

  test('options: the relying party, user verification required, any passkey (discoverable)', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/auth/login/passkey/options')

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(Object.keys(data).sort(), [
      'allowCredentials',
      'challenge',
      'rpId',
      'timeout',
      'userVerification',
    ])
    assert.equal(data.rpId, webauthn.rpId)
    assert.equal(data.userVerification, 'required')
    assert.deepEqual(data.allowCredentials, [])
    assert.equal(data.timeout, 300_000)
    const rows = await db.from('webauthn_challenges').select('user_id', 'purpose', 'challenge')
    assert.deepEqual(rows, [
      { user_id: null, purpose: 'authentication', challenge: data.challenge },
    ])
  })

  test('signs the passkey’s account in without an email, under a new session id', async ({
    client,
    assert,
  }) => {
    const { user, cookie, authenticator, credentialId, passkey } = await withPasskey(client)

    // Sent with the old session's cookie: the sign-in still gets a new id (no fixation).
    const response = await client
      .post('/auth/login/passkey')
      .header('cookie', cookie)
      .json({ response: authenticator.authenticate(credentialId, await loginOptions(client)) })

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        emailVerifiedAt: null,
        locale: null,
      },
    })
    const session = sessionCookieOf(response.headers()['set-cookie'])
    assert.notEqual(session, cookie)
    const me = await client.get('/auth/me').header('cookie', session)
    me.assertStatus(200)
    assert.equal(me.body().data.id, user.id)
    assert.equal(await signCount(credentialId), 1)
    const list = await client.get('/auth/passkeys').header('cookie', session)
    assert.equal(list.body().data[0].id, passkey.id)
    assert.match(list.body().data[0].lastUsedAt, /^\d{4}-\d\d-\d\dT.*Z$/)
    const [row] = await db.from('webauthn_challenges').count('* as total')
    assert.equal(Number(row.total), 0)
  })

  test('a response replayed, a challenge spent or expired, or issued to add a passkey: 401', async ({
    client,
    assert,
  }) => {
    const { cookie, authenticator, credentialId } = await withPasskey(client)
    const body = { response: authenticator.authenticate(credentialId, await loginOptions(client)) }
    const first = await client.post('/auth/login/passkey').json(body)
    first.assertStatus(200)

    const replayed = await client.post('/auth/login/passkey').json(body)
    replayed.assertStatus(401)
    replayed.assertBody(INVALID)

    const options = await loginOptions(client)
    await db
      .from('webauthn_challenges')
      .where('challenge', options.challenge)
      .update({ expires_at: db.raw(`now() - interval '1 second'`) })
    const expired = await client
      .post('/auth/login/passkey')
      .json({ response: authenticator.authenticate(credentialId, options) })
    expired.assertStatus(401)
    expired.assertBody(INVALID)

    const registration = await client.post('/auth/passkeys/options').header('cookie', cookie)
    const purpose = await client
      .post('/auth/login/passkey')
      .json({ response: authenticator.authenticate(credentialId, registration.body().data) })
    purpose.assertStatus(401)
    purpose.assertBody(INVALID)

    const unissued = await client.post('/auth/login/passkey').json({
      response: authenticator.authenticate(credentialId, { challenge: 'A'.repeat(43) }),
    })
    unissued.assertStatus(401)
    assert.notProperty(unissued.headers(), 'set-cookie')
  })

  test('an unknown or removed passkey is a 401, and signs nobody in', async ({
    client,
    assert,
  }) => {
    const { cookie, authenticator, credentialId, passkey } = await withPasskey(client)
    const stranger = new SoftAuthenticator()
    const unregistered = stranger.register({ challenge: 'x', user: { id: 'AAAA' } })

    const unknown = await client.post('/auth/login/passkey').json({
      response: stranger.authenticate(unregistered.id, await loginOptions(client)),
    })
    unknown.assertStatus(401)
    unknown.assertBody(INVALID)

    await client
      .delete(`/auth/passkeys/${passkey.id}`)
      .header('cookie', cookie)
      .then((r) => {
        r.assertStatus(204)
      })
    const removed = await client.post('/auth/login/passkey').json({
      response: authenticator.authenticate(credentialId, await loginOptions(client)),
    })
    removed.assertStatus(401)
    removed.assertBody(INVALID)
    const { rows } = await db.rawQuery(`select count(*)::int as total from sessions`)
    // Only the session that added and removed the passkey.
    assert.equal(rows[0].total, 1)
  })

  test('without user verification, from another origin or with another account’s user handle: 401', async ({
    client,
  }) => {
    const { authenticator, credentialId } = await withPasskey(client)
    const bob = await withPasskey(client)
    const wrongs = [
      { userVerified: false },
      { origin: 'https://evil.example' },
      { userHandle: Buffer.from(bob.user.id.replaceAll('-', ''), 'hex').toString('base64url') },
    ]
    for (const wrong of wrongs) {
      const response = await client.post('/auth/login/passkey').json({
        response: authenticator.authenticate(credentialId, await loginOptions(client), wrong),
      })
      response.assertStatus(401)
      response.assertBody(INVALID)
    }
    const right = await client.post('/auth/login/passkey').json({
      response: authenticator.authenticate(credentialId, await loginOptions(client)),
    })
    right.assertStatus(200)
  })

  test('a signature counter that goes backwards or stands still is refused (a cloned authenticator)', async ({
    client,
    assert,
  }) => {
    const { authenticator, credentialId } = await withPasskey(client)
    const signIn = async (counter: number) =>
      client.post('/auth/login/passkey').json({
        response: authenticator.authenticate(credentialId, await loginOptions(client), { counter }),
      })

    const first = await signIn(5)
    first.assertStatus(200)
    assert.equal(await signCount(credentialId), 5)

    const backwards = await signIn(3)
    backwards.assertStatus(401)
    backwards.assertBody(INVALID)
    const still = await signIn(5)
    still.assertStatus(401)
    assert.equal(await signCount(credentialId), 5)

    const forward = await signIn(6)
    forward.assertStatus(200)
    assert.equal(await signCount(credentialId), 6)
  })

  test('an authenticator without a counter (always 0) signs in every time', async ({
    client,
    assert,
  }) => {
    const { authenticator, credentialId } = await withPasskey(client)
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await client.post('/auth/login/passkey').json({
        response: authenticator.authenticate(credentialId, await loginOptions(client), {
          counter: 0,
        }),
      })
      response.assertStatus(200)
    }
    assert.equal(await signCount(credentialId), 0)
  })

  test('two uses with the same counter in parallel: one succeeds', async ({ client, assert }) => {
    const { authenticator, credentialId } = await withPasskey(client)
    const bodies = []
    for (let index = 0; index < 2; index++) {
      bodies.push({
        response: authenticator.authenticate(credentialId, await loginOptions(client), {
          counter: 7,
        }),
      })
    }

    const answers = await Promise.all(
      bodies.map((body) => client.post('/auth/login/passkey').json(body))
    )

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 401]
    )
    assert.equal(await signCount(credentialId), 7)
  })

  test('invalid bodies are 400 input.<field>.<rule>; hostile responses 400 or 401, never a 500', async ({
    client,
    assert,
  }) => {
    const { authenticator, credentialId } = await withPasskey(client)
    const valid = authenticator.authenticate(credentialId, await loginOptions(client))
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const inner = (changes: Record<string, unknown>) => ({
      response: { ...valid, response: { ...valid.response, ...changes } },
    })
    const cases: [unknown, number, string][] = [
      [{}, 400, 'input.response.required'],
      [{ response: 'a-string' }, 400, 'input.response.object'],
      [{ response: [] }, 400, 'input.response.object'],
      [{ response: true }, 400, 'input.response.object'],
      [{ response: { ...valid, type: 'otp' } }, 400, 'input.response.type.enum'],
      [{ response: { ...valid, id: 42 } }, 400, 'input.response.id.string'],
      [{ response: { ...valid, rawId: '../../etc' } }, 400, 'input.response.rawId.regex'],
      [{ response: { ...valid, response: null } }, 400, 'input.response.response.required'],
      [inner({ signature: undefined }), 400, 'input.response.response.signature.required'],
      [
        inner({ authenticatorData: '' }),
        400,
        'input.response.response.authenticatorData.minLength',
      ],
      [
        inner({ clientDataJSON: 'A'.repeat(4097) }),
        400,
        'input.response.response.clientDataJSON.maxLength',
      ],
      [inner({ userHandle: ['a'] }), 400, 'input.response.response.userHandle.string'],
      // Shaped right, but not WebAuthn inside.
      [
        inner({ clientDataJSON: Buffer.from('not json').toString('base64url') }),
        401,
        'auth.passkey_invalid',
      ],
      [
        inner({ clientDataJSON: encode({ challenge: { $ne: null } }) }),
        401,
        'auth.passkey_invalid',
      ],
      [
        inner({ clientDataJSON: encode({ challenge: 'x'.repeat(1000) }) }),
        401,
        'auth.passkey_invalid',
      ],
      [inner({ clientDataJSON: encode([1, 2]) }), 401, 'auth.passkey_invalid'],
      [inner({ authenticatorData: 'AAAA' }), 401, 'auth.passkey_invalid'],
      [inner({ signature: 'AAAA' }), 401, 'auth.passkey_invalid'],
      [inner({ userHandle: null }), 401, 'auth.passkey_invalid'],
    ]
    for (const [body, status, code] of cases) {
      const label = JSON.stringify(body).slice(0, 200)
      // More than the 10 requests a minute an IP gets without a session.
      await clearLimits()
      const response = await client.post('/auth/login/passkey').json(body as object)
      assert.equal(response.status(), status, label)
      assert.equal(response.body().errors[0].code, code, label)
    }
  })

  test('the refusal in French', async ({ client }) => {
    const stranger = new SoftAuthenticator()
    const { id } = stranger.register({ challenge: 'x', user: { id: 'AAAA' } })
    const response = await client
      .post('/auth/login/passkey')
      .header('accept-language', 'fr-CA')
      .json({ response: stranger.authenticate(id, await loginOptions(client)) })
    response.assertStatus(401)
    response.assertBody({
      errors: [
        {
          message:
            'La clé d’accès n’a pas pu être vérifiée : demandez de nouvelles options et réessayez',
          code: 'auth.passkey_invalid',
        },
      ],
    })
  })

  test('verifyAuthentication for one account (re-authentication): another account’s passkey is refused', async ({
    client,
    assert,
  }) => {
    const ann = await withPasskey(client)
    const bob = await withPasskey(client)
    const passkeys = await app.container.make(PasskeyService)

    await assert.rejects(async () => {
      await passkeys.verifyAuthentication(
        ann.authenticator.authenticate(ann.credentialId, await loginOptions(client)),
        { userId: bob.user.id }
      )
    }, PasskeyInvalidException as never)

    const { user, passkey } = await passkeys.verifyAuthentication(
      ann.authenticator.authenticate(ann.credentialId, await loginOptions(client)),
      { userId: ann.user.id }
    )
    assert.equal(user.id, ann.user.id)
    assert.equal(passkey.id, ann.passkey.id)
    assert.isNotNull(passkey.lastUsedAt)
  })
})
